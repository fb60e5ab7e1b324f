// Bare URLs in text: http:, https:, ftp:, file:, mailto: and www. hosts, found
// from the `:` or `.` the reader stops at. Where one ends follows GitHub's
// autolink extension: it runs to a space, a control or `<`, then a final
// `? ! . , : ; * _ ~ '` or an unbalanced `)` or `]` is given back to the text.

import { utf8SequenceLength } from '../utf8.ts';

/** The longest bare URL read as one; the rest of it is text. */
const MAX_URL = 8192;

const lower = (b: number) => (b >= 0x41 && b <= 0x5a ? b + 32 : b);
const isLetter = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
const isAlnum = (b: number) => isLetter(b) || (b >= 0x30 && b <= 0x39);

/** Schemes, lower case, and whether `//` must follow the colon. */
const SCHEMES: Array<[string, boolean]> = [
  ['http', true],
  ['https', true],
  ['ftp', true],
  ['file', true],
  ['mailto', false],
];

function wordIs(buf: Uint8Array, from: number, to: number, word: string): boolean {
  if (to - from !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (lower(buf[from + k]) !== word.charCodeAt(k)) return false;
  return true;
}

/** Whether a URL may start at buf[start]: the start of the pending text `run` (after a line break, a colour, the input's start) or after a byte that is not a letter or digit. */
function boundaryAt(buf: Uint8Array, run: number, start: number): boolean {
  return start === run || !isAlnum(buf[start - 1]);
}

/**
 * A URL whose scheme ends at the colon buf[colon]: where it starts and the
 * least it must reach past the colon to be one; null if there is none. Only
 * buf[run, colon) is looked at behind it.
 */
export function schemeBefore(buf: Uint8Array, run: number, colon: number): { start: number; minEnd: number } | null {
  let start = colon;
  while (start > run && colon - start < 6 && isLetter(buf[start - 1])) start--;
  if (start === colon || !boundaryAt(buf, run, start)) return null;
  for (const [scheme, slashes] of SCHEMES) {
    if (!wordIs(buf, start, colon, scheme)) continue;
    if (!slashes) return { start, minEnd: colon + 2 };
    if (buf[colon + 1] !== 0x2f || buf[colon + 2] !== 0x2f) return null;
    return { start, minEnd: colon + 4 };
  }
  return null;
}

/** A `www.` host whose dot is buf[dot]: where it starts and the least it must reach; null if there is none. */
export function wwwBefore(buf: Uint8Array, run: number, dot: number): { start: number; minEnd: number } | null {
  const start = dot - 3;
  if (start < run || !wordIs(buf, start, dot, 'www') || !boundaryAt(buf, run, start)) return null;
  return isAlnum(buf[dot + 1]) ? { start, minEnd: dot + 2 } : null;
}

/** Where the run of URL bytes from buf[from] ends: at a space, a control, `<`, `>`, `"`, a backtick or a byte that is not UTF-8; about MAX_URL on at most. */
export function urlEnd(buf: Uint8Array, from: number, end: number): number {
  const limit = Math.min(end, from + MAX_URL);
  let i = from;
  while (i < limit) {
    const b = buf[i];
    if (b <= 0x20 || b === 0x7f || b === 0x3c || b === 0x3e || b === 0x22 || b === 0x60) break;
    if (b < 0x80) {
      i++;
      continue;
    }
    // A character, whole and valid, and not a C1 control: the text of a link holds no token.
    const len = utf8SequenceLength(buf, i, end);
    if (len <= 0 || (b === 0xc2 && buf[i + 1] < 0xa0)) break;
    i += len;
  }
  return i;
}

const TRAILING = new Set([...'?!.,:;*_~\''].map((c) => c.charCodeAt(0)));

/** The end of the URL buf[start, stop) once trailing punctuation is given back; -1 if less than buf[start, minEnd) is left. */
export function trimUrl(buf: Uint8Array, start: number, stop: number, minEnd: number): number {
  let end = stop;
  for (;;) {
    if (end <= start) break;
    const b = buf[end - 1];
    if (TRAILING.has(b)) {
      end--;
      continue;
    }
    if (b === 0x29 || b === 0x5d) {
      const open = b === 0x29 ? 0x28 : 0x5b;
      let balance = 0;
      for (let k = start; k < end; k++) {
        if (buf[k] === open) balance++;
        else if (buf[k] === b) balance--;
      }
      if (balance < 0) {
        end--;
        continue;
      }
    }
    break;
  }
  return end >= minEnd ? end : -1;
}

/**
 * Where bare URLs with a scheme may be in a buffer, for a reader whose scanner
 * does not stop at every `:` (markup.ts): the colons, found with indexOf
 * (memchr speed) as the reader gets to them; schemeBefore says which are URLs.
 * A `www.` host is not looked for: that would be a second pass over the text
 * at memmem speed (a `w` every few dozen bytes), for a form bro does not write.
 */
export class UrlPlaces {
  private buf: Buffer = Buffer.alloc(0);
  private end = 0;
  /** The next colon: `end` for none. */
  private colon = 0;

  /** Starts on buf[0, end). */
  reset(buf: Buffer, end: number): void {
    this.buf = buf;
    this.end = end;
    this.colon = -1;
  }

  /** The first colon at or after `i` that may end a URL's scheme (`://` or `mailto:`), or `end`. */
  next(i: number): number {
    const { buf, end } = this;
    if (this.colon >= i) return this.colon;
    let at = i;
    for (;;) {
      const found = buf.indexOf(0x3a, at);
      if (found < 0 || found >= end) return (this.colon = end);
      if ((buf[found + 1] === 0x2f && buf[found + 2] === 0x2f) || (found >= 6 && buf[found - 1] === 0x6f && buf[found - 6] === 0x6d)) return (this.colon = found);
      at = found + 1;
    }
  }
}
