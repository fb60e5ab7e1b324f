// The 1-D display text, held as UTF-8 bytes in chunks. A V8 string stops at
// about 512 MiB and UTF-16 would double the memory, so the text is never one
// string: callers decode only the slices they show or search.

const NEWLINE = 0x0a;

export class TextStore {
  private chunks: Buffer[] = [];
  private starts: number[] = []; // offset of each chunk's first byte
  length = 0;

  append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.chunks.push(bytes);
    this.starts.push(this.length);
    this.length += bytes.length;
  }

  /** Index of the chunk holding `offset` (offset < length). */
  private chunkAt(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  byteAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    const i = this.chunkAt(offset);
    return this.chunks[i][offset - this.starts[i]];
  }

  /** The bytes [start, end): a view when they lie in one chunk, else a copy. */
  bytes(start: number, end: number): Buffer {
    start = Math.max(0, start);
    end = Math.min(this.length, end);
    if (end <= start) return Buffer.alloc(0);
    const i = this.chunkAt(start);
    const base = this.starts[i];
    const chunk = this.chunks[i];
    if (end - base <= chunk.length) return chunk.subarray(start - base, end - base);
    const parts: Buffer[] = [];
    for (let k = i; k < this.chunks.length && this.starts[k] < end; k++) {
      const s = Math.max(start, this.starts[k]) - this.starts[k];
      const e = Math.min(end, this.starts[k] + this.chunks[k].length) - this.starts[k];
      parts.push(this.chunks[k].subarray(s, e));
    }
    return Buffer.concat(parts, end - start);
  }

  text(start: number, end: number): string {
    return this.bytes(start, end).toString('utf8');
  }

  /** Offset of the first `byte` at or after `from`, or -1. */
  indexOf(byte: number, from: number, limit = this.length): number {
    if (from >= limit) return -1;
    for (let i = this.chunkAt(Math.max(0, from)); i < this.chunks.length && this.starts[i] < limit; i++) {
      const base = this.starts[i];
      const hit = this.chunks[i].indexOf(byte, Math.max(0, from - base));
      if (hit >= 0) return base + hit < limit ? base + hit : -1;
    }
    return -1;
  }

  /** Offset of the last `byte` before `before` and at or after `floor`, or -1. */
  lastIndexOf(byte: number, before: number, floor = 0): number {
    before = Math.min(before, this.length);
    if (before <= floor) return -1;
    for (let i = this.chunkAt(before - 1); i >= 0 && this.starts[i] + this.chunks[i].length > floor; i--) {
      const base = this.starts[i];
      const hit = this.chunks[i].lastIndexOf(byte, before - 1 - base);
      if (hit >= 0) return base + hit >= floor ? base + hit : -1;
    }
    return -1;
  }

  /** Offset of the first occurrence of `needle` at or after `from`, or -1 (also across chunks). */
  find(needle: Buffer, from: number): number {
    if (needle.length === 0) return from <= this.length ? from : -1;
    for (let i = this.chunkAt(Math.max(0, from)); i < this.chunks.length; i++) {
      const base = this.starts[i];
      const chunk = this.chunks[i];
      const hit = chunk.indexOf(needle, Math.max(0, from - base));
      if (hit >= 0) return base + hit;
      // A match may start in this chunk and run into the next: look at the seam.
      const seamStart = Math.max(from, base + chunk.length - needle.length + 1);
      const seamHit = this.bytes(seamStart, base + chunk.length + needle.length - 1).indexOf(needle);
      if (seamHit >= 0) return seamStart + seamHit;
    }
    return -1;
  }

  /** Offset just past the newline ending the line at `offset`, or the end. */
  lineEnd(offset: number): number {
    const nl = this.indexOf(NEWLINE, offset);
    return nl < 0 ? this.length : nl + 1;
  }

  /** Calls `visit` with consecutive pieces of [start, end), each within one chunk. */
  forEachPiece(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void {
    if (end <= start) return;
    for (let i = this.chunkAt(start); i < this.chunks.length && this.starts[i] < end; i++) {
      const base = this.starts[i];
      const s = Math.max(start, base);
      const e = Math.min(end, base + this.chunks[i].length);
      visit(this.chunks[i].subarray(s - base, e - base), s);
    }
  }
}
