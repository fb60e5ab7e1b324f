import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { MarkupReader, parseAll } from '../src/document/readers/markup.ts';

function parse(input: string | Buffer) {
  return parseAll(new Document('test'), input);
}

function links(doc: Document) {
  const out: Array<[string, string]> = [];
  for (let i = 0; i < doc.links.count; i++) {
    out.push([doc.text.text(doc.links.start(i), doc.links.end(i)), doc.href(i)]);
  }
  return out;
}

function tokens(doc: Document) {
  return doc.tokens.within(0, doc.text.length).map(([s, e]) => doc.text.text(s, e));
}

function shown(doc: Document) {
  return doc.text.text(0, doc.text.length);
}

describe('markup parser', () => {
  it('hides the href and keeps the brackets of a link', () => {
    const doc = parse('see [the tour](tour.md) now');
    expect(shown(doc)).toBe('see [the tour] now');
    expect(links(doc)).toEqual([['[the tour]', 'tour.md']]);
  });

  it('leaves brackets and parentheses that form no link as text', () => {
    const doc = parse("some [not] links, (this isn't a link) and [half](open");
    expect(shown(doc)).toBe("some [not] links, (this isn't a link) and [half](open");
    expect(links(doc)).toEqual([]);
  });

  it('shows escaped brackets bare and makes no link of them', () => {
    const doc = parse('The links look like \\[rababa\\](url). This one \\(too\\).');
    expect(shown(doc)).toBe('The links look like [rababa](url). This one (too).');
    expect(links(doc)).toEqual([]);
  });

  it('keeps spaces and balanced parentheses in an href', () => {
    const doc = parse('[a](some file.md) and [wiki](https://en.wikipedia.org/wiki/Foo_(bar)) and [esc](x\\)y)');
    expect(links(doc)).toEqual([
      ['[a]', 'some file.md'],
      ['[wiki]', 'https://en.wikipedia.org/wiki/Foo_(bar)'],
      ['[esc]', 'x)y'],
    ]);
    expect(shown(doc)).toBe('[a] and [wiki] and [esc]');
  });

  it('lists nested links in document order', () => {
    const doc = parse('[outer [inner](in.md) text](out.md) [b [c [d](3)](2)](1)');
    expect(links(doc)).toEqual([
      ['[outer [inner] text]', 'out.md'],
      ['[inner]', 'in.md'],
      ['[b [c [d]]]', '1'],
      ['[c [d]]', '2'],
      ['[d]', '3'],
    ]);
  });

  it('lets link text span lines but not an href', () => {
    const doc = parse('[ RFC 3986\n Internet Standard ](/doc/rfc3986/) and [x](a\nb)');
    expect(links(doc)).toEqual([['[ RFC 3986\n Internet Standard ]', '/doc/rfc3986/']]);
    expect(shown(doc)).toBe('[ RFC 3986\n Internet Standard ] and [x](a\nb)');
  });

  it('turns terminal-changing bytes into hex tokens', () => {
    const doc = parse('a\x1b[2Jb\x07c\x7fd\u0085e\u009bf\x00');
    expect(shown(doc)).toBe('a<1b>[2Jb<07>c<7f>d<c285>e<c29b>f<00>');
    expect(tokens(doc)).toEqual(['<1b>', '<07>', '<7f>', '<c285>', '<c29b>', '<00>']);
  });

  it('shows invalid UTF-8 byte by byte, and lone surrogates too', () => {
    const doc = parse(Buffer.from([0x61, 0xff, 0x62, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xe2, 0x82]));
    expect(shown(doc)).toBe('a<ff>b<c3>(<ed><a0><80><e2><82>');
  });

  it('keeps tabs and valid UTF-8, drops a BOM, and reads CRLF as a line end', () => {
    const doc = parse('\ufeffa\tb\r\n한글 é\rz');
    expect(shown(doc)).toBe('a\tb\n한글 é<0d>z');
  });

  it('gives the same result however the input is cut into chunks', () => {
    const input = Buffer.from(
      '\ufeff[a [b](x y)](c(d)) \\[e\\] 한\u0301\r\n\x1b[0m [f](' + 'g'.repeat(50) + ') ]( [h]\u0085(i)',
    );
    const whole = parse(input);
    for (let size = 1; size <= 7; size++) {
      const doc = new Document('chunks');
      const parser = new MarkupReader(doc);
      for (let i = 0; i < input.length; i += size) parser.write(input.subarray(i, i + size));
      parser.end();
      expect(shown(doc)).toBe(shown(whole));
      expect(links(doc)).toEqual(links(whole));
      expect(tokens(doc)).toEqual(tokens(whole));
    }
  });

  it('ends each href at the parenthesis that balances it, whatever came before on the line', () => {
    for (const [input, want] of [
      ['[a](x [b](c) y', '[a](x [b] y'],
      ['[a]((b [c](d) e', '[a]((b [c] e'],
      ['[a](b\n[c](d)', '[a](b\n[c]'],
      ['[a](\\)[b](c)', '[a]()[b]'],
      ['[a](x\\(y)z)', '[a]z)'],
    ]) {
      const whole = parse(input);
      expect(shown(whole)).toBe(want);
      // Cut anywhere, the same.
      for (let cut = 1; cut < input.length; cut++) {
        const doc = new Document('cut');
        const parser = new MarkupReader(doc);
        parser.write(Buffer.from(input.slice(0, cut)));
        parser.write(Buffer.from(input.slice(cut)));
        parser.end();
        expect([shown(doc), links(doc)]).toEqual([want, links(whole)]);
      }
    }
  });

  it('reads 1 MB of unclosed [a]( in one pass, whole or in chunks', () => {
    // Each `](` used to rescan up to 64 KiB ahead: minutes for this. Linear, it takes a moment.
    const input = Buffer.from('[a]('.repeat(256 * 1024) + ')');
    for (const size of [input.length, 65536, 4096]) {
      const doc = new Document('brackets');
      const parser = new MarkupReader(doc);
      for (let i = 0; i < input.length; i += size) parser.write(input.subarray(i, i + size));
      parser.end();
      expect(doc.text.length).toBe(input.length - 2); // the last `(` and the `)` are an href
      expect(links(doc)).toEqual([['[a]', '']]);
    }
  });

  it('keeps a run of tokens as its raw bytes, one span, rendered when read', () => {
    const doc = parse(Buffer.concat([Buffer.alloc(100_000), Buffer.from('a\x1b\x1b\u0085')]));
    expect(doc.text.length).toBe(400_000 + 1 + 8 + 6);
    expect(doc.text.text(0, 8)).toBe('<00><00>');
    expect(doc.text.text(399_996, 400_015)).toBe('<00>a<1b><1b><c285>');
    expect(doc.tokens.within(0, doc.text.length)).toEqual([[0, 400_000], [400_001, 400_015]]);
    // Asked for a few bytes, the run is found from the part of it held around them.
    const [[start, end]] = doc.tokens.within(10, 12);
    expect(start <= 10 && end >= 12).toBe(true);
    // Held: the input's bytes, not the four times longer text.
    const chunks = (doc.text as unknown as { chunks: Buffer[] }).chunks;
    expect(chunks.reduce((n, c) => n + c.length, 0)).toBe(100_005);
  });
});
