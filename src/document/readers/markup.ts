// The lwl markup reader: the first Reader (reader.ts). It reads raw bytes in
// chunks, as they arrive, and tells its TextWriter (text-writer.ts) what each part is: text,
// a hex token for bytes that could change the terminal, a link's href.
//
// Markup: `[text](href)` is a link; the span is `[text]` with its brackets and
// `(href)` is hidden. `\[ \] \( \)` show the bare character. Brackets that do
// not form a link stay as text. Links nest. A bare URL with a scheme (urls.ts)
// is a link too, but not in the text of a link. Where an href ends is found by
// HrefEnds (href-ends.ts), in one pass: reading is linear on any input.
//
// Speed (bench/parse.ts): the bytes that need a look are found by a scanner
// (scan.ts: WebAssembly SIMD, 16 bytes a step), and the bytes between are
// passed on in runs. Where the input is valid UTF-8 (node:buffer's isUtf8,
// simdutf), its non-ASCII characters need no look, but for 0xC2: the C1
// controls are C2 80..C2 9F.
import { isUtf8 } from 'node:buffer';
import type { Document } from '../document.ts';
import { Cursor } from '../text-writer.ts';
import { SPECIAL, SPECIAL_IN_UTF8, getScanner, type Scanner } from '../scan.ts';
import { isContinuation, utf8SequenceLength } from '../utf8.ts';
import { HrefEnds, isEscapable, MAX_HREF_BYTES, MORE, NO_LINK } from './href-ends.ts';
import { schemeBefore, trimUrl, urlEnd, UrlPlaces } from './urls.ts';
import { WritingReader } from './writing-reader.ts';
import { readWhole } from '../reader.ts';

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_PAREN = 0x28;
const COLON = 0x3a;

/** Unclosed `[` kept; beyond this the oldest is forgotten. */
const MAX_OPEN_BRACKETS = 256;

const EMPTY: Buffer = Buffer.alloc(0);

/** Input that is not valid UTF-8 as a whole is checked again in blocks of this size. */
const BLOCK = 16 * 1024;
/** How much of the next chunk is read with the bytes carried over, to settle them: enough for any href. */
const BRIDGE = MAX_HREF_BYTES + 8;

/**
 * Where buf[from, end) stops holding only whole characters: before a last
 * character that `end` cuts off (it waits for the next chunk), else `end`.
 */
export function completeEnd(buf: Uint8Array, from: number, end: number): number {
  for (let p = end - 1; p >= from && p >= end - 4; p--) {
    const b = buf[p];
    if (!isContinuation(b)) return b >= 0xc0 && utf8SequenceLength(buf, p, end) < 0 ? p : end;
  }
  return end;
}

/** The end of the next block to check for UTF-8 from `i` (always after `i`), not cutting a character where it can. */
export function blockEnd(buf: Uint8Array, i: number, end: number, final: boolean): number {
  let j = i + BLOCK;
  if (j >= end) {
    j = final ? end : completeEnd(buf, i, end);
    return j > i ? j : end;
  }
  for (let k = 0; k < 3 && isContinuation(buf[j]); k++) j--;
  return j;
}

export class MarkupReader extends WritingReader {
  /** Display offsets of the `[` not yet closed, innermost last. */
  private readonly opens: number[] = [];
  /** Bytes held back from the last chunk until the next one says what they are. */
  private carry: Buffer | null = null;
  private atStart = true;
  private readonly scanner: Scanner;
  private readonly hrefEnds: HrefEnds;
  /** Holds the carry and the start of the next chunk. */
  private bridge = EMPTY;
  private readonly cursor = new Cursor();
  private readonly urlPlaces = new UrlPlaces();
  /** Bare URLs found inside brackets not yet closed, as [start, end, href]: links once the brackets turn out to be no link. */
  private readonly pendingUrls: Array<[number, number, number]> = [];

  /** `scanner` is for tests, which compare them. */
  constructor(doc: Document, scanner?: Scanner) {
    super(doc);
    doc.hrefs.markupEscapes = true;
    this.scanner = scanner ?? getScanner()!;
    this.hrefEnds = new HrefEnds(this.scanner);
  }

  override end(): void {
    super.end();
    this.bridge = EMPTY;
  }

