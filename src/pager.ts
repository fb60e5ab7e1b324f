// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import fs from 'node:fs';
import { Screen } from '../term/screen.ts';
import type { Terminal, Size } from '../term/tty.ts';
import { literalPrefix, regexPrefix } from '../keymap.ts';
import { EDIT_COMMAND, browserCommand, endRunningCommand, isLwlItself, runShell, type ShellExtra } from './commands.ts';
import { saveInput } from './pager/save.ts';
import type { Kind } from './document/readers/kind-names.ts';
import { RegexWorker } from './document/search-worker.ts';
import type { OpenError } from './input/load.ts';
import type { UrlRecord } from './link/url/index.ts';
import type { Page } from './navigator/page.ts';
import { Navigation, type NavigationHost } from './pager/navigation.ts';
import { PagingOptions, type Caseless } from './pager/options.ts';
import { PagerWork, type WorkHost } from './pager/work.ts';
import { Scheduler } from './schedule/scheduler.ts';
import { firstScreenDone } from './startup/first-screen.ts';
import type { GroundAction } from './state/actions.ts';
import type { JumpTarget, PagerAction } from './state/types.ts';
import type { Bindings } from './state/bindings.ts';
import { withFilter } from './state/filter.ts';
import { initialState, press, typeText, typesText, update, type Context, type Result, type State } from './state/state.ts';
import type { ToggledOption } from './state/types.ts';
import { draw, type Looks } from './draw/draw.ts';
import type { Theme } from './draw/theme.ts';
import { screenEnd } from './rows/viewport.ts';
import type { Wrap } from './rows/wrap.ts';

/** What the pager asks of the terminal (a unit test gives it a fake). */
export type PagerTerminal = Pick<Terminal, 'size' | 'start' | 'write' | 'workDone' | 'keysWaiting' | 'suspend' | 'handOver' | 'announceEnd' | 'takeBack' | 'close'>;

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
  /** -j: the row a search's match lands on (the top row when absent, as less). */
  jumpTarget?: JumpTarget;
  /** --regex-search: a search is a regular expression unless ^R makes it literal. */
  regexSearch?: boolean;
  /** The web page named on the command line, loaded first in place of the first file. */
  startUrl?: UrlRecord | null;
  /** lwl's version, for User-Agent. */
  version?: string;
}


/** While loading, redraw at most this often. */
const LOADING_REDRAW_MS = 50;

