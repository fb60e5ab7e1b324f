// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import { fileURLToPath } from 'node:url';
import { Screen } from '../term/screen.ts';
import type { Terminal, Size } from '../term/tty.ts';
import type { GroundAction, PagerAction } from './state/actions.ts';
import { browserCommand, endRunningCommand, isLwlItself, runShell } from './commands.ts';
import type { Document } from './document/document.ts';
import { kindOf, type Kind } from './document/readers/kinds.ts';
import { draw, type Looks } from './view/draw.ts';
import { Loader, OpenError, openFile, openRegularFile } from './input/load.ts';
import { helpText } from './help.ts';
import { LinkTargets } from './link/targets.ts';
import { LineIndex, sameFromEnd, UnknownLines } from './document/lines.ts';
import type { UrlRecord } from './link/url/index.ts';
import type { Query } from './document/search.ts';
import { IncrementalSearch, SearchRun } from './document/searchrun.ts';
import { filterLines, type LineFilter } from './document/linefilter.ts';
import { withFilter } from './state/filter.ts';
import { RegexWorker } from './document/search-worker.ts';
import { regexPrefix } from '../keymap.ts';
import type { Bindings } from './state/bindings.ts';
import { initialState, press, update, type Context, type Result, type State } from './state/state.ts';
import type { Theme } from './view/theme.ts';
import { Wrap } from './view/wrap.ts';
import { gutterWidth } from './view/gutter.ts';
import { screenEnd } from './view/view.ts';
import type { ToggledOption } from './state/toggles.ts';
import { loadOptions, WebLoad } from './browse/web-load.ts';
import type { LoadOptions } from './input/page-load.ts';
import { proxyFromEnv } from './input/proxy.ts';
import { httpUrl } from './input/fetch.ts';
import { findFragment } from './document/fragments.ts';
import { locationBase } from './link/base.ts';
import { parseUrl, serializeUrl } from './link/url/index.ts';
import type { WebContext } from './state/types.ts';

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
  /** The web page named on the command line, loaded first in place of the first file. */
  startUrl?: UrlRecord | null;
  /** lwl's version, for User-Agent. */
  version?: string;
}

/** A file of the list :n and :p go through, with the place it was left at. */
interface FileEntry {
  name: string;
  page: Page | null;
  state: State;
}

/** Lines are counted in slices this long, between keys. */
const LINE_COUNT_SLICE_MS = 8;

/** G shows the file's last bytes, this many, read on their own when more than END_UNREAD is still to read... */
const END_WINDOW = 128 * 1024;
const END_UNREAD = 16 * 1024 * 1024;
/** ...for the kinds whose text from a line's start reads as it does in the whole. */
const END_KINDS = new Set(['plain', 'markup', 'raw']);
/** Keys that keep G's window: they move within it (or open the search prompt: the search waits). Any other waits for the whole file, and acts there. */
const WITHIN_END = new Set(['search', 'scrollLines', 'scrollHalfScreens', 'scrollScreens', 'bottom', 'cycle', 'next', 'follow', 'quit', 'help', 'suspend', 'redraw', 'info']);

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
  /** A page from the web: its load (while connecting, the page is empty). */
  web?: WebLoad;
  /** The first screen of a web page's text was drawn (it is drawn as soon as there is text, without waiting for the next frame). */
  drawn?: boolean;
  /** Where the screen goes once the text reaches it (a page loaded again), or the fragment to show (a URL with #name). */
  restoreTop?: number;
  fragment?: string;
  /** G's window at the end of a file not yet read: the file's page, and its state when G was pressed. */
  endOf?: { main: Page; state: State };
}


