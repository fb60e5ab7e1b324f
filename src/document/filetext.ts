// Display text that stays in its file. The parser records the text as pieces:
// a run of the file's own bytes (most of it: everything but hidden hrefs,
// escapes' backslashes and CRs of CRLF), or a run of the file's bytes that
// holds hex tokens (in program output, SGR too), rendered when read (the
// text's runRender). Blocks of the text are read back from the file when asked for, and a few are kept. So a file of any size
// costs a few bytes per piece, and reading it through costs no new memory:
// memory first touched is slow (on some machines slower than the disk cache),
// and reused memory is not.
//
// The file may change under us (rewritten in place, truncated). Blocks read
// back are checked against samples of what was parsed; once a change is seen,
// `changed` is set and every block read is made safe (controls become spaces),
// so bytes never parsed are never shown as if they were.
import fs from 'node:fs';
import { ChunkedText, type RunVisit } from './store.ts';
import { isUtf8 } from 'node:buffer';
import { LruCache } from './cache.ts';
import { Numbers } from './numbers.ts';
import { PackedNumbers } from './packed.ts';
import { addTokensOverlapping, isControl, TokenRanges, unitAt } from './hex-tokens.ts';
import { SPECIAL_IN_UTF8, getScanner } from './scan.ts';
import { isContinuation, utf8SequenceLength } from './utf8.ts';

/** Bytes per block read back. */
const BLOCK = 128 * 1024;
/**
 * Blocks kept (LRU), 512 KiB: the screen's block or two and the three a search
 * of a block reads; what is read again comes from the system's cache of the
 * file. (Counting lines reads past them: see scan.)
 */
const CACHED = (512 * 1024) / BLOCK;
/** One byte of the input is kept every this many, to tell when the file changed. */
const SAMPLE_EVERY = 4096;
const SPACE = 0x20;
/** Pieces this close together in the file are read back in one go... */
const READ_GAP = 16 * 1024;
/** ...up to this much: a block of text with many long hidden hrefs is not one huge read. */
const READ_MAX = 1024 * 1024;

export class FileText extends ChunkedText {
  length = 0;
  /** Where each piece starts in the text. */
  private readonly starts = new PackedNumbers();
  /** Where each piece's bytes are in the file: the offset, or -1 - the offset for a run to render. */
  private readonly sources = new PackedNumbers();
  /** For a run to render, its length in the file (0 for the others); null until the first such run. */
  private rawLengths: Numbers | null = null;
  /** For a run to render, the tag the reader gave it (for runs()); null until the first such run. */
  private tags: Numbers | null = null;
  /** Buffers of evicted blocks, to reuse. */
  private readonly spare: Buffer[] = [];
  /** Block index → its bytes. */
  private readonly cache = new LruCache<number, Buffer>(CACHED, (block) => this.spare.push(block));
  /** Raw bytes read from the file for a block, reused. */
  private scratch = Buffer.alloc(BLOCK);
  /** A rendered run, reused: piece renderedPiece, of renderedRaw bytes in the file. */
  private rendered = Buffer.alloc(0);
  private renderedPiece = -1;
  private renderedRaw = 0;
  /** The input's byte at every SAMPLE_EVERY-th offset, as parsed. */
  private readonly samples = new PackedNumbers(8, false);
  /** The tokens of the runs to render lately asked about: piece index → its length in the file then, and pairs (hex-tokens.ts). */
  private readonly tokenCache = new LruCache<number, { raw: number; pairs: Float64Array }>(16);
  /** True once a block read back was not what was parsed: the file changed under us. */
  changed = false;

  constructor(readonly fd: number) {
    super();
  }

  /** Notes input bytes as parsed, `chunk` being the file's bytes at `offset`: the samples for `changed`. */
  parsed(chunk: Uint8Array, offset: number): void {
    const samples = this.samples;
    for (let at = samples.count * SAMPLE_EVERY; at < offset + chunk.length; at += SAMPLE_EVERY) {
      if (at < offset) return; // not read in order: no samples past a gap
      samples.push(chunk[at - offset]);
    }
  }

