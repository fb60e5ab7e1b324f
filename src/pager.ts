// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import { Screen } from '../term/screen.ts';
import type { Terminal, Size } from '../term/tty.ts';
import { literalPrefix, regexPrefix } from '../keymap.ts';
import { EDIT_COMMAND, browserToUse, endRunningCommand, runShell, type ShellExtra } from './commands.ts';
import { saveInput } from './pager/save.ts';
import { Downloads } from './pager/downloads.ts';
import { Keeping, isKeepingEffect } from './pager/keeping.ts';
import { RegexWorker } from './document/search-worker.ts';
import type { OpenError } from './input/load.ts';
import { isLwlsOwn, type Page } from './navigator/page.ts';
import { listedFrom } from './navigator/list-page.ts';
import { Navigation, isPageEffect, type NavigationHost } from './pager/navigation.ts';
import { FramePacing } from './pager/frames.ts';
import { PagingOptions } from './pager/options.ts';
import type { PagerSettings } from './pager/settings.ts';
import { PagerWork, type WorkHost } from './pager/work.ts';
import { checkManPages } from './input/man-page.ts';
import { warmSearch } from './pager/warm.ts';
import { Priority, Scheduler } from './schedule/scheduler.ts';
import { firstScreenDone } from './startup/first-screen.ts';
import type { GroundAction } from './state/actions.ts';
import { withFilter } from './state/filter.ts';
import { jumpTop } from './state/selection.ts';
import { initialState, press, typeText, typesText, update, type Context, type Result, type State } from './state/state.ts';
import type { PagerAction, ToggledOption } from './state/types.ts';
import { draw } from './draw/draw.ts';
import { screenEnd } from './rows/viewport.ts';
import type { Wrap } from './rows/wrap.ts';

/** What the pager asks of the terminal (a unit test gives it a fake). */
export type PagerTerminal = Pick<Terminal, 'size' | 'start' | 'write' | 'workDone' | 'keysWaiting' | 'suspend' | 'handOver' | 'announceEnd' | 'takeBack' | 'close'>;

export class Pager {
  private state: State = initialState;
  private wrap: Wrap;
  private size: Size;
  private readonly screen = new Screen();
  /** Runs the background work (reading, searching, counting, filtering) between keys; the frame is drawn after each turn. */
  private readonly scheduler = new Scheduler({ afterTurn: () => this.afterTurn() });
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
  /** When frames are drawn: per key, per turn, at the pace of loading. */
  private readonly frames = new FramePacing(
    () => this.render(),
    () => this.scheduler.inTurn,
    () => this.term.keysWaiting,
    () => this.handedOver || this.ended,
  );
  private finish: (status: number) => void = () => {};
  /** The browser command, looked up when a key first asks (a search of PATH the first screen need not wait for); null is an answer too. */
  private browser: string | null | undefined;
  /** The read error last shown, so that it is shown once. */
  private reportedError: OpenError | null = null;
  /** The options `-` changes while paging (-S, -N, -i, -I): they outlast a document. */
  private readonly options: PagingOptions;
  /** S's saving and downloads, and a's bookmarks. */
  private readonly keeping: Keeping;
  /** Lets the tests check that a crash gives the terminal back. */
  private readonly crashKey = process.env.LWL_TEST_CRASH_KEY;

  constructor(
    private readonly term: PagerTerminal,
    first: Page,
    private readonly settings: PagerSettings,
  ) {
    this.size = term.size();
    this.options = new PagingOptions(settings);
    const host = this.host();
    this.work = new PagerWork(host, this.scheduler);
    this.pages = new Navigation(host, first, settings, this.scheduler, this.work);
    this.wrap = this.wrapFor(this.page);
    const told = { report: (action: PagerAction) => this.report(action), note: (action: PagerAction) => this.note(action), renderSoon: () => this.frames.soon() };
    this.keeping = new Keeping(new Downloads({ ...told, secure: settings.secure, loadOptions: () => this.pages.web.loadOptions() }), this.pages, told);
    // Secure mode runs no man: references to manual pages stay text.
    if (!settings.secure) checkManPages(() => this.frames.soon(), this.scheduler);
  }

  /** The page shown. */
  private get page(): Page {
    return this.pages.page;
  }

