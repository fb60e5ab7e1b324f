// A terminal's file descriptor as lwl uses it: is it a terminal, its size, raw
// mode, and its bytes as a stream. Only term/tty.ts and the code that asks
// whether a descriptor is a terminal use this.
//
// Node's tty module builds its streams on net and stream, some milliseconds of
// loading that the first screen does not need: it needs raw mode (so that keys
// typed meanwhile are not echoed over it) and the size, not the keys. So a
// device is libuv's own terminal handle (Node's tty_wrap binding, the one
// tty.ReadStream is made on), and the stream that reads its keys (a net.Socket
// on that same handle, as tty.ReadStream is) is made when first asked for,
// after the first screen. Where the binding cannot be had (a Node without it,
// or its permission model), the tty module's own streams do the same work.
// Node has no public way to a terminal's raw mode and size without those
// streams: hence process.binding here, in term/ and nowhere else. What it
// gains, and the tests that fail without it: docs/startup.md.
import type { Socket } from 'node:net';
import type { ReadStream, WriteStream } from 'node:tty';

export interface Size {
  cols: number;
  rows: number;
}

/** The methods of Node's terminal handle (tty_wrap's TTY) that lwl calls; each returns 0 or a negative errno. */
interface TtyHandle {
  setRawMode(on: boolean): number;
  getWindowSize(size: number[]): number;
  setBlocking(on: boolean): number;
}

interface TtyBinding {
  TTY: new (fd: number, context: { code?: string; message?: string }) => TtyHandle;
  isTTY(fd: number): boolean;
}

let binding: TtyBinding | null | undefined;

/** Node's tty_wrap binding, or null if this Node will not give it. */
function ttyBinding(): TtyBinding | null {
  if (binding !== undefined) return binding;
  const quiet = process.noDeprecation;
  try {
    // process.binding is deprecated in the documentation only (DEP0111); --pending-deprecation would print a warning for it, which is not the user's concern.
    process.noDeprecation = true;
    const found = (process as unknown as { binding(name: string): Partial<TtyBinding> }).binding('tty_wrap');
    binding = typeof found.TTY === 'function' && typeof found.isTTY === 'function' ? (found as TtyBinding) : null;
  } catch {
    binding = null;
  } finally {
    process.noDeprecation = quiet;
  }
  return binding;
}

function ttyModule(): typeof import('node:tty') {
  return require('node:tty') as typeof import('node:tty');
}

/** Whether `fd` is a terminal (as tty.isatty says). */
export function isTerminal(fd: number): boolean {
  const found = ttyBinding();
  if (found === null) return ttyModule().isatty(fd);
  return Number.isInteger(fd) && fd >= 0 && fd <= 0x7fffffff && found.isTTY(fd);
}

/** A terminal's descriptor, taken for lwl's use: for its size and raw mode, and for its keys. */
export interface TerminalDevice {
  /** The terminal's size, or null if it cannot be had. */
  size(): Size | null;
  readonly isRaw: boolean;
  /** Raw mode on or off; throws if the terminal refuses. */
  setRaw(on: boolean): void;
  /** The terminal's bytes (made on the first call: this loads Node's streams). */
  stream(): Socket;
}

/** libuv's handle, with a stream on it made on first use. */
class HandleDevice implements TerminalDevice {
  private raw = false;
  private made: Socket | null = null;
  private readonly winSize = [0, 0];

  constructor(private readonly handle: TtyHandle) {}

  size(): Size | null {
    return this.handle.getWindowSize(this.winSize) === 0 ? { cols: this.winSize[0], rows: this.winSize[1] } : null;
  }

  get isRaw(): boolean {
    return this.raw;
  }

  setRaw(on: boolean): void {
    const err = this.handle.setRawMode(on);
    if (err !== 0) throw new Error(`the terminal's mode cannot be set (${err})`);
    this.raw = on;
  }

