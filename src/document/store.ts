// The 1-D display text, as UTF-8 bytes in chunks. A V8 string stops at about
// 512 MiB and UTF-16 would double the memory, so the text is never one string:
// callers decode only the slices they show or search.
//
// Two kinds: MemoryText holds its bytes (input from a pipe, which cannot be
// read again); FileText (filetext.ts) holds only where each piece of the text
// is in the file, and reads blocks of it back when asked, as less does.
// Either keeps a run of input holding hex tokens as its raw bytes, rendered
// when read (hex-tokens.ts); in program output, a run may hold SGR too, dropped
// when read (readers/sgr-runs.ts): the reader says how runs render.
import { LruCache } from './cache.ts';
import { float64s } from './numbers.ts';
import { entryAt } from './sorted.ts';
import { addTokensOverlapping, render, tokenRangesOf, TokenRanges } from './hex-tokens.ts';

const NEWLINE = 0x0a;

/** How a run to render is shown: tokens for what needs them, and, in program output, its SGR dropped. */
export interface RunRender {
  /** Renders input[from, to) into out from 0; returns the display length. */
  render(input: Uint8Array, from: number, to: number, out: Uint8Array): number;
  /** The display ranges of the tokens of input[from, to) rendered, from 0: [start, end] pairs, adjacent ones joined. */
  tokens(input: Uint8Array, from: number, to: number): Float64Array;
}

/** Runs that hold tokens and text only. */
export const TOKEN_RUNS: RunRender = { render: (input, from, to, out) => render(input, from, to, out), tokens: tokenRangesOf };

/** Visits a run to render: where it is in the text, the tag the reader gave it, and a way to read its raw bytes (valid only during the call). */
export type RunVisit = (start: number, end: number, tag: number, raw: () => Buffer) => void;

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
  /** The same, for one pass over much of the text (counting lines): what the screen reads back stays cached. */
  scan(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void;
  /** The display ranges of the hex tokens that overlap [start, end), adjacent ones joined. */
  tokens(start: number, end: number): Array<[number, number]>;
  /** How runs render: set by the reader before it writes any. */
  runRender: RunRender;
  /** Calls `visit` with each run to render that overlaps [start, end), in order; its bytes are valid only during the call. */
  runs(start: number, end: number, visit: RunVisit): void;
}

/** The text's operations, over chunks that subclasses provide. */
export abstract class ChunkedText implements Text {
  abstract readonly length: number;
  runRender: RunRender = TOKEN_RUNS;
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

  abstract tokens(start: number, end: number): Array<[number, number]>;
  abstract runs(start: number, end: number, visit: RunVisit): void;

  scan(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void {
    this.forEachPiece(start, end, visit);
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

/** Rendered runs kept (LRU), each at most 4 x RUN_MAX bytes. */
const RENDERED_CACHED = 16;

/**
 * Text held in memory, as the buffers it was appended in: display bytes, or
 * the raw bytes of a run holding tokens, rendered when read.
 */
export class MemoryText extends ChunkedText {
  private readonly chunks: Buffer[] = [];
  /** Display offset of each chunk. */
  private readonly starts = float64s();
  /** The chunks that hold raw bytes to render: index → the tag the reader gave the run. */
  private readonly raw = new Map<number, number>();
  private readonly renderedCache = new LruCache<number, Buffer>(RENDERED_CACHED);
  private renderBuffer = Buffer.alloc(0);
  /** The tokens of the raw chunks lately asked about: chunk index → pairs (hex-tokens.ts). */
  private readonly tokenCache = new LruCache<number, Float64Array>(RENDERED_CACHED);
  length = 0;

  /** Appends display bytes. */
  append(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.chunks.push(bytes);
    this.starts.push(this.length);
    this.length += bytes.length;
  }

  /** Appends raw input to render (rendered, it is `displayLength` bytes long); `tag`: the reader's, for runs(). */
  appendRendered(raw: Buffer, displayLength: number, tag = -1): void {
    if (raw.length === 0) return;
    this.raw.set(this.chunks.length, tag);
    this.chunks.push(raw);
    this.starts.push(this.length);
    this.length += displayLength;
  }

  protected get chunkCount(): number {
    return this.chunks.length;
  }

  protected chunkStart(i: number): number {
    return this.starts.values[i];
  }

  protected chunk(i: number): Buffer {
    if (!this.raw.has(i)) return this.chunks[i];
    let shown = this.renderedCache.get(i);
    if (!shown) {
      const raw = this.chunks[i];
      // Rendered in a buffer large enough for any run (a token is at most 4 bytes a byte), then kept at its length.
      if (this.renderBuffer.length < 4 * raw.length) this.renderBuffer = Buffer.allocUnsafe(4 * raw.length);
      const rendered = this.runRender.render(raw, 0, raw.length, this.renderBuffer);
      shown = Buffer.allocUnsafe(this.chunkEnd(i) - this.chunkStart(i));
      this.renderBuffer.copy(shown, 0, 0, Math.min(rendered, shown.length));
      if (rendered < shown.length) shown.fill(0x20, rendered);
      this.renderedCache.set(i, shown);
    }
    return shown;
  }

  private chunkEnd(i: number): number {
    return i + 1 < this.chunks.length ? this.starts.values[i + 1] : this.length;
  }

  protected chunkAt(offset: number): number {
    return entryAt(this.starts.values, this.starts.count, offset);
  }

  tokens(start: number, end: number): Array<[number, number]> {
    const found = new TokenRanges();
    if (end <= start || this.length === 0) return found.found;
    for (let i = this.chunkAt(Math.max(0, start)); i < this.chunks.length && this.chunkStart(i) < end; i++) {
      if (!this.raw.has(i)) continue;
      let pairs = this.tokenCache.get(i);
      if (!pairs) {
        pairs = this.runRender.tokens(this.chunks[i], 0, this.chunks[i].length);
        this.tokenCache.set(i, pairs);
      }
      addTokensOverlapping(found, pairs, this.chunkStart(i), start, end);
    }
    return found.found;
  }

  runs(start: number, end: number, visit: RunVisit): void {
    if (end <= start || this.length === 0) return;
    for (let i = this.chunkAt(Math.max(0, start)); i < this.chunks.length && this.chunkStart(i) < end; i++) {
      const tag = this.raw.get(i);
      if (tag !== undefined) visit(this.chunkStart(i), this.chunkEnd(i), tag, () => this.chunks[i]);
    }
  }
}
