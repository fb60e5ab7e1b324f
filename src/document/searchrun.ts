// One search under way: blocks searched in the search's order, from the
// screen on (down for /, up for ?) and then around from the other end, so
// the first match to show is found first. The search goes on counting the
// rest while keys work; the first match is what the user waits for.
import type { Text } from './store.ts';
import { MatchTable, type FirstMatch } from './matches.ts';
import { BLOCK, blockBounds, blockFinder, BytesFinder, charStart, compile, regexWindow, WINDOW, type BlockMatches, type Query, type RegexWindow } from './search.ts';
import { RegexWorker } from './search-worker.ts';
import { Priority, type Handle, type Scheduler, type Step } from '../schedule/scheduler.ts';

/** A regex search looks again at a block not yet whole each time it grows, while it is this small... */
const REGEX_PARTIAL_CHEAP = 64 * 1024;
/** ...else at most this often (or when it has doubled). */
const REGEX_PARTIAL_MS = 250;

export class SearchRun {
  readonly matches: MatchTable;
  /** The match to show first, once found; `wrapped` if it came from around the other end. */
  first: number | null = null;
  wrapped = false;
  /** Called when a worker's answer arrives: step again. */
  wake: () => void = () => {};
  /** The screen's block, where the search starts. */
  private readonly start: number;
  /** Blocks searched in the order so far: the first pass (from the screen on), then around from the other end. */
  private at = 0;
  private pending = false;
  /** How long the text was when the block not yet whole was last searched. */
  private partialLength = -1;
  /** For a regex: how long the text was, and when, at its last look at that block. */
  private regexPartialLength = 0;
  private regexPartialAt = 0;
  /** A literal search's matches in that block so far, and where the next look at it starts (it is searched on, not again). */
  private partialFound: { block: number; starts: number[]; from: number } | null = null;
  /** A literal search: finds the matches that start in a range. */
  private readonly findIn: ((start: number, end: number) => BlockMatches) | null = null;
  /** A literal search: counts a block's matches, keeping no list (once the first match is known, the rest are counted). */
  private readonly countIn: ((block: number) => number) | null = null;
  private stopped = false;
  private finished = false;
  /** Where the screen that shows a match there ends (the pager's jump): null if not known. */
  private readonly endShowing: ((offset: number) => number) | null;
  private readonly find: ((block: number) => BlockMatches) | null = null;
  private readonly worker: RegexWorker | null = null;
  /** How far past a block's end a match may run: the text must reach that far before the block is searched. */
  private readonly margin: number;
  /** The bytes a regex search of a block reads (with a worker). */
  private readonly window: (block: number) => RegexWindow = () => {
    throw new Error('not a regex search');
  };

  /**
   * `top`: where the screen starts. `inThread`: run a regex in this thread (the
   * tests: no bundle to start a worker from). `growing`: the text is still
   * being read; grow() tells the search of more, and that it has ended.
   */
  constructor(
    private readonly text: Text,
    readonly query: Query,
    private readonly top: number,
    {
      blockSize = BLOCK,
      window = WINDOW,
      inThread = false,
      growing = false,
      endShowing,
    }: { blockSize?: number; window?: number; inThread?: boolean; growing?: boolean; endShowing?: (offset: number) => number } = {},
  ) {
    this.endShowing = endShowing ?? null;
    const compiled = compile(query);
    if (!compiled.ok) throw new Error(compiled.error);
    if (compiled.kind === 'regex' && !inThread) {
      this.worker = new RegexWorker(compiled.source, compiled.flags);
      this.window = (b) => regexWindow(text, ...blockBounds(text, b, blockSize), window);
      this.matches = new MatchTable(query, text.length, null, blockSize);
    } else {
      this.find = blockFinder(compiled, text, blockSize, window);
      if (compiled.kind === 'bytes') {
        const finder = new BytesFinder(compiled.needle, compiled.caseless);
        this.findIn = (start, end) => finder.find(text, start, end);
        this.countIn = (b) => finder.count(text, ...blockBounds(text, b, blockSize));
      }
      this.matches = new MatchTable(query, text.length, compiled.kind === 'bytes' ? this.find : null, blockSize);
    }
    this.margin = compiled.kind === 'bytes' ? compiled.needle.length : window;
    this.grow(!growing);
    this.start = query.backward ? this.matches.blockOf(top - 1) : this.matches.blockOf(top);
  }