  /** What the background work and the moves between pages ask of the pager. */
  private host(): WorkHost & NavigationHost {
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
      get rows() {
        return pager.size.rows;
      },
      get cols() {
        return pager.size.cols;
      },
      endShowing: (offset) => this.endShowing(offset),
      show: (page, state) => this.show(page, state),
      loaded: () => this.loaded(),
      report: (action, count = null) => this.report(action, count),
      note: (action) => this.note(action),
      render: () => this.render(),
      renderSoon: () => this.frames.soon(),
      quit: (status) => this.quit(status),
      reopen: () => this.pages.reopen('same'),
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
      this.scheduler.add({ step: () => this.warm() }, Priority.warm);
      for (const key of this.settings.startKeys) this.key(key);
    });
  }

  private get context(): Context {
    const pager = this;
    const height = Math.max(1, this.size.rows - 1);
    const { secure, secureAllows, bindings, incsearch, jumpTarget, regexSearch } = this.settings;
    // A list of a web page's links is followed as from that page.
    const web = this.pages.web.context() ?? listedFrom(this.page);
    const gutter = this.size.cols - this.wrap.width;
    const endWindow = this.page.kind === 'endWindow';
    const ctx = { doc: this.page.doc, rows: this.wrap, height, links: this.page.links, lines: this.page.lines, get browser() { return (pager.browser = pager.browser === undefined ? browserToUse(process.env, pager.settings.browser) : pager.browser); }, secure, secureAllows, bindings, incsearch, jumpTarget, regexSearch, web, gutter, endWindow };
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
      // The pages' moves are Navigation's; S's and a's keeping, Keeping's.
      if (isPageEffect(effect)) this.pages.apply(effect);
      else if (isKeepingEffect(effect)) this.keeping.apply(effect);
      else switch (effect.kind) {
        case 'quit':
          // On the help screen (or a list of links), q goes back.
          if (!isLwlsOwn(this.page)) return this.quit(effect.status);
          this.pages.back();
          break;
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
          this.work.lookAhead(effect.query && this.options.withCase(effect.query), effect.from, !this.term.keysWaiting);
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
          this.note(['notice', saveInput(this.page.doc, effect.path, this.pages.shownFile() !== null)]);
          break;
        case 'edit': {
          const file = this.pages.shownFile();
          if (file === null) this.note(['notice', 'v edits a file: this input is not one']);
          else return void this.runCommand(EDIT_COMMAND, '', 'resume', { env: { LWL_FILE: file, LWL_LINE: String(effect.line) } });
          break;
        }
        case 'leaveEnd':
          if (this.page.kind === 'endWindow') this.pages.leaveEndFor(this.page, effect.action, effect.count);
          break;
        case 'suspend':
          // Returns once lwl is continued; the terminal then asks for a frame.
          this.term.suspend();
          break;
        case 'tail':
          this.work.tail(this.settings.followName);
          break;
        case 'toggle':
          this.toggle(effect.option);
          break;
        case 'showBinary':
          // No: back, or (the first page) the end of lwl.
          if (!this.pages.web.answerBinary(effect.see, effect.saving)) return;
          break;
      }
    }
    // The prompt left with no search to take the worker started for it: let it go.
    if (state.mode !== 'search' && !effects.some((effect) => effect.kind === 'search')) RegexWorker.cool();
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
    this.frames.soon();
  }

  /** Runs a command with the terminal handed over; then resumes, or ends lwl with its status. */
  private async runCommand(command: string, link: string, then: 'resume' | 'exit', extra: ShellExtra = {}): Promise<void> {
    this.render();
    this.handedOver = true;
    const status = await this.term.handOver(() => runShell(command, link, this.pages.pageUrl(), extra), endRunningCommand);
    if (then === 'exit') return this.quit(status);
    // As less's "!done": a command that did what it was asked says so; one that failed, how.
    await this.term.announceEnd(status === 0 ? '[done]' : `[process terminated, exit status ${status}]`);
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
    return !this.handedOver && !this.ended && this.work.idle && this.scheduler.idle && this.frames.settled;
  }

  /** The keys read together are handled: the frame left for them is drawn. */
  private keysDone(): void {
    this.typeGathered();
    this.frames.keysDone();
  }

  /** The turn's background work is done for now: the frame it asked for, once. */
  private afterTurn(): void {
    this.frames.afterTurn();
    this.term.workDone();
  }

  /** Where the screen that a search's jump to `offset` shows ends. */
  private endShowing(offset: number): number {
    return screenEnd(this.context, jumpTop(this.context, offset));
  }

  /** The first search's code, run once off screen (src/pager/warm.ts), and G's window made, unless other work is under way. */
  private warm(): 'done' {
    if (!this.work.waitsForNothing || this.ended || this.handedOver) return 'done';
    warmSearch(this.context, this.state, (shown) => draw(this.context, shown, this.size, this.settings.theme, this.settings.look), (offset) => this.endShowing(offset));
    this.pages.prepareEnd();
    return 'done';
  }

  private render(): void {
    if (!this.frames.take()) return;
    this.page.loader.want(this.state.top);
    if (this.options.lineNumbers) this.widenNumbers();
    const frame = draw(this.context, this.state, this.size, this.settings.theme, this.settings.look);
    this.term.write(this.screen.render(frame));
    this.work.countLines();
    const changed = this.pages.changeToTell();
    if (changed) {
      this.note(['notice', changed]);
      this.frames.soon();
    }
  }

  /** Line numbers of more digits than the column has room for (past 9,999,999): a wider column. */
  private widenNumbers(): void {
    const lines = this.page.lines;
    const largest = lines.total ?? lines.lineOf(Math.max(0, screenEnd(this.context, this.state.top) - 1)) ?? 0;
    if (this.options.numbersOverflow(this.size.cols, this.wrap.width, largest)) this.rewrap(largest);
  }

  private quit(status: number): void {
    this.pages.nav.closeAll();
    this.frames.stop();
    this.work.stop();
    // Keys read with q, after it, draw nothing: the screen is given back.
    this.ended = true;
    this.term.close();
    this.finish(status);
  }
}
