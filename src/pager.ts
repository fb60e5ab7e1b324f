// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import fs from 'node:fs';
import { Screen } from '../term/screen.ts';
import type { Terminal, Size } from '../term/tty.ts';
import type { GroundAction, PagerAction } from './state/actions.ts';
import { browserCommand, endRunningCommand, isLwlItself, runShell } from './commands.ts';
import type { Kind } from './document/readers/kinds.ts';
import { draw, type Looks } from './view/draw.ts';
import { Loader, OpenError } from './input/load.ts';
import { helpText } from './help.ts';
import { LineIndex } from './document/lines.ts';
import type { UrlRecord } from './link/url/index.ts';
import type { Query } from './document/search.ts';
import { IncrementalSearch, SearchRun } from './document/searchrun.ts';
import { filterLines, type FilterBuild, type LineFilter } from './document/linefilter.ts';
import { BUDGET_MS, Priority, Scheduler, type Handle, type Step } from './schedule/scheduler.ts';
import { withFilter } from './state/filter.ts';
import { RegexWorker } from './document/search-worker.ts';
import { regexPrefix } from '../keymap.ts';
import type { Bindings } from './state/bindings.ts';
import { initialState, press, update, type Context, type Result, type State } from './state/state.ts';
import type { Theme } from './view/theme.ts';
import type { Wrap } from './view/wrap.ts';
import { PagingOptions, type Caseless } from './pager/options.ts';
import { screenEnd } from './view/view.ts';
import type { ToggledOption } from './state/toggles.ts';
import { httpUrl } from './input/fetch.ts';
import { systemHomes, typedPath } from './input/typed-path.ts';
import { locationBase } from './link/base.ts';
import { parseUrl, serializeUrl } from './link/url/index.ts';
import { Navigator } from './navigator/navigator.ts';
import { pageText, type EndWindowPage, type Page } from './navigator/page.ts';
import { openEndWindow, stateFromEnd } from './navigator/end-window.ts';
import { WebPages, type WebHost } from './navigator/web-pages.ts';
import { kindToReopen, openLinked, openListed, reopenFile } from './navigator/open.ts';

/** What the pager asks of the terminal (a unit test gives it a fake). */
export type PagerTerminal = Pick<Terminal, 'size' | 'start' | 'write' | 'keysWaiting' | 'suspend' | 'handOver' | 'announceEnd' | 'takeBack' | 'close'>;

/** How the pager was set up: options, configuration and environment. */
export interface PagerSettings {
  secure: boolean;
  /** Colours, and OSC 8 hyperlinks, as the terminal takes them (default: colours, no hyperlinks). */
  look?: Looks;
  bindings: Bindings;
  theme: Theme;
  /** The configuration file's browser command, tried after $LWL_BROWSER. */
  browser: string | null;
  /** Keys to press once the first screen is up (+G, +/pattern). */
  startKeys: string[];
  /** Shown on the first screen (a mistake in the configuration file). */
  message: string | null;
  /** The files named on the command line, the first of them the page shown first (:n, :p go through them). */
  files: string[];
  /** The base URL given with --base, for every file. */
  base: UrlRecord | null;
  /** --kind: every file named is read as this kind. */
  kind?: Kind | null;
  /** -S: long lines chopped, not wrapped. */
  chop?: boolean;
  /** -N: line numbers. */
  lineNumbers?: boolean;
  /** -i, -I: case in searches. */
  caseless?: Caseless;
  /** Incremental search (--incsearch, the default; --no-incsearch turns it off). */
  incsearch?: boolean;
  /** The web page named on the command line, loaded first in place of the first file. */
  startUrl?: UrlRecord | null;
  /** lwl's version, for User-Agent. */
  version?: string;
}


/** While loading, redraw at most this often. */
const LOADING_REDRAW_MS = 50;

