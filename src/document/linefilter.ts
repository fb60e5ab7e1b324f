// less's &pattern: the lines that hold a match, as sorted [start, end) ranges
// of the display text (each end just past its newline). Built from a search
// run from the top, a slice at a time between keys, so a big file never
// freezes the keys: what is shown is what is known so far, and `complete`
// says when that is all.
import { lowerBoundIn } from './sorted.ts';
import { float64s } from './numbers.ts';
import { SearchRun } from './searchrun.ts';
import type { Query } from './search.ts';
import type { Text } from './store.ts';

/** How long one step walks the found matches, in this thread, before giving the keys a turn. */
const WALK_MS = 10;

export class LineFilter {
  private readonly starts = float64s();
  private readonly ends = float64s();
  /** Where the lines are known up to: every matching line before it is listed. */
  private reached = 0;
  private done = false;
  private stopped = false;

  /** `run`: the search that finds the matches, from the top down (made by `filterLines`). */
  constructor(
    private readonly text: Text,
    readonly query: Query,
    private readonly run: SearchRun,
  ) {}

  /** Lines that match, known so far. */
  get count(): number {
    return this.starts.count;
  }

  /** Every line of the text has been looked at. */
  get complete(): boolean {
    return this.done;
  }

  /** Fraction of the text looked at. */
  get progress(): number {
    return this.text.length === 0 ? 1 : Math.min(1, this.reached / this.text.length);
  }

  /** Waiting for the search's worker (a regex): `wake` is called when it answers. */
  get waiting(): boolean {
    return this.run.waiting;
  }

  set wake(wake: () => void) {
    this.run.wake = wake;
  }

  start(i: number): number {
    return this.starts.values[i];
  }

  end(i: number): number {
    return this.ends.values[i];
  }

  /** Index of the first line that ends after `offset` (the one holding it, or the next): count if none is known. */
  lineAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ends.values[mid] <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether the character at `offset` is on a line that is shown. */
  shows(offset: number): boolean {
    const i = this.lineAtOrAfter(offset);
    return i < this.count && this.start(i) <= offset;
  }

  /** Searches for a while and lists the lines of the matches found; false once complete (or stopped). */
  step(): boolean {
    if (this.done || this.stopped) return false;
    this.run.step();
    const matches = this.run.matches;
    const until = performance.now() + WALK_MS;
    // The run goes through the blocks from the top: list the lines of the blocks it has counted, in order.
    while (this.reached < this.text.length) {
      const block = matches.blockOf(this.reached);
      if (!matches.isCounted(block)) return true;
      const found = matches.positions(block);
      if (!found) return true;
      const { starts } = found;
      let i = lowerBoundIn(starts, starts.length, this.reached);
      for (; i < starts.length; i++) {
        const at = starts[i];
        if (at < this.reached) continue;
        const lineEnd = this.text.lineEnd(at);
        this.starts.push(this.text.lineStart(at));
        this.ends.push(lineEnd);
        this.reached = lineEnd;
        if (performance.now() > until) return true;
      }
      // The rest of the block holds no match: on to the next block (or past the line a match ran into it).
      this.reached = Math.max(this.reached, Math.min(this.text.length, (block + 1) * matches.blockSize));
      if (performance.now() > until) return true;
    }
    this.done = true;
    this.run.stop();
    return false;
  }

  /** Stops the search for good (another filter, or none, takes its place). */
  stop(): void {
    this.stopped = true;
    this.run.stop();
  }
}


/** A filter of the lines matching `query` (its direction does not matter), to be built with step(). `inThread`: a regex runs here (the tests). */
export function filterLines(text: Text, query: Query, { inThread = false, blockSize }: { inThread?: boolean; blockSize?: number } = {}): LineFilter {
  const forward = { ...query, backward: false };
  return new LineFilter(text, forward, new SearchRun(text, forward, 0, { inThread, ...(blockSize ? { blockSize } : {}) }));
}
