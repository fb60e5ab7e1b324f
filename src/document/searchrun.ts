// One search under way: blocks searched in the search's order, from the
// screen on (down for /, up for ?) and then around from the other end, so
// the first match to show is found first. The search goes on counting the
// rest while keys work; the first match is what the user waits for.
import type { Text } from './store.ts';
import { Matches, type FirstMatch } from './matches.ts';
import { BLOCK, blockBounds, blockFinder, compile, regexWindow, WINDOW, type BlockMatches, type Query, type RegexWindow } from './search.ts';
import { RegexWorker } from './search-worker.ts';

/** How long one step searches in this thread before giving the keys a turn. */
const STEP_MS = 15;

export class SearchRun {
  readonly matches: Matches;
  /** The match to show first, once found; `wrapped` if it came from around the other end. */
  first: number | null = null;
  wrapped = false;
  /** Called when a worker's answer arrives: step again. */
  wake: () => void = () => {};
  private readonly order: number[] = [];
  /** Blocks in the order before it goes around the other end. */
  private readonly firstPass: number;
  private at = 0;
  private pending = false;
  private stopped = false;
  private finished = false;
  private readonly find: ((block: number) => BlockMatches) | null = null;
  private readonly worker: RegexWorker | null = null;
  /** The bytes a regex search of a block reads (with a worker). */
  private readonly window: (block: number) => RegexWindow = () => {
    throw new Error('not a regex search');
  };

  /** `top`: where the screen starts. `inThread`: run a regex in this thread (the tests: no bundle to start a worker from). */
  constructor(
    private readonly text: Text,
    readonly query: Query,
    private readonly top: number,
    { blockSize = BLOCK, window = WINDOW, inThread = false } = {},
  ) {
    const compiled = compile(query);
    if (!compiled.ok) throw new Error(compiled.error);
    if (compiled.kind === 'regex' && !inThread) {
      this.worker = new RegexWorker(compiled.source, compiled.flags);
      this.window = (b) => regexWindow(text, ...blockBounds(text, b, blockSize), window);
      this.matches = new Matches(query, text.length, null, blockSize);
    } else {
      this.find = blockFinder(compiled, text, blockSize, window);
      this.matches = new Matches(query, text.length, compiled.kind === 'bytes' ? this.find : null, blockSize);
    }
    const n = this.matches.blockCount;
    const start = query.backward ? this.matches.blockOf(top - 1) : this.matches.blockOf(top);
    if (n > 0) {
      if (query.backward) for (let b = start; b >= 0; b--) this.order.push(b);
      else for (let b = start; b < n; b++) this.order.push(b);
    }
    this.firstPass = this.order.length;
    if (query.backward) for (let b = n - 1; b > start; b--) this.order.push(b);
    else for (let b = 0; b < start; b++) this.order.push(b);
  }

  /** The first match is known, or that there is none. */
  get found(): boolean {
    return this.first !== null || this.matches.complete;
  }

  get complete(): boolean {
    return this.matches.complete;
  }

  /** Waiting for the worker. */
  get waiting(): boolean {
    return this.pending;
  }

  /** Fraction of the text searched. */
  get progress(): number {
    return this.matches.blockCount === 0 ? 1 : this.matches.counted / this.matches.blockCount;
  }

  /** Searches for a while (in this thread), or asks the worker for the next block. */
  step(): void {
    if (this.stopped || this.pending) return;
    const until = performance.now() + STEP_MS;
    while (this.at < this.order.length) {
      const block = this.order[this.at];
      if (!this.matches.isCounted(block)) {
        if (this.worker) return this.ask(block);
        this.matches.record(block, this.find!(block));
      }
      this.searched(block);
      if (performance.now() > until) return;
    }
    this.finish();
  }

  private ask(block: number): void {
    this.pending = true;
    void this.worker!.find(this.window(block)).then((found) => {
      this.pending = false;
      if (this.stopped) return;
      this.matches.record(block, found);
      this.searched(block);
      if (this.at >= this.order.length) this.finish();
      this.wake();
    });
  }

  /** The block in the order has been searched: is the first match in it? */
  private searched(block: number): void {
    this.at++;
    if (this.first !== null) return;
    const found = this.matches.positions(block);
    if (!found || found.starts.length === 0) return;
    const starts = found.starts;
    if (this.at <= this.firstPass) {
      // The screen's own block: only matches past (or before, for ?) the screen's top.
      if (this.query.backward) {
        let i = starts.length - 1;
        while (i >= 0 && starts[i] >= this.top) i--;
        if (i >= 0) this.first = starts[i];
      } else {
        let i = 0;
        while (i < starts.length && starts[i] < this.top) i++;
        if (i < starts.length) this.first = starts[i];
      }
    } else {
      this.first = this.query.backward ? starts[starts.length - 1] : starts[0];
      this.wrapped = true;
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.worker?.stop();
    if (this.first === null && this.matches.total > 0) {
      // The only matches are in the screen's block, on the other side of its top.
      const first = this.query.backward ? this.matches.lastBefore(this.text.length) : this.matches.firstAtOrAfter(0);
      if (first !== null && first >= 0) {
        this.first = first;
        this.wrapped = true;
      }
    }
  }

  /** Ends the search: the worker at once, in the middle of a match if need be. */
  stop(): void {
    this.stopped = true;
    this.worker?.stop();
  }
}

/** Runs a search to its end in this thread (the tests and the key benchmark): its first answer, every block counted. */
export function searchNow(text: Text, query: Query, top: number, options: { blockSize?: number; window?: number } = {}): FirstMatch {
  const run = new SearchRun(text, query, top, { ...options, inThread: true });
  while (!run.complete) run.step();
  run.step();
  return { matches: run.matches, first: run.first, wrapped: run.wrapped };
}

/**
 * The incremental search: while a search is typed, its first match from where
 * the typing began, looked for in the same slices as a search (a regex in its
 * worker), between keys. Each new query stops the last, and a run starts only
 * once the keys that arrived together are taken, so pasted text costs one.
 */
export class IncrementalSearch {
  private run: SearchRun | null = null;
  /** The query waiting to run: for the text to be read (a file), or for the keys that came with it. */
  private pending: { query: Query; top: number } | null = null;
  private scheduled = false;

  /** `ready`: the text is there to search (a file read to its end; a pipe, as far as it is read). */
  constructor(
    private readonly text: () => Text,
    private readonly ready: () => boolean,
    private readonly found: (first: FirstMatch) => void,
  ) {}

  /** Looks for `query` from `top` (null: stops looking). */
  look(query: Query | null, top: number): void {
    this.run?.stop();
    this.run = null;
    this.pending = query === null ? null : { query, top };
    this.poke();
  }

  /** More text was read: a query that waited for it may run. */
  poke(): void {
    if (this.scheduled || !this.pending) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.pending || !this.ready()) return;
      const { query, top } = this.pending;
      this.pending = null;
      this.start(query, top);
    });
  }

  private start(query: Query, top: number): void {
    const text = this.text();
    const run = new SearchRun(text, query, Math.min(top, text.length));
    this.run = run;
    const step = () => {
      if (this.run !== run) return;
      run.step();
      if (run.found) {
        this.run = null;
        run.stop();
        return this.found({ matches: run.matches, first: run.first, wrapped: run.wrapped });
      }
      if (!run.waiting) setImmediate(step);
    };
    run.wake = step;
    step();
  }
}
