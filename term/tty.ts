// The terminal session: raw mode, the alternate screen, the size, keys in and
// bytes out. Nothing else in lwl touches the tty. Raw mode is entered and left
// here only, and every way out of the process leaves the terminal as it was.
import fs from 'node:fs';
import tty from 'node:tty';
import { KeyDecoder, type Key } from './keys.ts';
import { enterScreen, leaveScreen } from './screen.ts';
import { RESET, sgr } from './sgr.ts';

/** How long a lone ESC waits for the rest of a sequence before it is the Escape key. */
const ESCAPE_TIMEOUT_MS = 50;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;

/** Writes all of `data` to a file descriptor, synchronously, whatever its blocking mode. */
export function writeAll(fd: number, data: string | Uint8Array): void {
  let buf = typeof data === 'string' ? Buffer.from(data) : data;
  while (buf.length > 0) {
    try {
      const n = fs.writeSync(fd, buf);
      buf = buf.subarray(n);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    }
  }
}

/** The terminal lwl has taken, if any, so that a crash can give it back. */
let current: Terminal | null = null;

/** Gives back the terminal lwl has taken, if any (for uncaught errors). */
export function restoreTerminal(): void {
  current?.restore();
}

export interface Size {
  cols: number;
  rows: number;
}

export interface TerminalEvents {
  key(key: Key): void;
  resize(size: Size): void;
  /** The keyboard's input ended (the terminal went away). */
  end(): void;
}

export class Terminal {
  private readonly decoder = new KeyDecoder();
  private escapeTimer: NodeJS.Timeout | null = null;
  private active = false; // raw mode and alternate screen are on
  private childRunning = false;
  private events: TerminalEvents | null = null;
  private readonly onSignal = (signal: NodeJS.Signals) => this.signalled(signal);
  private readonly onExit = () => this.restore();
  private readonly onData = (data: Buffer) => this.received(data);
  private readonly onEnd = () => this.events?.end();
  private readonly onResize = () => this.events?.resize(this.size());

  private constructor(
    readonly input: tty.ReadStream,
    private readonly outputFd: number,
    private readonly output: tty.WriteStream,
  ) {}

  /**
   * The terminal on stdout, with keys from stdin or, when stdin carries the
   * document, from /dev/tty (as less does).
   */
  static open(): Terminal {
    let input: tty.ReadStream;
    if (process.stdin.isTTY) input = process.stdin as tty.ReadStream;
    else input = new tty.ReadStream(fs.openSync('/dev/tty', 'r'));
    return new Terminal(input, 1, process.stdout as tty.WriteStream);
  }

  size(): Size {
    return { cols: this.output.columns || 0, rows: this.output.rows || 0 };
  }

  /** Takes the terminal: raw mode, alternate screen, cursor hidden; starts delivering events. */
  start(events: TerminalEvents): void {
    this.events = events;
    for (const s of SIGNALS) process.on(s, this.onSignal);
    process.on('exit', this.onExit);
    this.output.on('resize', this.onResize);
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.enter();
  }

  private enter(): void {
    current = this;
    this.input.setRawMode(true);
    this.input.resume();
    this.write(enterScreen);
    this.active = true;
  }

  /** Gives the terminal back as it was; safe to call any number of times. */
  restore(): void {
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = null;
    if (!this.active) return;
    this.active = false;
    try {
      this.write(leaveScreen);
    } catch {
      // The terminal may be gone (hangup); there is nothing left to restore then.
    }
    try {
      this.input.setRawMode(false);
    } catch {
      // As above.
    }
  }

  /** Restores the terminal and stops listening, so the process can end. */
  close(): void {
    this.restore();
    for (const s of SIGNALS) process.off(s, this.onSignal);
    process.off('exit', this.onExit);
    this.output.off('resize', this.onResize);
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.pause();
    if (this.input !== process.stdin) this.input.destroy();
  }

  write(data: string): void {
    writeAll(this.outputFd, data);
  }

  /**
   * Runs `run` with the terminal handed back (cooked mode, main screen, keys
   * not read), for a child process; signals meant for the child are ignored.
   */
  async handOver<T>(run: () => Promise<T>): Promise<T> {
    this.restore();
    this.input.pause();
    this.childRunning = true;
    try {
      return await run();
    } finally {
      this.childRunning = false;
    }
  }

  /** Takes the terminal back after handOver. */
  takeBack(): void {
    this.enter();
  }

  /** After a child ends: says so (lwl's own words, not a document's) in bold on the main screen, and waits for a key. */
  async announceEnd(text: string): Promise<void> {
    this.write(`\r\n${sgr({ bold: true })}${text}${RESET}`);
    await this.waitKey();
  }

  /** Reads one key in raw mode on the main screen (for "press a key"). */
  private async waitKey(): Promise<void> {
    this.input.setRawMode(true);
    const events = this.events;
    await new Promise<void>((resolve) => {
      this.events = {
        key: () => resolve(),
        resize: () => {},
        end: () => resolve(),
      };
      this.input.resume();
    });
    this.events = events;
  }

  private received(data: Buffer): void {
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = null;
    for (const key of this.decoder.feed(data)) this.events?.key(key);
    if (this.decoder.pending) {
      this.escapeTimer = setTimeout(() => {
        this.escapeTimer = null;
        for (const key of this.decoder.flush()) this.events?.key(key);
      }, ESCAPE_TIMEOUT_MS);
    }
  }

  private signalled(signal: NodeJS.Signals): void {
    if (this.childRunning && (signal === 'SIGINT' || signal === 'SIGQUIT')) return;
    this.close();
    // Die of the signal as if unhandled, so the parent sees how lwl ended.
    process.kill(process.pid, signal);
  }
}

/**
 * A fresh descriptor of the terminal for a child's input, or null if there is
 * no controlling terminal: blocking, and the terminal even when lwl's own
 * standard input is the document's pipe.
 */
export function openTerminalForChild(): number | null {
  try {
    return fs.openSync('/dev/tty', 'r');
  } catch {
    return null;
  }
}