  /** Reads a chunk: first what was carried over, settled with the chunk's start, then the rest. */
  protected feed(chunk: Buffer, final: boolean, owned: boolean): void {
    const carry = this.carry;
    this.carry = null;
    let from = 0;
    // The input offset of chunk[0] (it moves back when the carry goes in front).
    let source = this.fed;
    this.fed += chunk.length;
    if (this.atStart) {
      if (carry) {
        chunk = Buffer.concat([carry, chunk]);
        source -= carry.length;
        owned = true;
      }
      if (chunk.length < 3 && !final && chunk.length > 0 && chunk[0] === 0xef) {
        this.carry = owned ? chunk : Buffer.from(chunk);
        return;
      }
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
      if (chunk.length > 0) this.atStart = false;
    } else if (carry) {
      const take = Math.min(chunk.length, BRIDGE);
      const size = carry.length + take;
      if (this.bridge.length < size) this.bridge = Buffer.allocUnsafe(Math.max(size, 2 * this.bridge.length));
      const bridge = this.bridge;
      carry.copy(bridge);
      chunk.copy(bridge, carry.length, 0, take);
      const whole = take === chunk.length;
      const cursor = this.cursor.set(bridge, source - carry.length, size, whole && final, false);
      const stop = this.read(cursor, 0, whole ? size : carry.length, 0);
      if (whole) {
        if (stop < size) this.carry = Buffer.from(bridge.subarray(stop, size));
        return;
      }
      if (stop >= carry.length) {
        from = stop - carry.length;
      } else {
        // An href still open after BRIDGE more bytes: go on in one buffer.
        chunk = Buffer.concat([carry.subarray(stop), chunk]);
        source -= carry.length - stop;
        owned = true;
      }
    }
    const end = chunk.length;
    const cut = final ? end : completeEnd(chunk, from, end);
    const utf8 = isUtf8(chunk.subarray(from, cut));
    if (!owned && this.writer.writesOverInput) {
      // The caller keeps the chunk, and the text is written over the input: read a copy.
      const copy = Buffer.allocUnsafe(end - from);
      chunk.copy(copy, 0, from, end);
      source += from;
      chunk = copy;
      from = 0;
      owned = true;
    }
    const cursor = this.cursor.set(chunk, source, chunk.length, final, owned);
    const stop = this.read(cursor, from, chunk.length, utf8 ? cut - (end - chunk.length) : from);
    if (stop < chunk.length) this.carry = Buffer.from(chunk.subarray(stop));
  }

  /**
   * Reads cursor.buf[from, end) and passes what it finds to the writer. Returns
   * where it stopped: before bytes it cannot tell without more input, or at the
   * first place at or after `stopAt` where it can. buf[from, valid) is known to
   * be valid UTF-8.
   */
  private read(cursor: Cursor, from: number, stopAt: number, valid: number): number {
    const { buf, end, final, source } = cursor;
    const writer = this.writer;
    const opens = this.opens;
    const scanner = this.scanner;
    const special = SPECIAL.table;
    const specialInUtf8 = SPECIAL_IN_UTF8.table;
    scanner.forget();
    writer.begin(cursor);
    const urlPlaces = this.urlPlaces;
    urlPlaces.reset(buf, end);
    if (!final) stopAt = notInUrlHead(buf, from, stopAt, end);
    let run = from; // start of the input not yet passed on
    let i = from;
    let checked = valid; // the input before `checked` has been checked for UTF-8
    let url = urlPlaces.next(i); // the next place a bare URL may be
    scan: while (i < stopAt) {
      // Find the next byte to look at: in valid UTF-8, few are.
      if (i >= checked) {
        checked = blockEnd(buf, i, end, final);
        valid = isUtf8(buf.subarray(i, checked)) ? checked : i;
      }
      if (url < i) url = urlPlaces.next(i);
      const limit = url < stopAt ? url : stopAt;
      if (i < valid) {
        if (!specialInUtf8[buf[i]]) {
          const to = valid < limit ? valid : limit;
          i = scanner.find(buf, i, to, SPECIAL_IN_UTF8);
          if (i === to && i !== url) {
            while (i < valid && isContinuation(buf[i])) i++; // stop between characters
            continue;
          }
        }
      } else if (!special[buf[i]]) {
        const to = checked < limit ? checked : limit;
        i = scanner.find(buf, i, to, SPECIAL);
        if (i === to && i !== url) continue;
      }
      if (i === url) {
        // A bare URL, if one's scheme ends at this `:`: its text is text, and a link.
        const found = schemeBefore(buf, run, i);
        if (!found) {
          i++;
          continue;
        }
        const stop = urlEnd(buf, i + 1, end);
        if (stop === end && !final) {
          i = found.start;
          break scan;
        }
        const last = trimUrl(buf, found.start, stop, found.minEnd);
        if (last < 0) {
          i++;
          continue;
        }
        // A `[`, `]` or `\\` in it is read as markup: the URL ends there.
        let urlStop = found.start;
        while (urlStop < last && buf[urlStop] !== OPEN_BRACKET && buf[urlStop] !== CLOSE_BRACKET && buf[urlStop] !== BACKSLASH) urlStop++;
        const urlLast = urlStop === last ? last : trimUrl(buf, found.start, urlStop, found.minEnd);
        if (urlLast < 0) {
          i++;
          continue;
        }
        const href = writer.href(found.start, urlLast);
        const start = writer.offset + (found.start - run);
        const link: [number, number, number] = [start, start + (urlLast - found.start), href];
        if (opens.length > 0) this.pendingUrls.push(link);
        else this.doc.addLink(...link);
        i = urlLast;
        continue;
      }
      const b = buf[i];
      const hasNext = i + 1 < end;
      if (b === OPEN_BRACKET) {
        opens.push(writer.offset + (i - run));
        if (opens.length > MAX_OPEN_BRACKETS) opens.shift();
        i++;
      } else if (b === CLOSE_BRACKET) {
        if (!hasNext && !final && opens.length > 0) break;
        if (hasNext && buf[i + 1] === OPEN_PAREN && opens.length > 0) {
          const close = this.hrefEnds.find(cursor, source + i + 1);
          if (close === MORE) break;
          const open = opens.pop()!;
          if (close !== NO_LINK) {
            writer.text(run, i + 1);
            // bro writes "(No href)" for a link the page gave no address: plain text, not a link.
            if (!isNoHref(buf, i + 2, close - source)) {
              this.doc.addLink(open, writer.offset, writer.href(i + 2, close - source));
              this.dropUrlsFrom(open);
            }
            run = i = close - source + 1;
          } else {
            i++;
          }
        } else {
          opens.pop();
          i++;
        }
        if (opens.length === 0) this.addPendingUrls();
      } else if (b === BACKSLASH) {
        if (!hasNext && !final) break;
        if (hasNext && isEscapable(buf[i + 1])) {
          writer.text(run, i);
          writer.text(i + 1, i + 2); // the bare character
          run = i += 2;
        } else {
          i++;
        }
      } else if (b === CR) {
        if (!hasNext && !final) break;
        writer.text(run, i);
        if (hasNext && buf[i + 1] === LF) {
          run = ++i; // the CR is dropped: the LF starts the next run
        } else {
          writer.token(i, 1);
          run = ++i;
        }
      } else if (b < 0x80) {
        writer.text(run, i);
        writer.token(i, 1); // C0 control or DEL
        run = ++i;
      } else {
        const len = utf8SequenceLength(buf, i, end);
        if (len < 0 && !final) break;
        if (len <= 0) {
          writer.text(run, i);
          writer.token(i, 1); // not UTF-8: shown byte by byte
          run = ++i;
        } else if (b === 0xc2 && buf[i + 1] < 0xa0) {
          writer.text(run, i);
          writer.token(i, 2); // C1 control, U+0080..U+009F
          run = i += 2;
        } else {
          i += len;
        }
      }
    }
    const stop = Math.min(i, end);
    writer.text(run, stop);
    if (final && stop === end) this.addPendingUrls();
    writer.finish();
    return stop;
  }