  /** Appends `length` bytes that are the file's bytes at `offset`. */
  appendFile(offset: number, length: number): void {
    if (length <= 0) return;
    const last = this.starts.count - 1;
    // Continues the last piece in the file: just longer.
    if (last >= 0 && this.sources.get(last) >= 0 && this.sources.get(last) + (this.length - this.starts.get(last)) === offset) {
      this.length += length;
      return;
    }
    this.push(offset, 0, length);
  }

  /** Appends the file's bytes [offset, offset + rawLength), to render: `displayLength` bytes once rendered; `tag`: the reader's, for runs(). */
  appendRendered(offset: number, rawLength: number, displayLength: number, tag = -1): void {
    this.push(-1 - offset, rawLength, displayLength, tag);
  }

  /** Lengthens the last piece, a run to render, by the next `rawLength` bytes of the file. */
  extendRendered(rawLength: number, displayLength: number): void {
    const rawLengths = this.rawLengths!;
    const last = rawLengths.count - 1;
    rawLengths.set(last, rawLengths.values[last] + rawLength);
    this.length += displayLength;
  }

  private push(source: number, rawLength: number, displayLength: number, tag = -1): void {
    this.starts.push(this.length);
    this.sources.push(source);
    if (source < 0 && !this.rawLengths) {
      // The first run to render: from now on every piece has its length in the file and a tag (0 for the others).
      this.rawLengths = new Numbers(Math.max(64, this.starts.count));
      this.rawLengths.count = this.starts.count - 1;
      this.tags = new Numbers(Math.max(64, this.starts.count));
      this.tags.count = this.starts.count - 1;
    }
    this.rawLengths?.push(rawLength);
    this.tags?.push(tag);
    this.length += displayLength;
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
    if (block && block.length === size) return block;
    if (block) this.cache.delete(i); // the text grew since: read it again
    // An evicted block may be the short last one: only a whole one is reused.
    this.cache.makeRoom();
    const spare = this.spare.pop();
    block = (spare && spare.length === BLOCK ? spare : Buffer.allocUnsafe(BLOCK)).subarray(0, size);
    this.fill(block, i * BLOCK);
    if (this.changed) makeSafe(block);
    this.cache.set(i, block);
    return block;
  }

  /** A pass over blocks read apart from the cache, so that counting the whole file does not evict what the screen shows. */
  override scan(start: number, end: number, visit: (piece: Buffer, offset: number) => void): void {
    start = Math.max(0, start);
    end = Math.min(this.length, end);
    for (let i = this.chunkAt(start); i < this.chunkCount && i * BLOCK < end; i++) {
      const size = Math.min(BLOCK, this.length - i * BLOCK);
      let block = this.cache.get(i);
      if (!block || block.length !== size) {
        this.scanBuffer ??= Buffer.allocUnsafe(BLOCK);
        block = this.scanBuffer.subarray(0, size);
        this.fill(block, i * BLOCK);
        if (this.changed) makeSafe(block);
      }
      const from = Math.max(start, i * BLOCK);
      const to = Math.min(end, i * BLOCK + size);
      visit(block.subarray(from - i * BLOCK, to - i * BLOCK), from);
    }
  }

  /** The block a scan reads into. */
  private scanBuffer: Buffer | null = null;

  /** Where the text before `end` ends in the file: just past the byte its last byte is; -1 if that byte is one of a run to render. */
  fileEnd(end: number): number {
    if (end <= 0 || end > this.length) return -1;
    const p = this.starts.entryAt(end - 1);
    const source = this.sources.get(p);
    return source < 0 ? -1 : source + (end - this.starts.get(p));
  }

  private pieceEnd(p: number): number {
    return p + 1 < this.starts.count ? this.starts.get(p + 1) : this.length;
  }

  /** The file range of piece p's bytes. */
  private pieceRaw(p: number): [number, number] {
    const source = this.sources.get(p);
    if (source < 0) return [-1 - source, -1 - source + this.rawLengths!.values[p]];
    return [source, source + (this.pieceEnd(p) - this.starts.get(p))];
  }

