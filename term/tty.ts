// The terminal session: raw mode, the alternate screen, the size, keys in and
// bytes out. Nothing else in lwl touches the tty. Raw mode is entered and left
// here only, and every way out of the process leaves the terminal as it was.
import fs from 'node:fs';
import type { Socket } from 'node:net';
import { isTerminal, openDevice, outputDevice, type Size, type TerminalDevice } from './device.ts';
import { IdleSignal } from './idle-signal.ts';
import { KeyDecoder, type Key } from './keys.ts';
import { enterMainScreen, enterScreen, leaveMainScreen, leaveScreen, takeBackReset, textReset } from './screen.ts';
import { RESET, sgr } from './sgr.ts';
import { holdWarnings } from './warnings.ts';

/** How long a lone ESC waits for the rest of a sequence before it is the Escape key. */
const ESCAPE_TIMEOUT_MS = 50;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
/** Mouse reports: a button press or release (1000), in SGR form (1006), which has no limit on the column. */
const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';
/** Erases the cursor's row from the cursor on. */
const ERASE_LINE = '\x1b[K';

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

export type { Size };

export interface TerminalEvents {
  key(key: Key): void;
  resize(size: Size): void;
  /** The keyboard's input ended (the terminal went away). */
  end(): void;
  /** lwl was stopped and continued (^Z then fg): the screen was cleared and wants all of a frame. */
  resumed(): void;
  /** The keys read together have all been handled. */
  keysDone?(): void;
  /** Nothing is left to do but wait: no work runnable, no frame owed (asked for the tests' signal, LWL_TEST_SIGNAL). */
  isIdle?(): boolean;
}

/** There is no terminal to read keys from: a sentence for the user. */
export class NoTerminalError extends Error {}

export class Terminal {
  private readonly decoder = new KeyDecoder();
  /** Keys read with the one being handled that come after it. */
  private waiting = 0;
  private escapeTimer: NodeJS.Timeout | null = null;
  private active = false; // raw mode and alternate screen are on
  private childRunning = false;
  /** Ends the child that runs on the terminal, when lwl is ended meanwhile. */
  private endChild: () => Promise<void> = async () => {};
  /** lwl is being ended by a signal: nothing more is drawn. */
  private ending = false;
  private events: TerminalEvents | null = null;
  private readonly onSignal = (signal: NodeJS.Signals) => this.signalled(signal);
  private readonly onStop = () => this.stop(process.pid);
  private readonly onContinue = () => this.continued();
  private readonly onExit = () => this.restore();
  private readonly onData = (data: Buffer) => this.received(data);
  private readonly onEnd = () => this.events?.end();
  private readonly onResize = () => this.events?.resize(this.size());
  /** Keys read while the input had sent nothing (see unlessQuit), handed to the pager when it starts. */
  private readonly typedAhead: Key[] = [];
  /** The stream of the input's bytes, once made (after the first screen: see readKeys). */
  private keys: Socket | null = null;
  /** Keys are to be read (the stream, once made, flows). */
  private reading = false;
  /** The end-to-end tests' word that lwl is idle, when LWL_TEST_SIGNAL asks for it. */
  private readonly idleSignal = IdleSignal.fromEnv();
  /**
   * Idle: no key sequence half read, no command running on the terminal, and
   * nothing to do for the one listening (the pager says; a question, or "press
   * a key" after a command, has only a key to wait for).
   */
  private readonly isIdle = () => this.escapeTimer === null && !this.childRunning && (this.events?.isIdle?.() ?? true);

  private constructor(
    private readonly input: TerminalDevice,
    private readonly outputFd: number,
    private readonly output: TerminalDevice,
    /** The input was opened here (/dev/tty), and is closed here. */
    private readonly ownsInput: boolean,
    /** Page on the alternate screen (the default), or on the main screen (-X). */
    private readonly alternateScreen: boolean,
    /** Ask for mouse reports while paging (--mouse): given back with the terminal, as the screen is. */
    private readonly mouse: boolean,
  ) {}