export function makePage(loader: Loader, base: UrlRecord | null = null, webUrl: UrlRecord | null = null): Page {
  return { doc: loader.doc, loader, links: new LinkTargets(loader.doc, base, webUrl), lines: new LineIndex(loader.doc) };
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
  /** q was pressed: the terminal is given back. */
  private ended = false;
  /** Documents left by following links, to go back to. */
  private readonly history: Array<{ page: Page; state: State; file: number }> = [];
  /** The files :n and :p go through, and the one shown (or the one whose links were followed). */
  private readonly files: FileEntry[];
  private file = 0;
  private lastDraw = 0;
  /** A frame was left for keys read after the one handled (keysDone draws it). */
  private frameOwed = false;
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
  /** A web page loading again (r): the page shown stays until the answer comes. */
  private reloading: { load: WebLoad; page: Page; top: number } | null = null;
  private webOptions: LoadOptions | null = null;

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
    if (settings.startUrl) this.page = this.files[0].page = this.webPlaceholder(settings.startUrl);
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
        isIdle: () => this.isIdle(),
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
      else if (this.page.endOf?.main === page) this.endRead();
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
    const web = this.webContext();
    const gutter = this.size.cols - this.wrap.width;
    const ctx = { doc: this.page.doc, wrap: this.wrap, height, links: this.page.links, lines: this.page.lines, get browser() { return pager.browserCommand(); }, secure, bindings, incsearch, web, gutter };
    // &pattern: the rows are the filter's.
    return withFilter(ctx, this.state.filter);
  }

  private key(key: string): void {
    if (this.handedOver || this.ended) return;
    if (key === this.crashKey) throw new Error('crash asked for by LWL_TEST_CRASH_KEY');
    if (this.page.endOf && this.leavesEnd(key)) return;
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
          if (this.page.isHelp) {
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
          const query = this.withCase(effect.query);
          // G's window is left for the whole file: the search starts from the place there.
          if (this.page.endOf) this.leaveEnd(() => this.startTask(this.search(query)));
          else this.startTask(this.search(query, effect.from));
          break;
        }
        case 'filter':
          // The filter this page showed is done with; another page's, paused, goes on when it is shown again.
          effect.replaces?.stop();
          if (this.building === effect.replaces) this.building = null;
          if (effect.query) this.startTask(this.filter(this.withCase(effect.query)));
          break;
        case 'incsearch':
          if (effect.query && this.page.loader.source.isFile) this.page.loader.want(Infinity);
          this.incremental.look(effect.query && this.withCase(effect.query), effect.from);
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
        case 'fetch':
          this.fetch(effect.url);
          break;
        case 'reload':
          this.reload();
          break;
        case 'stopLoad':
          this.stopLoad();
          break;
        case 'showBinary':
          // No: back, or (the first page) the end of lwl.
          if (!this.showBinary(effect.see)) return;
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
    this.counting?.stop();
    this.counting = null;
    const run = new SearchRun(page.doc.text, query, from ?? this.state.top, { growing: !page.doc.complete });
    run.wake = () => this.tick();
    return {
      advance: () => {
        run.grow(page.doc.complete);
        run.step();
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
    this.counting = run;
    let scheduled = false;
    const step = () => {
      scheduled = false;
      // Shown, or to be shown again if the search being typed (incrementally) is given up.
      const shown = this.state.matches === run.matches || this.state.searchOrigin?.matches === run.matches;
      if (!shown || this.page !== page) return run.stop();
      run.grow(page.doc.complete);
      if (run.complete) return;
      run.step();
      this.note(['searchCounted']);
      // The full count shows at once; the counts on the way, at the pace of progress.
      if (run.complete) return this.render();
      this.renderSoon();
      if (!run.waiting && !run.starved) schedule();
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(step);
    };
    run.wake = schedule;
    schedule();
  }

  /**
   * G on a regular file much of which is still to read: its last lines at
   * once, read on their own from a line's start, while the file is read on
   * in slices. Line numbers and the percent show ? until then; the file's own
   * page takes the window's place, at the same line, once it is all read.
   */
  private showEnd(): boolean {
    const main = this.page;
    const { doc, loader } = main;
    if (main.isHelp || main.endOf || !END_KINDS.has(doc.kind) || loader.source.size === null) return false;
    if (loader.source.size - doc.bytesRead < END_UNREAD) return false;
    const end = loader.readEnd(END_WINDOW);
    if (!end) return false;

    const endLoader = Loader.fromBytes(doc.name, end.bytes, doc.kind as Kind);
    endLoader.doc.endWindow = true;
    const page: Page = { ...makePage(endLoader, this.settings.base), lines: new UnknownLines(endLoader.doc), endOf: { main, state: this.state } };
    main.loader.want(Infinity);
    this.show(page, { ...this.state, top: 0, selected: null, matches: null, match: null });
    this.state = update(this.state, ['bottom'], null, this.context).state;
    return true;
  }

  /** More of the file under G's window is read: once it is all, the file's page takes the window's place. */
  private endRead(): void {
    if (this.task) return this.tick();
    if (this.page.endOf?.main.doc.complete) {
      this.fromEnd();
      this.render();
    }
  }

  /** A key on G's window that needs the whole file: g goes to its top at once; any other waits for it, then acts there. */
  private leavesEnd(key: string): boolean {
    const state = this.state;
    if (state.mode !== 'ground' || state.busy !== null || state.pending !== null || /^[0-9]$/.test(key)) return false;
    const action = this.settings.bindings.for('ground', key);
    if (!action || (WITHIN_END.has(action[0]) && !(action[0] === 'bottom' && state.count !== ''))) return false;
    if (action[0] === 'top' && state.count === '') {
      const { main, state: before } = this.page.endOf!;
      this.show(main, { ...before, message: null });
      this.apply(press(this.state, key, this.context));
      return true;
    }
    this.leaveEnd(() => this.apply(press(this.state, key, this.context)));
    return true;
  }

  /** Leaves G's window for the file's page once it is all read (at once if it is), then does `then` there. */
  private leaveEnd(then: () => void): void {
    const main = this.page.endOf!.main;
    main.loader.want(Infinity);
    if (main.doc.complete) {
      this.fromEnd();
      return then();
    }
    this.startTask({
      advance: () => (main.doc.complete ? 'done' : 'wait'),
      progress: () => this.readingProgress(main.doc),
      finish: () => {
        if (this.page.endOf?.main !== main) return;
        this.fromEnd();
        then();
      },
    });
  }

  /** The file's page in place of G's window, at the same place (the same line from the end). */
  private fromEnd(): void {
    const { main } = this.page.endOf!;
    const top = sameFromEnd(this.page.doc.text, this.state.top, main.doc.text);
    this.show(main, { ...this.state, top, selected: null, matches: null, match: null });
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
    if (this.placeWebPage()) return this.render();
    const error = this.page.loader.error;
    if (error && error !== this.reportedError) {
      // The document ends where reading failed; say so once.
      this.reportedError = error;
      this.note(['notice', `Cannot read further: ${error.userMessage}`]);
    }
    this.incremental.poke();
    // A search counting on as the text is read: more to count.
    if (this.counting && !this.counting.complete) this.counting.wake();
    if (this.task) return this.tick();
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
    let loader: Loader;
    try {
      loader = new Loader(openRegularFile(fileURLToPath(url)));
    } catch (err) {
      const reason = err instanceof OpenError ? err.userMessage : (err as Error).message;
      return this.note(['notice', `Cannot open ${url}: ${reason}`]);
    }
    try {
      loader.readFirst(this.size.rows);
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
  private reread(as: 'switch' | 'raw' | 'same'): void {
    const { source } = this.page.loader;
    const doc = this.page.doc;
    // From plain, K reads the document as its name and start say (Markdown, HTML), or as lwl's markup.
    const guessed = (): Kind => {
      const named = kindOf(source.name, this.page.loader.head);
      return named === 'plain' ? 'markup' : named;
    };
    const kind: Kind =
      as === 'same' ? (doc.kind as Kind) : as === 'raw' ? (doc.kind === 'raw' ? (this.page.kindBeforeRaw ?? 'plain') : 'raw') : doc.kind === 'plain' ? guessed() : 'plain';
    // A web page is fetched again, to be read as the other kind (\\: its source, as w3m shows it).
    if (this.page.web?.info && as !== 'same') return this.reload({ kind, before: doc.kind as Kind });
    if (!source.isFile || source.fd === 0 || this.page.isHelp) {
      return this.note(['notice', `${source.name === '-' ? 'Standard input' : 'This text'} cannot be read again: it is read as ${doc.kind}`]);
    }
    let loader: Loader;
    try {
      loader = new Loader(openFile(source.name), kind);
      loader.readFirst(this.size.rows);
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
    this.note(['notice', as === 'same' ? `${source.name}: read again` : `${source.name}: read as ${kind}`]);
  }

  /** Shows a new document; Backspace comes back to this one where it was. */
  private showNew(page: Page): void {
    // The document left reads no further until it is shown again; a web page left stops loading (not for the help screen).
    if (!page.isHelp) this.leaveWeb(this.page);
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
    // Back on G's window, the file under it read meanwhile: the file's page takes its place.
    if (this.page.endOf?.main.doc.complete) this.fromEnd();
  }

  /** The page shown is left: a file of the list rests (it may be shown again), another document is closed. */
  private leave(): void {
    this.leaveWeb(this.page);
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
    const url = httpUrl(path);
    if (url) return this.fetch(serializeUrl(url));
    this.files.splice(this.file + 1, 0, { name: path, page: null, state: initialState });
    this.goToFile(this.file + 1, '');
  }

  private goToFile(index: number, note: string, comeBack = true): void {
    const entry = this.files[index];
    const url = entry.page ? null : httpUrl(entry.name);
    if (url) entry.page = this.webPlaceholder(url);
    if (!entry.page) {
      try {
        const loader = new Loader(openFile(entry.name), this.settings.kind ?? null);
        loader.readFirst(this.size.rows);
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

  /**
   * Nothing runnable and no frame owed (for the tests' signal, term/idle-signal.ts): work
   * that waits on a pipe is idle, a search that waits on its worker is not. The
   * scheduler's own idleness (src/schedule/) takes the place of these parts.
   */
  private isIdle(): boolean {
    const counting = this.counting?.busy ?? false;
    const filtering = this.building !== null && this.state.filter === this.building && !this.building.complete;
    return !this.handedOver && !this.ended && this.task === null && !counting && !filtering && !this.countingLines && this.drawTimer === null && !this.frameOwed && !this.incremental.busy && !this.page.loader.stepping;
  }

  /** The keys read together are handled: the frame left for them is drawn. */
  private keysDone(): void {
    if (this.frameOwed) this.render();
  }

  private render(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    if (this.handedOver || this.ended) return;
    // Typed ahead (a paste, keys read while lwl was busy): one frame, after the last of them, as less draws.
    this.frameOwed = this.term.keysWaiting;
    if (this.frameOwed) return;
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

  // Web pages (src/browse/web-load.ts): a page shows at once, empty while it
  // connects, and fills as its text arrives; keys work all the while.

  private startWeb(url: UrlRecord): WebLoad {
    this.webOptions ??= loadOptions(this.settings.version ?? 'dev', process.env, proxyFromEnv(process.env));
    return new WebLoad(url, this.webOptions, {
      begin: (load) => this.webBegan(load),
      progress: (load) => {
        if (this.isShowing(load)) this.renderSoon();
      },
      end: (load) => this.webEnded(load),
    });
  }

  /** An empty page for a URL, which its text takes the place of when the answer comes. */
  private webPlaceholder(url: UrlRecord): Page {
    const load = this.startWeb(url);
    return { ...makePage(Loader.fromText(load.name, '')), web: load };
  }

  /** The load the page shown waits for: its reload's, else its own. */
  private shownLoad(): WebLoad | null {
    return this.reloading?.page === this.page ? this.reloading.load : (this.page.web ?? null);
  }

  private isShowing(load: WebLoad): boolean {
    return this.shownLoad() === load;
  }

  /** A query as typed, with the case setting (-i, -I, or - typed while paging): every search, filter and incremental search alike. */
  private withCase(query: Query): Query {
    return { ...query, caseless: this.caseless };
  }

  private webContext(): WebContext | null {
    const own = this.page.web;
    const shown = this.shownLoad();
    if (!own || !shown) return null;
    return { url: own.url, progress: shown.progressText(), facts: () => own.facts(this.size.cols) };
  }

  /** Enter (or o) on a web link: a new page; Backspace comes back here. */
  private fetch(href: string): void {
    const parsed = parseUrl(href);
    if (parsed.ok) this.showNew(this.webPlaceholder(parsed.url));
  }

  /** The answer came: show the page (or the failure page), or ask first if it is not text. */
  private webBegan(load: WebLoad): void {
    if (!this.isShowing(load)) return load.cancel();
    const reload = this.reloading?.load === load;
    if (load.info!.failure?.kind === 'cancelled') {
      if (reload) {
        this.reloading = null;
        return this.report(['notice', 'Stopped: the page was not loaded again']);
      }
      if (this.history.length > 0) {
        this.back();
        return this.report(['notice', 'Stopped before the page arrived']);
      }
      // The first page: its "Stopped" page says what happened.
    }
    if (load.needsQuestion) {
      const type = load.info!.page!.contentType;
      const question = { text: `This page is ${type}, not text: see it anyway? (y/n)`, yes: [{ kind: 'showBinary', see: true } as const], no: [{ kind: 'showBinary', see: false } as const], noMessage: null };
      return this.report(['ask', question]);
    }
    // Drawn when its first text has come (placeWebPage).
    this.showWeb(load);
  }

  /** y or n to a page that is not text: shown as plain text, or left; false if lwl ended (no page to go back to). */
  private showBinary(see: boolean): boolean {
    const load = this.shownLoad();
    if (!load) return true;
    if (see) {
      this.showWeb(load);
      return true;
    }
    load.cancel();
    if (this.reloading?.load === load) this.reloading = null;
    else if (this.history.length > 0) this.back();
    else {
      this.quit(0);
      return false;
    }
    this.note(['notice', 'Not shown']);
    return true;
  }

  /** The page's text takes the place of the page shown (the empty page, or the page being loaded again). */
  private showWeb(load: WebLoad): void {
    const reload = this.reloading?.load === load ? this.reloading : null;
    this.reloading = null;
    const page: Page = {
      ...makePage(load.loader(), null, load.url),
      web: load,
      restoreTop: reload?.top,
      fragment: reload ? undefined : (load.url.fragment ?? undefined),
      kindBeforeRaw: load.as?.kind === 'raw' ? load.as.before : undefined,
    };
    const old = this.page;
    const entry = this.files.find((f) => f.page === old);
    if (entry) entry.page = page;
    if (!this.history.some((h) => h.page === old)) old.loader.stop();
    this.show(page, initialState);
    this.startLoading(page);
    const said = load.endMessage(this.size.cols);
    if (said) this.note(['notice', said]);
  }

  private webEnded(load: WebLoad): void {
    // A page loading again says nothing of its old load's end.
    if (this.page.web !== load || this.reloading?.page === this.page) return;
    // A failure page said why when it was shown.
    const said = load.info?.failure ? null : load.endMessage(this.size.cols);
    if (said) this.note(['notice', said]);
    this.renderSoon();
  }

  /** ^C while a page loads: it stops, and what arrived stays. */
  private stopLoad(): void {
    const load = this.shownLoad();
    if (!load || load.finished) return;
    load.cancel();
    // What arrived is read to its end, so that the page is whole as far as it goes.
    if (this.page.web === load) this.page.loader.want(Infinity);
  }

  /** r: a web page is fetched again and takes this one's place at the same place; a file is read again. */
  private reload(as: WebLoad['as'] = null): void {
    const web = this.page.web;
    if (!web) return this.reread('same');
    if (this.reloading?.page === this.page) this.reloading.load.cancel();
    const page = this.page;
    const load = this.startWeb(web.url);
    // r keeps the kind the page is read as; K and \\ change it, from the top.
    load.as = as ?? web.as;
    // Marked first, so that the old load's end (cancelled) is not taken for the page's.
    this.reloading = { load, page, top: as ? 0 : this.state.top };
    if (!web.finished) {
      web.cancel();
      page.loader.want(Infinity);
    }
  }

  /** A web page left loads no further: what arrived stays (Backspace comes back to it). */
  private leaveWeb(page: Page): void {
    if (this.reloading?.page === page) {
      this.reloading.load.cancel();
      this.reloading = null;
    }
    if (page.web && !page.web.finished) {
      page.web.cancel();
      page.loader.want(Infinity);
    }
  }

  /** Once the text reaches it: the place a reloaded page was at, or the fragment its URL names; true when the first text of a web page has come, to be drawn now. */
  private placeWebPage(): boolean {
    const page = this.page;
    if (page.restoreTop !== undefined && (page.doc.complete || page.doc.text.length > page.restoreTop)) {
      const top = page.restoreTop;
      page.restoreTop = undefined;
      if (this.state.top === 0) this.note(['restoreTop', top]);
    }
    if (page.fragment !== undefined && page.doc.complete) {
      const at = findFragment(page.doc, page.fragment);
      page.fragment = undefined;
      if (at !== null && this.state.top === 0) this.note(['restoreTop', at]);
    }
    if (!page.web || page.drawn || page.doc.text.length === 0) return false;
    page.drawn = true;
    return true;
  }

  /** $LWL_URL for commands: the page's URL (a web page's after redirects, a bro page's, a file's), or empty. */
  private pageUrl(): string {
    if (this.page.web) return serializeUrl(this.page.web.url);
    if (this.page.isHelp) return '';
    const base = this.page.links.base;
    if (base.source === 'option' || base.source === 'retrieved') return serializeUrl(base.url);
    return this.page.doc.name === '-' ? '' : serializeUrl(locationBase(this.page.doc.name).url);
  }

  private quit(status: number): void {
    this.page.loader.stop();
    for (const { page } of this.history) page.loader.stop();
    for (const { page } of this.files) page?.loader.stop();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.task = null;
    // Keys read with q, after it, draw nothing: the screen is given back.
    this.ended = true;
    this.term.close();
    this.finish(status);
  }
}
