// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import { fileURLToPath } from 'node:url';
import { Screen } from '../term/screen.ts';
import type { Terminal, Size } from '../term/tty.ts';
import type { GroundAction, PagerAction } from './state/actions.ts';
import { browserCommand, endRunningCommand, runShell } from './commands.ts';
import type { Document } from './document/document.ts';
import { kindOf, type Kind } from './document/readers/kinds.ts';
import { draw, type Looks } from './view/draw.ts';
import { Loader, OpenError, openFile, openRegularFile } from './input/load.ts';
import { helpText } from './help.ts';
import { LinkTargets } from './link/targets.ts';
import { LineIndex } from './document/lines.ts';
import type { UrlRecord } from './link/url/index.ts';
import type { Query } from './document/search.ts';
import { IncrementalSearch, SearchRun } from './document/searchrun.ts';
import { filterLines, type LineFilter } from './document/linefilter.ts';
import { withFilter } from './state/filter.ts';
import type { Bindings } from './state/bindings.ts';
import { initialState, press, update, type Context, type Result, type State } from './state/state.ts';
import type { Theme } from './view/theme.ts';
import { Wrap } from './view/wrap.ts';
import { gutterWidth } from './view/gutter.ts';
import { screenEnd } from './view/view.ts';
import type { ToggledOption } from './state/toggles.ts';

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
  caseless?: 'smart' | 'always' | 'never';
  /** Incremental search (--incsearch, the default; --no-incsearch turns it off). */
  incsearch?: boolean;
}

/** A file of the list :n and :p go through, with the place it was left at. */
interface FileEntry {
  name: string;
  page: Page | null;
  state: State;
}

/** Lines are counted in slices this long, between keys. */
const LINE_COUNT_SLICE_MS = 8;

/** While loading, redraw at most this often. */
const LOADING_REDRAW_MS = 50;

/** A document being read, with what is derived from it. */
export interface Page {
  doc: Document;
  loader: Loader;
  links: LinkTargets;
  lines: LineIndex;
  /** lwl's own help screen: q goes back from it instead of quitting. */
  isHelp?: boolean;
  /** The user was told that the file changed under lwl. */
  changeTold?: boolean;
  /** For the raw view (\\): the kind to go back to. */
  kindBeforeRaw?: Kind;
}


export function makePage(loader: Loader, base: UrlRecord | null = null): Page {
  return { doc: loader.doc, loader, links: new LinkTargets(loader.doc, base), lines: new LineIndex(loader.doc) };
}

/** Work that takes a while (waiting for the input, searching): shown as progress, ^C stops it. */
interface Task {
  /** Does a slice of the work: 'done', 'more' (call again soon) or 'wait' (for more input). */
  advance(): 'done' | 'more' | 'wait';
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
  private task: Task | null = null;
  /** The search that goes on counting after showing its first match. */
  private counting: SearchRun | null = null;
  /** The filter (&pattern) whose lines are being found. */
  private building: LineFilter | null = null;
  /** The incremental search: the first match of what is being typed, looked for between keys. */
  private readonly incremental = new IncrementalSearch(
    () => this.page.doc.text,
    // A file is searched once read to its end; a pipe (that may never end), as far as it is read.
    () => this.page.doc.complete || !this.page.loader.source.isFile,
    (found) => this.report(['incFound', found]),
  );
  /** Keys are not ours while a command runs. */
  private handedOver = false;
  /** Documents left by following links, to go back to. */
  private readonly history: Array<{ page: Page; state: State; file: number }> = [];
  /** The files :n and :p go through, and the one shown (or the one whose links were followed). */
  private readonly files: FileEntry[];
  private file = 0;
  private lastDraw = 0;
  private drawTimer: NodeJS.Timeout | null = null;
  private finish: (status: number) => void = () => {};
  /** The browser command, looked up when first needed (undefined: not yet). */
  private browser: string | null | undefined;
  /** The read error last shown, so that it is shown once. */
  private reportedError: OpenError | null = null;
  /** A slice of line counting is scheduled. */
  private countingLines = false;
  /** The options `-` changes while paging (-S, -N, -i, -I): they outlast a document. */
  private chop: boolean;
  private lineNumbers: boolean;
  private caseless: 'smart' | 'always' | 'never';
  /** Lets the tests check that a crash gives the terminal back. */
  private readonly crashKey = process.env.LWL_TEST_CRASH_KEY;