  private get enterSequence(): string {
    return (this.alternateScreen ? enterScreen : enterMainScreen(this.size().rows)) + (this.mouse ? MOUSE_ON : '');
  }

  private get leaveSequence(): string {
    return (this.mouse ? MOUSE_OFF : '') + (this.alternateScreen ? leaveScreen : leaveMainScreen(this.size().rows));
  }

  /**
   * The terminal on stdout, with keys from stdin or, when stdin carries the
   * document, from /dev/tty; without a controlling terminal (setsid), from
   * standard error if it is the terminal, as less does. Throws
   * NoTerminalError if there is none.
   */
  static open({ alternateScreen = true, mouse = false }: { alternateScreen?: boolean; mouse?: boolean } = {}): Terminal {
    const output = outputDevice();
    if (output === null) throw new NoTerminalError('standard output is not a terminal');
    if (isTerminal(0)) return new Terminal(openDevice(0, 'input'), 1, output, false, alternateScreen, mouse);
    let fd: number;
    try {
      fd = fs.openSync('/dev/tty', 'r');
    } catch {
      if (!isTerminal(2)) {
        throw new NoTerminalError('no terminal to read keys from: standard input is the document, /dev/tty cannot be opened, and standard error is not a terminal');
      }
      return new Terminal(openDevice(2, 'input'), 1, output, false, alternateScreen, mouse);
    }
    return new Terminal(openDevice(fd, 'input'), 1, output, true, alternateScreen, mouse);
  }

  /** Keys read with the one being handled come after it: a frame drawn now would be drawn over at once. */
  get keysWaiting(): boolean {
    return this.waiting > 0;
  }

  size(): Size {
    return this.output.size() ?? { cols: 0, rows: 0 };
  }

  /** Takes the terminal: raw mode, alternate screen, cursor hidden; starts delivering events. */
  start(events: TerminalEvents): void {
    this.events = events;
    for (const s of SIGNALS) process.on(s, this.onSignal);
    process.on('SIGTSTP', this.onStop);
    process.on('SIGCONT', this.onContinue);
    process.on('exit', this.onExit);
    process.on('SIGWINCH', this.onResize);
    this.enter();
    // After this turn's first frame, as keys typed ahead of it would come.
    if (this.typedAhead.length > 0) setImmediate(() => this.deliver(this.typedAhead.splice(0)));
  }

  /** Raw mode, the keys, the screen (after `reset`: what a child may have left set). */
  private enter(reset = ''): void {
    current = this;
    this.input.setRaw(true);
    this.readKeys();
    this.write(reset + this.enterSequence);
    this.active = true;
    holdWarnings(true);
  }

  /** Gives the terminal back as it was; safe to call any number of times. */
  restore(): void {
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = null;
    if (this.active) {
      this.active = false;
      try {
        this.write(this.leaveSequence);
      } catch {
        // The terminal may be gone (hangup); there is nothing left to restore then.
      }
    }
    // Raw mode may be on without the screen (waiting for a key after a command).
    if (this.input.isRaw) this.setRaw(false);
    holdWarnings(false);
  }

  /** Restores the terminal and stops listening, so the process can end. */
  close(): void {
    this.restore();
    for (const s of SIGNALS) process.off(s, this.onSignal);
    process.off('SIGTSTP', this.onStop);
    process.off('SIGCONT', this.onContinue);
    process.off('exit', this.onExit);
    process.off('SIGWINCH', this.onResize);
    this.pauseKeys();
    this.keys?.off('data', this.onData);
    this.keys?.off('end', this.onEnd);
    if (this.ownsInput) this.input.stream().destroy();
  }

