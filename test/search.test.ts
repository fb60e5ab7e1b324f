// Searching: results checked against a plain reference, over text held in
// many chunks, so that matches across chunk seams and slices are found too.
import { describe, expect, it } from 'vitest';
import { seeded } from './random.ts';
import { Document } from '../src/document/document.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';
import { blockBounds, BytesFinder, compile, searchAll, type Query } from '../src/document/search.ts';
import { IncrementalSearch, SearchRun, searchNow } from '../src/document/searchrun.ts';
import { Scheduler } from '../src/schedule/scheduler.ts';
import { MatchTable } from '../src/document/matches.ts';
import { matchMessage } from '../src/state/selection.ts';

/** A document whose text is stored in chunks of `size` bytes. */
function chunked(text: string, size: number): Document {
  const doc = new Document('t');
  const parser = new MarkupReader(doc);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) parser.write(Buffer.from(bytes.subarray(i, i + size)));
  parser.end();
  return doc;
}

const query = (text: string, regex = false): Query => ({ text, regex, backward: false });

/** The matches as "start:text", searched in one block and in blocks of 7 bytes: both must agree. */
function found(doc: Document, q: Query): string[] {
  const list = (size?: number, window?: number) =>
    (searchAll(doc.text, q, size, window) as Array<[number, number]>).map(([s, e]) => `${s}:${doc.text.text(s, e)}`);
  const whole = list();
  expect(list(7, 64)).toEqual(whole);
  return whole;
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
      // Counting a block, with no list, gives the number of matches found in it.
      const finder = new BytesFinder(Buffer.from(needle), caseless);
      for (let b = 0; b * 7 < text.length; b++) {
        const [start, end] = blockBounds(doc.text, b, 7);
        expect(finder.count(doc.text, start, end)).toBe(finder.find(doc.text, start, end).starts.length);
      }
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
    // ^ and $ are line starts and ends (flag m), wherever a block or window ends.
    expect(found(doc, query('한$', true))).toEqual(['6:한']);
    expect(found(doc, query('^r', true))).toEqual(['0:r', '10:R', '17:r']);
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

describe('a regex search in windows', () => {
  it('finds every match on a line of several MB, with no string as long as the line', () => {
    const size = 5 * 1024 * 1024;
    const line = Buffer.alloc(size, 'x');
    const at = [0, 1000, 1024 * 1024 - 3, 2 * 1024 * 1024 - 1, size - 7];
    for (const a of at) line.write('neeedle', a);
    const doc = chunked(line.toString() + '\nneedle\n', 1 << 20);
    const found = searchAll(doc.text, query('ne+dle', true)) as Array<[number, number]>;
    expect(found).toEqual([...at.map((a) => [a, a + 7]), [size + 1, size + 7]]);
    // ^ matches only at the line's start, not where a block starts.
    expect(searchAll(doc.text, query('^x+', true), 1 << 20, 64)).toEqual([]);
    expect(searchAll(doc.text, query('^nee', true))).toEqual([[0, 3], [size + 1, size + 4]]);
  });
});

describe('the first match and the count', () => {
  const text = Array.from({ length: 100 }, (_, i) => `line ${i}${i % 10 === 3 ? ' hit' : ''}\n`).join('');
  const doc = chunked(text, 50);
  const hits = [...text.matchAll(/hit/g)].map((m) => m.index);

  it.each([false, true])('finds the match nearest after (or before, for ?) the screen, in blocks or not (regex: %s)', (regex) => {
    for (const blockSize of [16, 1 << 20]) {
      const top = text.indexOf('line 50');
      const forward = searchNow(doc.text, { text: 'hit', regex, backward: false }, top, { blockSize, window: 64 });
      expect(forward.first).toBe(hits[5]);
      expect(forward.wrapped).toBe(false);
      expect(forward.matches.total).toBe(10);
      expect(forward.matches.complete).toBe(true);
      expect(forward.matches.indexOf(forward.first!)).toBe(5);
      const backward = searchNow(doc.text, { text: 'hit', regex, backward: true }, top, { blockSize, window: 64 });
      expect(backward.first).toBe(hits[4]);
      // Past the last match, a search goes around to the first.
      const around = searchNow(doc.text, { text: 'hit', regex, backward: false }, text.indexOf('line 95'), { blockSize, window: 64 });
      expect([around.first, around.wrapped]).toEqual([hits[0], true]);
      const m = forward.matches;
      expect(m.firstAtOrAfter(hits[2] + 1)).toBe(hits[3]);
      expect(m.lastBefore(hits[2])).toBe(hits[1]);
      expect(m.lastBefore(hits[0])).toBe(-1);
      expect(m.firstAtOrAfter(hits[9] + 1)).toBe(-1);
    }
  });

  it('says when nothing matches', () => {
    const none = searchNow(doc.text, { text: 'xyzzy', regex: false, backward: false }, 0, { blockSize: 16 });
    expect(none.first).toBe(null);
    expect(none.matches.total).toBe(0);
  });

  it('finds the matches on a row again from any block, for drawing', () => {
    const { matches } = searchNow(doc.text, { text: 'hit', regex: false, backward: false }, 0, { blockSize: 16 });
    // Every block has been searched; the positions of most are gone and are found again.
    for (const h of hits) {
      const [from, to] = matches.spans.range(h - 2, h + 1);
      expect(to - from).toBe(1);
      expect([matches.spans.start(from), matches.spans.end(from)]).toEqual([h, h + 3]);
    }
  });
});

describe("the screen's block found as far as the screen first", () => {
  it("shows the first match, its number and the screen's matches as the whole block would, and finds the rest when asked", () => {
    const random = seeded(28);
    // Dense matches, a self-overlapping needle among them ("ee" in "eee"), in lines of every length.
    const words = ['e', 'ee', 'eee', 'the', 'tree', 'x', 'seen', 'a'];
    let text = '';
    while (text.length < 300_000) text += Array.from({ length: 1 + random(30) }, () => words[random(words.length)]).join(' ') + '\n';
    const doc = chunked(text, 4096);
    for (const needle of ['e', 'ee', 'tree']) {
      for (const top of [0, 5000, 130_000, 131_000, 262_000]) {
        const lineTop = top === 0 ? 0 : text.indexOf('\n', top) + 1;
        const q = query(needle);
        // The screen the pager would show a match on: the 2 KB from the match's line (the jump puts it at the top).
        const endShowing = (offset: number) => Math.min(text.length, text.lastIndexOf('\n', offset) + 1 + 2048);
        const quick = new SearchRun(doc.text, q, lineTop, { inThread: true, endShowing });
        const whole = new SearchRun(doc.text, q, lineTop, { inThread: true });
        quick.step(Infinity);
        whole.step(Infinity);
        expect(quick.first).toBe(whole.first);
        // The quick one found only the screen's matches (the whole block holds thousands), where the screen ends inside the block.
        if (needle === 'e' && top < 100_000) expect(quick.matches.total).toBeLessThan(whole.matches.total / 4);
        const first = quick.first!;
        // Before the block is counted: the number of the first match, the screen's matches, n past the screen, N.
        const shownAt = (run: SearchRun) => {
          const [lo, hi] = run.matches.spans.range(first, endShowing(first));
          return Array.from({ length: hi - lo }, (_, i) => [run.matches.spans.start(lo + i), run.matches.spans.end(lo + i)]);
        };
        expect(shownAt(quick)).toEqual(shownAt(whole));
        expect(quick.matches.indexOf(first)).toBe(whole.matches.indexOf(first));
        const later = endShowing(first) + 100;
        expect(quick.matches.firstAtOrAfter(later)).toBe(whole.matches.firstAtOrAfter(later));
        expect(quick.matches.lastBefore(first + 50)).toBe(whole.matches.lastBefore(first + 50));
        // Counted on to the end, the two agree in every number.
        const fresh = new SearchRun(doc.text, q, lineTop, { inThread: true, endShowing });
        fresh.step(Infinity);
        while (!fresh.complete) fresh.step(Infinity);
        while (!whole.complete) whole.step(Infinity);
        expect(fresh.matches.total).toBe(whole.matches.total);
        expect(fresh.matches.indexOf(first)).toBe(whole.matches.indexOf(first));
      }
    }
  });
});

describe('a count under way', () => {
  it('names the index and the total only as far as they are known', () => {
    const text = 'hit\n'.repeat(8); // blocks of 8 bytes: two hits each
    const doc = chunked(text, 5);
    const find = (b: number) => ({ starts: Float64Array.from([b * 8, b * 8 + 4]), ends: null, length: 3 });
    const m = new MatchTable(query('hit'), doc.text.length, find, 8);
    m.record(2, find(2));
    expect(matchMessage(m, 16)).toBe('match ? of ≥2…');
    m.record(0, find(0));
    m.record(1, find(1));
    expect(matchMessage(m, 20)).toBe('match 6 of ≥6…');
    m.record(3, find(3));
    expect(matchMessage(m, 20)).toBe('match 6 of 8');
  });
});

describe('a search of a text still being read', () => {
  const text = Array.from({ length: 100 }, (_, i) => `line ${i}${i % 10 === 3 ? ' hit' : ''}\n`).join('');
  const hits = [...text.matchAll(/hit/g)].map((m) => m.index);

  it.each([false, true])('shows the first match once it is read, counts on as the rest comes, and goes around only at the end (regex: %s)', (regex) => {
    const doc = new Document('t');
    const parser = new MarkupReader(doc);
    const bytes = Buffer.from(text);
    const half = text.indexOf('line 60');
    parser.write(Buffer.from(bytes.subarray(0, half)));
    const top = text.indexOf('line 40');
    const run = new SearchRun(doc.text, { text: 'hit', regex, backward: false }, top, { blockSize: 16, window: 64, inThread: true, growing: true });
    run.step(Infinity);
    expect(run.first).toBe(hits[4]);
    expect(run.complete).toBe(false);
    // It counts on as far as the text is read; then nothing more until more is read: n past what is read is not known yet.
    for (let k = 0; k < 100 && !run.starved; k++) run.step(Infinity);
    expect(run.starved).toBe(true);
    expect(run.matches.firstAtOrAfter(hits[5] + 1)).toBe(null);
    const counted = run.matches.total;
    parser.write(Buffer.from(bytes.subarray(half)));
    run.grow(false);
    while (!run.starved) run.step(Infinity);
    expect(run.matches.total).toBeGreaterThan(counted);
    expect(run.matches.firstAtOrAfter(hits[5] + 1)).toBe(hits[6]);
    parser.end();
    run.grow(true);
    while (!run.complete) run.step(Infinity);
    expect(run.matches.total).toBe(10);
    expect(run.matches.indexOf(hits[4])).toBe(4);
  });

  it('goes around from the top only once the text has ended', () => {
    const doc = new Document('t');
    const parser = new MarkupReader(doc);
    const bytes = Buffer.from(text);
    const late = text.indexOf('line 94');
    parser.write(Buffer.from(bytes.subarray(0, late + 8)));
    const run = new SearchRun(doc.text, { text: 'hit', regex: false, backward: false }, text.indexOf('line 95') - 1, { blockSize: 16, inThread: true, growing: true });
    run.step(Infinity);
    expect(run.found).toBe(false);
    expect(run.starved).toBe(true);
    parser.write(Buffer.from(bytes.subarray(late + 8)));
    parser.end();
    run.grow(true);
    while (!run.found) run.step(Infinity);
    expect([run.first, run.wrapped]).toEqual([hits[0], true]);
  });

  it.each([false, true])('searches a block not yet whole as far as it is read: a pipe shorter than a block finds its matches (regex: %s)', (regex) => {
    const doc = new Document('t');
    const parser = new MarkupReader(doc);
    parser.write(Buffer.from('a\nhit one\nb\n'));
    const run = new SearchRun(doc.text, { text: 'hit', regex, backward: false }, 0, { inThread: true, growing: true });
    run.step(Infinity);
    expect(run.first).toBe(2);
    expect([run.matches.total, run.complete]).toEqual([1, false]);
    expect(matchMessage(run.matches, 2)).toBe('match 1 of ≥1…');
    parser.write(Buffer.from('hit two\n'));
    run.grow(false);
    run.step(Infinity);
    expect(run.matches.total).toBe(2);
    expect(run.matches.firstAtOrAfter(3)).toBe(12);
    expect(run.matches.firstAtOrAfter(13)).toBe(null);
    parser.end();
    run.grow(true);
    while (!run.complete) run.step(Infinity);
    expect(matchMessage(run.matches, 12)).toBe('match 2 of 2');
    expect(run.matches.firstAtOrAfter(13)).toBe(-1);
  });
});

describe('the incremental search', () => {
  const text = Array.from({ length: 50 }, (_, i) => `line ${i}${i === 30 ? ' needle' : ''}\n`).join('');
  const query = (t: string): Query => ({ text: t, regex: false, backward: false });
  /** An incremental search over the text, its scheduler's turns run by hand, and the first matches it reported. */
  const searching = (ready: () => boolean) => {
    const doc = chunked(text, 64);
    const queue: Array<() => void> = [];
    const scheduler = new Scheduler({ defer: (turn) => queue.push(turn) });
    const found: Array<number | null> = [];
    const incremental = new IncrementalSearch(scheduler, () => doc.text, ready, (first) => found.push(first.first));
    const turns = () => {
      while (queue.length > 0) queue.shift()!();
    };
    return { incremental, found, scheduler, turns };
  };

  it('runs once, at the next turn, for the last of the keys that came together, and stops with none', () => {
    const { incremental, found, scheduler, turns } = searching(() => true);
    for (const typed of ['n', 'ne', 'nee', 'needle']) incremental.look(query(typed), 0);
    expect(found).toEqual([]);
    turns();
    expect(found).toEqual([text.indexOf('needle')]);
    incremental.look(query('line 4'), 0);
    incremental.look(null, 0);
    turns();
    expect(found.length).toBe(1);
    expect(scheduler.idle).toBe(true);
  });

  it('runs its first slice at once when no keys wait behind the one typed', () => {
    const { incremental, found, scheduler, turns } = searching(() => true);
    incremental.look(query('needle'), 0, true);
    expect(found).toEqual([text.indexOf('needle')]);
    turns();
    expect([found.length, scheduler.idle]).toEqual([1, true]);
  });

  it('waits for the text to be ready, and runs when poked', () => {
    let ready = false;
    const { incremental, found, scheduler, turns } = searching(() => ready);
    incremental.look(query('needle'), 0);
    turns();
    expect([found, scheduler.idle]).toEqual([[], true]);
    ready = true;
    incremental.poke();
    turns();
    expect(found).toEqual([text.indexOf('needle')]);
  });
});
