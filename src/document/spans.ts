// Sorted spans {start, end} over the display text, in growable typed arrays:
// no object per span, so a million search matches cost 16 MiB, and the spans
// on screen are found by binary search.
import { float64s, type Numbers } from './numbers.ts';
import { lowerBound, lowerBoundIn } from './sorted.ts';
import type { Text } from './store.ts';

/** What finding spans on screen and stepping through them needs, from any list of sorted spans. */
export interface Spans {
  readonly count: number;
  start(i: number): number;
  end(i: number): number;
  /** Index of the first span whose start is >= offset (count if none). */
  firstStartingAt(offset: number): number;
  /** Index of the last span whose start is < offset (-1 if none). */
  lastStartingBefore(offset: number): number;
  /** Indices [from, to) of the spans that may overlap [start, end): filter with overlaps(). */
  range(start: number, end: number): [number, number];
  overlaps(i: number, start: number, end: number): boolean;
}

/** Entries per block of FixedSpans: blocks are added, never copied, as matches are found. */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;

/**
 * Spans that all have one length, such as the matches of a literal search:
 * only their starts are kept, in blocks that never move (no doubling and
 * copying at a million matches), 4 bytes a match while offsets fit in 32 bits.
 */
export class FixedSpans implements Spans {
  private readonly blocks: Array<Uint32Array | Float64Array> = [];
  count = 0;

  /** `maxOffset`: the largest start there can be (the text's length). */
  constructor(
    readonly length: number,
    private readonly maxOffset = 0,
  ) {}

  push(start: number): void {
    const i = this.count & (BLOCK - 1);
    if (i === 0) this.blocks.push(this.maxOffset < 2 ** 32 ? new Uint32Array(BLOCK) : new Float64Array(BLOCK));
    this.blocks[this.blocks.length - 1][i] = start;
    this.count++;
  }

  start(i: number): number {
    return this.blocks[i >>> BLOCK_BITS][i & (BLOCK - 1)];
  }

  end(i: number): number {
    return this.start(i) + this.length;
  }

  firstStartingAt(offset: number): number {
    return lowerBound(this.count, (i) => this.start(i), offset);
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  range(start: number, end: number): [number, number] {
    return [this.firstStartingAt(start - this.length + 1), this.firstStartingAt(end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    const s = this.start(i);
    return s < end && s + this.length > start;
  }
}

export class SpanList implements Spans {
  // Each grows four times larger: pages are touched by the copy and then by the
  // spans added, and memory touched for the first time is what costs (about 300
  // MB/s on some VMs, where copying runs at 10 GB/s).
  private readonly starts: Numbers;
  private readonly ends: Numbers;
  /** A number carried with each span (for links: the number of its href), moved with it when spans are inserted. */
  private readonly tags: Numbers;
  // maxEnds[i] = the largest end among spans 0..i. It never decreases, so the
  // first span that can reach past an offset is found by binary search even
  // when spans nest (an outer link ends after the inner ones).
  private readonly maxEnds: Numbers;

  constructor(capacity = 64) {
    this.starts = float64s(capacity, 4);
    this.ends = float64s(capacity, 4);
    this.tags = float64s(capacity, 4);
    this.maxEnds = float64s(capacity, 4);
  }

  get count(): number {
    return this.starts.count;
  }

  /** Adds a span that starts at or after every other one (search matches): the quick way. */
  push(start: number, end: number): void {
    const i = this.count;
    const maxEnd = i > 0 && this.maxEnds.values[i - 1] > end ? this.maxEnds.values[i - 1] : end;
    this.starts.push(start);
    this.ends.push(end);
    this.tags.push(0);
    this.maxEnds.push(maxEnd);
  }

  /**
   * Adds a span, keeping the list sorted by start. Spans arrive nearly in
   * order (only an outer link closes after its inner ones), so the insertion
   * point is found by walking back a few places. Returns its index.
   */
  add(start: number, end: number, tag = 0): number {
    const count = this.count;
    const { starts, ends, tags, maxEnds } = this;
    starts.push(start);
    ends.push(end);
    tags.push(tag);
    maxEnds.push(end);
    let i = count;
    while (i > 0 && starts.values[i - 1] > start) i--;
    if (i < count) {
      starts.values.copyWithin(i + 1, i, count);
      ends.values.copyWithin(i + 1, i, count);
      tags.values.copyWithin(i + 1, i, count);
      starts.values[i] = start;
      ends.values[i] = end;
      tags.values[i] = tag;
    }
    const e = ends.values;
    const m = maxEnds.values;
    for (let k = i; k <= count; k++) m[k] = k > 0 && m[k - 1] > e[k] ? m[k - 1] : e[k];
    return i;
  }

  start(i: number): number {
    return this.starts.values[i];
  }

  end(i: number): number {
    return this.ends.values[i];
  }

  tag(i: number): number {
    return this.tags.values[i];
  }

  firstStartingAt(offset: number): number {
    return lowerBoundIn(this.starts.values, this.count, offset);
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  range(start: number, end: number): [number, number] {
    // The first span whose largest end so far reaches past `start`.
    return [lowerBoundIn(this.maxEnds.values, this.count, Math.floor(start) + 1), this.firstStartingAt(end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.starts.values[i] < end && this.ends.values[i] > start;
  }
}

/**
 * The hex tokens of a text, found in its runs to render when asked (tokens.ts),
 * never stored one by one. As Spans it is a window: range() finds the tokens
 * of [start, end), and count and indices then name those.
 */
export class TextTokens implements Spans {
  private window: Array<[number, number]> = [];

  constructor(private readonly text: Text) {}

  /** The tokens that overlap [start, end), adjacent ones joined. */
  within(start: number, end: number): Array<[number, number]> {
    return this.text.tokens(start, end);
  }

  get count(): number {
    return this.window.length;
  }

  range(start: number, end: number): [number, number] {
    this.window = this.within(start, end);
    return [0, this.window.length];
  }

  start(i: number): number {
    return this.window[i][0];
  }

  end(i: number): number {
    return this.window[i][1];
  }

  firstStartingAt(offset: number): number {
    return lowerBound(this.window.length, (i) => this.window[i][0], offset);
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.window[i][0] < end && this.window[i][1] > start;
  }
}
