// Display text that stays in its file. The parser records the text as pieces:
// a run of the file's own bytes (most of it: everything but hidden hrefs,
// escapes' backslashes and CRs of CRLF), or bytes of its own (hex tokens).
// Blocks of the text are read back from the file when asked for, and a few
// are kept. So a file of any size costs a few bytes per piece, and reading
// it through costs no new memory: memory first touched is slow (on some
// machines slower than the disk cache), and reused memory is not.
import fs from 'node:fs';
import { ChunkedText } from './store.ts';

/** Bytes per block read back. */
const BLOCK = 128 * 1024;
/** Blocks kept (LRU): 8 MiB. */
const CACHED = 64;

/** A growable array of numbers. */
class Numbers {
  values = new Float64Array(64);
  count = 0;
  push(v: number): void {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = v;
  }
}

export class FileText extends ChunkedText {
  length = 0;
  /** Where each piece starts in the text. */
  private readonly starts = new Numbers();
  /** Where each piece's bytes are: a file offset, or -1 - an offset into `own`. */
  private readonly sources = new Numbers();
  /** The bytes of the pieces that are not in the file. */
  private own = Buffer.alloc(4096);
  private ownLength = 0;
  /** Block index → its bytes (LRU order: oldest first). */
  private readonly cache = new Map<number, Buffer>();
  /** Buffers of evicted blocks, to reuse. */
  private readonly spare: Buffer[] = [];
  /** Raw bytes read from the file for a block, reused. */
  private scratch = Buffer.alloc(BLOCK);

  constructor(readonly fd: number) {
    super();
  }

  /** Appends `length` bytes that are the file's bytes at `offset`. */
  appendFile(offset: number, length: number): void {
    if (length <= 0) return;
    const n = this.starts.count;
    const last = n - 1;
    // Continues the last piece in the file: just longer.
    if (n > 0 && this.sources.values[last] >= 0 && this.sources.values[last] + (this.length - this.starts.values[last]) === offset) {
      this.length += length;
      return;
    }
    this.starts.push(this.length);
    this.sources.push(offset);
    this.length += length;
  }

  /** Appends bytes of the text's own (a hex token). */
  appendOwn(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.ownLength + bytes.length > this.own.length) {
      const bigger = Buffer.alloc(Math.max(this.own.length * 2, this.ownLength + bytes.length));
      this.own.copy(bigger, 0, 0, this.ownLength);
      this.own = bigger;
    }
    const n = this.starts.count;
    const last = n - 1;
    const continues = n > 0 && this.sources.values[last] < 0 && -1 - this.sources.values[last] + (this.length - this.starts.values[last]) === this.ownLength;
    if (!continues) {
      this.starts.push(this.length);
      this.sources.push(-1 - this.ownLength);
    }
    this.own.set(bytes, this.ownLength);
    this.ownLength += bytes.length;
    this.length += bytes.length;
  }

  protected get chunkCount(): number {
    return Math.ceil(this.length / BLOCK);
  }

  protected chunkStart(i: number): number {
    return i * BLOCK;
  }

  protected chunkAt(offset: number): number {
    return Math.floor(offset / BLOCK);
  }

  protected chunk(i: number): Buffer {
    const size = Math.min(BLOCK, this.length - i * BLOCK);
    let block = this.cache.get(i);
    if (block && block.length === size) {
      this.cache.delete(i);
      this.cache.set(i, block);
      return block;
    }
    if (block) this.cache.delete(i); // the text grew since: read it again
    if (this.cache.size >= CACHED) {
      const oldest = this.cache.keys().next().value!;
      this.spare.push(this.cache.get(oldest)!);
      this.cache.delete(oldest);
    }
    const buffer = this.spare.pop() ?? Buffer.allocUnsafe(BLOCK);
    block = buffer.subarray(0, size);
    this.fill(block, i * BLOCK);
    this.cache.set(i, block);
    return block;
  }

  /** Index of the piece holding `offset`. */
  private pieceAt(offset: number): number {
    const starts = this.starts.values;
    let lo = 0;
    let hi = this.starts.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Fills `out` with the text from `start`: the file's runs read in one go, the own bytes copied. */
  private fill(out: Buffer, start: number): void {
    const end = start + out.length;
    const starts = this.starts.values;
    const sources = this.sources.values;
    const count = this.starts.count;
    const first = this.pieceAt(start);
    // The file range that the block's file pieces come from.
    let rawFrom = -1;
    let rawTo = -1;
    let hasOwn = false;
    for (let p = first; p < count && starts[p] < end; p++) {
      if (sources[p] < 0) {
        hasOwn = true;
        continue;
      }
      const from = Math.max(start, starts[p]);
      const to = Math.min(end, p + 1 < count ? starts[p + 1] : this.length);
      if (rawFrom < 0) rawFrom = sources[p] + (from - starts[p]);
      rawTo = sources[p] + (to - starts[p]);
    }
    if (rawFrom >= 0) {
      if (this.scratch.length < rawTo - rawFrom) this.scratch = Buffer.allocUnsafe(rawTo - rawFrom);
      let got = 0;
      while (got < rawTo - rawFrom) {
        const n = fs.readSync(this.fd, this.scratch, got, rawTo - rawFrom - got, rawFrom + got);
        if (n === 0) {
          // The file shrank under us: show what is gone as blanks rather than stale bytes.
          this.scratch.fill(0x20, got, rawTo - rawFrom);
          break;
        }
        got += n;
      }
    }
    if (!hasOwn) {
      // Only the file's bytes: close the gaps (hidden hrefs) in place, then one copy.
      let w = 0;
      for (let p = first; p < count && starts[p] < end; p++) {
        const from = Math.max(start, starts[p]);
        const to = Math.min(end, p + 1 < count ? starts[p + 1] : this.length);
        const at = sources[p] + (from - starts[p]) - rawFrom;
        if (at !== w) this.scratch.copyWithin(w, at, at + (to - from));
        w += to - from;
      }
      this.scratch.copy(out, 0, 0, w);
      return;
    }
    for (let p = first; p < count && starts[p] < end; p++) {
      const from = Math.max(start, starts[p]);
      const to = Math.min(end, p + 1 < count ? starts[p + 1] : this.length);
      const source = sources[p] + (from - starts[p]);
      if (sources[p] >= 0) this.scratch.copy(out, from - start, source - rawFrom, source - rawFrom + (to - from));
      else this.own.copy(out, from - start, -1 - sources[p] + (from - starts[p]), -1 - sources[p] + (to - starts[p]));
    }
  }
}