  /** The bare URLs found in the text of a link that starts at `open` are no links. */
  private dropUrlsFrom(open: number): void {
    const pending = this.pendingUrls;
    while (pending.length > 0 && pending[pending.length - 1][0] >= open) pending.pop();
  }

  /** The bare URLs found inside brackets that formed no link are links. */
  private addPendingUrls(): void {
    for (const link of this.pendingUrls) this.doc.addLink(...link);
    this.pendingUrls.length = 0;
  }
}

/** A byte that may be in the start of a bare URL, up to its `://`. */
const inHead = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === COLON || b === 0x2f;
const isLetter = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
/** The start of a bare URL is `mailto:` or `https://` at most. */
const HEAD = 9;

/**
 * Where a read that may stop at `stopAt` stops instead so as not to cut the
 * start of a bare URL before its `://` or `mailto:` is whole: back to before
 * a scheme that ends the input (its `:` still to come),
 * or on past the next few bytes when more follow.
 */
function notInUrlHead(buf: Buffer, from: number, stopAt: number, end: number): number {
  if (stopAt <= from || !inHead(buf[stopAt - 1])) return stopAt;
  if (stopAt < end) {
    let k = stopAt;
    while (k < end && k - stopAt < HEAD && inHead(buf[k])) k++;
    return k;
  }
  let k = stopAt;
  if (k - 2 >= from && buf[k - 1] === 0x2f && buf[k - 2] === COLON) k -= 2;
  else if (buf[k - 1] === COLON) k--;
  const tail = k;
  while (k > from && tail - k < 6 && isLetter(buf[k - 1])) k--;
  return k < tail ? k : stopAt;
}

/** Parses a whole buffer into a document (for tests and small inputs). */
export function parseAll(doc: Document, input: Buffer | string): Document {
  return readWhole(new MarkupReader(doc), doc, input);
}

const NO_HREF = Buffer.from('No href');

function isNoHref(buf: Buffer, from: number, to: number): boolean {
  return to - from === NO_HREF.length && buf.subarray(from, to).equals(NO_HREF);
}
