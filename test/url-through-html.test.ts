// web-platform-tests' URL cases through an HTML page, as a browser meets them:
// each input an <a href> (its characters escaped as an attribute's value), each
// base a page's <base href>, the page read by lwl's HTML reader and the link
// resolved as Enter resolves it. The href must be the attribute's value as
// parsed, with no markup escape undone (`foo:a\]b` stays as written).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Loader, openFile } from '../src/input/load.ts';
import { LinkTargets } from '../src/link/targets.ts';

interface Case {
  input: string;
  base: string | null;
  failure?: true;
  href?: string;
}

const cases = (JSON.parse(fs.readFileSync(new URL('./data/urltestdata.json', import.meta.url), 'utf8')) as Array<string | Case>).filter(
  (c): c is Case =>
    typeof c !== 'string' &&
    !c.failure &&
    // HTML itself changes these in an attribute (CR to LF, NUL to U+FFFD): no page can carry them as they are.
    !/[\r\0]/.test(c.input) &&
    !/[\r\0]/.test(c.base ?? ''),
);

/** An attribute's value as HTML writes it. */
const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The cases' hrefs as lwl resolves them from one page per base. */
async function throughPages(): Promise<Map<Case, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-wpt-html-'));
  // A case with no base is an absolute URL: its page's base is one such a URL does not use, of no scheme it
  // has (a file: page would lend `file:.` its directory, an http: page `http:a` its host, in a browser too).
  const byBase = new Map<string | null, Case[]>();
  for (const c of cases) byBase.set(c.base, [...(byBase.get(c.base) ?? []), c]);
  const resolved = new Map<Case, string>();
  let n = 0;
  for (const [base, group] of byBase) {
    const file = path.join(dir, `page-${n++}.html`);
    const links = group.map((c, i) => `<p><a href="${attribute(c.input)}">case ${i}</a></p>`).join('\n');
    const baseTag = `<base href="${attribute(base ?? 'about:blank')}">`;
    fs.writeFileSync(file, `<!doctype html><html><head><meta charset="utf-8">${baseTag}</head><body>\n${links}\n</body></html>`);
    const loader = new Loader(openFile(file));
    await loader.readAll();
    const targets = new LinkTargets(loader.doc);
    group.forEach((c, i) => {
      const target = targets.get(i);
      resolved.set(c, target.ok ? target.href : `failure: ${target.reason}`);
    });
    loader.stop();
  }
  return resolved;
}

describe("WPT's URL cases through HTML pages", () => {
  it('resolves every case an HTML page can carry as the suite says', async () => {
    const resolved = await throughPages();
    const wrong = cases.filter((c) => resolved.get(c) !== c.href).map((c) => `${JSON.stringify(c.input)} on ${c.base}: ${resolved.get(c)}, not ${c.href}`);
    expect(wrong).toEqual([]);
    // Most of the suite: a page that lost the links would not pass by finding none.
    expect(resolved.size).toBeGreaterThan(500);
  });

  it('keeps a backslash before ] and ) (the markup escapes are not HTML)', async () => {
    const withEscapes = cases.filter((c) => /\\[\])[(]/.test(c.input));
    expect(withEscapes.length).toBeGreaterThan(0);
    const resolved = await throughPages();
    for (const c of withEscapes) expect(resolved.get(c), c.input).toBe(c.href);
  });
});