/** Work that takes a while (waiting for the input, searching): shown as progress, ^C stops it. */
interface Task {
  /** Does a slice of the work, until `deadline`: 'done', 'more' (call again soon) or 'wait' (for more input). */
  advance(deadline: number): Step;
  progress(): string;
  finish(): void;
  /** Called when a key stops the task. */
  cancel?(): void;
}

export class Pager {
  private state: State = initialState;
  private wrap: Wrap;
  private size: Size;
  private readonly screen = new Screen();
  /** Runs the background work (reading, searching, counting, filtering) between keys; the frame is drawn after each turn. */
  private readonly scheduler = new Scheduler({ afterTurn: () => this.afterTurn() });
  /** A frame asked for during a turn, drawn after it. */
  private frameDue = false;
  private task: Task | null = null;
  private taskJob: Handle | null = null;
  /** The search that goes on counting after showing its first match. */
  private counting: { run: SearchRun; job: Handle } | null = null;
  /** The filter (&pattern) whose lines are being found. */
  private building: { build: FilterBuild; job: Handle } | null = null;
  /** The engine behind each filter the state holds (a page's, paused, goes on when it is shown again). */
  private readonly builds = new WeakMap<LineFilter, FilterBuild>();
  /** The incremental search: the first match of what is being typed, looked for between keys. */
  private readonly incremental = new IncrementalSearch(
    this.scheduler,
    () => this.page.doc.text,
    // A file is searched once read to its end; a pipe (that may never end), as far as it is read.
    () => this.page.doc.complete || !this.page.loader.source.isFile,
    (found) => this.report(['incFound', found]),
  );
  /** Keys are not ours while a command runs. */
  private handedOver = false;
  /** q was pressed: the terminal is given back. */
  private ended = false;
  /** The pages: the one shown, those Backspace goes back to, the files of :n and :p. */
  private readonly nav: Navigator;
  private readonly web: WebPages;
  private lastDraw = 0;
  /** A frame was left for keys read after the one handled (keysDone draws it). */
  private frameOwed = false;
  private drawTimer: NodeJS.Timeout | null = null;
  private finish: (status: number) => void = () => {};
  /** The browser command, looked up when first needed (undefined: not yet). */
  private browser: string | null | undefined;
  /** The read error last shown, so that it is shown once. */
  private reportedError: OpenError | null = null;
  /** The line counting under way, and the page it counts. */
  private lineCount: { page: Page; job: Handle } | null = null;
  /** The options `-` changes while paging (-S, -N, -i, -I): they outlast a document. */
  private readonly options: PagingOptions;
  /** Lets the tests check that a crash gives the terminal back. */
  private readonly crashKey = process.env.LWL_TEST_CRASH_KEY;

  constructor(
    private readonly term: PagerTerminal,
    first: Page,
    private readonly settings: PagerSettings,
  ) {
    this.size = term.size();
    this.options = new PagingOptions(settings);
    this.nav = new Navigator(first, settings.files);
    this.web = new WebPages(this.webHost(), settings.version ?? 'dev', this.scheduler);
    if (settings.startUrl) this.nav.replace(this.web.placeholder(settings.startUrl));
    this.wrap = this.wrapFor(this.page);
  }

  /** The page shown. */
  private get page(): Page {
    return this.nav.page;
  }

  /** What the web pages ask of the pager. */
  private webHost(): WebHost {
    const pager = this;
    return {
      get nav() {
        return pager.nav;
      },
      report: (action) => this.report(action),
      note: (action) => this.note(action),
      renderSoon: () => this.renderSoon(),
      replaced: (page) => {
        this.show(page, initialState);
        this.startLoading(page);
      },
      showNew: (page) => this.showNew(page),
      back: () => this.back(),
      quit: (status) => this.quit(status),
      get cols() {
        return pager.size.cols;
      },
      get state() {
        return pager.state;
      },
    };
  }

