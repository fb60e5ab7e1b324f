// A response body delivered as it arrives: decompressed as a stream, held to a
// size limit, given up after a silence, stoppable at any moment. However it
// ends, what arrived before is kept and delivered, and the end says why.
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { formatBytes } from '../text/count.ts';

/** How a body ended. Only 'complete' means the whole page arrived. */
export type BodyEndReason =
  /** The whole body arrived. */
  | 'complete'
  /** Stopped by the caller (^C, or leaving the iteration early). */
  | 'cancelled'
  /** The size limit was reached: the first maxBytes are kept. */
  | 'too-large'
  /** Nothing arrived for idleTimeoutMs. */
  | 'idle-timeout'
  /** The connection closed before the end. */
  | 'truncated'
  /** The compressed data is damaged. */
  | 'corrupt';

export interface BodyEnd {
  reason: BodyEndReason;
  /** Bytes delivered (after decompression). */
  delivered: number;
  /** Bytes received on the wire (before decompression). */
  received: number;
  /** What to tell the user, or null when the body is complete. */
  message: string | null;
}

export interface Progress {
  /** Bytes received on the wire: what Content-Length counts. */
  received: number;
  /** Content-Length, or null when the server did not say. */
  total: number | null;
  /** Bytes delivered to the reader (decompressed). */
  delivered: number;
}

/** Content codings lwl undoes. */
export type Coding = 'identity' | 'gzip' | 'deflate' | 'br';

/** The coding for a Content-Encoding header, or null for one lwl cannot undo. */
export function codingOf(header: string | undefined): Coding | null {
  const value = (header ?? '').trim().toLowerCase();
  switch (value) {
    case '':
    case 'identity':
      return 'identity';
    case 'gzip':
    case 'x-gzip':
      return 'gzip';
    case 'deflate':
      return 'deflate';
    case 'br':
      return 'br';
    default:
      return null;
  }
}

export interface BodyOptions {
  maxBytes: number;
  idleTimeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

/** Queued, undelivered bytes at which the socket is paused, and below which it resumes. */
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;

/** Progress for the status line: "1.2 MiB of 5 MiB (24%)", or "1.2 MiB" when the length is unknown. */
export function formatProgress(progress: Progress): string {
  const { received, total } = progress;
  if (total === null || total <= 0) return formatBytes(received);
  return `${formatBytes(received)} of ${formatBytes(total)} (${Math.min(100, Math.floor((received * 100) / total))}%)`;
}

function endMessage(reason: BodyEndReason, delivered: number, options: BodyOptions): string | null {
  switch (reason) {
    case 'complete':
      return null;
    case 'cancelled':
      return `Stopped: ${formatBytes(delivered)} arrived`;
    case 'too-large':
      return `The page is larger than ${formatBytes(options.maxBytes)}: only its first ${formatBytes(options.maxBytes)} are shown`;
    case 'idle-timeout':
      return `The server sent nothing for ${options.idleTimeoutMs / 1000} s: showing the ${formatBytes(delivered)} that arrived`;
    case 'truncated':
      return `The connection closed before the end of the page: ${formatBytes(delivered)} arrived`;
    case 'corrupt':
      return `The compressed page is damaged: showing the ${formatBytes(delivered)} that could be read`;
  }
}

/** A decompressor for a coding; deflate needs its first bytes to tell zlib's wrapper from raw deflate. */
function decompressor(coding: Exclude<Coding, 'identity'>, first: Buffer): Transform {
  // A body cut short still gives what was decoded so far, without an error.
  const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (coding) {
    case 'gzip':
      return zlib.createGunzip(lenient);
    case 'br':
      return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    case 'deflate': {
      // "deflate" is meant to be zlib-wrapped; some servers send it raw.
      const wrapped = first.length < 2 || ((first[0] & 0x0f) === 8 && ((first[0] << 8) | first[1]) % 31 === 0);
      return wrapped ? zlib.createInflate(lenient) : zlib.createInflateRaw(lenient);
    }
  }
}

/**
 * The body of a response, as an async iterator of Buffers (read it with
 * `for await`). The network is paused while the reader has 1 MiB it has not
 * taken, so a reader that stops reading (a question about a binary page) costs
 * nothing and is not timed out. `ended` resolves once the network side is done;
 * the iterator then delivers what is queued and finishes.
 */
export class Body implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private queued = 0;
  private waiting: ((result: IteratorResult<Buffer>) => void) | null = null;
  private decoder: Transform | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private paused = false;
  private received = 0;
  private delivered = 0;
  private finished: BodyEnd | null = null;
  private resolveEnded!: (end: BodyEnd) => void;
  private readonly onAbort = () => this.finish('cancelled');
  /** Resolves (never rejects) when the body has ended, however. */
  readonly ended: Promise<BodyEnd>;