  stream(): Socket {
    if (this.made === null) {
      const net = require('node:net') as typeof import('node:net');
      // As tty.ReadStream makes itself: no read before it is resumed, nothing held back.
      this.made = new net.Socket({ handle: this.handle, readableHighWaterMark: 0, manualStart: true } as import('node:net').SocketConstructorOpts);
      stopReadingOnPause(this.made);
    }
    return this.made;
  }
}

/**
 * A paused stream stops reading the terminal, as Node makes process.stdin do:
 * otherwise a read already asked for takes the next keys, which are a child's
 * (a command run on the terminal) or the shell's, after lwl. Node's own code
 * does it so for process.stdin (its 'pause' handler, one tick later), with the
 * same private fields: a paused socket has no public way to stop reading, and
 * its state must say it is not reading, or the next resume would not read
 * again. Any terminal stream lwl reads keys from needs it, with or without the
 * binding (test/e2e/modes.test.ts runs lwl and less inside lwl, and types to them).
 */
function stopReadingOnPause(stream: Socket): void {
  stream.on('pause', () =>
    process.nextTick(() => {
      const handle = (stream as unknown as { _handle?: { reading?: boolean; readStop(): number } })._handle;
      if (!handle?.reading || stream.readableFlowing) return;
      (stream as unknown as { _readableState: { reading: boolean } })._readableState.reading = false;
      handle.reading = false;
      handle.readStop();
    }),
  );
}

/** The tty module's streams, where the binding is not to be had. */
class StreamDevice implements TerminalDevice {
  constructor(private readonly tty: ReadStream | WriteStream) {}

  size(): Size | null {
    const tty = this.tty;
    if ('getWindowSize' in tty) {
      const [cols, rows] = tty.getWindowSize();
      return { cols, rows };
    }
    // A ReadStream has no size; the output's is asked for that.
    return null;
  }

  get isRaw(): boolean {
    return 'isRaw' in this.tty && this.tty.isRaw;
  }

  setRaw(on: boolean): void {
    if (!('setRawMode' in this.tty)) throw new Error('not an input terminal');
    const tty = this.tty;
    let failed: Error | null = null;
    // ReadStream.setRawMode says a failure with an 'error' event.
    const onError = (err: Error) => (failed = err);
    tty.once('error', onError);
    tty.setRawMode(on);
    tty.off('error', onError);
    if (failed) throw failed;
  }

  stream(): Socket {
    return this.tty;
  }
}

/** `fd`, a terminal, for keys (input) or for drawing (output: writes to it block, as Node's tty.WriteStream makes them). */
export function openDevice(fd: number, use: 'input' | 'output'): TerminalDevice {
  const found = ttyBinding();
  if (found === null) {
    const tty = ttyModule();
    if (use === 'input') {
      if (fd === 0) return new StreamDevice(process.stdin as ReadStream);
      const stream = new tty.ReadStream(fd);
      stopReadingOnPause(stream);
      return new StreamDevice(stream);
    }
    return new StreamDevice(fd === 1 ? (process.stdout as WriteStream) : new tty.WriteStream(fd));
  }
  const context: { code?: string; message?: string } = {};
  const handle = new found.TTY(fd, context);
  if (context.code !== undefined) throw new Error(`the terminal cannot be opened: ${context.message ?? context.code}`);
  // libuv opens the terminal again, on the same descriptor, without blocking: writes would then be cut short (EAGAIN).
  if (use === 'output') handle.setBlocking(true);
  return new HandleDevice(handle);
}

let stdout: TerminalDevice | null = null;

/** Standard output as a device, if it is a terminal (one device, made on first use). */
export function outputDevice(): TerminalDevice | null {
  if (!isTerminal(1)) return null;
  stdout ??= openDevice(1, 'output');
  return stdout;
}

/** The size of the terminal on standard output, or null if it is not one. */
export function outputSize(): Size | null {
  return outputDevice()?.size() ?? null;
}
