// What Node loads before lwl's first screen: not its streams (net, stream,
// tty: term/device.ts reads the keys through them after the first screen), nor
// its module loader as a module (build.mjs loads node:module on first use), and
// for a Markdown or HTML document not zlib either (build.mjs carries the
// packages uncompressed); docs/startup.md says what each of these gains. A
// preload writes Node's list of loaded modules when dist/lwl says its first
// screen is drawn; these run dist/lwl with Node's own -r flag, so they are
// dist/lwl's own, whatever LWL_BIN names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';

const script = path.join(root, 'dist/lwl');

/** Opens `file`, waits for `text` on the first screen, scrolls a line (keys are read) until `second` is the top row, quits; returns the modules loaded by the first screen. */
async function modulesAtFirstScreen(file: string, text: string, second: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-modules-'));
  const preload = path.join(dir, 'modules.cjs');
  const list = path.join(dir, 'modules.txt');
  fs.writeFileSync(preload, `process.once('lwl-first-screen', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`);
  const s = new Session(process.execPath, ['-r', preload, script, path.join(root, file)], { env: { XDG_CACHE_HOME: path.join(dir, 'cache') } });
  await s.waitForText(text);
  await s.keys('j');
  const top = s.rows()[0];
  await s.waitFor((x) => x.rows()[0] === second && x.rows()[1] !== top, `"${second}" at the top`);
  await s.keys('q');
  await s.waitExit();
  return fs.readFileSync(list, 'utf8').split('\n');
}

const STREAMS = ['NativeModule net', 'NativeModule tty', 'NativeModule stream'];
/** Node's module loader as a module (its ESM loader with it): createRequire is for lwl's tests run from the sources, not the bundle. */
const MODULE = ['NativeModule module', 'NativeModule internal/modules/esm/loader'];

describe("the Node modules a first screen loads", () => {
  it("a text file's: the terminal's handle, none of Node's streams", async () => {
    const modules = await modulesAtFirstScreen('test/e2e/fixtures/numbered.txt', 'line 23 of', 'line 2 of a thousand numbered lines');
    expect(modules).toContain('Internal Binding tty_wrap');
    for (const name of [...STREAMS, ...MODULE]) expect(modules).not.toContain(name);
  });

  it("a Markdown file's: micromark, and neither zlib nor Node's streams", async () => {
    const modules = await modulesAtFirstScreen('samples/tour.md', 'Welcome to lwl, less with links.', '');
    for (const name of [...STREAMS, 'NativeModule zlib']) expect(modules).not.toContain(name);
  });

  it("an HTML file's: parse5, and neither zlib nor Node's streams", async () => {
    const modules = await modulesAtFirstScreen('test/data/url-standard-2016-partial.html', '[image: WHATWG]', '');
    for (const name of [...STREAMS, 'NativeModule zlib']) expect(modules).not.toContain(name);
  });
});

/** The packages dist/lwl compiled (by its own account, LWL_STARTUP_TIMES) for the first screen of `file`, with `text` on it, quitting there. */
async function packagesForFirstScreen(file: string, text: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-packages-'));
  const record = path.join(dir, 'times');
  const s = new Session(process.execPath, [script, file], { env: { XDG_CACHE_HOME: path.join(dir, 'cache'), LWL_STARTUP_TIMES: record } });
  await s.waitForText(text);
  await s.keys('q');
  await s.waitExit();
  const steps = JSON.parse(fs.readFileSync(record, 'utf8').trim().split('\n').at(-1)!) as Record<string, unknown>;
  return Object.keys(steps).flatMap((step) => (step.startsWith('compiled ') ? [step.slice('compiled '.length)] : []));
}

describe('the highlighter (lowlight), compiled for code in a language on the screen only', () => {
  it("not for a plain file, a README with no code, nor a README's first screen before its code", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-no-code-'));
    const readme = path.join(dir, 'README.md');
    fs.writeFileSync(readme, '# Title\n\nSome *text* and `inline code`, no block.\n');
    expect(await packagesForFirstScreen(path.join(root, 'test/e2e/fixtures/numbered.txt'), 'line 23 of')).not.toContain('lowlight');
    expect(await packagesForFirstScreen(readme, 'Some text and inline code')).not.toContain('lowlight');
    // The tour's ```sh is further down than the first screen.
    expect(await packagesForFirstScreen(path.join(root, 'samples/tour.md'), 'Welcome to lwl, less with links.')).not.toContain('lowlight');
  });

  it('for a README with highlighted code on its first screen', async () => {
    expect(await packagesForFirstScreen(path.join(root, 'test/e2e/fixtures/highlight.md'), 'The end.')).toContain('lowlight');
  });
});