  /** Runs until the user quits; resolves with the exit status. */
  run(): Promise<number> {
    return new Promise((resolve) => {
      this.finish = resolve;
      this.term.start({
        key: (key) => this.key(key),
        keysDone: () => this.keysDone(),
        resize: (size) => this.resize(size),
        end: () => this.quit(0),
        resumed: () => this.resumed(),
      });
      if (this.settings.message !== null) this.note(['notice', this.settings.message]);
      this.render();
      this.startLoading(this.page);
      for (const key of this.settings.startKeys) this.key(key);
    });
  }

  private startLoading(page: Page): void {
    page.loader.start(this.scheduler, () => {
      if (this.page === page) this.loaded();
      else if (this.page.kind === 'endWindow' && this.page.main === page) this.endRead();
    });
  }

  /** The browser command, looked up once, when a key first asks (a search of PATH the first screen need not wait for). */
  private browserCommand(): string | null {
    // null (no browser, or lwl itself: pages load here) is an answer too.
    if (this.browser === undefined) {
      const command = browserCommand(process.env, this.settings.browser);
      this.browser = command !== null && isLwlItself(command) ? null : command;
    }
    return this.browser;
  }

  private get context(): Context {
    const pager = this;
    const height = Math.max(1, this.size.rows - 1);
    const { secure, bindings, incsearch } = this.settings;
    const web = this.web.context();
    const gutter = this.size.cols - this.wrap.width;
    const endWindow = this.page.kind === 'endWindow';
    const ctx = { doc: this.page.doc, wrap: this.wrap, height, links: this.page.links, lines: this.page.lines, get browser() { return pager.browserCommand(); }, secure, bindings, incsearch, web, gutter, endWindow };
    // &pattern: the rows are the filter's.
    return withFilter(ctx, this.state.filter);
  }

  private key(key: string): void {
    if (this.handedOver || this.ended) return;
    if (key === this.crashKey) throw new Error('crash asked for by LWL_TEST_CRASH_KEY');
    this.apply(press(this.state, key, this.context));
  }

  /** Takes the state function's result: the next state, then its effects, then a frame. */
  private apply({ state, effects }: Result): void {
    this.state = state;
    // A regular expression being typed: its worker starts now, and has loaded by Enter.
    if (state.mode === 'search' && state.line.text.startsWith(regexPrefix)) RegexWorker.warm();
    for (const effect of effects) {
      switch (effect.kind) {
        case 'quit':
          if (this.page.kind === 'help') {
            this.back();
            break;
          }
          return this.quit(effect.status);
        case 'redraw':
          this.screen.invalidate();
          break;
        case 'awaitLoad':
          if (effect.action[0] === 'bottom' && effect.count === null && this.showEnd()) break;
          this.startTask(this.awaitLoad(effect.action, effect.count));
          break;
        case 'search': {
          const query = this.options.withCase(effect.query);
          // G's window is left for the whole file: the search starts from the place there.
          if (this.page.kind === 'endWindow') this.leaveEnd(this.page, () => this.startTask(this.search(query)));
          else this.startTask(this.search(query, effect.from));
          break;
        }
        case 'filter': {
          // The filter this page showed is done with; another page's, paused, goes on when it is shown again.
          const replaced = effect.replaces && this.builds.get(effect.replaces);
          replaced?.stop();
          if (replaced && this.building?.build === replaced) {
            this.building.job.cancel();
            this.building = null;
          }
          if (effect.query) this.startTask(this.filter(this.options.withCase(effect.query)));
          break;
        }
        case 'incsearch':
          if (effect.query && this.page.loader.source.isFile) this.page.loader.want(Infinity);
          this.incremental.look(effect.query && this.options.withCase(effect.query), effect.from);
          break;
        case 'stop':
          this.task?.cancel?.();
          this.task = null;
          this.taskJob?.cancel();
          this.taskJob = null;
          // What the task asked to be read is no longer wanted: a pipe that never ends costs no more.
          this.page.loader.rest();
          break;
        case 'run':
          return void this.runCommand(effect.command, effect.link, effect.then);
        case 'open':
          this.open(effect.url);
          break;
        case 'back':
          this.back();
          break;
        case 'leaveEnd':
          if (this.page.kind === 'endWindow') this.leaveEndFor(this.page, effect.action, effect.count);
          break;
        case 'suspend':
          // Returns once lwl is continued; the terminal then asks for a frame.
          this.term.suspend();
          break;
        case 'tail':
          this.startTask(this.tail());
          break;
        case 'file':
          this.changeFile(effect.which);
          break;
        case 'examine':
          this.examine(effect.path);
          break;
        case 'reread':
          this.reopen(effect.as);
          break;
        case 'toggle':
          this.toggle(effect.option);
          break;
        case 'help':
          if (this.page.kind !== 'help') this.showNew({ ...pageText(Loader.fromText('help', helpText())), kind: 'help' });
          break;
        case 'fetch':
          this.fetch(effect.url);
          break;
        case 'reload':
          this.reopen('same');
          break;
        case 'stopLoad':
          this.web.stop();
          break;
        case 'showBinary':
          // No: back, or (the first page) the end of lwl.
          if (!this.web.answerBinary(effect.see)) return;
          break;
      }
    }
    this.render();
  }

