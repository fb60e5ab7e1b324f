// dist/lwl's start (src/boot.ts): V8's code cache of the bundle, kept in the
// user's cache directory. Made at the first screen (or at the exit of a run with
// no screen), used by the next start, remade when it does not fit, never made
// in secure mode; and whatever is in that file, lwl starts. These are dist/lwl's
// own: they run it whatever LWL_BIN names. The standalone executable starts the
// same way (its main script is dist/lwl): the last test runs the lwl under test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Session, lwlCommand, lwlIsScript, root } from './session.ts';

const script = path.join(root, 'dist/lwl');
const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');

function cacheHome(): { home: string; dir: string; files: () => string[] } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-cache-'));
  const dir = path.join(home, 'lwl');
  return { home, dir, files: () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []) };
}

/** Runs dist/lwl to its exit; returns its output and what it said about its start (LWL_STARTUP_TIMES). */
function run(args: string[], env: Record<string, string>): { stdout: string; times: Record<string, unknown> } {
  const timesFile = path.join(env.XDG_CACHE_HOME, 'times');
  fs.rmSync(timesFile, { force: true });
  const r = spawnSync(process.execPath, [script, ...args], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, LWL_STARTUP_TIMES: timesFile }, encoding: 'utf8' });
  expect(r.status).toBe(0);
  return { stdout: r.stdout, times: JSON.parse(fs.readFileSync(timesFile, 'utf8').trim().split('\n').at(-1)!) };
}

/** The first screen of the numbered file, then q; the start's times. */
async function firstScreen(env: Record<string, string>): Promise<Record<string, unknown>> {
  const timesFile = path.join(env.XDG_CACHE_HOME, 'times');
  fs.rmSync(timesFile, { force: true });
  const s = new Session(process.execPath, [script, numbered], { env: { ...env, LWL_STARTUP_TIMES: timesFile } });
  await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
  await s.press('q');
  await s.waitExit();
  return JSON.parse(fs.readFileSync(timesFile, 'utf8').trim().split('\n').at(-1)!);
}

