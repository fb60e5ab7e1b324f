// A search's matches, at a cost in proportion to the screen, not the file:
// a count per block of the text, and the positions of a few blocks, found
// again when asked for (a literal search finds a block's matches in about a
// millisecond). A regular-expression search, which runs in a worker and so
// cannot be asked again in the middle of a frame, keeps the positions of the
// blocks that have matches.
//
// A match is named by its start offset, not by its index: the index is known
// only once every block before it is counted, and the first match is shown
// before that.
import { lowerBoundIn } from './sorted.ts';
import { BLOCK, blockEnd, type BlockMatches, type Query } from './search.ts';
import type { Spans } from './spans.ts';

/** A search's first answer: the match to show (null: none at all), and whether it came from around the other end. */
export interface FirstMatch {
  matches: Matches;
  first: number | null;
  wrapped: boolean;
}

/** Blocks whose positions a literal search keeps: the screen, and n or N's way either side. */
const KEEP = 4;

/**
 * A search's matches as the state and the screen read them: queries only. The
 * run that fills them (searchrun.ts) is the pager's to start and stop.
 */
export interface Matches {
  readonly query: Query;
  /** Matches counted so far. */
  readonly total: number;
  /** Every block is counted and the text has ended: `total` is the number of matches. */
  readonly complete: boolean;
  /** The matches that overlap a range, for drawing the screen. */
  readonly spans: Spans;
  blockOf(offset: number): number;
  /** A block's matches (found again if need be); null if they are not known yet. */
  positions(block: number): BlockMatches | null;
  firstAtOrAfter(offset: number): number | null;
  lastBefore(offset: number): number | null;
  indexOf(offset: number): number | null;
}

/** The matches a run has found: counts per block, kept positions, and the calls the run fills them with. */
export class MatchTable implements Matches {
  /** Blocks of the text read so far (the last may be partial while it grows). */
  blockCount: number;
  /** Matches per block; -1 while not yet counted. Grows with the text. */
  private counts: Int32Array;
  private uncounted: number;
  /** Blocks [0, ready) can be searched: whole, or the text has ended. */
  private ready: number;
  /** The text has ended: no block comes after blockCount. */
  private final = true;
  /** Matches in the blocks counted so far. */
  private countedTotal = 0;
  /**
   * A block searched in part, until it is searched whole: every match in it
   * that starts before `end`. The last block of a text still being read, as far
   * as it is read (all that can be known of it yet); or the screen's block of a
   * literal search, as far as the screen its first match is shown on (enough
   * for the first frame and that match's number; past `end`, the block is found
   * whole).
   */
  private partial: { block: number; found: BlockMatches; end: number } | null = null;
  /** Positions of blocks, the most recently used last. */
  private readonly kept = new Map<number, BlockMatches>();
  /** The matches that overlap a range, for drawing the screen. */
  readonly spans: Spans;

  /** `refind`: finds one block's matches again, at once; null if they cannot be (a regex: every block with matches is kept). */
  constructor(
    readonly query: Query,
    textLength: number,
    private readonly refind: ((block: number) => BlockMatches) | null,
    readonly blockSize = BLOCK,
  ) {
    this.blockCount = Math.ceil(textLength / blockSize);
    this.counts = new Int32Array(this.blockCount).fill(-1);
    this.uncounted = this.blockCount;
    this.ready = this.blockCount;
    this.spans = new ScreenSpans(this);
  }

  /**
   * The text is now `textLength` long; `final`: it has ended. While it grows,
   * a block is searched once the text reaches `margin` bytes past its end (how
   * far a match may run out of it), so that a block is counted once, whole.
   */
  grow(textLength: number, final: boolean, margin = this.blockSize): void {
    const count = Math.ceil(textLength / this.blockSize);
    if (count > this.counts.length) {
      const bigger = new Int32Array(Math.max(count, this.counts.length * 2)).fill(-1);
      bigger.set(this.counts.subarray(0, this.blockCount));
      this.counts = bigger;
    }
    this.uncounted += count - this.blockCount;
    this.blockCount = count;
    this.final = final;
    this.ready = final ? count : Math.max(0, Math.floor((textLength - margin) / this.blockSize));
  }

  /** Matches counted so far, with those of a block searched as far as it is read. */
  get total(): number {
    return this.countedTotal + (this.partial?.found.starts.length ?? 0);
  }

  /** Takes the matches of a block searched in part, those that start before `end` (see partial), until it is searched whole. */
  recordPartial(block: number, found: BlockMatches, end: number): void {
    if (this.counts[block] < 0) this.partial = { block, found, end };
  }

  /** Block `block`'s matches if those searched in part have all that start before `upTo`; else null. */
  private partialUpTo(block: number, upTo: number): BlockMatches | null {
    return this.partial?.block === block && upTo <= this.partial.end ? this.partial.found : null;
  }

  /** A block's matches, all that start before `upTo` at least: those searched in part (see partial), or all of them (see positions). */
  positionsUpTo(block: number, upTo: number): BlockMatches | null {
    return this.partialUpTo(block, upTo) ?? this.positions(block);
  }

  /** Every block is counted and the text has ended: `total` is the number of matches. */
  get complete(): boolean {
    return this.uncounted === 0 && this.final;
  }

