// Runs lwl (dist/lwl, or the build LWL_BIN names: see binary.ts) in a real
// pseudo-terminal (node-pty) and reads the screen through a real terminal
// emulator (@xterm/headless): keys in, screen out. lwl says when it has answered
// a key (term/idle-signal.ts): `keys` waits for its word, not for quiet.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { afterEach } from 'vitest';
import { lwl, lwlCommand, lwlIsScript, lwlShell, root } from './binary.ts';

export { lwl, lwlCommand, lwlIsScript, lwlShell, root };
export const samples = path.join(root, 'samples');

/**
 * Columns enough for each of `lines` on one row, `least` at least: for a status
 * line that shows a file: URL of the clone, whose path may be of any length.
 */
export function colsFor(lines: string[], least = 80): number {
  return Math.max(least, ...lines.map((line) => line.length + 1));
}

export interface SessionOptions {
  cols?: number;
  rows?: number;
  env?: Record<string, string>;
  cwd?: string;
  /** Pass LWL_TEST_SIGNAL (the default): false runs lwl without it. */
  signal?: boolean;
}

/** lwl's word that it is idle: bytes read from the terminal and written to it, as counted by lwl. */
export interface Idle {
  in: number;
  out: number;
}

/** How long lwl may take to answer before a wait fails: far longer than it ever takes. */
const DEADLINE_MS = 10000;

/** The sessions' signal files, in one directory removed when the tests end. */
const signalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-signal-'));
process.on('exit', () => fs.rmSync(signalDir, { recursive: true, force: true }));
let signalFiles = 0;

