// The lwl markup parser. It reads raw bytes in chunks, as they arrive, and
// appends to a Document: the display text, link spans with their hrefs, and
// hex tokens for bytes that could change the terminal.
//
// Markup: `[text](href)` is a link; the span is `[text]` with its brackets and
// `(href)` is hidden. `\[ \] \( \)` show the bare character. Brackets that do
// not form a link stay as text. Links nest.
//
// Speed (bench/parse.ts): the bytes that need a look are found by a scanner
// (scan.ts: WebAssembly SIMD, 16 bytes a step), and the bytes between are copied
// in runs. Where the input is valid UTF-8 (node:buffer's isUtf8, simdutf), its
// non-ASCII characters need no look, but for 0xC2: the C1 controls are C2 80..C2 9F.
// Where the output goes: for a file (the document's text is a FileText), only
// pieces are recorded, places in the file, and nothing is copied at all. For a
// pipe, the display text is written over the input when the caller gives it up
// (writeOwned): it is never longer until a hex token is needed, and memory used
// for the first time costs more than the parse itself.
import { isUtf8 } from 'node:buffer';
import type { Document } from './document.ts';
import { FileText } from './filetext.ts';
import type { MemoryText } from './store.ts';
import { HREF_STOP, SPECIAL, SPECIAL_IN_UTF8, getScanner, type Scanner } from './scan.ts';

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;

/** An href longer than this is not one: the brackets stay as text. */
const MAX_HREF_BYTES = 64 * 1024;
/** Unclosed `[` kept; beyond this the oldest is forgotten. */
const MAX_OPEN_BRACKETS = 256;


function isEscapable(b: number): boolean {
  return b === OPEN_BRACKET || b === CLOSE_BRACKET || b === OPEN_PAREN || b === CLOSE_PAREN;
}

