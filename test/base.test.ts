// Where relative links resolve from: --base, a bro "Retrieved from" line, an
// HTML <base href>, the file's location, or the current directory for a pipe.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { readerFor } from '../src/document/readers/kinds.ts';
import { readWhole } from '../src/document/reader.ts';
import { discoverBase, locationBase } from '../src/link/base.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl, serializeUrl } from '../src/link/url/index.ts';

const doc = (name: string, text: string) => parseAll(new Document(name), text);
const htmlDoc = (name: string, text: string) => {
  const d = new Document(name);
  return readWhole(readerFor('html', d), d, text);
};
const base = (d: Document, option: string | null = null) => {
  const opt = option === null ? null : parseUrl(option);
  const b = discoverBase(d, opt && opt.ok ? opt.url : null);
  return [b.source, serializeUrl(b.url)];
};

describe('base URL discovery', () => {
  it('takes --base first of all', () => {
    const d = doc('/tmp/x.md', 'Retrieved from [https://a.example/](https://a.example/) on today.\n');
    expect(base(d, 'https://option.example/dir/')).toEqual(['option', 'https://option.example/dir/']);
  });

  it('reads the Retrieved from line that bro writes', () => {
    const d = doc('/tmp/page.md', 'Retrieved from [https://datatracker.ietf.org/doc/html/rfc3986](https://datatracker.ietf.org/doc/html/rfc3986) on Sun Jul 5 15:52:43 EST 2026.\n\n[RFC 8820](/doc/html/rfc8820)');
    expect(base(d)).toEqual(['retrieved', 'https://datatracker.ietf.org/doc/html/rfc3986']);
    expect(new LinkTargets(d).get(1)).toMatchObject({ ok: true, href: 'https://datatracker.ietf.org/doc/html/rfc8820' });
  });

  it('ignores a Retrieved from line that is not the first, or not in bro\'s form', () => {
    expect(base(doc('/tmp/a.md', 'Hello\nRetrieved from [https://a.example/](https://a.example/) on today.\n'))[0]).toBe('file');
    expect(base(doc('/tmp/a.md', 'Retrieved from [https://a.example/](https://a.example/)\n'))[0]).toBe('file');
  });

  it('reads <base href> of an HTML document from its parsed tree, entities decoded, against the file', () => {
    const html = '<!DOCTYPE html>\n<html><head><!-- <base href="https://comment.example/"> --><BASE target="_top" href="https://b.example/x/?a=1&amp;b=2">\n<base href="https://second.example/">';
    expect(base(htmlDoc('/tmp/page.html', html))).toEqual(['html', 'https://b.example/x/?a=1&b=2']);
    expect(base(htmlDoc('/srv/site/page.htm', '<base href="sub/">'))).toEqual(['html', 'file:///srv/site/sub/']);
    // Not HTML: a <base> in a text file is just text.
    expect(base(doc('/tmp/notes.md', '<base href="https://b.example/">'))[0]).toBe('file');
  });

  it('uses the file\'s own location, percent-encoded, as a file: URL', () => {
    expect(base(doc('/tmp/my notes/a#b.md', 'x'))).toEqual(['file', 'file:///tmp/my%20notes/a%23b.md']);
    const relative = locationBase('docs/a.md', '/home/u');
    expect(serializeUrl(relative.url)).toBe('file:///home/u/docs/a.md');
  });

  it('uses the current directory for a pipe', () => {
    expect(serializeUrl(locationBase('-', '/home/u/work').url)).toBe('file:///home/u/work/');
  });
});

describe('link targets', () => {
  it('resolves each href against the base, or says why it cannot', () => {
    const d = doc('/tmp/a.md', '[a](b/c.md) [b](https://x.example/%7e?q#f) [c](http://exa mple/) [d](https://x:99999/)');
    const links = new LinkTargets(d);
    expect(links.get(0)).toMatchObject({ ok: true, href: 'file:///tmp/b/c.md' });
    expect(links.get(1)).toMatchObject({ ok: true, href: 'https://x.example/%7e?q#f' });
    expect(links.get(2)).toEqual({ ok: false, reason: "invalid domain name" });
    expect(links.get(3)).toEqual({ ok: false, reason: "port out of range" });
    expect(links.get(0)).toBe(links.get(0)); // resolved once, then cached
  });
});
