// The 1-D display text, as UTF-8 bytes in chunks. A V8 string stops at about
// 512 MiB and UTF-16 would double the memory, so the text is never one string:
// callers decode only the slices they show or search.
//
// Two kinds: MemoryText holds its bytes (input from a pipe, which cannot be
// read again); FileText (filetext.ts) holds only where each piece of the text
// is in the file, and reads blocks of it back when asked, as less does.

const NEWLINE = 0x0a;

/** The display text, whichever way it is held. */
export interface Text {
  readonly length: number;
  byteAt(offset: number): number;
  /** The bytes [start, end): a view valid until the text is next asked for bytes, or a copy. */
  bytes(start: number, end: number): Buffer;
  text(start: number, end: number): string;
  /** Offset of the first `byte` at or after `from` and before `limit`, or -1. */
  indexOf(byte: number, from: number, limit?: number): number;
  /** Offset of the last `byte` before `before` and at or after `floor`, or -1. */
  lastIndexOf(byte: number, before: number, floor?: number): number;
  /** Offset of the first occurrence of `needle` at or after `from`, or -1. */
  find(needle: Buffer, from: number): number;
  /** Offset just past the newline ending the line at `offset`, or the end. */
  lineEnd(offset: number): number;
  /** Offset of the start of the line holding `offset`. */
  lineStart(offset: number): number;
  /** Calls `visit` with consecutive pieces of [start, end); a piece is valid only during the call. */
  forEachPiece(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void;
}

/** The text's operations, over chunks that subclasses provide. */
export abstract class ChunkedText implements Text {
  abstract readonly length: number;
  protected abstract get chunkCount(): number;
  /** Offset of chunk i's first byte. */
  protected abstract chunkStart(i: number): number;
  /** The bytes of chunk i. */
  protected abstract chunk(i: number): Buffer;
  /** Index of the chunk holding `offset` (0 <= offset < length). */
  protected abstract chunkAt(offset: number): number;

  byteAt(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    const i = this.chunkAt(offset);
    return this.chunk(i)[offset - this.chunkStart(i)];
  }

  bytes(start: number, end: number): Buffer {
    start = Math.max(0, start);
    end = Math.min(this.length, end);
    if (end <= start) return Buffer.alloc(0);
    const i = this.chunkAt(start);
    const base = this.chunkStart(i);
    const chunk = this.chunk(i);
    if (end - base <= chunk.length) return chunk.subarray(start - base, end - base);
    const out = Buffer.allocUnsafe(end - start);
    this.forEachPiece(start, end, (piece, offset) => piece.copy(out, offset - start));
    return out;
  }

  text(start: number, end: number): string {
    return this.bytes(start, end).toString('utf8');
  }

  indexOf(byte: number, from: number, limit = this.length): number {
    from = Math.max(0, from);
    limit = Math.min(limit, this.length);
    for (let i = from < limit ? this.chunkAt(from) : this.chunkCount; i < this.chunkCount && this.chunkStart(i) < limit; i++) {
      const base = this.chunkStart(i);
      const hit = this.chunk(i).indexOf(byte, Math.max(0, from - base));
      if (hit >= 0) return base + hit < limit ? base + hit : -1;
    }
    return -1;
  }

  lastIndexOf(byte: number, before: number, floor = 0): number {
    before = Math.min(before, this.length);
    if (before <= floor) return -1;
    for (let i = this.chunkAt(before - 1); i >= 0; i--) {
      const base = this.chunkStart(i);
      const chunk = this.chunk(i);
      if (base + chunk.length <= floor) break;
      const hit = chunk.lastIndexOf(byte, before - 1 - base);
      if (hit >= 0) return base + hit >= floor ? base + hit : -1;
    }
    return -1;
  }

  find(needle: Buffer, from: number): number {
    from = Math.max(0, from);
    if (needle.length === 0) return from <= this.length ? from : -1;
    for (let i = from < this.length ? this.chunkAt(from) : this.chunkCount; i < this.chunkCount; i++) {
      const base = this.chunkStart(i);
      const length = this.chunk(i).length;
      const hit = this.chunk(i).indexOf(needle, Math.max(0, from - base));
      if (hit >= 0) return base + hit;
      // A match may start in this chunk and run into the next: look at the seam.
      const seamStart = Math.max(from, base + length - needle.length + 1);
      const seamHit = this.bytes(seamStart, base + length + needle.length - 1).indexOf(needle);
      if (seamHit >= 0) return seamStart + seamHit;
    }
    return -1;
  }

  lineEnd(offset: number): number {
    const nl = this.indexOf(NEWLINE, offset);
    return nl < 0 ? this.length : nl + 1;
  }

  lineStart(offset: number): number {
    return this.lastIndexOf(NEWLINE, offset) + 1;
  }

  forEachPiece(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void {
    start = Math.max(0, start);
    end = Math.min(end, this.length);
    if (end <= start) return;
    for (let i = this.chunkAt(start); i < this.chunkCount && this.chunkStart(i) < end; i++) {
      const base = this.chunkStart(i);
      const chunk = this.chunk(i);
      const s = Math.max(start, base);
      const e = Math.min(end, base + chunk.length);
      visit(chunk.subarray(s - base, e - base), s);
    }
  }
}

/** Text held in memory, as the buffers it was appended in. */
export class MemoryText extends ChunkedText {
  private chunks: Buffer[] = [];
  private starts: number[] = [];
  length = 0;

  append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.chunks.push(bytes);
    this.starts.push(this.length);
    this.length += bytes.length;
  }

  protected get chunkCount(): number {
    return this.chunks.length;
  }

  protected chunkStart(i: number): number {
    return this.starts[i];
  }

  protected chunk(i: number): Buffer {
    return this.chunks[i];
  }

  protected chunkAt(offset: number): number {
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
}
