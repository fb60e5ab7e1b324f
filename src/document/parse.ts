// The lwl markup parser. It reads raw bytes in chunks, as they arrive, and
// appends to a Document: the display text, link spans with their hrefs, and
// hex tokens for bytes that could change the terminal.
//
// Markup: `[text](href)` is a link; the span is `[text]` with its brackets and
// `(href)` is hidden. `\[ \] \( \)` show the bare character. Brackets that do
// not form a link stay as text. Links nest.
import type { Document } from './document.ts';
import { findSpecial } from './scan.ts';

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

const hex = (b: number) => b.toString(16).padStart(2, '0');

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

/** A growable output buffer for the display bytes of one chunk. */
class Output {
  buf: Buffer;
  length = 0;
  constructor(capacity: number) {
    this.buf = Buffer.allocUnsafe(Math.max(capacity, 64));
  }
  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + extra));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
  copy(src: Uint8Array, start: number, end: number): void {
    if (end <= start) return;
    this.ensure(end - start);
    this.buf.set(src.subarray(start, end), this.length);
    this.length += end - start;
  }
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }
  ascii(s: string): void {
    this.ensure(s.length);
    this.length += this.buf.write(s, this.length, 'latin1');
  }
}

export class MarkupParser {
  /** Display offsets of the `[` not yet closed, innermost last. */
  private opens: number[] = [];
  /** Bytes held back from the last chunk until the next one says what they are. */
  private carry: Buffer | null = null;
  private atStart = true;

  constructor(private readonly doc: Document) {}

  /** Parses the next chunk of input. */
  write(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    this.feed(chunk, false);
  }

  /** Marks the end of input: what was held back is parsed as final. */
  end(): void {
    this.feed(Buffer.alloc(0), true);
    this.doc.complete = true;
  }

  private feed(chunk: Buffer, final: boolean): void {
    let buf = chunk;
    if (this.carry) {
      buf = Buffer.concat([this.carry, chunk]);
      this.carry = null;
    }
    let from = 0;
    if (this.atStart) {
      if (buf.length < 3 && !final && buf.length > 0 && buf[0] === 0xef) {
        this.carry = buf;
        return;
      }
      if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) from = 3;
      if (buf.length > 0) this.atStart = false;
    }
    // The common case: nothing to change, so the chunk itself is the display text.
    if (from === 0 && findSpecial(buf, 0, buf.length) === buf.length) {
      this.doc.text.append(buf);
      return;
    }
    const out = new Output(buf.length - from + 64);
    const stop = this.parse(buf, from, final, out);
    if (stop < buf.length) this.carry = Buffer.from(buf.subarray(stop));
    // Copy when the output is small, so it does not pin a large buffer.
    const bytes = out.length * 2 < out.buf.length ? Buffer.from(out.buf.subarray(0, out.length)) : out.buf.subarray(0, out.length);
    this.doc.text.append(bytes);
  }

  /** Parses buf[from..] into out; returns where it stopped (before bytes to carry). */
  private parse(buf: Buffer, from: number, final: boolean, out: Output): number {
    const doc = this.doc;
    const end = buf.length;
    const base = doc.text.length; // display offset of out[0]
    let run = from; // start of the bytes not yet copied to out
    let i = from;
    const token = (start: number, len: number) => {
      out.copy(buf, run, start);
      const at = base + out.length;
      let s = '<';
      for (let k = 0; k < len; k++) s += hex(buf[start + k]);
      out.ascii(s + '>');
      doc.tokens.add(at, base + out.length);
      run = start + len;
    };
    while (i < end) {
      i = findSpecial(buf, i, end);
      if (i >= end) break;
      const b = buf[i];
      const hasNext = i + 1 < end;
      if (b === OPEN_BRACKET) {
        out.copy(buf, run, i);
        this.opens.push(base + out.length);
        if (this.opens.length > MAX_OPEN_BRACKETS) this.opens.shift();
        out.byte(b);
        run = ++i;
      } else if (b === CLOSE_BRACKET) {
        if (!hasNext && !final && this.opens.length > 0) break;
        if (hasNext && buf[i + 1] === OPEN_PAREN && this.opens.length > 0) {
          const href = scanHref(buf, i + 2, end, final);
          if (href === 'more') break;
          out.copy(buf, run, i + 1);
          const open = this.opens.pop()!;
          if (href) {
            doc.addLink(open, base + out.length, href.text);
            run = i = href.next;
          } else {
            run = ++i;
          }
        } else {
          this.opens.pop();
          i++;
        }
      } else if (b === BACKSLASH) {
        if (!hasNext && !final) break;
        if (hasNext && isEscapable(buf[i + 1])) {
          out.copy(buf, run, i);
          out.byte(buf[i + 1]);
          run = i += 2;
        } else {
          i++;
        }
      } else if (b === CR) {
        if (!hasNext && !final) break;
        if (hasNext && buf[i + 1] === LF) {
          out.copy(buf, run, i);
          run = ++i; // the LF starts the next run
        } else {
          token(i, 1);
          i++;
        }
      } else if (b < 0x80) {
        token(i, 1); // C0 control or DEL
        i++;
      } else {
        const len = utf8SequenceLength(buf, i, end);
        if (len < 0 && !final) break;
        if (len <= 0) {
          token(i, 1); // not UTF-8: shown byte by byte
          i++;
        } else if (b === 0xc2 && buf[i + 1] < 0xa0) {
          token(i, 2); // C1 control, U+0080..U+009F
          i += 2;
        } else {
          i += len;
        }
      }
    }
    out.copy(buf, run, Math.min(i, end));
    return Math.min(i, end);
  }
}

type Href = { text: string; next: number } | null | 'more';

/**
 * Reads an href starting at buf[start] (just after `](`): up to the `)` that
 * balances the opening one, with `\(` `\)` escapes. A newline or an over-long
 * href means it was not a link (null); running out of input means 'more'.
 */
function scanHref(buf: Buffer, start: number, end: number, final: boolean): Href {
  let depth = 1;
  let escaped = false;
  const limit = Math.min(end, start + MAX_HREF_BYTES);
  for (let i = start; i < limit; i++) {
    const b = buf[i];
    if (b === LF || b === CR) return null;
    if (b === BACKSLASH && i + 1 < end && isEscapable(buf[i + 1])) {
      escaped = true;
      i++;
      continue;
    }
    if (b === OPEN_PAREN) depth++;
    else if (b === CLOSE_PAREN && --depth === 0) {
      let text = buf.toString('utf8', start, i);
      if (escaped) text = text.replace(/\\([[\]()])/g, '$1');
      return { text, next: i + 1 };
    }
  }
  if (limit === start + MAX_HREF_BYTES) return null;
  return final ? null : 'more';
}

/** Parses a whole buffer into a document (for tests and small inputs). */
export function parseAll(doc: Document, input: Buffer | string): Document {
  const parser = new MarkupParser(doc);
  parser.write(typeof input === 'string' ? Buffer.from(input) : input);
  parser.end();
  return doc;
}