  /** Tells the state function what happened here (or runs a key's action again), and shows the result. */
  private report(action: PagerAction | GroundAction, count: number | null = null): void {
    this.apply(update(this.state, action, count, this.context));
  }

  /** Tells the state function without drawing at once: for changes that come often (progress). */
  private note(action: PagerAction): void {
    this.state = update(this.state, action, null, this.context).state;
  }

  /** The task becomes the scheduler's most urgent job; its first slice is done now, with the key (a match near the screen shows in the key's frame). */
  private startTask(task: Task): void {
    this.taskJob?.cancel();
    this.task = task;
    const job = this.scheduler.add({ step: (deadline) => this.tick(task, deadline) }, Priority.key);
    this.taskJob = job;
    if (this.tick(task, Date.now() + BUDGET_MS) === 'done') job.cancel();
  }

  /** Advances the task: done, or shows progress and goes on (now, or when input arrives: taskJob.wake()). */
  private tick(task: Task, deadline: number): Step {
    if (this.task !== task) return 'done';
    const status = task.advance(deadline);
    if (this.task !== task) return 'done';
    if (status === 'done') {
      this.task = null;
      this.taskJob = null;
      this.note(['idle']);
      task.finish();
      return 'done';
    }
    this.note(['busy', task.progress()]);
    this.renderSoon();
    return status;
  }

  private readingProgress(doc = this.page.doc): string {
    const { bytesRead, bytesTotal } = doc;
    const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
    const amount = bytesTotal ? `${Math.floor((100 * bytesRead) / bytesTotal)}%` : mib(bytesRead);
    return `Reading... ${amount} (^C to stop)`;
  }

  /** Waits for the whole input, then runs the action. */
  private awaitLoad(action: GroundAction, count: number | null): Task {
    this.page.loader.want(Infinity);
    return {
      advance: () => (this.page.doc.complete ? 'done' : 'wait'),
      progress: () => this.readingProgress(),
      finish: () => this.report(action, count),
    };
  }

  /**
   * Searches the input from the screen on, as far as it is read, and on as
   * the rest is read. Keys wait (^C stops) only until the first match is
   * found; it is shown at once and the search goes on counting while keys
   * work, until another search (or none) takes its place.
   */
  private search(query: Query, from?: number): Task {
    const page = this.page;
    page.loader.want(Infinity);
    // A new search ends the counting of the last.
    this.counting?.run.stop();
    this.counting?.job.cancel();
    this.counting = null;
    const run = new SearchRun(page.doc.text, query, from ?? this.state.top, { growing: !page.doc.complete });
    run.wake = () => this.taskJob?.wake();
    return {
      advance: (deadline) => {
        run.grow(page.doc.complete);
        run.step(deadline);
        if (run.found) return 'done';
        return run.waiting || run.starved ? 'wait' : 'more';
      },
      progress: () => (page.doc.complete ? `Searching... ${Math.floor(run.progress * 100)}% (^C to stop)` : this.readingProgress()),
      finish: () => {
        const { matches, first, wrapped } = run;
        this.report(['searchFound', { matches, first, wrapped }]);
        this.countOn(run, page);
      },
      cancel: () => run.stop(),
    };
  }