  constructor(
    private readonly res: IncomingMessage,
    readonly coding: Coding,
    readonly length: number | null,
    private readonly options: BodyOptions,
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    res.on('data', (chunk: Buffer) => this.onWire(chunk));
    res.on('end', () => this.onWireEnd());
    res.on('error', () => this.finish('truncated'));
    res.on('close', () => {
      if (!res.complete) this.finish('truncated');
    });
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (options.signal?.aborted) this.finish('cancelled');
    else this.armIdle();
  }

  /** Bytes so far against Content-Length. */
  get progress(): Progress {
    return { received: this.received, total: this.length, delivered: this.delivered };
  }

  /** How the body ended, or null while it is still arriving. */
  get end(): BodyEnd | null {
    return this.finished;
  }

  /** Stops the load; what arrived stays queued for the iterator. */
  cancel(): void {
    this.finish('cancelled');
  }

  /** Reads the body with a callback per chunk: the same as `for await`, for callers that prefer callbacks. */
  async read(onChunk: (chunk: Buffer) => void): Promise<BodyEnd> {
    for await (const chunk of this) onChunk(chunk);
    return this.ended;
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => {
        const chunk = this.take();
        if (chunk) return Promise.resolve({ value: chunk, done: false });
        if (this.finished) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
      return: () => {
        this.finish('cancelled');
        this.queue.length = 0;
        this.queued = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private take(): Buffer | undefined {
    const chunk = this.queue.shift();
    if (!chunk) return undefined;
    this.queued -= chunk.length;
    if (this.paused && this.queued < LOW_WATER && !this.finished) {
      this.paused = false;
      this.res.resume();
      this.decoder?.resume();
      this.armIdle();
    }
    return chunk;
  }

  private wake(): void {
    const waiting = this.waiting;
    if (!waiting) return;
    const chunk = this.take();
    if (chunk) {
      this.waiting = null;
      waiting({ value: chunk, done: false });
    } else if (this.finished) {
      this.waiting = null;
      waiting({ value: undefined, done: true });
    }
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.finished || this.paused) return;
    this.idleTimer = setTimeout(() => this.finish('idle-timeout'), this.options.idleTimeoutMs);
  }

  private onWire(chunk: Buffer): void {
    if (this.finished) return;
    this.received += chunk.length;
    this.armIdle();
    this.options.onProgress?.(this.progress);
    if (this.coding === 'identity') return this.deliver(chunk);
    if (!this.decoder) {
      const decoder = decompressor(this.coding, chunk);
      this.decoder = decoder;
      decoder.on('data', (out: Buffer) => this.deliver(out));
      decoder.on('end', () => this.finish('complete'));
      decoder.on('error', () => this.finish('corrupt'));
    }
    this.decoder.write(chunk);
  }

  private onWireEnd(): void {
    if (this.finished) return;
    if (this.decoder) this.decoder.end();
    else this.finish('complete');
  }

  private deliver(chunk: Buffer): void {
    if (this.finished || chunk.length === 0) return;
    const room = this.options.maxBytes - this.delivered;
    const over = chunk.length > room;
    if (over) chunk = chunk.subarray(0, room);
    if (chunk.length > 0) {
      this.queue.push(chunk);
      this.queued += chunk.length;
      this.delivered += chunk.length;
    }
    if (over) this.finish('too-large');
    else if (this.queued >= HIGH_WATER && !this.paused) {
      // The reader is behind: stop taking from the network until it catches up.
      this.paused = true;
      this.res.pause();
      this.decoder?.pause();
      this.armIdle();
    }
    this.wake();
  }

  private finish(reason: BodyEndReason): void {
    if (this.finished) return;
    this.finished = {
      reason,
      delivered: this.delivered,
      received: this.received,
      message: endMessage(reason, this.delivered, this.options),
    };
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.options.signal?.removeEventListener('abort', this.onAbort);
    this.res.destroy();
    this.decoder?.destroy();
    this.options.onProgress?.(this.progress);
    this.resolveEnded(this.finished);
    this.wake();
  }
}
