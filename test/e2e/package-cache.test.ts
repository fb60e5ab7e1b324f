// dist/lwl's code caches of the packages it compiles on first use (build.mjs's
// deferred packages, src/startup/code-cache.ts): an HTML file's first run compiles parse5
// from its source and writes V8's code for it at exit; the next run compiles it
// with that code and shows the same screen. None is made for a run that needs no
// package, in secure mode, or with LWL_CODE_CACHE=0. These are dist/lwl's own:
// they run it whatever LWL_BIN names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';

const script = path.join(root, 'dist/lwl');
const page = path.join(root, 'samples/base-tricks.html');
const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');

/** Shows a file's first screen (with `row` on it, if given), quits; returns the screen's rows. */
async function show(file: string, env: Record<string, string>, row?: string): Promise<string[]> {
  const s = new Session(process.execPath, [script, file], { env });
  // The text drawn (not the empty document's ~ rows while the reader starts) and the status line.
  await s.waitFor((x) => !['', '~'].includes(x.rows()[0].trim()) && x.rows().at(-1)!.trim() !== '', 'the first screen');
  if (row !== undefined) await s.waitFor((x) => x.rows().includes(row), row);
  await s.waitFor((x) => /\(END\)|%/.test(x.rows().at(-1) ?? ''), 'the place on the status line');
  const rows = s.rows();
  await s.press('q');
  await s.waitExit();
  return rows;
}

function cacheHome(): { home: string; files: () => string[] } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-pkg-cache-'));
  const dir = path.join(home, 'lwl');
  return { home, files: () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) };
}

describe('code caches of the packages compiled on first use', () => {
  it("an HTML file's first run writes parse5's; the next uses it and shows the same screen", async () => {
    const { home, files } = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    const first = await show(page, env);
    const parse5 = files().filter((name) => name.endsWith('.parse5.v8'));
    expect(parse5).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.parse5\\.v8$`))]);
    const file = path.join(home, 'lwl', parse5[0]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const written = fs.statSync(file).mtimeMs;
    expect(await show(page, env)).toEqual(first);
    // Used, not made again.
    expect(fs.statSync(file).mtimeMs).toBe(written);
    expect(files().filter((name) => name.endsWith('.parse5.v8'))).toEqual(parse5);
  });

  it('is replaced when V8 rejects it, and removed with the caches of another build', async () => {
    const { home, files } = cacheHome();
    const env = { XDG_CACHE_HOME: home };
    const first = await show(page, env);
    const [name] = files().filter((n) => n.endsWith('.parse5.v8'));
    const file = path.join(home, 'lwl', name);
    fs.writeFileSync(file, Buffer.concat([Buffer.of(0), Buffer.from('not code at all '.repeat(100))]));
    const other = path.join(home, 'lwl', name.replace(/^[0-9a-f]{16}/, '0123456789abcdef'));
    fs.writeFileSync(other, 'an older build');
    expect(await show(page, env)).toEqual(first);
    expect(fs.readFileSync(file).length).toBeGreaterThan(10_000);
    expect(fs.existsSync(other)).toBe(false);
  });

  it('a package is compiled on the first use of one of its exports: Markdown with no HTML needs no parse5, with HTML it does; plain paragraphs need no parser', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-pkg-use-'));
    const simple = path.join(dir, 'simple.md');
    fs.writeFileSync(simple, '# Title\n\nSome *text* and [a link](https://example.org/).\n');
    const noHtml = path.join(dir, 'plain.md');
    fs.writeFileSync(noHtml, '# Title\n\nSome *text* and [a link](https://example.org/).\n\n> A quoted [link](https://example.org/q).\n');
    const withHtml = path.join(dir, 'html.md');
    fs.writeFileSync(withHtml, '# Title\n\n<p align="center"><a href="https://example.org/"><img alt="the logo" src="logo.png"></a></p>\n');
    // KEY-NODE-ARCH.PACKAGE.v8 (the bundle's own caches have no PACKAGE, or `rendered`: src/boot.ts).
    const packages = (files: string[]) => files.flatMap((name) => name.match(new RegExp(`-${process.arch}\\.(.+)\\.v8$`))?.[1] ?? []).filter((part) => part !== 'rendered');

    const none = cacheHome();
    expect((await show(simple, { XDG_CACHE_HOME: none.home }, 'Some text and a link.')).slice(0, 3)).toEqual(['Title', '', 'Some text and a link.']);
    expect(packages(none.files())).toEqual([]); // made without micromark (markdown-simple.ts)

    const first = cacheHome();
    const rows = await show(noHtml, { XDG_CACHE_HOME: first.home }, 'Some text and a link.');
    expect(rows.slice(0, 3)).toEqual(['Title', '', 'Some text and a link.']);
    expect(packages(first.files())).toEqual(['mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-gfm', 'micromark-util-normalize-identifier']);

    const second = cacheHome();
    expect((await show(withHtml, { XDG_CACHE_HOME: second.home }, '[image: the logo]')).slice(0, 3)).toEqual(['Title', '', '[image: the logo]']);
    expect(packages(second.files())).toContain('parse5');
  });

  it('is not made for a plain file, in secure mode, nor with LWL_CODE_CACHE=0', async () => {
    const plain = cacheHome();
    await show(numbered, { XDG_CACHE_HOME: plain.home });
    expect(plain.files()).toEqual([expect.stringMatching(new RegExp(`^[0-9a-f]{16}-${process.version}-${process.arch}\\.v8$`))]);
    const settings: Array<Record<string, string>> = [{ LWL_SECURE: '1' }, { LWL_CODE_CACHE: '0' }];
    for (const extra of settings) {
      const { home, files } = cacheHome();
      await show(page, { XDG_CACHE_HOME: home, ...extra });
      expect(files()).toEqual([]);
    }
  });
});
