// Sorted spans {start, end} over the display text, in growable typed arrays:
// no object per span, so a million search matches cost 16 MiB, and the spans
// on screen are found by binary search.
import { fitsUint32, grown, widened, type NumberArray } from './numbers.ts';
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

/**
 * Spans in any order of arrival, kept sorted, each with a tag. Offsets take
 * 4 bytes while they fit in 32 bits (the first that does not widens them to
 * 8), so 3.5 million links cost 56 MB, not 112.
 */
export class SpanList implements Spans {
  private starts: NumberArray;
  private ends: NumberArray;
  /** A number carried with each span (for links: the number of its href), moved with it when spans are inserted. */
  // Null while every span's tag is its index (links added in the order their
  // hrefs were numbered: the common case), which then costs nothing.
  private tags: NumberArray | null = null;
  // maxEnds[i] = the largest end among spans 0..i. It never decreases, so the
  // first span that can reach past an offset is found by binary search even
  // when spans nest (an outer link ends after the inner ones).
  // Null while every span ends at or after the one before (no nesting): then
  // maxEnds is ends itself, and costs nothing.
  private maxEnds: NumberArray | null = null;
  count = 0;

  constructor(capacity = 64) {
    this.starts = new Uint32Array(capacity);
    this.ends = new Uint32Array(capacity);
  }

  /** Makes room for a span with these numbers: offsets or a tag beyond 32 bits widen their arrays. */
  private fit(start: number, end: number, tag: number): void {
    if (this.count === this.starts.length) this.grow();
    if (this.starts instanceof Uint32Array && !(fitsUint32(start) && fitsUint32(end))) {
      this.starts = widened(this.starts);
      this.ends = widened(this.ends);
      if (this.maxEnds) this.maxEnds = widened(this.maxEnds);
    }
    if (this.tags instanceof Uint32Array && !fitsUint32(tag)) this.tags = widened(this.tags);
    else if (!this.tags && !fitsUint32(tag)) this.tags = widened(this.taggedAsIndices());
  }

  /**
   * Makes room, four times as much: pages are touched by the copy and then by the
   * spans added, and memory touched for the first time is what costs (about 300 MB/s
   * on some VMs, where copying runs at 10 GB/s).
   */
  private grow(): void {
    const size = this.starts.length * 4;
    this.starts = grown(this.starts, size);
    this.ends = grown(this.ends, size);
    if (this.maxEnds) this.maxEnds = grown(this.maxEnds, size);
    if (this.tags) this.tags = grown(this.tags, size);
  }

  /** The tags, made once one is not its span's index: until then each is the index. */
  private taggedAsIndices(): NumberArray {
    if (!this.tags) {
      this.tags = new Uint32Array(this.starts.length);
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
    this.fit(start, end, tag);
    let i = this.count;
    while (i > 0 && this.starts[i - 1] > start) i--;
    if (i < this.count) {
      this.starts.copyWithin(i + 1, i, this.count);
      this.ends.copyWithin(i + 1, i, this.count);
      this.taggedAsIndices().copyWithin(i + 1, i, this.count);
    }
    this.starts[i] = start;
    this.ends[i] = end;
    if (this.tags || tag !== i || i < this.count) this.taggedAsIndices()[i] = tag;
    this.count++;
    if (i < this.count - 1) {
      const maxEnds = this.nesting();
      for (let k = i; k < this.count; k++) {
        const before = k > 0 ? maxEnds[k - 1] : 0;
        maxEnds[k] = before > this.ends[k] ? before : this.ends[k];
      }
    } else {
      this.endAdded(i);
    }
    return i;
  }

  /** Span i, the last, was added: its largest end so far. */
  private endAdded(i: number): void {
    const end = this.ends[i];
    if (this.maxEnds) this.maxEnds[i] = i > 0 && this.maxEnds[i - 1] > end ? this.maxEnds[i - 1] : end;
    else if (i > 0 && this.ends[i - 1] > end) this.nesting()[i] = this.ends[i - 1];
  }

  /** The largest ends so far, made once a span ends before the one before it: until then they are the ends. */
  private nesting(): NumberArray {
    this.maxEnds ??= this.ends.slice();
    return this.maxEnds;
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  tag(i: number): number {
    return this.tags ? this.tags[i] : i;
  }

  firstStartingAt(offset: number): number {
    return lowerBoundIn(this.starts, this.count, offset);
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  range(start: number, end: number): [number, number] {
    // From the first span whose largest end so far reaches past `start` (offsets are whole numbers).
    return [lowerBoundIn(this.maxEnds ?? this.ends, this.count, Math.floor(start) + 1), this.firstStartingAt(end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.starts[i] < end && this.ends[i] > start;
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
