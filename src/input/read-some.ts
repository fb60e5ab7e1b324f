// Reading a descriptor without blocking the event loop, whatever its mode: a
// pipe on standard input is non-blocking once Node has looked at it, and
// answers EAGAIN while it has nothing.
import fs from 'node:fs';

/** How long to wait before asking a non-blocking descriptor that had nothing again. */
const RETRY_MS = 10;

/** The first bytes looked at, to tell a compressed format by its magic bytes: the longest magic is 6. */
export const MAGIC_SIZE = 6;

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
 * The first bytes that arrive on a pipe: at least MAGIC_SIZE of them unless it
 * ends first, as many as came with them (at most `size`). Waits for them.
 */
export async function readFirstBytes(fd: number, size: number): Promise<Buffer> {
  const buf = Buffer.allocUnsafe(size);
  let length = 0;
  while (length < MAGIC_SIZE) {
    const n = await readSome(fd, buf.subarray(length));
    if (n === 0) break;
    length += n;
  }
  return Buffer.from(buf.subarray(0, length));
}
