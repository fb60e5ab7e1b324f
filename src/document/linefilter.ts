// less's &pattern: the lines that hold a match, as sorted [start, end) ranges
// of the display text (each end just past its newline); &!pattern: the runs
// of lines between them. Built from a search
// run from the top, a slice at a time between keys, so a big file never
// freezes the keys: what is shown is what is known so far, and `complete`
// says when that is all.
import { lowerBoundIn } from './sorted.ts';
import { float64s } from './numbers.ts';
import { SearchRun } from './searchrun.ts';
import type { Query } from './search.ts';
import type { Text } from './store.ts';
import type { Step } from '../schedule/scheduler.ts';

/** The lines a filter shows, as the state and the screen read them; a FilterBuild finds them. */
export interface LineFilter {
  readonly query: Query;
  /** Lines that match, known so far. */
  readonly count: number;
  /** Every line of the text has been looked at. */
  readonly complete: boolean;
  /** Fraction of the text looked at. */
  readonly progress: number;
  start(i: number): number;
  end(i: number): number;
  /** Index of the first line that ends after `offset` (the one holding it, or the next): count if none is known. */
  lineAtOrAfter(offset: number): number;
  /** Whether the character at `offset` is on a line that is shown. */
  shows(offset: number): boolean;
}

/** The lines found so far, listed by a FilterBuild. */
class FoundLines implements LineFilter {
  private readonly starts = float64s();
  private readonly ends = float64s();
  /** Where the lines are known up to: every matching line before it is listed. */
  reached = 0;
  done = false;

  constructor(
    readonly query: Query,
    private readonly textLength: number,
  ) {}

  get count(): number {
    return this.starts.count;
  }

  get complete(): boolean {
    return this.done;
  }

  get progress(): number {
    return this.textLength === 0 ? 1 : Math.min(1, this.reached / this.textLength);
  }

  start(i: number): number {
    return this.starts.values[i];
  }

  end(i: number): number {
    return this.ends.values[i];
  }

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

  shows(offset: number): boolean {
    const i = this.lineAtOrAfter(offset);
    return i < this.count && this.start(i) <= offset;
  }

  add(start: number, end: number): void {
    this.starts.push(start);
    this.ends.push(end);
    this.reached = end;
  }

  /** &!: the line [start, end) holds a match: the lines between it and the one before show. */
  addBetween(start: number, end: number): void {
    if (start > this.gapFrom) this.add(this.gapFrom, start);
    this.gapFrom = end;
    this.reached = end;
  }

  /** &!: the end of the text: the lines after the last match show. */
  finishBetween(): void {
    if (this.textLength > this.gapFrom) this.add(this.gapFrom, this.textLength);
  }

  /** &!: where the lines after the last matching line start. */
  private gapFrom = 0;
}

/** Finds a filter's lines a slice at a time (a job's step): a search run from the top, and the lines of its matches, in order. */
export class FilterBuild {
  private readonly found: FoundLines;
  private stopped = false;

  /** `run`: the search that finds the matches, from the top down (made by `filterLines`). */
  constructor(
    private readonly text: Text,
    query: Query,
    private readonly run: SearchRun,
  ) {
    this.found = new FoundLines(query, text.length);
  }

  /** What the state holds and the screen shows. */
  get lines(): LineFilter {
    return this.found;
  }

  /** Waits for the search's worker (for the tests' signal of idleness). */
  get waiting(): boolean {
    return this.run.waiting;
  }

  /** Called when the search's worker (a regex) answers, after a step that said 'wait'. */
  set wake(wake: () => void) {
    this.run.wake = wake;
  }

  /** Lists the lines of the matches found, then searches on: 'wait' for the worker, 'done' once complete (or stopped). */
  step(deadline: number): Step {
    if (this.found.done || this.stopped) return 'done';
    // The lines of what is searched first, so that a search ahead of them does not keep them waiting.
    if (!this.walk(deadline)) return 'more';
    if (!this.found.done) {
      this.run.step(deadline);
      if (!this.walk(deadline)) return 'more';
    }
    if (this.found.done) {
      this.run.stop();
      return 'done';
    }
    return this.run.waiting ? 'wait' : 'more';
  }

  /** Lists the lines of the blocks the run has counted, in order: false if the deadline passed first. */
  private walk(deadline: number): boolean {
    const matches = this.run.matches;
    const lines = this.found;
    while (lines.reached < this.text.length) {
      const block = matches.blockOf(lines.reached);
      if (!matches.isCounted(block)) return true;
      const found = matches.positions(block);
      if (!found) return true;
      const { starts } = found;
      let i = lowerBoundIn(starts, starts.length, lines.reached);
      for (; i < starts.length; i++) {
        const at = starts[i];
        if (at < lines.reached) continue;
        if (this.found.query.invert) lines.addBetween(this.text.lineStart(at), this.text.lineEnd(at));
        else lines.add(this.text.lineStart(at), this.text.lineEnd(at));
        if (Date.now() > deadline) return false;
      }
      // The rest of the block holds no match: on to the next block (or past the line a match ran into it).
      lines.reached = Math.max(lines.reached, Math.min(this.text.length, (block + 1) * matches.blockSize));
      if (Date.now() > deadline) return false;
    }
    if (this.found.query.invert) lines.finishBetween();
    lines.done = true;
    return true;
  }

  /** Stops the search for good (another filter, or none, takes its place). */
  stop(): void {
    this.stopped = true;
    this.run.stop();
  }
}

/** A filter of the lines matching `query` (with `invert`, those that do not; its direction does not matter), to be built with step(). `inThread`: a regex runs here (the tests). */
export function filterLines(text: Text, query: Query, { inThread = false, blockSize }: { inThread?: boolean; blockSize?: number } = {}): FilterBuild {
  const forward = { ...query, backward: false };
  return new FilterBuild(text, forward, new SearchRun(text, forward, 0, { inThread, ...(blockSize ? { blockSize } : {}) }));
}