  /**
   * Reads keys (again). The stream is made on the first call, once this turn's
   * work, the first screen, is done: making it loads Node's streams, and raw
   * mode is already on, so a key typed meanwhile waits in the terminal, unechoed
   * (a start-up trick: docs/startup.md).
   */
  private readKeys(): void {
    this.reading = true;
    if (this.keys !== null) {
      this.keys.resume();
      return;
    }
    // Asked again before then, the stream is made once: the later turns find it made.
    setImmediate(() => {
      if (!this.reading || this.keys !== null) return;
      this.keys = this.input.stream();
      this.keys.on('data', this.onData);
      this.keys.on('end', this.onEnd);
      this.keys.resume();
    });
  }

  private pauseKeys(): void {
    this.reading = false;
    this.keys?.pause();
  }

  /** ^Z: stops lwl, and the rest of its process group, as the terminal's own ^Z would. */
  suspend(): void {
    this.stop(0);
  }

  /**
   * Gives the terminal back (main screen, cooked, cursor shown) and stops
   * with SIGTSTP sent to `target` (0: the process group), as a shell
   * expects; once continued, takes the terminal again and asks for a frame.
   */
  private stop(target: number): void {
    const wasActive = this.active;
    const wasRaw = this.input.isRaw;
    this.restore();
    // Without a handler SIGTSTP stops the process; kill returns once it is continued.
    process.off('SIGTSTP', this.onStop);
    try {
      process.kill(target, 'SIGTSTP');
    } finally {
      process.on('SIGTSTP', this.onStop);
    }
    // Continued (or never stopped: an orphaned process group is not stopped by SIGTSTP).
    if (wasActive) {
      // The shell ran other programs meanwhile: what they left set is reset, as after a command.
      this.enter(takeBackReset);
      this.events?.resumed();
    } else if (wasRaw) {
      this.setRaw(true);
    }
  }

  /** SIGCONT, after a stop lwl did not make itself (SIGSTOP): raw mode and the screen may be gone, so take them again. */
  private continued(): void {
    if (!this.active || this.childRunning) return;
    // Off, then on: libuv does nothing when asked for the mode it believes is set.
    this.setRaw(false);
    this.setRaw(true);
    // The shell ran other programs meanwhile: what they left set is reset too.
    this.write(takeBackReset + this.enterSequence);
    this.events?.resumed();
  }

  private setRaw(on: boolean): void {
    try {
      this.input.setRaw(on);
    } catch {
      // The terminal is gone; the next read says so.
    }
  }

  /**
   * Work may have ended without a frame (a turn of background work that drew
   * nothing): the tests' idle signal asks whether lwl is idle now. A read and a
   * write ask by themselves.
   */
  workDone(): void {
    this.idleSignal?.check(this.isIdle);
  }

  write(data: string): void {
    this.idleSignal?.wrote(data);
    writeAll(this.outputFd, data);
    this.idleSignal?.check(this.isIdle);
  }

  /**
   * Runs `run` with the terminal handed back (cooked mode, main screen, keys
   * not read), for a child process; signals meant for the child are ignored.
   */
  async handOver<T>(run: () => Promise<T>, end: () => Promise<void>): Promise<T> {
    this.restore();
    this.pauseKeys();
    this.childRunning = true;
    this.endChild = end;
    let result: T;
    try {
      result = await run();
    } finally {
      this.childRunning = false;
    }
    // lwl is being ended: its signal is on its way; nothing more is drawn.
    if (this.ending) await new Promise<never>(() => {});
    return result;
  }

  /** Takes the terminal back after handOver. */
  takeBack(): void {
    this.enter(takeBackReset);
  }

  /** After a child ends: says so (lwl's own words, not a document's) in bold on the main screen, and waits for a key. */
  async announceEnd(text: string): Promise<void> {
    this.write(`${textReset}\r\n${sgr({ bold: true })}${text}${RESET}`);
    await this.waitKey();
  }

