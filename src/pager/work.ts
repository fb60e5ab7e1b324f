// The pager's work that takes a while, each piece a job of the one scheduler:
// the task a key waits for (the input read before G, a search's first match,
// &'s wait for the whole input, F), then a search's counting, a filter's
// lines, the incremental search and the line count, between keys. The state
// holds only the views (Matches, LineFilter); the engines are here.
import type { Document } from '../document/document.ts';
import { anchorOf, findFragment } from '../document/fragments.ts';
import { filterLines, type FilterBuild, type LineFilter } from '../document/linefilter.ts';
import { LineIndex } from '../document/lines.ts';
import type { Query } from '../document/search.ts';
import { IncrementalSearch, SearchRun } from '../document/searchrun.ts';
import type { Page } from '../navigator/page.ts';
import { BUDGET_MS, Priority, type Handle, type Scheduler, type Step } from '../schedule/scheduler.ts';
import type { GroundAction } from '../state/actions.ts';
import type { PagerAction } from '../state/types.ts';
import type { State } from '../state/state.ts';

/** What the work asks of the pager. */
export interface WorkHost {
  readonly page: Page;
  readonly state: State;
  /** Keys are not lwl's (a command runs): counting waits. */
  readonly handedOver: boolean;
  /** The state function is told (or a key's action run again), and the frame drawn. */
  report(action: PagerAction | GroundAction, count?: number | null): void;
  /** The state function is told; the frame is left for later. */
  note(action: PagerAction): void;
  render(): void;
  /** Where the screen that a search's jump to `offset` shows ends. */
  endShowing(offset: number): number;
  /** A frame soon, at the pace of progress. */
  renderSoon(): void;
  /** The page's file read again from its name (F with --follow-name, after a rotation). */
  reopen(): void;
}

/** Work a key waits for: shown as progress, ^C stops it. */
interface Task {
  /** Does a slice of the work, until `deadline`: 'done', 'more' (call again soon) or 'wait' (for more input). */
  advance(deadline: number): Step;
  progress(): string;
  finish(): void;
  /** Called when a key stops the task. */
  cancel?(): void;
}

/** "Reading... 40%" (of a file's size), or the MiB read of a pipe; `to`: what the reading is for ("Reading to #usage..."). */
function readingProgress(doc: Document, to = ''): string {
  const { bytesRead, bytesTotal } = doc;
  const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
  const amount = bytesTotal ? `${Math.floor((100 * bytesRead) / bytesTotal)}%` : mib(bytesRead);
  return `Reading${to ? ` to ${to}` : ''}... ${amount} (^C to stop)`;
}

export class PagerWork {
  private task: { task: Task; job: Handle } | null = null;
  /** The search that goes on counting after showing its first match. */
  private counting: { run: SearchRun; job: Handle } | null = null;
  /** The filter (&pattern) whose lines are being found. */
  private building: { build: FilterBuild; job: Handle } | null = null;
  /** The engine behind each filter the state holds (a page's, paused, goes on when it is shown again). */
  private readonly builds = new WeakMap<LineFilter, FilterBuild>();
  /** The line counting under way, and the page it counts. */
  private lineCount: { page: Page; job: Handle } | null = null;
  /** The incremental search: the first match of what is being typed, looked for between keys. */
  private readonly incremental: IncrementalSearch;

  constructor(
    private readonly host: WorkHost,
    private readonly scheduler: Scheduler,
  ) {
    this.incremental = new IncrementalSearch(
      scheduler,
      () => host.page.doc.text,
      // A file is searched once read to its end; a pipe (that may never end), as far as it is read.
      () => host.page.doc.complete || !host.page.loader.source.isFile,
      (found) => host.report(['incFound', found]),
    );
  }

  /** Nothing to do but wait, for the tests' idle signal: no task a key waits for, no search waiting on its worker (its job sleeps in the scheduler meanwhile). */
  get idle(): boolean {
    const workerOwes = (this.counting?.run.waiting ?? false) || (this.building?.build.waiting ?? false) || this.incremental.waiting;
    return this.task === null && !workerOwes;
  }

  /** Nothing a key waits for is under way. */
  get waitsForNothing(): boolean {
    return this.task === null;
  }