  /** The text grew (or ended: `ended`): more blocks to search. */
  grow(ended: boolean): void {
    // A finished search covers the text as it was (a followed file may grow on).
    if (this.finished) return;
    this.matches.grow(this.text.length, ended, this.margin);
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

  /** Waiting for more of the text to be read. */
  get starved(): boolean {
    return !this.pending && !this.stopped && this.nextBlock() === 'wait';
  }


  /** Fraction of the text searched. */
  get progress(): number {
    return this.matches.blockCount === 0 ? 1 : this.matches.counted / this.matches.blockCount;
  }

  /** Blocks in the first pass: from the screen to the end (or the top, for ?). Null while the text still grows. */
  private get firstPass(): number | null {
    if (this.query.backward) return this.start + 1;
    return this.matches.ended ? Math.max(0, this.matches.blockCount - this.start) : null;
  }

  /** The block at position `at` of the order, 'wait' if it is not read yet, 'done' past the end. */
  private nextBlock(): number | 'wait' | 'done' {
    const m = this.matches;
    const n = m.blockCount;
    if (n === 0) return m.ended ? 'done' : 'wait';
    const first = this.firstPass;
    let block: number;
    if (first === null || this.at < first) {
      block = this.query.backward ? this.start - this.at : this.start + this.at;
    } else {
      // Around from the other end: needs the whole text.
      if (!m.ended) return 'wait';
      const k = this.at - first;
      if (this.query.backward ? k >= n - 1 - this.start : k >= this.start) return 'done';
      block = this.query.backward ? n - 1 - k : k;
    }
    if (block >= n) return m.ended ? 'done' : 'wait';
    return block < m.readyCount ? block : 'wait';
  }

  /** Whether position `at` (searched) was in the first pass. */
  private inFirstPass(at: number): boolean {
    const first = this.firstPass;
    return first === null || at < first;
  }

  /** Searches until `deadline` (Date.now() ms) in this thread, or asks the worker for the next block. */
  step(deadline: number): void {
    if (this.stopped || this.pending) return;
    for (;;) {
      const block = this.nextBlock();
      if (block === 'wait') return this.searchPartial();
      if (block === 'done') return this.finish();
      if (!this.matches.isCounted(block)) {
        if (this.worker) return this.ask(block);
        if (this.first !== null && this.countIn) this.matches.recordCount(block, this.countIn(block));
        else if (this.first === null && this.at === 0 && !this.query.backward && this.searchShown(block)) return;
        else this.matches.record(block, this.find!(block));
      }
      const before = this.first;
      this.searched(block);
      // The first match is what the user waits for: show it before counting on.
      if (before === null && this.first !== null) return;
      if (Date.now() > deadline) return;
    }
  }

  /**
   * The screen's block, a literal search: its matches as far as the screen
   * ends, which is what the first frame draws (the block is counted whole by
   * the next step). True if the first match is among them: a block of dense
   * matches (/e: 13,000 in 128 KiB) is not all found before it is shown.
   */
  private searchShown(block: number): boolean {
    if (!this.findIn || !this.endShowing) return false;
    const [from, to] = blockBounds(this.text, block, this.matches.blockSize);
    // The first match is on the screen from the top, if it is on any.
    const onScreen = charStart(this.text, Math.max(this.endShowing(this.top), this.top + 1));
    if (onScreen >= to) return false;
    let found = this.findIn(from, onScreen);
    this.consider(found.starts, true);
    if (this.first === null) return false;
    // The screen the first match is shown on.
    const end = charStart(this.text, Math.max(onScreen, this.endShowing(this.first)));
    if (end >= to) {
      this.first = null;
      return false;
    }
    if (end > onScreen) found = this.findIn(from, end);
    this.matches.recordPartial(block, found, end);
    return true;
  }

  /**
   * Going down a text still being read, the block the search waits for is
   * searched as far as it is read (again as more comes): its first match
   * shows, and n reaches its matches, before the block is whole.
   */
  private searchPartial(): void {
    const m = this.matches;
    if (m.ended || this.firstPass !== null || this.query.backward) return;
    const block = this.start + this.at;
    if (block >= m.blockCount || block < m.readyCount || this.text.length === this.partialLength) return;
    this.partialLength = this.text.length;
    if (this.findIn) return this.searchPartialOn(block);
    // A regex looks at the whole block again each time: once the first match is
    // shown, only while that is cheap, or when the text has doubled since, or a while after.
    const from = block * this.matches.blockSize;
    const now = performance.now();
    const cheap = this.text.length - from < REGEX_PARTIAL_CHEAP || this.text.length - from >= 2 * (this.regexPartialLength - from);
    if (this.first !== null && !cheap && now - this.regexPartialAt < REGEX_PARTIAL_MS) return;
    this.regexPartialLength = this.text.length;
    this.regexPartialAt = now;
    if (this.worker) return this.ask(block, true);
    this.tookPartial(block, this.find!(block), 0);
  }

  /** A literal search of the block not yet whole, from where it last looked: the matches that fit in the text read. */
  private searchPartialOn(block: number): void {
    const size = this.matches.blockSize;
    let partial = this.partialFound;
    if (partial?.block !== block) partial = this.partialFound = { block, starts: [], from: charStart(this.text, block * size) };
    const end = charStart(this.text, Math.min((block + 1) * size, this.text.length - this.margin + 1));
    if (end <= partial.from) return;
    const found = this.findIn!(partial.from, end);
    for (const start of found.starts) partial.starts.push(start);
    partial.from = end;
    this.tookPartial(block, { starts: Float64Array.from(partial.starts), ends: null, length: found.length }, end);
  }

  /** A block not yet whole searched as far as it is read: its matches, all of those that start before `end` (0 for a regular expression's, which may yet run on). */
  private tookPartial(block: number, found: BlockMatches, end: number): void {
    this.matches.recordPartial(block, found, end);
    if (this.first === null) this.consider(found.starts, true);
  }

  private ask(block: number, partial = false): void {
    this.pending = true;
    void this.worker!.find(this.window(block)).then((found) => {
      this.pending = false;
      if (this.stopped) return;
      if (partial) {
        this.tookPartial(block, found, 0);
        return this.wake();
      }
      this.matches.record(block, found);
      this.searched(block);
      if (this.nextBlock() === 'done') this.finish();
      this.wake();
    });
  }

  /** The block in the order has been searched: is the first match in it? */
  private searched(block: number): void {
    const firstPass = this.inFirstPass(this.at);
    this.at++;
    if (this.first !== null) return;
    const found = this.matches.positions(block);
    if (found) this.consider(found.starts, firstPass);
  }

  /** The matches of a block in the order: is the first match among them? */
  private consider(starts: Float64Array, firstPass: boolean): void {
    if (starts.length === 0) return;
    if (firstPass) {
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
  while (!run.complete) run.step(Infinity);
  run.step(Infinity);
  return { matches: run.matches, first: run.first, wrapped: run.wrapped };
}

/** The slice run with a key (the screen's block, where a match to show is looked for first): the rest waits for the turns after its frame. */
const KEY_SLICE_MS = 2;

/**
 * The incremental search: while a search is typed, its first match from where
 * the typing began, looked for in the same slices as a search (a regex in its
 * worker), as a job of the scheduler. Each new query stops the last, and a
 * run starts only at the next turn, once the keys that arrived together are
 * taken, so pasted text costs one; a key with none behind it runs its first
 * slice at once.
 */
export class IncrementalSearch {
  private run: SearchRun | null = null;
  /** The query waiting to run: for the text to be read (a file), or for the keys that came with it. */
  private pending: { query: Query; top: number } | null = null;
  private job: Handle | null = null;

  /** `ready`: the text is there to search (a file read to its end; a pipe, as far as it is read). */
  constructor(
    private readonly scheduler: Scheduler,
    private readonly text: () => Text,
    private readonly ready: () => boolean,
    private readonly found: (first: FirstMatch) => void,
  ) {}

  /** Its run waits for the worker's answer (for the tests' signal of idleness). */
  get waiting(): boolean {
    return this.run?.waiting ?? false;
  }

  /**
   * Looks for `query` from `top` (null: stops looking). `now`: no keys wait
   * behind this one, so its first slice runs at once, a match on screen drawn
   * with the key's own frame.
   */
  look(query: Query | null, top: number, now = false): void {
    this.run?.stop();
    this.run = null;
    this.job?.cancel();
    this.job = null;
    this.pending = query === null ? null : { query, top };
    if (query === null) return;
    const job = (this.job = this.scheduler.add({ step: (deadline) => this.step(deadline) }, Priority.incremental));
    if (now && this.step(Date.now() + KEY_SLICE_MS) === 'done') job.cancel();
  }

  /** More text was read: a query that waited for it may run. */
  poke(): void {
    this.job?.wake();
  }

  private step(deadline: number): Step {
    if (this.pending) {
      if (!this.ready()) return 'wait';
      const { query, top } = this.pending;
      this.pending = null;
      const text = this.text();
      this.run = new SearchRun(text, query, Math.min(top, text.length));
      const job = this.job!;
      this.run.wake = () => job.wake();
    }
    const run = this.run;
    if (!run) return 'done';
    run.step(deadline);
    if (!run.found) return run.waiting ? 'wait' : 'more';
    this.run = null;
    run.stop();
    this.found({ matches: run.matches, first: run.first, wrapped: run.wrapped });
    return 'done';
  }
}
