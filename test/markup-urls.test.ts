// Bare URLs in lwl markup (bro pages): links, as in plain text, but not in the text of a link.
// (A www. host with no scheme is left: finding it would cost a second pass of the text.)
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';

function links(input: string, size = 1 << 20): Array<[string, string]> {
  const doc = new Document('t');
  const reader = new MarkupReader(doc);
  const bytes = Buffer.from(input);
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  reader.end();
  const out: Array<[string, string]> = [];
  for (let k = 0; k < doc.links.count; k++) out.push([doc.text.text(doc.links.start(k), doc.links.end(k)), doc.href(k)]);
  return out;
}

describe('bare URLs in markup', () => {
  it('are links, with trailing punctuation given back; a www. host with no scheme is not looked for', () => {
    expect(links('Retrieved from [x](https://a.org/) on 2026.\nsee https://b.org/x. and www.c.org, mailto:me@d.org; ftp://e.org/f: 12:30')).toEqual([
      ['[x]', 'https://a.org/'],
      ['https://b.org/x', 'https://b.org/x'],
      ['mailto:me@d.org', 'mailto:me@d.org'],
      ['ftp://e.org/f', 'ftp://e.org/f'],
    ]);
  });

  it('are not links inside the text of a link, nor in its hidden href', () => {
    expect(links('[see https://in.org/ here](https://target.org/) (https://paren.org/)')).toEqual([
      ['[see https://in.org/ here]', 'https://target.org/'],
      ['https://paren.org/', 'https://paren.org/'],
    ]);
  });

  it('are links inside brackets that form no link, and end at markup', () => {
    expect(links('[1] https://a.org/x[2] [note https://b.org/] \\[https://c.org/\\]')).toEqual([
      ['https://a.org/x', 'https://a.org/x'],
      ['https://b.org/', 'https://b.org/'],
      ['https://c.org/', 'https://c.org/'],
    ]);
  });

  it('are the same however the input is cut', () => {
    const input = 'a https://a.org/p?q=1 [t https://no.org/](https://h.org/) mailto:x@w.org.\n'.repeat(30);
    const whole = links(input);
    expect(whole.length).toBe(90);
    for (const size of [1, 3, 7, 50]) expect(links(input, size)).toEqual(whole);
  });
});