  /** Goes on counting a search's matches while it is the one shown (and on as the text is read). */
  private countOn(run: SearchRun, page: Page): void {
    const step = (deadline: number): Step => {
      // Shown, or to be shown again if the search being typed (incrementally) is given up.
      const shown = this.state.matches === run.matches || this.state.searchOrigin?.matches === run.matches;
      if (!shown || this.page !== page) {
        run.stop();
        return 'done';
      }
      run.grow(page.doc.complete);
      if (run.complete) return 'done';
      run.step(deadline);
      this.note(['searchCounted']);
      // The full count shows at once; the counts on the way, at the pace of progress.
      if (run.complete) {
        this.render();
        return 'done';
      }
      this.renderSoon();
      return run.waiting || run.starved ? 'wait' : 'more';
    };
    const job = this.scheduler.add({ step }, Priority.counting);
    this.counting = { run, job };
    run.wake = () => job.wake();
  }

  /** G's window on the end of a file still being read, shown at its bottom; false when G waits for the whole file. */
  private showEnd(): boolean {
    const window = openEndWindow(this.page, this.state, this.settings.base);
    if (!window) return false;
    this.nav.enterWindow(window);
    this.show(window, { ...this.state, top: 0, selected: null, matches: null, match: null });
    this.state = update(this.state, ['bottom'], null, this.context).state;
    return true;
  }

  /** More of the file under G's window is read: once it is all, the file's page takes the window's place. */
  private endRead(): void {
    if (this.task) return this.taskJob?.wake();
    if (this.page.kind === 'endWindow' && this.page.main.doc.complete) {
      this.fromEnd(this.page);
      this.render();
    }
  }

  /** An action G's window cannot do: g goes to the file's top at once; any other waits for the whole file, then acts there. */
  private leaveEndFor(window: EndWindowPage, action: GroundAction, count: number | null): void {
    if (action[0] === 'top' && count === null) {
      this.nav.leaveWindow(window);
      this.show(window.main, { ...window.before, message: null });
      return this.report(action, count);
    }
    this.leaveEnd(window, () => this.report(action, count));
  }

  /** Leaves G's window for the file's page once it is all read (at once if it is), then does `then` there. */
  private leaveEnd(window: EndWindowPage, then: () => void): void {
    const main = window.main;
    main.loader.want(Infinity);
    if (main.doc.complete) {
      this.fromEnd(window);
      return then();
    }
    this.startTask({
      advance: () => (main.doc.complete ? 'done' : 'wait'),
      progress: () => this.readingProgress(main.doc),
      finish: () => {
        if (this.page !== window) return;
        this.fromEnd(window);
        then();
      },
    });
  }

  /** The file's page in place of G's window, at the same place (the same line from the end). */
  private fromEnd(window: EndWindowPage): void {
    this.nav.leaveWindow(window);
    this.show(window.main, stateFromEnd(window, this.state));
    this.note(['rewrapped']);
  }

  /**
   * &pattern: once the input is all read (keys wait, ^C stops), the filter
   * shows at once and goes on finding its lines a slice at a time between
   * keys, while it is the one shown.
   */
  private filter(query: Query): Task {
    this.page.loader.want(Infinity);
    return {
      advance: () => (this.page.doc.complete ? 'done' : 'wait'),
      progress: () => this.readingProgress(),
      finish: () => {
        const build = filterLines(this.page.doc.text, query);
        this.builds.set(build.lines, build);
        this.report(['filterStarted', build.lines]);
        this.buildFilter(build);
      },
    };
  }