  /**
   * Asks a question on the main screen before paging, and reads the one key
   * that answers it (null if the keyboard's input ends first). The screen is
   * not taken; the question is erased once answered.
   */
  async ask(question: string): Promise<Key | null> {
    this.holdBeforePaging(true);
    this.write(question);
    const answer = await new Promise<Key | null>((resolve) => {
      this.events = { key: resolve, resize: () => {}, end: () => resolve(null), resumed: () => {} };
      this.readKeys();
    });
    this.pauseKeys();
    this.events = null;
    this.write(`\r${ERASE_LINE}`);
    this.holdBeforePaging(false);
    return answer;
  }

  /**
   * Waits for `work` (a pipe's first bytes, before the first screen) with the
   * keys read in raw mode and the screen not taken, so that q is answered
   * while the input sends nothing: a key `quits` says ends the wait with
   * null. Other keys are kept for the pager, as keys typed ahead.
   */
  async unlessQuit<T>(work: Promise<T>, quits: (key: Key) => boolean): Promise<T | null> {
    this.holdBeforePaging(true);
    try {
      return await new Promise<T | null>((resolve, reject) => {
        const key = (k: Key) => (quits(k) ? resolve(null) : void this.typedAhead.push(k));
        this.events = { key, resize: () => {}, end: () => {}, resumed: () => {} };
        this.readKeys();
        // Keys are read from here on (raw mode is on): the tests' signal says lwl waits for them.
        this.idleSignal?.check(this.isIdle);
        work.then(resolve, reject);
      });
    } finally {
      this.pauseKeys();
      this.events = null;
      this.holdBeforePaging(false);
    }
  }

  /** Raw mode before paging, the screen not taken, given back if lwl is ended meanwhile (on), or no longer (off). */
  private holdBeforePaging(on: boolean): void {
    if (on) {
      for (const s of SIGNALS) process.on(s, this.onSignal);
      process.on('exit', this.onExit);
      current = this;
    } else {
      for (const s of SIGNALS) process.off(s, this.onSignal);
      process.off('exit', this.onExit);
    }
    this.setRaw(on);
  }

  /** Reads one key in raw mode on the main screen (for "press a key"). */
  private async waitKey(): Promise<void> {
    this.setRaw(true);
    const events = this.events;
    await new Promise<void>((resolve) => {
      this.events = {
        key: () => resolve(),
        resize: () => {},
        end: () => resolve(),
        resumed: () => {},
      };
      this.readKeys();
    });
    this.events = events;
  }

  private received(data: Buffer): void {
    this.idleSignal?.read(data.length);
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = null;
    const keys = this.decoder.feed(data, performance.now(), ESCAPE_TIMEOUT_MS);
    if (this.decoder.pending) {
      this.escapeTimer = setTimeout(() => {
        this.escapeTimer = null;
        this.deliver(this.decoder.flush());
      }, ESCAPE_TIMEOUT_MS);
    }
    this.deliver(keys);
  }

  /** Keys read together, in turn; the caller may leave its frame until the last (keysDone). */
  private deliver(keys: Key[]): void {
    for (let i = 0; i < keys.length; i++) {
      this.waiting = keys.length - 1 - i;
      this.events?.key(keys[i]);
    }
    this.waiting = 0;
    if (keys.length > 0) this.events?.keysDone?.();
    // A key may draw nothing (and a lone ESC delivers none yet): is lwl idle now?
    this.idleSignal?.check(this.isIdle);
  }

  private signalled(signal: NodeJS.Signals): void {
    if (this.ending) return;
    if (this.childRunning) {
      // ^C and ^\ on the terminal are the child's.
      if (signal === 'SIGINT' || signal === 'SIGQUIT') return;
      // Ended while a child runs on the terminal: end it first, so it does not go on there.
      this.ending = true;
      void this.endChild().finally(() => this.die(signal));
      return;
    }
    this.die(signal);
  }

  private die(signal: NodeJS.Signals): void {
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
