// Hex tokens, and runs of input shown with them. Bytes that could change the
// terminal are shown as tokens: `<1b>` for a C0 control or DEL, `<c29b>` for a
// C1 control (U+0080..U+009F), `<ff>` for each byte that is not UTF-8. They
// stay in the display text, so a search finds them.
//
// A run of input holding tokens is not written out: the text keeps its raw
// bytes and renders them when read (render() below), so 50 MB of NULs cost 50 MB,
// not 200 MB and a span each. The tokens' places are found the same way, on
// the part of the text on screen, never stored one by one.
import { HEX_DIGITS, utf8SequenceLength } from './utf8.ts';

const LESS = 0x3c;
const GREATER = 0x3e;
const TAB = 0x09;
const LF = 0x0a;
const DEL = 0x7f;

/** A C0 control other than tab and newline (CR too: CR LF is the reader's to drop), or DEL. */
export const isControl = (b: number) => (b < 0x20 && b !== TAB && b !== LF) || b === DEL;

/** Display bytes of a token for `n` input bytes. */
export const tokenLength = (n: number) => 2 + 2 * n;

/** Writes the token for input[at, at + n) to out[o]; returns its length. */
export function writeToken(input: Uint8Array, at: number, n: number, out: Uint8Array, o: number): number {
  out[o] = LESS;
  for (let k = 0; k < n; k++) {
    out[o + 1 + 2 * k] = HEX_DIGITS[input[at + k] >> 4];
    out[o + 2 + 2 * k] = HEX_DIGITS[input[at + k] & 15];
  }
  out[o + 1 + 2 * n] = GREATER;
  return tokenLength(n);
}

/**
 * How many input bytes at input[i] form one unit, as the reader shows them: a
 * negative count for a token of that many bytes, a positive one for bytes shown
 * as they are. `end` ends the input: a character it cuts off is shown byte by byte.
 */
export function unitAt(input: Uint8Array, i: number, end: number): number {
  const b = input[i];
  if (b < 0x80) return isControl(b) ? -1 : 1;
  const len = utf8SequenceLength(input, i, end);
  if (len <= 0) return -1;
  if (b === 0xc2 && input[i + 1] < 0xa0) return -2;
  return len;
}

/**
 * Renders input[from, to) as the reader shows it, tokens for what needs them,
 * into out[o] (or only counts, when out is null). `token` is told each token's
 * display range, relative to o. Returns the display length.
 */
export function render(
  input: Uint8Array,
  from: number,
  to: number,
  out: Uint8Array | null,
  o = 0,
  token?: (start: number, end: number) => void,
): number {
  let w = o;
  let i = from;
  while (i < to) {
    const b = input[i];
    // Printable ASCII: the common byte, copied with no more checks.
    if (b >= 0x20 && b < DEL) {
      if (out) out[w] = b;
      w++;
      i++;
      continue;
    }
    const unit = unitAt(input, i, to);
    if (unit > 0) {
      if (out) for (let k = 0; k < unit; k++) out[w + k] = input[i + k];
      w += unit;
      i += unit;
    } else {
      const n = -unit;
      const len = out ? writeToken(input, i, n, out, w) : tokenLength(n);
      token?.(w - o, w - o + len);
      w += len;
      i += n;
    }
  }
  return w - o;
}

/** The display ranges of tokens, adjacent ones joined: what the pager colours as tokens. */
export class TokenRanges {
  readonly found: Array<[number, number]> = [];
  add(start: number, end: number): void {
    const last = this.found[this.found.length - 1];
    if (last && last[1] === start) last[1] = end;
    else this.found.push([start, end]);
  }
}

/** The tokens of a run, input[from, to) rendered: [start, end] pairs relative to the run, adjacent ones joined. */
export function tokenRangesOf(input: Uint8Array, from: number, to: number): Float64Array {
  const found = new TokenRanges();
  render(input, from, to, null, 0, (s, e) => found.add(s, e));
  const pairs = new Float64Array(2 * found.found.length);
  found.found.forEach(([s, e], k) => ((pairs[2 * k] = s), (pairs[2 * k + 1] = e)));
  return pairs;
}

/** Adds to `found` the tokens of a run at display offset `base` (pairs from tokenRangesOf) that overlap [start, end). */
export function addTokensOverlapping(found: TokenRanges, pairs: Float64Array, base: number, start: number, end: number): void {
  for (let k = 0; k < pairs.length; k += 2) {
    const s = base + pairs[k];
    const e = base + pairs[k + 1];
    if (s >= end) break;
    if (e > start) found.add(s, e);
  }
}