  /** The task becomes the scheduler's most urgent job; its first slice is done now, with the key (a match near the screen shows in the key's frame). */
  private start(task: Task): void {
    this.task?.job.cancel();
    const job = this.scheduler.add({ step: (deadline) => this.tick(task, deadline) }, Priority.key);
    this.task = { task, job };
    if (this.tick(task, Date.now() + BUDGET_MS) === 'done') job.cancel();
  }

  /** Advances the task: done, or shows progress and goes on (now, or when input arrives: wakeTask). */
  private tick(task: Task, deadline: number): Step {
    if (this.task?.task !== task) return 'done';
    const status = task.advance(deadline);
    if (this.task?.task !== task) return 'done';
    if (status === 'done') {
      this.task = null;
      this.host.note(['idle']);
      task.finish();
      return 'done';
    }
    this.host.note(['busy', task.progress()]);
    this.host.renderSoon();
    return status;
  }

  /** ^C or a key stops the task a key waits for. */
  stop(): void {
    this.task?.task.cancel?.();
    this.task?.job.cancel();
    this.task = null;
  }

  /** More of the input came: whatever waits for it goes on. */
  textGrew(): void {
    this.incremental.poke();
    // A search counting on as the text is read: more to count.
    if (this.counting && !this.counting.run.complete) this.counting.job.wake();
    this.task?.job.wake();
  }

  /** Waits for `doc` to be read to its end (a key waits, ^C stops), then does `then`. */
  whenComplete(doc: Document, then: () => void): void {
    this.start({
      advance: () => (doc.complete ? 'done' : 'wait'),
      progress: () => readingProgress(doc),
      finish: then,
    });
  }

  /**
   * Waits for `doc` to be read as far as the place `fragment` names (a key
   * waits, ^C stops), then gives it to `then`: null if the whole document does
   * not define it.
   */
  whenDefined(doc: Document, fragment: string, shown: string, then: (at: number | null) => void): void {
    this.start({
      advance: () => (doc.complete || anchorOf(doc, fragment) !== null ? 'done' : 'wait'),
      progress: () => readingProgress(doc, shown),
      finish: () => then(findFragment(doc, fragment)),
    });
  }

  /** Waits for the whole input, then runs the action. */
  awaitLoad(action: GroundAction, count: number | null): void {
    const page = this.host.page;
    page.loader.want(Infinity);
    this.whenComplete(page.doc, () => this.host.report(action, count));
  }

  /**
   * Searches the input from `from` on (else the screen's top), as far as it
   * is read, and on as the rest is read. Keys wait (^C stops) only until the
   * first match is found; it is shown at once and the search goes on
   * counting while keys work, until another search (or none) takes its place.
   */
  search(query: Query, from?: number): void {
    const page = this.host.page;
    page.loader.want(Infinity);
    // A new search ends the counting of the last.
    this.counting?.run.stop();
    this.counting?.job.cancel();
    this.counting = null;
    // &pattern may show another match than the first: the screen's matches are then all found first.
    const endShowing = this.host.state.filter ? undefined : (offset: number) => this.host.endShowing(offset);
    const run = new SearchRun(page.doc.text, query, from ?? this.host.state.top, { growing: !page.doc.complete, endShowing });
    run.wake = () => this.task?.job.wake();
    this.start({
      advance: (deadline) => {
        run.grow(page.doc.complete);
        run.step(deadline);
        if (run.found) return 'done';
        return run.waiting || run.starved ? 'wait' : 'more';
      },
      progress: () => (page.doc.complete ? `Searching... ${Math.floor(run.progress * 100)}% (^C to stop)` : readingProgress(page.doc)),
      finish: () => {
        const { matches, first, wrapped } = run;
        this.host.report(['searchFound', { matches, first, wrapped }]);
        this.countOn(run, page);
      },
      cancel: () => run.stop(),
    });
  }