/** What a shell of Session.shell writes when its command line has ended: an OSC no terminal acts on (xterm.js ignores it). */
const SHELL_END = '\x1b]7770;lwl-test-end\x07';
/** The same, as printf is given it. */
const SHELL_END_TYPED = '\\033]7770;lwl-test-end\\007';

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
  /** A shell that stays after its command line until let go (Session.shell), and when it has written SHELL_END. */
  private shellStays = false;
  /** The shell's command line has ended (lwl with it): what waits for lwl's answer waits no more, as at an exit. */
  private commandEnded = false;
  private shellEnded: () => void = () => {};
  private readonly shellEnd = new Promise<void>((resolve) => (this.shellEnded = resolve));
  private pending: Promise<void> = Promise.resolve();
  title = '';
  /** The file lwl tells it is idle in (LWL_TEST_SIGNAL), and how far it is read. */
  readonly signalFile: string;
  private signalRead = 0;
  private signalPartial = '';
  private readonly watcher: fs.FSWatcher;
  /** The last idle line lwl wrote, once read. */
  lastIdle: Idle | null = null;
  /** Bytes typed that lwl is to read (not those typed to another program). */
  private typed = 0;
  /** Bytes the pty delivered, and those the terminal emulator has parsed. */
  received = 0;
  private parsed = 0;
  /** Waits woken when something happens: an idle line, output parsed, the exit. */
  private wakers: Array<() => void> = [];

  /**
   * Runs a shell command line in the pty (for pipes and wrappers). The shell
   * then writes SHELL_END and stays until waitExit lets it go, with the line's
   * status: node-pty drops what a process wrote last once it has ended (a
   * `status 0` echoed after lwl, or lwl's own last line).
   */
  static shell(command: string, opts: SessionOptions = {}): Session {
    const session = new Session('/bin/sh', ['-c', `${command}\nlwl_test_status=$?; printf '${SHELL_END_TYPED}'; read lwl_test_done; exit $lwl_test_status`], opts);
    session.shellStays = true;
    return session;
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
    this.signalFile = path.join(signalDir, `${++signalFiles}`);
    fs.writeFileSync(this.signalFile, '');
    this.watcher = fs.watch(this.signalFile, () => this.readSignal());
    this.watcher.on('error', () => {});
    const signal = opts.signal === false ? {} : { LWL_TEST_SIGNAL: this.signalFile };
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8', ...signal, ...opts.env };
    this.proc = pty.spawn(file, args, { name: env.TERM, cols, rows, cwd: opts.cwd ?? root, env });
    live.add(this);
    this.proc.onData((data) => {
      this.output += data;
      // The shell's end (Session.shell) is the harness's, not the test's output: taken out, wherever the reads cut it.
      if (this.shellStays && this.output.includes(SHELL_END)) {
        this.output = this.output.replace(SHELL_END, '');
        this.commandEnded = true;
        this.shellEnded();
      }
      // Decoded as UTF-8 by node-pty, which holds back a sequence cut between reads: lwl writes
      // only valid UTF-8 (strings), so this is the count of bytes delivered.
      const bytes = Buffer.byteLength(data);
      this.received += bytes;
      this.pending = this.pending.then(
        () =>
          new Promise<void>((resolve) =>
            this.term.write(data, () => {
              this.parsed += bytes;
              this.wake();
              resolve();
            }),
          ),
      );
    });
    this.exit = new Promise((resolve) => {
      this.proc.onExit((e) => {
        this.exited = true;
        this.ended();
        this.wake();
        resolve(e);
      });
    });
  }

  /** Reads the idle lines lwl has added to the signal file. */
  private readSignal(): void {
    let text: string;
    try {
      const fd = fs.openSync(this.signalFile, 'r');
      const buffer = Buffer.alloc(Math.max(0, fs.fstatSync(fd).size - this.signalRead));
      const n = fs.readSync(fd, buffer, 0, buffer.length, this.signalRead);
      fs.closeSync(fd);
      this.signalRead += n;
      text = this.signalPartial + buffer.toString('latin1', 0, n);
    } catch {
      return; // removed: the session has ended
    }
    const lines = text.split('\n');
    this.signalPartial = lines.pop()!;
    for (const line of lines) {
      const [word, bytesIn, bytesOut] = line.split(' ');
      if (word !== 'idle') throw new Error(`not an idle line in ${this.signalFile}: ${JSON.stringify(line)}`);
      this.lastIdle = { in: Number(bytesIn), out: Number(bytesOut) };
    }
    if (lines.length > 0) this.wake();
  }

  private wake(): void {
    for (const wake of this.wakers.splice(0)) wake();
  }

  /** Waits until `ready` holds, looking again whenever something happens; fails with the screen shown at the deadline. */
  private async until(ready: () => boolean, what: string, timeoutMs = DEADLINE_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      this.readSignal();
      if (ready()) return;
      const left = deadline - Date.now();
      if (left <= 0) {
        const idle = this.lastIdle ? `idle ${this.lastIdle.in} ${this.lastIdle.out}` : 'none';
        throw new Error(`timed out waiting for ${what} (typed ${this.typed} bytes for lwl, received ${this.received}; lwl's last idle line: ${idle}); the screen was:\n${this.screen()}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wakers.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Waits for lwl's word that it is idle having read all that was typed for it
   * and written at least `seen` bytes, then for those bytes to be on the
   * screen. Returns at once if lwl has ended.
   */
  private async answered(what: string, seen = 0): Promise<void> {
    const covers = (idle: Idle | null): idle is Idle => idle !== null && idle.in >= this.typed && idle.out >= seen;
    await this.until(() => this.exited || this.commandEnded || (covers(this.lastIdle) && this.parsed >= this.lastIdle.out), what);
    await this.pending;
  }

  /** The session is over: its signal file goes. */
  private ended(): void {
    this.watcher.close();
    fs.rmSync(this.signalFile, { force: true });
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

  /**
   * Types keys: a string of characters and escape sequences, sent as one write,
   * without waiting. `lwlReads: false` for keys typed to another program (a
   * shell, a command lwl runs on the terminal), which lwl never reads.
   */
  async press(keys: string, { lwlReads = true } = {}): Promise<void> {
    if (lwlReads) this.typed += Buffer.byteLength(keys);
    this.proc.write(keys);
  }

  /**
   * Types keys one at a time, waiting for lwl's answer to each: its word that
   * it has read the key, acted on it and drawn the frame, and is idle; then
   * for that frame to be on the screen. A key that draws nothing is answered
   * as soon. Output of other programs (a command lwl ran) is not counted by
   * lwl: after one, wait for the screen (`waitFor`).
   */
  async keys(...keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.press(key);
      await this.answered(`lwl's answer to ${JSON.stringify(key)}`);
    }
  }

  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  /**
   * Waits until the screen satisfies `test` (looking again as output is parsed), then until
   * all output received so far is on the screen (`test` may look at `output`); fails with the
   * screen shown if it never does.
   */
  async waitFor(test: (s: Session) => boolean, what = 'the expected screen', timeoutMs = DEADLINE_MS): Promise<void> {
    await this.until(() => test(this), what, timeoutMs);
    await this.pending;
  }

  /**
   * Waits for `text` on the screen, then for lwl to be idle with all of its
   * output so far written (the rest of the frame the text came in, which may
   * reach the terminal in more than one read). lwl's output only: after
   * another program's, use `waitFor`.
   */
  async waitForText(text: string, timeoutMs?: number): Promise<void> {
    await this.waitFor((s) => s.screen().includes(text), JSON.stringify(text), timeoutMs);
    await this.answered(`lwl idle after ${JSON.stringify(text)}`, this.received);
  }

  /** Waits for lwl to be idle, having read all that was typed for it and written all the output received so far. */
  async settle(): Promise<void> {
    await this.answered('lwl idle', this.received);
  }

  async waitExit(timeoutMs = 8000): Promise<{ exitCode: number; signal?: number }> {
    const timer = sleep(timeoutMs).then(() => {
      throw new Error(`lwl did not exit; the screen was:\n${this.screen()}`);
    });
    // A shell that stays (Session.shell) is let go once its command line has ended and all it wrote has come.
    // (A line that execs lwl never gets there: it ends with lwl.)
    if (this.shellStays) void this.shellEnd.then(() => this.exited || this.proc.write('\x04')); // end of file for read: not echoed, as a line end would be
    const result = await Promise.race([this.exit, timer]);
    await this.pending;
    return result;
  }

  kill(): void {
    if (!this.exited) this.proc.kill('SIGKILL');
    this.ended();
  }
}

/** The palette colour of a cell's foreground (-1 if it has the default colour). */
export const fg = (c: xterm.IBufferCell) => (c.isFgDefault() ? -1 : c.getFgColor());

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * An interactive sh (PS1 '$ ') has said that its job stopped and prompts again:
 * keys typed before that may be flushed as the shell takes the terminal back.
 */
export const stoppedAndPrompted = (s: Session): boolean => {
  const screen = s.screen().trimEnd();
  return screen.includes('Stopped') && /\n\$$/.test(screen);
};