  constructor(
    private readonly term: Terminal,
    private page: Page,
    private readonly settings: PagerSettings,
  ) {
    this.size = term.size();
    this.chop = settings.chop ?? false;
    this.lineNumbers = settings.lineNumbers ?? false;
    this.caseless = settings.caseless ?? 'smart';
    this.wrap = this.wrapFor(page);
    const names = settings.files.length > 0 ? settings.files : [page.doc.name];
    this.files = names.map((name, i) => ({ name, page: i === 0 ? page : null, state: initialState }));
  }

  /** Runs until the user quits; resolves with the exit status. */
  run(): Promise<number> {
    return new Promise((resolve) => {
      this.finish = resolve;
      this.term.start({
        key: (key) => this.key(key),
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
    page.loader.start(() => {
      if (this.page === page) this.loaded();
    });
  }

  private get context(): Context {
    // Looked up once: null (no browser) is an answer too.
    if (this.browser === undefined) this.browser = browserCommand(process.env, this.settings.browser);
    const height = Math.max(1, this.size.rows - 1);
    const { secure, bindings, incsearch } = this.settings;
    const ctx = { doc: this.page.doc, wrap: this.wrap, height, links: this.page.links, lines: this.page.lines, browser: this.browser, secure, bindings, incsearch };
    // &pattern: the rows are the filter's.
    return withFilter(ctx, this.state.filter);
  }

  private key(key: string): void {
    if (this.handedOver) return;
    if (key === this.crashKey) throw new Error('crash asked for by LWL_TEST_CRASH_KEY');
    this.apply(press(this.state, key, this.context));
  }

  /** Takes the state function's result: the next state, then its effects, then a frame. */
  private apply({ state, effects }: Result): void {
    this.state = state;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'quit':
          if (this.page.isHelp) {
            this.back();
            break;
          }
          return this.quit(effect.status);
        case 'redraw':
          this.screen.invalidate();
          break;
        case 'awaitLoad':
          this.startTask(this.awaitLoad(effect.action, effect.count));
          break;
        case 'search':
          this.startTask(this.search({ ...effect.query, caseless: this.caseless }, effect.from));
          break;
        case 'filter':
          // The filter this page showed is done with; another page's, paused, goes on when it is shown again.
          effect.replaces?.stop();
          if (this.building === effect.replaces) this.building = null;
          if (effect.query) this.startTask(this.filter(effect.query));
          break;
        case 'incsearch':
          if (effect.query && this.page.loader.source.isFile) this.page.loader.want(Infinity);
          this.incremental.look(effect.query && { ...effect.query, caseless: this.caseless }, effect.from);
          break;
        case 'stop':
          this.task?.cancel?.();
          this.task = null;
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
          this.reread(effect.as);
          break;
        case 'toggle':
          this.toggle(effect.option);
          break;
        case 'help':
          if (!this.page.isHelp) this.showNew({ ...makePage(Loader.fromText('help', helpText())), isHelp: true });
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

  private startTask(task: Task): void {
    this.task = task;
    this.tick();
  }

  /** Advances the task: done, or shows progress and goes on (now, or when input arrives). */
  private tick(): void {
    const task = this.task;
    if (!task) return;
    const status = task.advance();
    if (this.task !== task) return;
    if (status === 'done') {
      this.task = null;
      this.note(['idle']);
      return task.finish();
    }
    this.note(['busy', task.progress()]);
    this.renderSoon();
    if (status === 'more') setImmediate(() => this.tick());
  }

  private readingProgress(): string {
    const { bytesRead, bytesTotal } = this.page.doc;
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
   * Searches the input (once it is all read) from the screen on. Keys wait
   * (^C stops) only until the first match is found; it is shown at once and
   * the search goes on counting while keys work, until another search (or
   * none) takes its place.
   */
  private search(query: Query, from?: number): Task {
    this.page.loader.want(Infinity);
    // A new search ends the counting of the last.
    this.counting?.stop();
    this.counting = null;
    let run: SearchRun | null = null;
    return {
      advance: () => {
        if (!this.page.doc.complete) return 'wait';
        if (!run) {
          run = new SearchRun(this.page.doc.text, query, from ?? this.state.top);
          run.wake = () => this.tick();
        }
        run.step();
        if (run.found) return 'done';
        return run.waiting ? 'wait' : 'more';
      },
      progress: () => (run ? `Searching... ${Math.floor(run.progress * 100)}% (^C to stop)` : this.readingProgress()),
      finish: () => {
        if (!run) return;
        const { matches, first, wrapped } = run;
        this.report(['searchFound', { matches, first, wrapped }]);
        this.countOn(run);
      },
      cancel: () => run?.stop(),
    };
  }

  /** Goes on counting a search's matches while it is the one shown. */
  private countOn(run: SearchRun): void {
    this.counting = run;
    const step = () => {
      // Shown, or to be shown again if the search being typed (incrementally) is given up.
      if (this.state.matches !== run.matches && this.state.searchOrigin?.matches !== run.matches) return run.stop();
      if (run.complete) return;
      run.step();
      this.note(['searchCounted']);
      // The full count shows at once; the counts on the way, at the pace of progress.
      if (run.complete) return this.render();
      this.renderSoon();
      if (!run.waiting) setImmediate(step);
    };
    run.wake = step;
    setImmediate(step);
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
        const filter = filterLines(this.page.doc.text, query);
        this.report(['filterStarted', filter]);
        this.buildFilter(filter);
      },
    };
  }

  /** Finds a filter's lines a slice at a time between keys, while it is the one shown (shown again, it goes on). */
  private buildFilter(filter: LineFilter): void {
    this.building = filter;
    const step = () => {
      if (this.building !== filter || this.state.filter !== filter) return;
      const more = filter.step();
      this.note(['filterGrew']);
      if (!more) {
        this.building = null;
        return this.render();
      }
      this.renderSoon();
      if (!filter.waiting) setImmediate(step);
    };
    filter.wake = step;
    setImmediate(step);
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
    const error = this.page.loader.error;
    if (error && error !== this.reportedError) {
      // The document ends where reading failed; say so once.
      this.reportedError = error;
      this.note(['notice', `Cannot read further: ${error.userMessage}`]);
    }
    this.incremental.poke();
    if (this.task) return this.tick();
    if (this.page.doc.complete) return this.render();
    this.renderSoon();
  }

  /** Runs a command with the terminal handed over; then resumes, or ends lwl with its status. */
  private async runCommand(command: string, link: string, then: 'resume' | 'exit'): Promise<void> {
    this.render();
    this.handedOver = true;
    const status = await this.term.handOver(() => runShell(command, link), endRunningCommand);
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
    let loader: Loader;
    try {
      loader = new Loader(openRegularFile(fileURLToPath(url)));
    } catch (err) {
      const reason = err instanceof OpenError ? err.userMessage : (err as Error).message;
      return this.note(['notice', `Cannot open ${url}: ${reason}`]);
    }
    try {
      loader.readFirst();
    } catch (err) {
      loader.stop();
      if (!(err instanceof OpenError)) throw err;
      return this.note(['notice', `Cannot open ${url}: ${err.userMessage}`]);
    }
    this.showNew(makePage(loader));
  }

  /**
   * K and \\: reads the file shown again as another kind, in place of this
   * page, at the same line. A pipe cannot be read again.
   */
  private reread(as: 'switch' | 'raw'): void {
    const { source } = this.page.loader;
    const doc = this.page.doc;
    if (!source.isFile || source.fd === 0 || this.page.isHelp) {
      return this.note(['notice', `${source.name === '-' ? 'Standard input' : 'This text'} cannot be read again: it is read as ${doc.kind}`]);
    }
    // From plain, K reads the document as its name and start say (Markdown, HTML), or as lwl's markup.
    const guessed = kindOf(source.name, this.page.loader.head);
    const kind: Kind = as === 'raw' ? (doc.kind === 'raw' ? (this.page.kindBeforeRaw ?? 'plain') : 'raw') : doc.kind === 'plain' ? (guessed === 'plain' ? 'markup' : guessed) : 'plain';
    let loader: Loader;
    try {
      loader = new Loader(openFile(source.name), kind);
      loader.readFirst();
    } catch (err) {
      if (!(err instanceof OpenError)) throw err;
      return this.note(['notice', `Cannot read ${source.name} again: ${err.userMessage}`]);
    }
    // The line the top is on: the line index, counting the blocks before it if it has not yet.
    this.page.lines.countTo(this.state.top);
    const line = this.page.lines.lineOf(this.state.top) ?? 1;
    const page: Page = { ...makePage(loader, this.settings.base), kindBeforeRaw: kind === 'raw' ? (doc.kind as Kind) : undefined };
    const entry = this.files.find((f) => f.page === this.page);
    if (entry) entry.page = page;
    if (!this.history.some((h) => h.page === this.page)) this.page.loader.stop();
    this.show(page, initialState);
    this.startLoading(page);
    this.report(['top'], line);
    this.note(['notice', `${source.name}: read as ${kind}`]);
  }

  /** Shows a new document; Backspace comes back to this one where it was. */
  private showNew(page: Page): void {
    // The document left reads no further until it is shown again.
    this.page.loader.rest();
    this.history.push({ page: this.page, state: this.state, file: this.file });
    this.show(page, initialState);
    this.startLoading(page);
  }

  private back(): void {
    const previous = this.history.pop();
    if (!previous) return this.note(['notice', 'No previous document']);
    this.leave();
    this.file = previous.file;
    this.show(previous.page, { ...previous.state, message: null });
  }

  /** The page shown is left: a file of the list rests (it may be shown again), another document is closed. */
  private leave(): void {
    const entry = this.files.find((f) => f.page === this.page);
    if (entry) {
      entry.state = this.state;
      this.page.loader.rest();
    } else if (!this.history.some((h) => h.page === this.page)) {
      this.page.loader.stop();
    }
  }

  /** :n, :p, :x go to another file of the list, where it was left; :d drops this one from the list. */
  private changeFile(which: 'next' | 'previous' | 'first' | 'drop'): void {
    const count = this.files.length;
    if (which === 'drop') {
      if (count === 1) return this.note(['notice', 'This is the only file: nothing to drop']);
      const [dropped] = this.files.splice(this.file, 1);
      // Backspace does not come back to a dropped file.
      if (dropped.page && !this.history.some((h) => h.page === dropped.page)) dropped.page.loader.stop();
      const next = Math.min(this.file, count - 2);
      this.file = -1;
      return this.goToFile(next, `${dropped.name} dropped: `, false);
    }
    const to = which === 'first' ? 0 : this.file + (which === 'next' ? 1 : -1);
    if (to < 0) return this.note(['notice', 'No previous file']);
    if (to >= count) return this.note(['notice', 'No next file']);
    this.goToFile(to, '');
  }

  /** :e: opens a file after this one in the list. */
  private examine(path: string): void {
    this.files.splice(this.file + 1, 0, { name: path, page: null, state: initialState });
    this.goToFile(this.file + 1, '');
  }

  private goToFile(index: number, note: string, comeBack = true): void {
    const entry = this.files[index];
    if (!entry.page) {
      try {
        const loader = new Loader(openFile(entry.name), this.settings.kind ?? null);
        loader.readFirst();
        entry.page = makePage(loader, this.settings.base);
      } catch (err) {
        if (!(err instanceof OpenError)) throw err;
        this.files.splice(index, 1);
        return this.note(['notice', `${note}${entry.name}: ${err.userMessage}`]);
      }
    }
    if (this.files[this.file]?.page === this.page) this.files[this.file].state = this.state;
    if (comeBack) {
      this.history.push({ page: this.page, state: this.state, file: this.file });
      this.page.loader.rest();
    }
    this.file = index;
    this.show(entry.page, entry.state);
    this.startLoading(entry.page);
    this.note(['notice', `${note}${entry.name} (file ${index + 1} of ${this.files.length})`]);
  }

  /** Shows another document, in the given state; the typed lines' history stays the session's. */
  private show(page: Page, state: State): void {
    this.page = page;
    this.state = { ...state, history: this.state.history };
    this.wrap = this.wrapFor(page);
    // A filter left half found goes on finding its lines.
    if (this.state.filter && !this.state.filter.complete) this.buildFilter(this.state.filter);
    this.screen.invalidate();
  }

  /** The rows of a page at this size: wrapped or chopped, beside the line numbers if they show. */
  private wrapFor(page: Page, largest = page.lines.total ?? 0): Wrap {
    const cols = this.size.cols;
    return new Wrap(page.doc, cols - gutterWidth(cols, this.lineNumbers, largest), this.chop);
  }

  /** `-N`, `-S`, `-i`, `-I` typed while paging: the option on or off, and a word on what it is now. */
  private toggle(option: ToggledOption): void {
    let said: string;
    if (option === 'N') {
      this.lineNumbers = !this.lineNumbers;
      said = this.lineNumbers ? 'Line numbers on (-N)' : 'Line numbers off';
    } else if (option === 'S') {
      this.chop = !this.chop;
      said = this.chop ? 'Long lines chopped (-S): h and l scroll sideways' : 'Long lines wrap';
    } else {
      const on = option === 'i' ? 'smart' : 'always';
      this.caseless = this.caseless === on ? (option === 'i' ? 'never' : 'smart') : on;
      said = { smart: 'Searches ignore case unless the pattern has a capital (-i)', always: 'Searches ignore case (-I)', never: 'Searches match case' }[this.caseless];
      return this.note(['notice', said]);
    }
    this.rewrap();
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

  private render(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    if (this.handedOver) return;
    this.lastDraw = Date.now();
    this.page.loader.want(this.state.top);
    if (this.lineNumbers) this.widenNumbers();
    const frame = draw(this.context, this.state, this.size, this.settings.theme, this.settings.look);
    this.term.write(this.screen.render(frame));
    this.countLines();
    // Reading it back showed the file is not what was read (rewritten in place, cut, rotated): say so once.
    if (this.page.doc.changed && !this.page.changeTold) {
      this.page.changeTold = true;
      this.note(['notice', `${this.page.doc.name} changed since lwl read it: what it holds now shows as blanks where it differs`]);
      this.renderSoon();
    }
  }

  /** Line numbers of more digits than the column has room for (past 9,999,999): a wider column. */
  private widenNumbers(): void {
    const lines = this.page.lines;
    const largest = lines.total ?? lines.lineOf(Math.max(0, screenEnd(this.context, this.state.top) - 1)) ?? 0;
    const cols = this.size.cols;
    if (cols - gutterWidth(cols, true, largest) < this.wrap.width) this.rewrap(largest);
  }

  /** Counts the document's lines a slice at a time, between keys, for the status line. */
  private countLines(): void {
    const lines = this.page.lines;
    if (this.countingLines || lines.done || lines.reached + LineIndex.BLOCK > this.page.doc.text.length) return;
    // A pipe or device is counted once it has ended: an endless one (/dev/zero) is not counted for ever.
    if (!this.page.doc.complete && !this.page.loader.source.isFile) return;
    this.countingLines = true;
    setImmediate(() => {
      this.countingLines = false;
      if (this.handedOver) return;
      lines.countTo(Infinity, Date.now() + LINE_COUNT_SLICE_MS);
      this.renderSoon();
    });
  }

  private quit(status: number): void {
    this.page.loader.stop();
    for (const { page } of this.history) page.loader.stop();
    for (const { page } of this.files) page?.loader.stop();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.task = null;
    this.term.close();
    this.finish(status);
  }
}