  /** Goes on counting a search's matches while it is the one shown (and on as the text is read). */
  private countOn(run: SearchRun, page: Page): void {
    const step = (deadline: number): Step => {
      const { state } = this.host;
      // Shown, or to be shown again if the search being typed (incrementally) is given up.
      const shown = state.matches === run.matches || state.searchOrigin?.matches === run.matches;
      if (!shown || this.host.page !== page) {
        run.stop();
        return 'done';
      }
      run.grow(page.doc.complete);
      if (run.complete) return 'done';
      run.step(deadline);
      this.host.note(['searchCounted']);
      // The full count shows at once; the counts on the way, at the pace of progress.
      if (run.complete) {
        this.host.render();
        return 'done';
      }
      this.host.renderSoon();
      return run.waiting || run.starved ? 'wait' : 'more';
    };
    const job = this.scheduler.add({ step }, Priority.counting);
    this.counting = { run, job };
    run.wake = () => job.wake();
  }

  /** While a search is typed: its first match from `from`, looked for between keys (null: stop looking); `now`: from this key on, as no others wait. */
  lookAhead(query: Query | null, from: number, now = false): void {
    this.incremental.look(query, from, now);
  }

  /**
   * &pattern: once the input is all read (keys wait, ^C stops), the filter
   * shows at once and goes on finding its lines a slice at a time between
   * keys, while it is the one shown. `replaces`: the filter this page showed,
   * done with (another page's, paused, goes on when it is shown again).
   */
  filter(query: Query | null, replaces: LineFilter | null): void {
    const replaced = replaces && this.builds.get(replaces);
    replaced?.stop();
    if (replaced && this.building?.build === replaced) {
      this.building.job.cancel();
      this.building = null;
    }
    if (!query) return;
    const page = this.host.page;
    page.loader.want(Infinity);
    this.whenComplete(page.doc, () => {
      const build = filterLines(page.doc.text, query);
      this.builds.set(build.lines, build);
      this.host.report(['filterStarted', build.lines]);
      this.buildFilter(build);
    });
  }

  /** A page shown again with a filter half found: it goes on finding its lines. */
  resumeFilter(filter: LineFilter | null): void {
    const build = filter && !filter.complete ? this.builds.get(filter) : undefined;
    if (build) this.buildFilter(build);
  }

  /** Finds a filter's lines a slice at a time between keys, while it is the one shown. */
  private buildFilter(build: FilterBuild): void {
    this.building?.job.cancel();
    const step = (deadline: number): Step => {
      if (this.building?.build !== build || this.host.state.filter !== build.lines) return 'done';
      const status = build.step(deadline);
      this.host.note(['filterGrew']);
      if (status === 'done') {
        this.building = null;
        this.host.render();
        return 'done';
      }
      this.host.renderSoon();
      return status;
    };
    const job = this.scheduler.add({ step }, Priority.filter);
    this.building = { build, job };
    build.wake = () => job.wake();
  }

  /**
   * Follows the input as it grows, showing its end, until ^C (less's F);
   * `byName` (--follow-name): once the file's name names another file (a log
   * rotated) or the file is cut shorter, that file is read and followed.
   */
  tail(byName = false): void {
    const loader = this.host.page.loader;
    loader.tail(true, byName);
    this.start({
      advance: () => {
        if (loader.replaced) return 'done';
        this.host.note(['toBottom']);
        return 'wait';
      },
      progress: () => 'Waiting for data... (^C to stop)',
      finish: () => {
        if (!loader.replaced) return;
        this.host.reopen();
        this.tail(byName);
        // As tail -F says it; the page read again would say only that.
        this.host.note(['notice', `${loader.source.name} was replaced: following the new file (^C to stop)`]);
      },
      cancel: () => loader.tail(false),
    });
  }

  /** Counts the page's lines a slice at a time, between keys, for the status line (each frame starts it again as the text grows). */
  countLines(): void {
    const page = this.host.page;
    const { lines, doc } = page;
    const uncounted = () => !lines.done && lines.reached + LineIndex.BLOCK <= doc.text.length;
    if (this.lineCount?.page === page && this.lineCount.job.active) return;
    if (!uncounted()) return;
    // A pipe or device is counted once it has ended: an endless one (/dev/zero) is not counted for ever.
    if (!doc.complete && !page.loader.source.isFile) return;
    this.lineCount?.job.cancel();
    const step = (deadline: number): Step => {
      if (this.host.page !== page || this.host.handedOver) return 'done';
      lines.countTo(Infinity, deadline);
      this.host.renderSoon();
      return uncounted() ? 'more' : 'done';
    };
    this.lineCount = { page, job: this.scheduler.add({ step }, Priority.lineCount) };
  }
}