export class Pager {
  private state: State = initialState;
  private wrap: Wrap;
  private size: Size;
  private readonly screen = new Screen();
  /** Runs the background work (reading, searching, counting, filtering) between keys; the frame is drawn after each turn. */
  private readonly scheduler = new Scheduler({ afterTurn: () => this.afterTurn() });
  /** A frame asked for during a turn, drawn after it. */
  private frameDue = false;
  /** Keys are not ours while a command runs. */
  private handedOver = false;
  /** Text typed into a line from keys read together, not yet typed (see key). */
  private typed = '';
  /** The work that takes a while: reading for a key, searching, counting, filtering. */
  private readonly work: PagerWork;
  /** q was pressed: the terminal is given back. */
  private ended = false;
  /** The pages: the one shown, those Backspace goes back to, the files of :n and :p, and the moves between them. */
  private readonly pages: Navigation;
  private lastDraw = 0;
  /** A frame was left for keys read after the one handled (keysDone draws it). */
  private frameOwed = false;
  private drawTimer: NodeJS.Timeout | null = null;
  private finish: (status: number) => void = () => {};
  /** The browser command, looked up when first needed (undefined: not yet). */
  private browser: string | null | undefined;
  /** The read error last shown, so that it is shown once. */
  private reportedError: OpenError | null = null;
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
    this.work = new PagerWork(this.workHost(), this.scheduler);
    this.pages = new Navigation(this.navigationHost(), first, settings, this.scheduler, this.work);
    this.wrap = this.wrapFor(this.page);
  }

  /** The page shown. */
  private get page(): Page {
    return this.pages.page;
  }

  /** What the background work asks of the pager. */
  private workHost(): WorkHost {
    const pager = this;
    return {
      get page() {
        return pager.page;
      },
      get state() {
        return pager.state;
      },
      get handedOver() {
        return pager.handedOver;
      },
      report: (action, count = null) => this.report(action, count),
      note: (action) => this.note(action),
      render: () => this.render(),
      renderSoon: () => this.renderSoon(),
    };
  }

  /** What the moves between pages ask of the pager. */
  private navigationHost(): NavigationHost {
    const pager = this;
    return {
      get state() {
        return pager.state;
      },
      get rows() {
        return pager.size.rows;
      },
      get cols() {
        return pager.size.cols;
      },
      show: (page, state) => this.show(page, state),
      loaded: () => this.loaded(),
      report: (action, count = null) => this.report(action, count),
      note: (action) => this.note(action),
      render: () => this.render(),
      renderSoon: () => this.renderSoon(),
      quit: (status) => this.quit(status),
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
        isIdle: () => this.isIdle(),
      });
      if (this.settings.message !== null) this.note(['notice', this.settings.message]);
      this.render();
      firstScreenDone();
      this.pages.startLoading();
      for (const key of this.settings.startKeys) this.key(key);
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
    const { secure, bindings, incsearch, jumpTarget, regexSearch } = this.settings;
    const web = this.pages.web.context();
    const gutter = this.size.cols - this.wrap.width;
    const endWindow = this.page.kind === 'endWindow';
    const ctx = { doc: this.page.doc, rows: this.wrap, height, links: this.page.links, lines: this.page.lines, get browser() { return pager.browserCommand(); }, secure, bindings, incsearch, jumpTarget, regexSearch, web, gutter, endWindow };
    // &pattern: the rows are the filter's.
    return withFilter(ctx, this.state.filter);
  }

  private key(key: string): void {
    if (this.handedOver || this.ended) return;
    if (key === this.crashKey) throw new Error('crash asked for by LWL_TEST_CRASH_KEY');
    // Text typed into a line with more keys read behind it (a paste): gathered, and typed as one edit.
    if (typesText(this.state, key, this.settings.bindings)) {
      this.typed += key;
      if (!this.term.keysWaiting) this.typeGathered();
      return;
    }
    this.typeGathered();
    this.apply(press(this.state, key, this.context));
  }

  /** The text gathered from keys read together, typed into the line. */
  private typeGathered(): void {
    if (this.typed === '') return;
    const text = this.typed;
    this.typed = '';
    this.apply(typeText(this.state, text, this.context));
  }

  /** Takes the state function's result: the next state, then its effects, then a frame. */
  private apply({ state, effects }: Result): void {
    this.state = state;
    // A regular expression being typed: its worker starts now, and has loaded by Enter.
    const typed = state.line.text;
    if (state.mode === 'search' && (this.settings.regexSearch ? !typed.startsWith(literalPrefix) : typed.startsWith(regexPrefix))) RegexWorker.warm();
    for (const effect of effects) {
      switch (effect.kind) {
        case 'quit':
          if (this.page.kind === 'help') {
            this.pages.back();
            break;
          }
          return this.quit(effect.status);
        case 'redraw':
          this.screen.invalidate();
          break;
        case 'recheck':
          // A file that grew since it was read (less's G looks again): read on, then G again.
          if (this.page.loader.grew()) this.work.awaitLoad(effect.action, effect.count);
          break;
        case 'awaitLoad':
          if (effect.action[0] === 'bottom' && effect.count === null && this.pages.showEnd()) break;
          this.work.awaitLoad(effect.action, effect.count);
          break;
        case 'search': {
          const query = this.options.withCase(effect.query);
          // G's window is left for the whole file: the search starts from the place there.
          if (this.page.kind === 'endWindow') this.pages.leaveEnd(this.page, () => this.work.search(query));
          else this.work.search(query, effect.from);
          break;
        }
        case 'filter':
          this.work.filter(effect.query && this.options.withCase(effect.query), effect.replaces);
          break;
        case 'incsearch':
          if (effect.query && this.page.loader.source.isFile) this.page.loader.want(Infinity);
          this.work.lookAhead(effect.query && this.options.withCase(effect.query), effect.from);
          break;
        case 'stop':
          this.work.stop();
          // What the task asked to be read is no longer wanted: a pipe that never ends costs no more.
          this.page.loader.rest();
          break;
        case 'run':
          return void this.runCommand(effect.command, effect.link, effect.then);
        case 'pipe':
          return void this.runCommand(effect.command, effect.link, 'resume', { stdin: Buffer.from(this.page.doc.text.text(effect.from, effect.to)) });
        case 'save':
          this.note(['notice', saveInput(this.page.doc, effect.path, this.shownFile() !== null)]);
          break;
        case 'edit': {
          const file = this.shownFile();
          if (file === null) this.note(['notice', 'v edits a file: this input is not one']);
          else return void this.runCommand(EDIT_COMMAND, '', 'resume', { env: { LWL_FILE: file, LWL_LINE: String(effect.line) } });
          break;
        }
        case 'open':
          this.pages.open(effect.url);
          break;
        case 'back':
          this.pages.back();
          break;
        case 'leaveEnd':
          if (this.page.kind === 'endWindow') this.pages.leaveEndFor(this.page, effect.action, effect.count);
          break;
        case 'suspend':
          // Returns once lwl is continued; the terminal then asks for a frame.
          this.term.suspend();
          break;
        case 'tail':
          this.work.tail();
          break;
        case 'file':
          this.pages.changeFile(effect.which);
          break;
        case 'examine':
          this.pages.examine(effect.path);
          break;
        case 'reread':
          this.pages.reopen(effect.as);
          break;
        case 'toggle':
          this.toggle(effect.option);
          break;
        case 'help':
          this.pages.help();
          break;
        case 'fetch':
          this.pages.fetch(effect.url);
          break;
        case 'reload':
          this.pages.reopen('same');
          break;
        case 'stopLoad':
          this.pages.web.stop();
          break;
        case 'showBinary':
          // No: back, or (the first page) the end of lwl.
          if (!this.pages.web.answerBinary(effect.see)) return;
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
  private note(action: PagerAction | GroundAction): void {
    this.state = update(this.state, action, null, this.context).state;
  }

  private loaded(): void {
    if (this.page.kind === 'web' && this.pages.web.placed(this.page)) return this.render();
    const error = this.page.loader.error;
    if (error && error !== this.reportedError) {
      // The document ends where reading failed; say so once.
      this.reportedError = error;
      this.note(['notice', `Cannot read further: ${error.userMessage}`]);
    }
    this.work.textGrew();
    if (!this.work.waitsForNothing) return;
    if (this.page.doc.complete) return this.render();
    this.renderSoon();
  }

  /** Runs a command with the terminal handed over; then resumes, or ends lwl with its status. */
  /** The regular file shown, by its name; null for a pipe, a web page, the help. */
  private shownFile(): string | null {
    const name = this.page.doc.name;
    if (this.page.kind !== 'file' || name === '-') return null;
    try {
      return fs.statSync(name).isFile() ? name : null;
    } catch {
      return null;
    }
  }

  private async runCommand(command: string, link: string, then: 'resume' | 'exit', extra: ShellExtra = {}): Promise<void> {
    this.render();
    this.handedOver = true;
    const status = await this.term.handOver(() => runShell(command, link, this.pages.pageUrl(), extra), endRunningCommand);
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

  /** Shows another document, in the given state; the typed lines' history stays the session's. */
  private show(page: Page, state: State): void {
    this.state = { ...state, history: this.state.history };
    this.wrap = this.wrapFor(page);
    // A filter left half found goes on finding its lines.
    this.work.resumeFilter(this.state.filter);
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

  /**
   * Nothing runnable and no frame owed (for the tests' signal, term/idle-signal.ts): work
   * that waits on a pipe is idle; a task a key waits for, and a search that waits on
   * its worker, are not (PagerWork.idle).
   */
  private isIdle(): boolean {
    return !this.handedOver && !this.ended && this.work.idle && this.scheduler.idle && this.drawTimer === null && !this.frameOwed && !this.frameDue;
  }

  /** The keys read together are handled: the frame left for them is drawn. */
  private keysDone(): void {
    this.typeGathered();
    if (this.frameOwed) this.render();
  }

  /** The turn's background work is done for now: the frame it asked for, once. */
  private afterTurn(): void {
    if (this.frameDue) this.render();
    this.term.workDone();
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
    this.work.countLines();
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

  private quit(status: number): void {
    this.pages.nav.closeAll();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.work.stop();
    // Keys read with q, after it, draw nothing: the screen is given back.
    this.ended = true;
    this.term.close();
    this.finish(status);
  }
}
