// Runs lwl (dist/lwl, or the build LWL_BIN names: see binary.ts) in a real
// pseudo-terminal (node-pty) and reads the screen through a real terminal
// emulator (@xterm/headless): keys in, screen out.
import path from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { afterEach } from 'vitest';
import { lwl, lwlCommand, lwlIsScript, lwlShell, root } from './binary.ts';

export { lwl, lwlCommand, lwlIsScript, lwlShell, root };
export const samples = path.join(root, 'samples');

export interface SessionOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
  cwd?: string;
}

/** How long `keys` waits for lwl to start answering a key: far longer than it ever takes. */
const ANSWER_MS = 1000;

/** Sessions still running: each test's are killed when it ends. */
const live = new Set<Session>();
afterEach(() => {
  for (const s of live) s.kill();
  live.clear();
});

export class Session {
  readonly term: xterm.Terminal;
  readonly proc: pty.IPty;
  /** Everything lwl wrote, as received. */
  output = '';
  exit: Promise<{ exitCode: number; signal?: number }>;
  private exited = false;
  private pending: Promise<void> = Promise.resolve();
  title = '';

  /** Runs a shell command line in the pty (for pipes and wrappers). */
  static shell(command: string, opts: SessionOptions = {}): Session {
    return new Session('/bin/sh', ['-c', command], opts);
  }

  /** Runs lwl with these arguments. */
  static lwl(args: string[], opts: SessionOptions = {}): Session {
    return new Session(lwlCommand[0], [...lwlCommand.slice(1), ...args], opts);
  }

  constructor(file: string, args: string[], opts: SessionOptions = {}) {
    const cols = opts.cols ?? 80;
    const rows = opts.rows ?? 24;
    this.term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
    this.term.onTitleChange((t) => (this.title = t));
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8', ...opts.env };
    this.proc = pty.spawn(file, args, { name: env.TERM, cols, rows, cwd: opts.cwd ?? root, env });
    live.add(this);
    this.proc.onData((data) => {
      this.output += data;
      this.pending = this.pending.then(() => new Promise<void>((resolve) => this.term.write(data, resolve)));
    });
    this.exit = new Promise((resolve) => {
      this.proc.onExit((e) => {
        this.exited = true;
        resolve(e);
      });
    });
  }

  /** The screen's rows as text, trailing spaces trimmed. */
  rows(): string[] {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.term.rows; i++) out.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return out;
  }

  screen(): string {
    return this.rows().join('\n');
  }

  /** The status line (the last row). */
  status(): string {
    const rows = this.rows();
    return rows[rows.length - 1];
  }

  /** The cell at (row, col), to check attributes. */
  cell(row: number, col: number): xterm.IBufferCell {
    const buffer = this.term.buffer.active;
    return buffer.getLine(buffer.viewportY + row)!.getCell(col)!;
  }

  /** The cell where `text` starts (plus `offset`) on the first row holding it; throws, with the screen, when none does. */
  cellOf(text: string, offset = 0): xterm.IBufferCell {
    const rows = this.rows();
    const row = rows.findIndex((r) => r.includes(text));
    if (row < 0) throw new Error(`${JSON.stringify(text)} is not on the screen:\n${this.screen()}`);
    return this.cell(row, rows[row].indexOf(text) + offset);
  }

  /** Column where `text` starts on `row`, or -1. */
  column(row: number, text: string): number {
    return this.rows()[row].indexOf(text);
  }

  get onAlternateScreen(): boolean {
    return this.term.buffer.active.type === 'alternate';
  }

  /** Types keys: a string of characters and escape sequences, sent as one write. */
  async press(keys: string): Promise<void> {
    this.proc.write(keys);
  }

  /**
   * Types keys one at a time, waiting for lwl's answer to each: its first output
   * (however long that takes, up to `ANSWER_MS`), then no more for a moment.
   * A key that changes nothing on screen costs the whole ANSWER_MS: where one
   * is expected, `press` it and `waitFor` what the screen must show.
   */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      const before = this.output.length;
      this.proc.write(key);
      await this.answered(before, ANSWER_MS);
      await this.settle();
    }
  }

  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /** Waits until the screen satisfies `test`; fails with the screen shown if it never does. */
  async waitFor(test: (s: Session) => boolean, what = 'the expected screen', timeoutMs = 8000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.pending;
      if (test(this)) return;
      if (Date.now() > deadline) {
        throw new Error(`timed out waiting for ${what}; the screen was:\n${this.screen()}`);
      }
      await sleep(15);
    }
  }

  /**
   * Waits for `text` on the screen, then for the rest of the frame it came in:
   * a frame lwl writes at once may reach the terminal in more than one read, so
   * the rows after the text may not have arrived with it. Waits until no output
   * has come for 10 ms, 200 ms at most (a screen that keeps changing).
   */
  async waitForText(text: string, timeoutMs?: number): Promise<void> {
    await this.waitFor((s) => s.screen().includes(text), JSON.stringify(text), timeoutMs);
    const until = Date.now() + 200;
    for (let seen = -1; seen !== this.output.length && Date.now() < until; ) {
      seen = this.output.length;
      await sleep(10);
    }
    await this.pending;
  }

  /** Waits until output has come past `before` (an offset in `output`), or `timeoutMs` has passed. */
  private async answered(before: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.output.length === before && !this.exited && Date.now() < deadline) await sleep(2);
  }

  /** Waits until no output has arrived for a little while: after output that is known to have begun. */
  async settle(quietMs = 60): Promise<void> {
    let seen = -1;
    while (seen !== this.output.length) {
      seen = this.output.length;
      await sleep(quietMs);
    }
    await this.pending;
  }

  async waitExit(timeoutMs = 8000): Promise<{ exitCode: number; signal?: number }> {
    const timer = sleep(timeoutMs).then(() => {
      throw new Error(`lwl did not exit; the screen was:\n${this.screen()}`);
    });
    const result = await Promise.race([this.exit, timer]);
    await this.pending;
    return result;
  }

  kill(): void {
    if (!this.exited) this.proc.kill('SIGKILL');
  }
}

/** The palette colour of a cell's foreground (-1 if it has the default colour). */
export const fg = (c: xterm.IBufferCell) => (c.isFgDefault() ? -1 : c.getFgColor());

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