  /** The pieces a fill works on, decoded once: their starts (and the end of the last) and sources, from piece `filling`. */
  private fillStarts = new Float64Array(0);
  private fillSources = new Float64Array(0);
  private filling = 0;

  /** Where the file bytes piece `first + k` needs for the text from `start` begin: its part, or all of a run to render. */
  private rawStart(k: number, start: number): number {
    const source = this.fillSources[k];
    return source < 0 ? -1 - source : source + Math.max(0, start - this.fillStarts[k]);
  }

  /** Where the file bytes piece `first + k` needs for the text before `end` end. */
  private rawEnd(k: number, end: number): number {
    const source = this.fillSources[k];
    return source < 0 ? -1 - source + this.rawLengths!.values[this.filling + k] : source + (Math.min(end, this.fillStarts[k + 1]) - this.fillStarts[k]);
  }

  /**
   * Fills `out` with the text from `start`: pieces whose file ranges lie close
   * together are read in one go (not across long hidden hrefs), then each is put
   * in place. What is read is checked against what was parsed: see `changed`.
   */
  private fill(out: Buffer, start: number): void {
    const end = start + out.length;
    const starts = this.starts;
    const first = starts.entryAt(start);
    const n = Math.max(1, starts.lowerBound(end) - first);
    if (this.fillStarts.length < n + 1) {
      this.fillStarts = new Float64Array(2 * n + 1);
      this.fillSources = new Float64Array(2 * n + 1);
    }
    starts.decode(first, first + n, this.fillStarts);
    this.fillStarts[n] = first + n < starts.count ? starts.get(first + n) : this.length;
    this.sources.decode(first, first + n, this.fillSources);
    this.filling = first;
    let asIs = false;
    for (let k = 0; k < n; ) {
      const rawFrom = this.rawStart(k, start);
      let rawTo = this.rawEnd(k, end);
      let next = k + 1;
      for (; next < n; next++) {
        const to = this.rawEnd(next, end);
        if (this.rawStart(next, start) - rawTo > READ_GAP || to - rawFrom > READ_MAX) break;
        rawTo = to;
      }
      const raw = this.read(rawFrom, rawTo);
      for (; k < next; k++) {
        if (this.fillSources[k] >= 0) asIs = true;
        this.place(k, raw, rawFrom, out, start);
      }
    }
    // Runs are rendered clean, and checked as they are (place): only the file's bytes as they are need a look.
    if (asIs && !this.changed && !isClean(out)) this.changed = true;
  }

  /** Puts piece `first + k`'s part of the block at `start` into `out`, from `raw`, the file's bytes at `rawFrom`. */
  private place(k: number, raw: Buffer, rawFrom: number, out: Buffer, start: number): void {
    const pieceStart = this.fillStarts[k];
    const pieceEnd = this.fillStarts[k + 1];
    const from = Math.max(start, pieceStart);
    const to = Math.min(start + out.length, pieceEnd);
    const source = this.fillSources[k];
    if (source >= 0) {
      const at = source + (from - pieceStart) - rawFrom;
      const n = to - from;
      if (n > 64) raw.copy(out, from - start, at, at + n);
      else for (let i = 0, o = from - start; i < n; i++) out[o + i] = raw[at + i];
      return;
    }
    // A run to render: rendered whole (once, for the blocks it spans), then the part in this block taken.
    const p = this.filling + k;
    const rawLength = this.rawLengths!.values[p];
    const displayLength = pieceEnd - pieceStart;
    if (p !== this.renderedPiece || rawLength !== this.renderedRaw) {
      const pieceFrom = -1 - source - rawFrom;
      if (this.rendered.length < 4 * rawLength) this.rendered = Buffer.allocUnsafe(4 * rawLength);
      const shown = this.runRender.render(raw, pieceFrom, pieceFrom + rawLength, this.rendered);
      if (shown !== displayLength) {
        this.changed = true;
        this.rendered.fill(SPACE, Math.min(shown, displayLength), displayLength);
      }
      this.renderedPiece = p;
      this.renderedRaw = rawLength;
    }
    this.rendered.copy(out, from - start, from - pieceStart, to - pieceStart);
  }