  /** Blocks that can be searched now. */
  get readyCount(): number {
    return this.ready;
  }

  /** The text has ended. */
  get ended(): boolean {
    return this.final;
  }

  /** Blocks counted so far. */
  get counted(): number {
    return this.blockCount - this.uncounted;
  }

  isCounted(block: number): boolean {
    return this.counts[block] >= 0;
  }

  blockOf(offset: number): number {
    return Math.max(0, Math.min(this.blockCount - 1, Math.floor(offset / this.blockSize)));
  }

  /** Takes the number of a block's matches, counted with no list (found again when asked for). */
  recordCount(block: number, count: number): void {
    if (this.counts[block] >= 0) return;
    this.counts[block] = count;
    this.countedTotal += count;
    this.uncounted--;
    if (this.partial?.block === block) this.partial = null;
  }

  /** Takes a block's matches, found by the search or again. */
  record(block: number, found: BlockMatches): void {
    if (this.counts[block] < 0) {
      this.counts[block] = found.starts.length;
      this.countedTotal += found.starts.length;
      this.uncounted--;
    }
    if (this.partial?.block === block) this.partial = null;
    if (this.refind === null) {
      if (found.starts.length > 0) this.kept.set(block, found);
      return;
    }
    this.kept.delete(block);
    this.kept.set(block, found);
    if (this.kept.size > KEEP) this.kept.delete(this.kept.keys().next().value!);
  }

  /** A block's matches, found again if need be (a block not yet whole: as far as it was searched); null if they are not known yet. */
  positions(block: number): BlockMatches | null {
    if (this.counts[block] === 0) return { starts: new Float64Array(0), ends: null, length: 0 };
    const partial = this.partial?.block === block ? this.partial.found : null;
    if (block >= this.ready) return partial;
    const found = this.kept.get(block);
    if (found) {
      if (this.refind) {
        this.kept.delete(block);
        this.kept.set(block, found);
      }
      return found;
    }
    // A regular expression's block searched in part: what its worker found so far.
    if (!this.refind) return partial;
    const again = this.refind(block);
    this.record(block, again);
    return again;
  }

  /** Start of the first match at or after `offset`: -1 if there is none, null if that is not known yet. */
  firstAtOrAfter(offset: number): number | null {
    for (let b = this.blockOf(offset); b < this.blockCount; b++) {
      if (this.counts[b] === 0) continue;
      const part = this.partialUpTo(b, offset + 1);
      const j = part ? lowerBoundIn(part.starts, part.starts.length, offset) : -1;
      if (part && j < part.starts.length) return part.starts[j];
      const found = this.positions(b);
      if (!found) return null;
      const i = lowerBoundIn(found.starts, found.starts.length, offset);
      if (i < found.starts.length) return found.starts[i];
    }
    return this.final ? -1 : null;
  }

  /** Start of the last match before `offset`: -1 if there is none, null if that is not known yet. */
  lastBefore(offset: number): number | null {
    if (offset <= 0) return -1;
    for (let b = this.blockOf(offset - 1); b >= 0; b--) {
      if (this.counts[b] === 0) continue;
      const found = this.positionsUpTo(b, offset);
      if (!found) return null;
      const i = lowerBoundIn(found.starts, found.starts.length, offset) - 1;
      if (i >= 0) return found.starts[i];
    }
    return -1;
  }

  /** Index of the match starting at `offset`, once every block before it is counted; else null. */
  indexOf(offset: number): number | null {
    const block = this.blockOf(offset);
    let before = 0;
    for (let b = 0; b < block; b++) {
      if (this.counts[b] < 0) return null;
      before += this.counts[b];
    }
    const found = this.positionsUpTo(block, offset + 1);
    return found ? before + lowerBoundIn(found.starts, found.starts.length, offset) : null;
  }
}

/**
 * The matches that overlap the range last asked for (a row of the screen), as
 * Spans for draw: indices are into that range only.
 */
class ScreenSpans implements Spans {
  private starts: number[] = [];
  private ends: number[] = [];

  constructor(private readonly matches: MatchTable) {}

  get count(): number {
    return this.starts.length;
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  range(start: number, end: number): [number, number] {
    const m = this.matches;
    this.starts = [];
    this.ends = [];
    if (m.blockCount === 0 || end <= start) return [0, 0];
    // A match may start in the block before and reach into the range.
    for (let b = Math.max(0, m.blockOf(start) - 1); b <= m.blockOf(end - 1); b++) {
      const found = m.positionsUpTo(b, end);
      if (!found) continue;
      const n = found.starts.length;
      // Ends are sorted too (matches do not overlap): skip those that end before the range.
      let i = found.ends ? lowerBoundIn(found.ends, found.ends.length, start + 1) : lowerBoundIn(found.starts, found.starts.length, start - found.length + 1);
      for (; i < n && found.starts[i] < end; i++) {
        this.starts.push(found.starts[i]);
        this.ends.push(blockEnd(found, i));
      }
    }
    return [0, this.starts.length];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.starts[i] < end && this.ends[i] > start;
  }

  firstStartingAt(offset: number): number {
    const i = this.starts.findIndex((s) => s >= offset);
    return i < 0 ? this.starts.length : i;
  }

  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }
}
