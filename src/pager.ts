// The interactive loop: keys from the terminal go through the state function,
// its effects are carried out, and each change is drawn as one frame.
import { Screen } from '../term/screen.ts';
import { Terminal, type Size } from '../term/tty.ts';
import { detectCaps } from '../term/caps.ts';
import type { Action } from './actions.ts';
import type { Document } from './document/document.ts';
import { draw } from './draw.ts';
import type { Loader } from './load.ts';
import { initialState, press, update, type Context, type Effect, type State } from './state.ts';
import { themeFor } from './theme.ts';
import { Wrap } from './wrap.ts';

/** While loading, redraw at most this often. */
const LOADING_REDRAW_MS = 50;

export class Pager {
  private state: State = initialState;
  private wrap: Wrap;
  private size: Size;
  private readonly screen = new Screen();
  private readonly theme = themeFor(detectCaps(process.env).color);
  /** An action waiting for the document to finish loading (G on a big file). */
  private waiting: { action: Action; count: number | null } | null = null;
  private lastDraw = 0;
  private drawTimer: NodeJS.Timeout | null = null;
  private finish: (status: number) => void = () => {};

  constructor(
    private readonly term: Terminal,
    private readonly doc: Document,
    private readonly loader: Loader,
  ) {
    this.size = term.size();
    this.wrap = new Wrap(doc, this.size.cols);
  }

  /** Runs until the user quits; resolves with the exit status. */
  run(): Promise<number> {
    return new Promise((resolve) => {
      this.finish = resolve;
      this.term.start({
        key: (key) => this.key(key),
        resize: (size) => this.resize(size),
        end: () => this.quit(0),
      });
      this.render();
      this.loader.start(() => this.loaded());
    });
  }

  private get context(): Context {
    return { doc: this.doc, wrap: this.wrap, height: Math.max(1, this.size.rows - 1) };
  }

  private key(key: string): void {
    // Lets the tests check that a crash gives the terminal back.
    if (key === process.env.LWL_TEST_CRASH_KEY) throw new Error('crash asked for by LWL_TEST_CRASH_KEY');
    if (this.waiting) {
      // While waiting for the input, ^C (or q) gives up the wait and stays put.
      if (key === '<C-c>' || key === 'q' || key === '<Escape>') {
        this.waiting = null;
        this.state = { ...this.state, message: null };
        this.render();
      }
      return;
    }
    const result = press(this.state, key, this.context);
    this.apply(result.state, result.effects);
  }

  private apply(state: State, effects: Effect[]): void {
    this.state = state;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'quit':
          return this.quit(effect.status);
        case 'redraw':
          this.screen.invalidate();
          break;
        case 'awaitLoad':
          this.waiting = { action: effect.action, count: effect.count };
          this.state = { ...this.state, message: this.progress() };
          break;
      }
    }
    this.render();
  }

  private progress(): string {
    const { bytesRead, bytesTotal } = this.doc;
    const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
    const amount = bytesTotal ? `${Math.floor((100 * bytesRead) / bytesTotal)}%` : mib(bytesRead);
    return `Reading... ${amount} (^C to stop)`;
  }

  private loaded(): void {
    if (this.waiting) {
      if (!this.doc.complete) {
        this.state = { ...this.state, message: this.progress() };
        return this.renderSoon();
      }
      const { action, count } = this.waiting;
      this.waiting = null;
      const result = update({ ...this.state, message: null }, action, count, this.context);
      return this.apply(result.state, result.effects);
    }
    if (this.doc.complete) return this.render();
    this.renderSoon();
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
    // Keep the same text at the top: re-wrap, then find the row that holds it.
    this.wrap = new Wrap(this.doc, size.cols);
    this.state = { ...this.state, top: this.wrap.rowStart(this.state.top) };
    this.screen.invalidate();
    this.render();
  }

  private render(): void {
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.drawTimer = null;
    this.lastDraw = Date.now();
    const frame = draw(this.doc, this.wrap, this.state, this.size, this.theme);
    this.term.write(this.screen.render(frame));
  }

  private quit(status: number): void {
    this.loader.stop();
    if (this.drawTimer) clearTimeout(this.drawTimer);
    this.term.close();
    this.finish(status);
  }
}