  /** Finds a filter's lines a slice at a time between keys, while it is the one shown (shown again, it goes on). */
  private buildFilter(build: FilterBuild): void {
    this.building?.job.cancel();
    const step = (deadline: number): Step => {
      if (this.building?.build !== build || this.state.filter !== build.lines) return 'done';
      const status = build.step(deadline);
      this.note(['filterGrew']);
      if (status === 'done') {
        this.building = null;
        this.render();
        return 'done';
      }
      this.renderSoon();
      return status;
    };
    const job = this.scheduler.add({ step }, Priority.filter);
    this.building = { build, job };
    build.wake = () => job.wake();
  }

  /** Follows the input as it grows, showing its end, until ^C (less's F). */
  private tail(): Task {
    const loader = this.page.loader;
    loader.tail(true);
    return {
      advance: () => {
        this.note(['toBottom']);
        return 'wait';
      },
      progress: () => 'Waiting for data... (^C to stop)',
      finish: () => {},
      cancel: () => loader.tail(false),
    };
  }

  private loaded(): void {
    if (this.page.kind === 'web' && this.web.placed(this.page)) return this.render();
    const error = this.page.loader.error;
    if (error && error !== this.reportedError) {
      // The document ends where reading failed; say so once.
      this.reportedError = error;
      this.note(['notice', `Cannot read further: ${error.userMessage}`]);
    }
    this.incremental.poke();
    // A search counting on as the text is read: more to count.
    if (this.counting && !this.counting.run.complete) this.counting.job.wake();
    if (this.task) return this.taskJob?.wake();
    if (this.page.doc.complete) return this.render();
    this.renderSoon();
  }

  /** Runs a command with the terminal handed over; then resumes, or ends lwl with its status. */
  private async runCommand(command: string, link: string, then: 'resume' | 'exit'): Promise<void> {
    this.render();
    this.handedOver = true;
    const status = await this.term.handOver(() => runShell(command, link, this.pageUrl()), endRunningCommand);
    if (then === 'exit') return this.quit(status);
    await this.term.announceEnd(`[process terminated${status === 0 ? '' : `, exit status ${status}`}]`);
    this.handedOver = false;
    this.term.takeBack();
    this.resumed();
  }

  /** The terminal is ours again, its screen cleared (after a command, or ^Z and fg): all of a frame, at its size now. */
  private resumed(): void {
    this.screen.invalidate();
    const size = this.term.size();
    if (size.cols !== this.size.cols || size.rows !== this.size.rows) return this.resize(size);
    this.render();
  }

  /** Opens a local file in place of this document; Backspace comes back. */
  private open(url: string): void {
    const page = openLinked(url, this.size.rows);
    if (typeof page === 'string') return this.note(['notice', page]);
    this.showNew(page);
  }

  /**
   * r, K and \\: the page shown read again, as the same kind, the other kind
   * (markup and plain) or its raw text and back, in its own place: a file at
   * the same line, a web page fetched again (r at the same place; K and \\
   * from the top).
   */
  private reopen(as: 'same' | 'switch' | 'raw'): void {
    const page = this.page;
    if (page.kind === 'web' && as === 'same') return this.web.reload(page);
    const kind = kindToReopen(page, as);
    if (page.kind === 'web' && page.web.info) return this.web.reload(page, { kind, before: page.doc.kind as Kind });
    const reopened = reopenFile(page, kind, this.size.rows, this.settings.base);
    if (typeof reopened === 'string') return this.note(['notice', reopened]);
    // The line the top is on: the line index, counting the blocks before it if it has not yet.
    page.lines.countTo(this.state.top);
    const line = page.lines.lineOf(this.state.top) ?? 1;
    this.nav.replace(reopened);
    this.show(reopened, initialState);
    this.startLoading(reopened);
    this.report(['top'], line);
    const name = page.loader.source.name;
    this.note(['notice', as === 'same' ? `${name}: read again` : `${name}: read as ${kind}`]);
  }

  /** Shows a new document; Backspace comes back to this one where it was. */
  private showNew(page: Page): void {
    // A web page left stops loading (not for the help screen); the navigator rests the page left.
    if (page.kind !== 'help') this.web.leave(this.page);
    this.nav.push(page, this.state);
    this.show(page, initialState);
    this.startLoading(page);
  }

