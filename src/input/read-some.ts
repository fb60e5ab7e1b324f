// Reading a descriptor without blocking the event loop, whatever its mode: a
// pipe on standard input is non-blocking once Node has looked at it, and
// answers EAGAIN while it has nothing.
import fs from 'node:fs';
import type { Readable } from 'node:stream';

/** How long to wait before asking a non-blocking descriptor that had nothing again. */
const RETRY_MS = 10;

/** The first bytes looked at, to tell a compressed format by its magic bytes: the longest magic is 6. */
export const MAGIC_SIZE = 6;

/** The bytes the compressed formats with magic start with (decompress.ts tells them by these), and how many they need in all. */
export const MAGIC = {
  gzip: { bytes: [0x1f, 0x8b, 0x08], length: 3 },
  // And the block size, a digit.
  bzip2: { bytes: [0x42, 0x5a, 0x68], length: 4 },
  xz: { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], length: 6 },
  zstd: { bytes: [0x28, 0xb5, 0x2f, 0xfd], length: 4 },
} as const;

/** Whether more bytes could still make `head` a compressed format's magic: else they are not waited for. */
function mayBecomeMagic(head: Uint8Array): boolean {
  return Object.values(MAGIC).some(({ bytes, length }) => head.length < length && head.every((b, i) => i >= bytes.length || bytes[i] === b));
}

/** Reads into `buf` (at `position`, or where the descriptor is when null); resolves with the count, 0 at the end. */
export function readSome(fd: number, buf: Buffer, position: number | null = null): Promise<number> {
  return new Promise((resolve, reject) => {
    const attempt = () =>
      fs.read(fd, buf, 0, buf.length, position, (err, n) => {
        if (err && err.code === 'EAGAIN') return void setTimeout(attempt, RETRY_MS);
        if (err && err.code === 'EOF') return resolve(0); // a tty's end
        if (err) reject(err);
        else resolve(n);
      });
    attempt();
  });
}

/**
 * The first bytes that arrive on a pipe: enough to tell a compressed format
 * (a pipe that sends `a\nb\n` and waits is shown at once), as many as came
 * with them (at most `size`). Waits for them.
 */
async function readFirstBytes(fd: number, size: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(size);
  let length = 0;
  while (mayBecomeMagic(buf.subarray(0, length))) {
    const n = await readSome(fd, buf.subarray(length));
    if (n === 0) break;
    length += n;
  }
  return Buffer.from(buf.subarray(0, length));
}

/**
 * A pipe's first bytes as readFirstBytes waits for them, read from the pipe
 * made a stream (pipeStream) from the start: a pipe that sends nothing
 * leaves no read blocked in the thread pool, so q can end lwl while it waits
 * (Terminal.unlessQuit). The stream, paused, carries the rest; one that ended
 * with its first bytes is an empty stream that ends. Read in the pool as
 * before for what pipeStream cannot read (a device).
 */
export async function firstBytesOfPipe(fd: number, size: number): Promise<{ head: Buffer; rest: Readable | null }> {
  const stream = pipeStream(fd);
  if (stream === null) return { head: await readFirstBytes(fd, size), rest: null };
  const chunks: Buffer[] = [];
  let length = 0;
  const ended = await new Promise<boolean>((resolve, reject) => {
    const enough = () => !mayBecomeMagic(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)) || length >= size;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (enough()) done(false);
    };
    const done = (end: boolean, err?: Error) => {
      stream.off('data', onData).off('end', onEnd).off('error', onError);
      if (!end) stream.pause();
      if (err) reject(err);
      else resolve(end);
    };
    const onEnd = () => done(true);
    const onError = (err: Error) => done(true, err);
    stream.on('data', onData).on('end', onEnd).on('error', onError);
  });
  const streams = require('node:stream') as typeof import('node:stream');
  return { head: Buffer.concat(chunks), rest: ended ? streams.Readable.from([]) : stream };
}

/**
 * A pipe or FIFO as a stream on its descriptor, which the stream then owns:
 * libuv makes it non-blocking and waits on it with epoll, so no read is left
 * blocked in Node's thread pool, which exit waits for (q would wait for the
 * writer: `lwl <(cmd; sleep 20)`). Null for what it cannot read (a device).
 * Made once the first screen is up: Node's net module takes a moment to load.
 */
export function pipeStream(fd: number): Readable | null {
  const net = require('node:net') as typeof import('node:net');
  try {
    return new net.Socket({ fd, readable: true, writable: false });
  } catch {
    return null;
  }
}