describe("dist/lwl's code cache", () => {
  it('is made by the first run, used by the next, and made again at the first screen', async () => {
    const { home, files, dir } = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    expect(run(['--version'], env).times.cached).toBe(false);
    expect(files()).toHaveLength(1);
    const [file] = files();
    expect(file).toMatch(new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.v8$`));
    // Made at exit, with no screen: kind 0.
    expect(fs.readFileSync(path.join(dir, file))[0]).toBe(0);
    expect(run(['--version'], env).times.cached).toBe(true);
    // A first screen remakes it with the code that screen ran (kind 1), and the next start uses it.
    expect((await firstScreen(env)).cached).toBe(true);
    expect(fs.readFileSync(path.join(dir, file))[0]).toBe(1);
    const times = await firstScreen(env);
    expect(times.cached).toBe(true);
    expect(times.firstScreen).toBeGreaterThan(times.ran as number);
  });

  it("holds none of the packages' source when a Markdown start made it, and serves a text's start", async () => {
    const { home, files, dir } = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    const s = new Session(process.execPath, [script, path.join(root, 'samples/tour.md')], { env });
    await s.waitForText('Welcome to lwl, less with links.');
    await s.press('q');
    await s.waitExit();
    const bundle = files().find((name) => new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.v8$`).test(name));
    expect(bundle).toBeDefined();
    // The packages (micromark, mdast) are compiled from text the bundle never holds as a string: their source is not in its cache.
    const code = fs.readFileSync(path.join(dir, bundle!));
    expect(code.includes('(function (module, exports, require) {')).toBe(false);
    expect(files().some((name) => name.endsWith('.mdast-util-from-markdown.v8'))).toBe(true);
    // One cache for every start (a second one for rendered documents gained under 5 ms: docs/startup.md).
    expect((await firstScreen(env)).cached).toBe(true);
  });

  it('is the code of a slice of dist/lwl: the comment that holds the bundle has no comment end of its own', () => {
    // build.mjs writes each `*/` of a string as `*\\/`, so src/boot.ts compiles the comment's text as it is, with no copy.
    const text = fs.readFileSync(script, 'latin1');
    const start = text.indexOf('/*lwl-bundle ');
    expect(start).toBeGreaterThan(0);
    expect(text.indexOf('*/', start)).toBe(text.lastIndexOf('*/'));
    expect(text.slice(text.lastIndexOf('*/'))).toBe('*/}\n');
  });

  it('starts whatever the file holds, and replaces one V8 rejects; removes the caches of other builds', () => {
    const { home, files, dir } = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    run(['--version'], env);
    const [file] = files();
    const other = file.replace(/^[0-9a-f]{16}/, '0123456789abcdef');
    fs.writeFileSync(path.join(dir, other), 'an older build');
    fs.writeFileSync(path.join(dir, file), Buffer.concat([Buffer.of(0), Buffer.from('not code at all '.repeat(100))]));
    const started = run(['--version'], env);
    expect(started.stdout).toMatch(/^lwl \S+\n$/);
    expect(started.times.cached).toBe(false);
    expect(files()).toEqual([file]);
    expect(run(['--version'], env).times.cached).toBe(true);
  });

  it('is neither made nor read in secure mode, nor with LWL_CODE_CACHE=0', () => {
    const settings: Array<Record<string, string>> = [{ LWL_SECURE: '1' }, { LWL: '--secure' }, { LWL_CODE_CACHE: '0' }];
    for (const extra of settings) {
      const { home, files } = cacheHome();
      expect(run(['--version'], { XDG_CACHE_HOME: home, ...extra }).times.cached).toBe(false);
      expect(files()).toEqual([]);
    }
    const { home, files } = cacheHome();
    run(['--version'], { XDG_CACHE_HOME: home });
    expect(files()).toHaveLength(1);
    expect(run(['--secure', '--version'], { XDG_CACHE_HOME: home }).times.cached).toBe(false);
  });

  it('is not read by the search worker either when --secure is on the command line', async () => {
    const { home, dir, files } = cacheHome();
    run(['--version'], { XDG_CACHE_HOME: home });
    // The cache made a FIFO: a thread that opened it to read would wait there for ever, and the search with it.
    const [name] = files();
    fs.rmSync(path.join(dir, name));
    expect(spawnSync('mkfifo', [path.join(dir, name)]).status).toBe(0);
    const s = new Session(process.execPath, [script, '--secure', numbered], { env: { XDG_CACHE_HOME: home } });
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
    // A regular expression is searched in a worker, which starts as dist/lwl does.
    await s.press('/re:line 4[0-9]0 \r');
    await s.waitFor((x) => /^match 1 of 10\b/.test(x.status()), 'the first match, found by the worker');
    expect(s.rows()).toContain('line 400 of a thousand numbered lines');
    await s.press('q');
    await s.waitExit();
  });
});

describe('the code cache of the lwl under test (dist/lwl, or the executable under make test-exe)', () => {
  it('is made at its first screen and used by its next start', async () => {
    const { home, files, dir } = cacheHome();
    const start = async (): Promise<Record<string, unknown>> => {
      const timesFile = path.join(home, 'times');
      fs.rmSync(timesFile, { force: true });
      const [command, ...args] = lwlCommand;
      const s = new Session(command, [...args, numbered], { env: { XDG_CACHE_HOME: home, LWL_STARTUP_TIMES: timesFile } });
      await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
      await s.press('q');
      await s.waitExit();
      return JSON.parse(fs.readFileSync(timesFile, 'utf8').trim().split('\n').at(-1)!);
    };
    expect((await start()).cached).toBe(false);
    // The tests run dist/lwl with node (no flags of its shell line), and the executable has none: one cache, of this Node.
    const [name] = files();
    expect(name).toMatch(new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.v8$`));
    // Made at the first screen (kind 1), with the code it ran; the next start compiles from it.
    expect(fs.readFileSync(path.join(dir, name!))[0]).toBe(1);
    const times = await start();
    expect(times.cached).toBe(true);
    expect(times.firstScreen).toBeGreaterThan(times.ran as number);
  });

  it("is, with none of the user's, the one the executable carries (of the bundle's top level); dist/lwl carries none", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-carried-'));
    const timesFile = path.join(home, 'times');
    const [command, ...args] = lwlCommand;
    for (const env of [{ LWL_CODE_CACHE: '0' }, { XDG_CACHE_HOME: home }]) {
      fs.rmSync(timesFile, { force: true });
      const r = spawnSync(command, [...args, '--version'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...env, LWL_STARTUP_TIMES: timesFile }, encoding: 'utf8' });
      expect(r.stdout).toMatch(/^lwl /);
      const times = JSON.parse(fs.readFileSync(timesFile, 'utf8').trim());
      expect([times.cached, times.carried]).toEqual([false, !lwlIsScript]);
    }
  });
});