  private back(): void {
    if (this.nav.depth === 0) return this.note(['notice', 'No previous document']);
    this.web.leave(this.page);
    const { page, state } = this.nav.back(this.state)!;
    this.show(page, { ...(state ?? initialState), message: null });
    // Back on G's window, the file under it read meanwhile: the file's page takes its place.
    if (page.kind === 'endWindow' && page.main.doc.complete) this.fromEnd(page);
  }

  /** :n, :p, :x go to another file of the list, where it was left; :d drops this one from the list. */
  private changeFile(which: 'next' | 'previous' | 'first' | 'drop'): void {
    if (which === 'drop') {
      const dropped = this.nav.dropFile();
      if (!dropped) return this.note(['notice', 'This is the only file: nothing to drop']);
      return this.goToFile(dropped.next, `${dropped.name} dropped: `, false);
    }
    const to = this.nav.fileTarget(which);
    if (typeof to === 'string') return this.note(['notice', to]);
    this.goToFile(to, '');
  }

  /** :e: opens a file after this one in the list (a web address: a web page); the name as less reads it (spaces around it dropped, ~ expanded). */
  private examine(typed: string): void {
    const path = typedPath(typed, systemHomes(process.env, () => fs.readFileSync('/etc/passwd', 'utf8')));
    const url = httpUrl(path);
    if (url) return this.fetch(serializeUrl(url));
    this.goToFile(this.nav.insertFile(path), '');
  }

  private goToFile(index: number, note: string, comeBack = true): void {
    const name = this.nav.fileName(index);
    let arrival;
    try {
      arrival = this.nav.toFile(index, this.state, (named) => this.openPage(named), comeBack);
    } catch (err) {
      if (!(err instanceof OpenError)) throw err;
      return this.note(['notice', `${note}${name}: ${err.userMessage}`]);
    }
    this.show(arrival.page, arrival.state ?? initialState);
    this.startLoading(arrival.page);
    this.note(['notice', `${note}${name} (file ${index + 1} of ${this.nav.fileCount})`]);
  }

  /** A file of the list opened, its first screen read (a web address: its page, loading). */
  private openPage(name: string): Page {
    const url = httpUrl(name);
    if (url) return this.web.placeholder(url);
    return openListed(name, this.size.rows, this.settings.kind ?? null, this.settings.base);
  }

  /** Shows another document, in the given state; the typed lines' history stays the session's. */
  private show(page: Page, state: State): void {
    this.state = { ...state, history: this.state.history };
    this.wrap = this.wrapFor(page);
    // A filter left half found goes on finding its lines.
    const build = this.state.filter && !this.state.filter.complete ? this.builds.get(this.state.filter) : undefined;
    if (build) this.buildFilter(build);
    this.screen.invalidate();
  }

  /** The rows of a page at this size. */
  private wrapFor(page: Page, largest?: number): Wrap {
    return this.options.wrapFor(page, this.size.cols, largest);
  }

  /** `-N`, `-S`, `-i`, `-I` typed while paging: the option on or off, and a word on what it is now. */
  private toggle(option: ToggledOption): void {
    const { said, rewrap } = this.options.toggle(option);
    if (rewrap) this.rewrap();
    this.note(['notice', said]);
  }

  /** Wraps the page anew (the options or the size changed), keeping the same text at the top. */
  private rewrap(largest?: number): void {
    this.wrap = this.wrapFor(this.page, largest);
    this.note(['rewrapped']);
  }

  /** Redraws now, or a little later if a redraw just happened (while loading). */
  private renderSoon(): void {
    if (this.drawTimer) return;
    const wait = LOADING_REDRAW_MS - (Date.now() - this.lastDraw);
    if (wait <= 0) return this.render();
    this.drawTimer = setTimeout(() => {
      this.drawTimer = null;
      this.render();
    }, wait);
  }

