// Sorted spans {start, end} over the display text, in growable typed arrays:
// no object per span, so a million search matches cost 16 MiB, and the spans
// on screen are found by binary search.
import { fitsUint32, grown, widened, type NumberArray } from './numbers.ts';
import { PackedNumbers } from './packed.ts';
import { lowerBound } from './sorted.ts';
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

/**
 * Spans in any order of arrival, kept sorted, each with a tag. Starts and
 * lengths are packed (packed.ts): a start 2 bytes, a length 1, so 3.5 million
 * links cost about 11 MB, not 28.
 */
export class SpanList implements Spans {
  private readonly starts = new PackedNumbers();
  /** Each span's end less its start. */
  private readonly lengths = new PackedNumbers(8, false);
  /** A number carried with each span (for links: the number of its href), moved with it when spans are inserted. */
  // Null while every span's tag is its index (links added in the order their
  // hrefs were numbered: the common case), which then costs nothing.
  private tags: NumberArray | null = null;
  // maxEnds[i] = the largest end among spans 0..i. It never decreases, so the
  // first span that can reach past an offset is found by binary search even
  // when spans nest (an outer link ends after the inner ones).
  // Null while every span ends at or after the one before (no nesting): then
  // maxEnds is the ends themselves, and costs nothing.
  private maxEnds: PackedNumbers | null = null;

  get count(): number {
    return this.starts.count;
  }

  /** Makes room for a tag: one beyond 32 bits widens the tags. */
  private fit(tag: number): void {
    if (this.tags && this.count === this.tags.length) this.tags = grown(this.tags, this.tags.length * 4);
    if (this.tags instanceof Uint32Array && !fitsUint32(tag)) this.tags = widened(this.tags);
    else if (!this.tags && !fitsUint32(tag)) this.tags = widened(this.taggedAsIndices());
  }

  /** The tags, made once one is not its span's index: until then each is the index. */
  private taggedAsIndices(): NumberArray {
    if (!this.tags) {
      this.tags = new Uint32Array(Math.max(64, this.count * 2));
      for (let k = 0; k < this.count; k++) this.tags[k] = k;
    }
    return this.tags;
  }

  /**
   * Adds a span, keeping the list sorted by start. Spans arrive nearly in
   * order (only an outer link closes after its inner ones), so the insertion
   * point is found by walking back a few places. Returns its index.
   */
  add(start: number, end: number, tag = 0): number {
    this.fit(tag);
    let i = this.count;
    while (i > 0 && this.starts.get(i - 1) > start) i--;
    const last = this.count;
    this.starts.push(start);
    this.lengths.push(end - start);
    this.maxEnds?.push(end);
    if (i < last) {
      // Those after it move up one, from the last.
      for (let k = last; k > i; k--) {
        this.starts.set(k, this.starts.get(k - 1));
        this.lengths.set(k, this.lengths.get(k - 1));
      }
      this.taggedAsIndices().copyWithin(i + 1, i, last);
      this.starts.set(i, start);
      this.lengths.set(i, end - start);
    }
    if (this.tags || tag !== i || i < last) this.taggedAsIndices()[i] = tag;
    if (i < last) {
      const maxEnds = this.nesting();
      for (let k = i; k < this.count; k++) {
        const before = k > 0 ? maxEnds.get(k - 1) : 0;
        const own = this.end(k);
        maxEnds.set(k, before > own ? before : own);
      }
    } else if (this.maxEnds) {
      if (i > 0 && this.maxEnds.get(i - 1) > end) this.maxEnds.set(i, this.maxEnds.get(i - 1));
    } else if (i > 0 && this.end(i - 1) > end) {
      this.nesting().set(i, this.end(i - 1));
    }
    return i;
  }

  /** The largest ends so far, made once a span ends before the one before it: until then they are the ends. */
  private nesting(): PackedNumbers {
    if (!this.maxEnds) {
      this.maxEnds = new PackedNumbers();
      for (let k = 0; k < this.count; k++) this.maxEnds.push(this.end(k));
    }
    return this.maxEnds;
  }

  start(i: number): number {
    return this.starts.get(i);
  }

  end(i: number): number {
    return this.starts.get(i) + this.lengths.get(i);
  }

  tag(i: number): number {
    return this.tags ? this.tags[i] : i;
  }

  firstStartingAt(offset: number): number {
    return this.starts.lowerBound(offset);
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  range(start: number, end: number): [number, number] {
    // From the first span whose largest end so far reaches past `start` (offsets are whole numbers).
    const past = Math.floor(start) + 1;
    const first = this.maxEnds ? this.maxEnds.lowerBound(past) : lowerBound(this.count, (i) => this.end(i), past);
    return [first, this.firstStartingAt(end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.start(i) < end && this.end(i) > start;
  }
}

/**
 * Spans found when asked, never stored one by one: range() finds those of
 * [start, end) with within(), and count and indices then name those.
 */
export abstract class WindowSpans<Span extends [number, number, ...number[]]> implements Spans {
  protected window: Span[] = [];

  /** The spans that overlap [start, end), in order of start. */
  abstract within(start: number, end: number): Span[];

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

/** The hex tokens of a text, found in its runs to render when asked (hex-tokens.ts). */
export class TextTokens extends WindowSpans<[number, number]> {
  constructor(private readonly text: Text) {
    super();
  }

  /** The tokens that overlap [start, end), adjacent ones joined. */
  within(start: number, end: number): Array<[number, number]> {
    return this.text.tokens(start, end);
  }
}