  /** Reads the file's [from, to) into the scratch buffer; checks it against the samples. */
  private read(from: number, to: number): Buffer {
    if (to <= from) return this.scratch;
    if (this.scratch.length < to - from) this.scratch = Buffer.allocUnsafe(to - from);
    const scratch = this.scratch;
    let got = 0;
    while (got < to - from) {
      const n = fs.readSync(this.fd, scratch, got, to - from - got, from + got);
      if (n === 0) {
        // The file shrank under us: what is gone shows as blanks.
        this.changed = true;
        scratch.fill(SPACE, got, to - from);
        break;
      }
      got += n;
    }
    const samples = this.samples;
    for (let at = Math.ceil(from / SAMPLE_EVERY) * SAMPLE_EVERY; at < to && at / SAMPLE_EVERY < samples.count; at += SAMPLE_EVERY) {
      if (samples.get(at / SAMPLE_EVERY) !== scratch[at - from]) this.changed = true;
    }
    return scratch;
  }

  tokens(start: number, end: number): Array<[number, number]> {
    const found = new TokenRanges();
    const starts = this.starts;
    const count = starts.count;
    // Where the file changed, the tokens are not where the parse put them: none are marked.
    if (end <= start || count === 0 || this.changed) return found.found;
    for (let p = starts.entryAt(Math.max(0, start)); p < count && starts.get(p) < end; p++) {
      if (this.sources.get(p) >= 0) continue;
      const [from, to] = this.pieceRaw(p);
      let known = this.tokenCache.get(p);
      // The last piece grows as the file is read: its tokens then are not all of them.
      if (!known || known.raw !== to - from) {
        known = { raw: to - from, pairs: this.runRender.tokens(this.read(from, to), 0, to - from) };
        this.tokenCache.set(p, known);
      }
      addTokensOverlapping(found, known.pairs, starts.get(p), start, end);
    }
    return found.found;
  }

  runs(start: number, end: number, visit: RunVisit): void {
    const starts = this.starts;
    const count = starts.count;
    // Where the file changed, its runs are not what was parsed: none are read.
    if (end <= start || count === 0 || this.changed) return;
    for (let p = starts.entryAt(Math.max(0, start)); p < count && starts.get(p) < end; p++) {
      if (this.sources.get(p) >= 0) continue;
      const [from, to] = this.pieceRaw(p);
      visit(starts.get(p), this.pieceEnd(p), this.tags!.values[p], () => this.read(from, to).subarray(0, to - from));
    }
  }
}

/**
 * True if a block of text is what the parser can have made of its file: valid
 * UTF-8 (but for characters its edges cut) with no control character. Tokens are
 * ASCII, and text kept as it is holds no control, so a parsed file always passes.
 */
function isClean(block: Buffer): boolean {
  let from = 0;
  while (from < block.length && from < 3 && isContinuation(block[from])) from++;
  let to = block.length;
  for (let k = 1; k <= 3 && to - k >= from; k++) {
    const b = block[to - k];
    if (isContinuation(b)) continue;
    if (b >= 0xc0 && utf8SequenceLength(block, to - k, to) < 0) to -= k;
    break;
  }
  if (!isUtf8(block.subarray(from, to))) return false;
  const scanner = getScanner()!;
  const table = SPECIAL_IN_UTF8.table;
  scanner.forget();
  for (let i = from; i < to; i++) {
    if (!table[block[i]]) {
      i = scanner.find(block, i, to, SPECIAL_IN_UTF8);
      if (i === to) break;
    }
    const b = block[i];
    if (isControl(b) || (b === 0xc2 && block[i + 1] < 0xa0)) return false;
  }
  scanner.forget();
  return true;
}

/** Makes a block read from a changed file safe to show: every control or byte that is not UTF-8 becomes a space. */
function makeSafe(block: Buffer): void {
  for (let i = 0; i < block.length; ) {
    const unit = unitAt(block, i, block.length);
    if (unit > 0) i += unit;
    else for (let k = 0; k < -unit; k++) block[i++] = SPACE;
  }
}