/** Length of the valid UTF-8 sequence at buf[i] (lead byte >= 0x80), 0 if invalid, -1 if cut off by `end`. */
function utf8SequenceLength(buf: Uint8Array, i: number, end: number): number {
  const b = buf[i];
  let need: number;
  let min: number;
  if (b >= 0xc2 && b <= 0xdf) (need = 1), (min = 0x80);
  else if (b >= 0xe0 && b <= 0xef) (need = 2), (min = 0x800);
  else if (b >= 0xf0 && b <= 0xf4) (need = 3), (min = 0x10000);
  else return 0;
  let cp = b & (0x3f >> need);
  for (let k = 1; k <= need; k++) {
    if (i + k >= end) return -1;
    const c = buf[i + k];
    if ((c & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (c & 0x3f);
    // Reject overlong forms and surrogates as soon as the second byte shows them,
    // so a cut-off sequence is only "incomplete" when it could still be valid.
    if (k === 1 && need >= 2) {
      const partial = cp << (6 * (need - 1));
      if (need === 2 && (partial < min || (partial >= 0xd800 && partial <= 0xdfff))) return 0;
      if (need === 3 && (partial < min || partial > 0x10ffff)) return 0;
    }
  }
  return need + 1;
}

const EMPTY: Buffer = Buffer.alloc(0);

/** The hex digits as bytes, for tokens such as `<1b>`. */
const HEX_DIGITS = Buffer.from('0123456789abcdef');
const LESS = 0x3c;
const GREATER = 0x3e;

/** Input that is not valid UTF-8 as a whole is checked again in blocks of this size. */
const BLOCK = 16 * 1024;
/** How much of the next chunk is parsed with the bytes carried over, to settle them: enough for any href. */
const BRIDGE = MAX_HREF_BYTES + 8;

/**
 * Where buf[from, end) stops holding only whole characters: before a last
 * character that `end` cuts off (it waits for the next chunk), else `end`.
 */
function completeEnd(buf: Uint8Array, from: number, end: number): number {
  for (let p = end - 1; p >= from && p >= end - 4; p--) {
    const b = buf[p];
    if ((b & 0xc0) !== 0x80) return b >= 0xc0 && utf8SequenceLength(buf, p, end) < 0 ? p : end;
  }
  return end;
}

/** The end of the next block to check for UTF-8 from `i` (always after `i`), not cutting a character where it can. */
function blockEnd(buf: Uint8Array, i: number, end: number, final: boolean): number {
  let j = i + BLOCK;
  if (j >= end) {
    j = final ? end : completeEnd(buf, i, end);
    return j > i ? j : end;
  }
  for (let k = 0; k < 3 && (buf[j] & 0xc0) === 0x80; k++) j--;
  return j;
}

export class MarkupParser {
  /** Display offsets of the `[` not yet closed, innermost last. */
  private opens: number[] = [];
  /** Bytes held back from the last chunk until the next one says what they are. */
  private carry: Buffer | null = null;
  private atStart = true;
  private readonly scanner: Scanner;
  /** Where parse() writes the display text: its input itself, until a token does not fit there. */
  private out = EMPTY;
  /** Holds the carry and the start of the next chunk. */
  private bridge = EMPTY;
  /** What scanHref found last. */
  private readonly href: HrefScan = { close: 0 };

  /** The document's text, when it stays in the file: pieces are recorded, no bytes written. */
  private readonly pieces: FileText | null;
  /** Input bytes fed so far: the file offset of the next chunk's first byte. */
  private fed = 0;
  /** The file offset of the buffer being parsed. */
  private source = 0;
  private readonly tokenBytes = Buffer.alloc(16);

  /** `scanner` is for tests, which compare them. */
  constructor(
    private readonly doc: Document,
    scanner?: Scanner,
  ) {
    this.scanner = scanner ?? getScanner()!;
    this.pieces = doc.text instanceof FileText ? doc.text : null;
  }

  /** Appends display text that is the input buf[from, to), found at file offset `source`. */
  private appendInput(buf: Buffer, from: number, to: number, source: number, keep: boolean): void {
    if (to <= from) return;
    if (this.pieces) this.pieces.appendFile(source, to - from);
    else (this.doc.text as MemoryText).append(keep ? buf.subarray(from, to) : Buffer.from(buf.subarray(from, to)));
  }

  /**
   * Parses the next chunk of input. The chunk is not changed. The document may
   * keep views of it, unless its text stays in the file: then the caller may
   * reuse the chunk for the next read.
   */
  write(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    // Text in the file writes nothing over the input: no copy is needed.
    this.feed(chunk, false, this.pieces !== null);
  }

  /**
   * Parses the next chunk of input, which the caller gives up: the display text is
   * written over it and kept. No new memory is needed, so this is the fast way to load.
   */
  writeOwned(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    this.feed(chunk, false, true);
  }

  /** Marks the end of input: what was held back is parsed as final. */
  end(): void {
    this.feed(EMPTY, true, true);
    this.doc.complete = true;
    this.bridge = EMPTY;
  }

  private feed(chunk: Buffer, final: boolean, owned: boolean): void {
    const carry = this.carry;
    this.carry = null;
    let from = 0;
    // The file offset of chunk[0] (it moves back when the carry goes in front).
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
      // Parse what was carried with enough of the chunk to settle it; the rest of the
      // chunk then starts where that stopped.
      const take = Math.min(chunk.length, BRIDGE);
      const size = carry.length + take;
      if (this.bridge.length < size) this.bridge = Buffer.allocUnsafe(Math.max(size, 2 * this.bridge.length));
      const bridge = this.bridge;
      carry.copy(bridge);
      chunk.copy(bridge, carry.length, 0, take);
      const whole = take === chunk.length;
      const stop = this.parse(bridge, 0, size, whole && final, whole ? size : carry.length, false, 0, source - carry.length);
      if (whole) {
        if (stop < size) this.carry = Buffer.from(bridge.subarray(stop, size));
        return;
      }
      if (stop >= carry.length) {
        from = stop - carry.length;
      } else {
        // Not settled by BRIDGE more bytes (it always is): go on in one buffer.
        chunk = Buffer.concat([carry, chunk]);
        source -= carry.length;
        owned = true;
        from = stop;
      }
    }
    const end = chunk.length;
    const cut = final ? end : completeEnd(chunk, from, end);
    const utf8 = isUtf8(chunk.subarray(from, cut));
    this.scanner.forget();
    // The common case: valid UTF-8 with nothing to change, so the input is the display text.
    if (utf8 && this.scanner.find(chunk, from, cut, SPECIAL_IN_UTF8) === cut) {
      this.appendInput(chunk, from, cut, source + from, true);
      if (cut < end) this.carry = Buffer.from(chunk.subarray(cut, end));
      return;
    }
    if (owned) {
      const stop = this.parse(chunk, from, end, final, end, true, utf8 ? cut : from, source);
      if (stop < end) this.carry = Buffer.from(chunk.subarray(stop));
    } else {
      // The caller keeps the chunk: parse a copy.
      const copy = Buffer.allocUnsafe(end - from);
      chunk.copy(copy, 0, from, end);
      const stop = this.parse(copy, 0, copy.length, final, copy.length, true, utf8 ? cut - from : 0, source + from);
      if (stop < copy.length) this.carry = Buffer.from(copy.subarray(stop));
    }
  }

  /**
   * Parses buf[from, end) and appends the display text to the document. The text is
   * written over buf from its start, never past the input still to read; should a
   * hex token not fit, it moves to a buffer of its own. `keep`: the text may stay
   * in buf. Returns where it stopped: before bytes it cannot tell without more
   * input, or at the first place at or after `stopAt` where it can.
   * buf[from, valid) is known to be valid UTF-8. `source`: the file offset of buf[0].
   * When the text stays in the file, nothing is written: pieces are recorded.
   */
  private parse(buf: Buffer, from: number, end: number, final: boolean, stopAt: number, keep: boolean, valid: number, source: number): number {
    const doc = this.doc;
    const opens = this.opens;
    const scanner = this.scanner;
    const href = this.href;
    const special = SPECIAL.table;
    const specialInUtf8 = SPECIAL_IN_UTF8.table;
    scanner.forget();
    this.out = buf;
    this.source = source;
    const base = doc.text.length; // display offset of the output's first byte
    let o = 0; // output length
    let run = from; // start of the input not yet copied to the output
    let i = from;
    let checked = valid; // the input before `checked` has been checked for UTF-8
    while (i < stopAt) {
      // Find the next byte to look at: in valid UTF-8, few are.
      if (i >= checked) {
        checked = blockEnd(buf, i, end, final);
        valid = isUtf8(buf.subarray(i, checked)) ? checked : i;
      }
      if (i < valid) {
        if (!specialInUtf8[buf[i]]) {
          const to = valid < stopAt ? valid : stopAt;
          i = scanner.find(buf, i, to, SPECIAL_IN_UTF8);
          if (i === to) {
            while (i < valid && (buf[i] & 0xc0) === 0x80) i++; // stop between characters
            continue;
          }
        }
      } else if (!special[buf[i]]) {
        const to = checked < stopAt ? checked : stopAt;
        i = scanner.find(buf, i, to, SPECIAL);
        if (i === to) continue;
      }
      const b = buf[i];
      const hasNext = i + 1 < end;
      if (b === OPEN_BRACKET) {
        opens.push(base + o + (i - run));
        if (opens.length > MAX_OPEN_BRACKETS) opens.shift();
        i++;
      } else if (b === CLOSE_BRACKET) {
        if (!hasNext && !final && opens.length > 0) break;
        if (hasNext && buf[i + 1] === OPEN_PAREN && opens.length > 0) {
          const found = scanHref(scanner, buf, i + 2, end, final, href);
          if (found === MORE) break;
          const open = opens.pop()!;
          if (found === LINK) {
            o = this.move(buf, o, run, i + 1);
            this.link(open, base + o, buf, i + 2, href.close);
            run = i = href.close + 1;
          } else {
            i++;
          }
        } else {
          opens.pop();
          i++;
        }
      } else if (b === BACKSLASH) {
        if (!hasNext && !final) break;
        if (hasNext && isEscapable(buf[i + 1])) {
          o = this.move(buf, o, run, i);
          if (this.pieces) {
            this.pieces.appendFile(source + i + 1, 1);
            o++;
          } else {
            if (this.out !== buf) this.room(o, 1);
            this.out[o++] = buf[i + 1];
          }
          run = i += 2;
        } else {
          i++;
        }
      } else if (b === CR) {
        if (!hasNext && !final) break;
        if (hasNext && buf[i + 1] === LF) {
          o = this.move(buf, o, run, i);
          run = ++i; // the LF starts the next run
        } else {
          o = this.token(buf, this.move(buf, o, run, i), i, 1, end, base);
          run = ++i;
        }
      } else if (b < 0x80) {
        o = this.token(buf, this.move(buf, o, run, i), i, 1, end, base); // C0 control or DEL
        run = ++i;
      } else {
        const len = utf8SequenceLength(buf, i, end);
        if (len < 0 && !final) break;
        if (len <= 0) {
          o = this.token(buf, this.move(buf, o, run, i), i, 1, end, base); // not UTF-8: shown byte by byte
          run = ++i;
        } else if (b === 0xc2 && buf[i + 1] < 0xa0) {
          o = this.token(buf, this.move(buf, o, run, i), i, 2, end, base); // C1 control, U+0080..U+009F
          run = i += 2;
        } else {
          i += len;
        }
      }
    }
    const stop = Math.min(i, end);
    o = this.move(buf, o, run, stop);
    const out = this.out;
    this.out = EMPTY;
    // Copy a small text, so that it does not keep a large buffer alive.
    if (o > 0 && !this.pieces) (doc.text as MemoryText).append(keep && o * 2 >= out.length ? out.subarray(0, o) : Buffer.from(out.subarray(0, o)));
    return stop;
  }

  /**
   * Adds a link. Its href is kept as where it is in the file, or, when the
   * input will not last, as a copy of its bytes (the display text is about to
   * be written over them).
   */
  private link(open: number, end: number, buf: Buffer, start: number, close: number): void {
    const hrefs = this.doc.hrefs;
    const id = this.pieces ? hrefs.addFromFile(this.source + start, close - start) : hrefs.addBytes(buf, start, close);
    this.doc.addLink(open, end, id);
  }

  /** Copies the input run buf[run, to) to the output at `o`; returns the output's new length. */
  private move(buf: Buffer, o: number, run: number, to: number): number {
    if (to <= run) return o;
    if (this.pieces) {
      this.pieces.appendFile(this.source + run, to - run);
      return o + (to - run);
    }
    if (this.out !== buf) {
      this.room(o, to - run);
      const out = this.out;
      if (to - run > 32) out.set(buf.subarray(run, to), o);
      else for (let k = run, at = o; k < to; k++) out[at++] = buf[k]; // no view to make
    } else if (o !== run) {
      buf.copyWithin(o, run, to);
    }
    return o + (to - run);
  }

  /** Makes the output, when it is a buffer of its own, hold at least o + n bytes. */
  private room(o: number, n: number): void {
    if (o + n <= this.out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(o + n, this.out.length * 2));
    this.out.copy(bigger, 0, 0, o);
    this.out = bigger;
  }

  /** Writes the hex token for input buf[at, at + n) to the output at `o`; returns the output's new length. */
  private token(buf: Buffer, o: number, at: number, n: number, end: number, base: number): number {
    const len = 2 + 2 * n;
    if (this.pieces) {
      const token = this.tokenBytes.subarray(0, len);
      token[0] = LESS;
      for (let k = 0; k < n; k++) {
        token[1 + 2 * k] = HEX_DIGITS[buf[at + k] >> 4];
        token[2 + 2 * k] = HEX_DIGITS[buf[at + k] & 15];
      }
      token[len - 1] = GREATER;
      this.pieces.appendOwn(token);
      this.doc.tokens.add(base + o, base + o + len);
      return o + len;
    }
    if (this.out !== buf) {
      this.room(o, len);
    } else if (o + len > at + n) {
      // It would overwrite input still to read: go on in a buffer of its own.
      const out = Buffer.allocUnsafe(o + len + 2 * (end - at));
      buf.copy(out, 0, 0, o);
      this.out = out;
    }
    const out = this.out;
    out[o] = LESS;
    for (let k = 0; k < n; k++) {
      const b = buf[at + k];
      out[o + 1 + 2 * k] = HEX_DIGITS[b >> 4];
      out[o + 2 + 2 * k] = HEX_DIGITS[b & 15];
    }
    out[o + len - 1] = GREATER;
    this.doc.tokens.add(base + o, base + o + len);
    return o + len;
  }
}

/** What scanHref found: the `)` that ends the href. */
interface HrefScan {
  close: number;
}
const LINK = 1;
const NO_LINK = 0;
const MORE = -1;

/**
 * Reads an href starting at buf[start] (just after `](`): up to the `)` that
 * balances the opening one, with `\( \)` escapes. Returns LINK (and fills in
 * `found`), NO_LINK for a newline or an over-long href, MORE when the input ends
 * first.
 */
function scanHref(scanner: Scanner, buf: Buffer, start: number, end: number, final: boolean, found: HrefScan): number {
  const stops = HREF_STOP.table;
  let depth = 1;
  const limit = Math.min(end, start + MAX_HREF_BYTES);
  for (let i = start; i < limit; i++) {
    if (!stops[buf[i]]) {
      i = scanner.find(buf, i, limit, HREF_STOP);
      if (i === limit) break;
    }
    const b = buf[i];
    if (b === LF || b === CR) return NO_LINK;
    if (b === BACKSLASH && i + 1 < end && isEscapable(buf[i + 1])) {
      i++;
      continue;
    }
    if (b === OPEN_PAREN) depth++;
    else if (b === CLOSE_PAREN && --depth === 0) {
      found.close = i;
      return LINK;
    }
  }
  if (limit === start + MAX_HREF_BYTES) return NO_LINK;
  return final ? NO_LINK : MORE;
}

/** Parses a whole buffer into a document (for tests and small inputs). */
export function parseAll(doc: Document, input: Buffer | string): Document {
  const parser = new MarkupParser(doc);
  parser.write(typeof input === 'string' ? Buffer.from(input) : input);
  parser.end();
  return doc;
}