  private resize(size: Size): void {
    if (size.cols <= 0 || size.rows <= 0) return;
    this.size = size;
    if (this.handedOver) return;
    // Keep the same text at the top: re-wrap, then find the row that holds it.
    this.rewrap();
    this.screen.invalidate();
    this.render();
  }

  /** The keys read together are handled: the frame left for them is drawn. */
  private keysDone(): void {
    if (this.frameOwed) this.render();
  }

  /** The turn's background work is done for now: the frame it asked for, once. */
  private afterTurn(): void {
    if (this.frameDue) this.render();
  }

  private render(): void {
    // In a turn of background work: drawn once, after it.
    if (this.scheduler.inTurn) {
      this.frameDue = true;
      return;
    }
    this.frameDue = false;
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    if (this.handedOver || this.ended) return;
    // Typed ahead (a paste, keys read while lwl was busy): one frame, after the last of them, as less draws.
    this.frameOwed = this.term.keysWaiting;
    if (this.frameOwed) return;
    this.lastDraw = Date.now();
    this.page.loader.want(this.state.top);
    if (this.options.lineNumbers) this.widenNumbers();
    const frame = draw(this.context, this.state, this.size, this.settings.theme, this.settings.look);
    this.term.write(this.screen.render(frame));
    this.countLines();
    // Reading it back showed the file is not what was read (rewritten in place, cut, rotated): say so once.
    if (this.page.kind === 'file' && this.page.doc.changed && !this.page.changeTold) {
      this.page.changeTold = true;
      this.note(['notice', `${this.page.doc.name} changed since lwl read it: what it holds now shows as blanks where it differs`]);
      this.renderSoon();
    }
  }

  /** Line numbers of more digits than the column has room for (past 9,999,999): a wider column. */
  private widenNumbers(): void {
    const lines = this.page.lines;
    const largest = lines.total ?? lines.lineOf(Math.max(0, screenEnd(this.context, this.state.top) - 1)) ?? 0;
    if (this.options.widerFor(this.page, this.size.cols, this.wrap.width, largest)) this.rewrap(largest);
  }

  /** Counts the document's lines a slice at a time, between keys, for the status line (each frame starts it again as the text grows). */
  private countLines(): void {
    const page = this.page;
    const { lines, doc } = page;
    const uncounted = () => !lines.done && lines.reached + LineIndex.BLOCK <= doc.text.length;
    if (this.lineCount?.page === page && this.lineCount.job.active) return;
    if (!uncounted()) return;
    // A pipe or device is counted once it has ended: an endless one (/dev/zero) is not counted for ever.
    if (!doc.complete && !page.loader.source.isFile) return;
    this.lineCount?.job.cancel();
    const step = (deadline: number): Step => {
      if (this.page !== page || this.handedOver) return 'done';
      lines.countTo(Infinity, deadline);
      this.renderSoon();
      return uncounted() ? 'more' : 'done';
    };
    this.lineCount = { page, job: this.scheduler.add({ step }, Priority.lineCount) };
  }


  /** Enter (or o) on a web link: a new page; Backspace comes back here. */
  private fetch(href: string): void {
    const parsed = parseUrl(href);
    if (parsed.ok) this.showNew(this.web.placeholder(parsed.url));
  }

  /** $LWL_URL for commands: the page's URL (a web page's after redirects, a bro page's, a file's), or empty. */
  private pageUrl(): string {
    if (this.page.kind === 'web') return serializeUrl(this.page.web.url);
    if (this.page.kind === 'help') return '';
    const base = this.page.links.base;
    if (base.source === 'option' || base.source === 'retrieved') return serializeUrl(base.url);
    return this.page.doc.name === '-' ? '' : serializeUrl(locationBase(this.page.doc.name).url);
  }

  private quit(status: number): void {
    this.nav.closeAll();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.task = null;
    this.taskJob?.cancel();
    // Keys read with q, after it, draw nothing: the screen is given back.
    this.ended = true;
    this.term.close();
    this.finish(status);
  }
}
