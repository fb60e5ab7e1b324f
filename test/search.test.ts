// Searching: results checked against a plain reference, over text held in
// many chunks, so that matches across chunk seams and slices are found too.
import { describe, expect, it } from 'vitest';
import { seeded } from './random.ts';
import { Document } from '../src/document/document.ts';
import { MarkupParser } from '../src/document/parse.ts';
import { compile, searchAll, type Matches, type Query } from '../src/document/search.ts';

/** A document whose text is stored in chunks of `size` bytes. */
function chunked(text: string, size: number): Document {
  const doc = new Document('t');
  const parser = new MarkupParser(doc);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) parser.write(Buffer.from(bytes.subarray(i, i + size)));
  parser.end();
  return doc;
}

const query = (text: string, regex = false): Query => ({ text, regex, backward: false });

function found(doc: Document, q: Query): string[] {
  const m = searchAll(doc, q) as Matches;
  const out: string[] = [];
  for (let i = 0; i < m.spans.count; i++) out.push(`${m.spans.start(i)}:${doc.text.text(m.spans.start(i), m.spans.end(i))}`);
  return out;
}

/** The reference: non-overlapping matches of a literal, left to right, over the bytes. */
function reference(text: string, needle: string, caseless: boolean): string[] {
  const hay = Buffer.from(caseless ? text.replace(/[A-Z]/g, (c) => c.toLowerCase()) : text);
  const bytes = Buffer.from(text);
  const n = Buffer.from(needle);
  const out: string[] = [];
  for (let i = hay.indexOf(n); i >= 0; i = hay.indexOf(n, i + n.length)) out.push(`${i}:${bytes.subarray(i, i + n.length).toString()}`);
  return out;
}

describe('literal search', () => {
  it('finds what the reference finds, across every chunk seam', () => {
    const random = seeded(3);
    const alphabet = 'aAbB ab\nxX';
    for (let round = 0; round < 60; round++) {
      const text = Array.from({ length: 200 + random(300) }, () => alphabet[random(alphabet.length)]).join('');
      const needle = Array.from({ length: 1 + random(4) }, () => 'abAB x'[random(6)]).join('');
      const doc = chunked(text, 1 + random(7));
      const caseless = needle === needle.toLowerCase();
      expect({ needle, found: found(doc, query(needle)) }).toEqual({ needle, found: reference(text, needle, caseless) });
    }
  });

  it('ignores case only when the query has no capital letter', () => {
    const doc = chunked('Needle needle NEEDLE nEEdle', 5);
    expect(found(doc, query('needle'))).toEqual(['0:Needle', '7:needle', '14:NEEDLE', '21:nEEdle']);
    expect(found(doc, query('Needle'))).toEqual(['0:Needle']);
  });

  it('does not overlap matches', () => {
    expect(found(chunked('aaaaa', 2), query('aa'))).toEqual(['0:aa', '2:aa']);
  });

  it('matches non-ASCII text, in either case when the query is lower case', () => {
    const doc = chunked('Éclair éclair ÉCLAIR 한국어 한국', 3);
    expect(found(doc, query('éclair'))).toEqual(['0:Éclair', '8:éclair', '16:ÉCLAIR']);
    expect(found(doc, query('Éclair'))).toEqual(['0:Éclair']);
    expect(found(doc, query('한국'))).toEqual(['24:한국', '34:한국']);
  });

  it('finds hex tokens as text', () => {
    expect(found(chunked('a\x1bb\x1b', 1), query('<1b>'))).toEqual(['1:<1b>', '6:<1b>']);
  });
});

describe('regular expression search', () => {
  it('matches with JavaScript syntax, smartcase, at byte offsets', () => {
    const doc = chunked('row 1 한\nROW 22\nrow 333', 4);
    expect(found(doc, query('row \\d+', true))).toEqual(['0:row 1', '10:ROW 22', '17:row 333']);
    expect(found(doc, query('ROW \\d+', true))).toEqual(['10:ROW 22']);
    expect(found(doc, query('한$', true))).toEqual([]);
    expect(found(doc, query('한', true))).toEqual(['6:한']);
  });

  it('reports a bad pattern as a sentence', () => {
    const c = compile(query('a(', true));
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.error).toMatch(/^Bad pattern: /);
  });

  it('skips empty matches', () => {
    expect(found(chunked('abc', 1), query('x*', true))).toEqual([]);
  });
});
