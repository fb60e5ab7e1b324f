// Display widths, and the one walk over text on its way to the screen: grapheme
// clusters with the cells each takes, every character that could change the
// terminal (or hide from the reader) turned into a token on the way (code-points.ts).
import { eastAsianWidth } from 'get-east-asian-width';
import { isAlwaysToken, isEmojiCluster, isJoiner, joinsEmoji, tokenFor, tokenForByte, type Surface } from './code-points.ts';

// Made on first use: loading ICU's break rules takes about 20 ms, which a
// document in plain ASCII never needs to pay at start-up.
let segmenter: Intl.Segmenter | null = null;

// Intl.Segmenter in Node 20 takes time quadratic in the length of the string it
// is given (80k characters: 3 s), so text is segmented in pieces of this many
// UTF-16 units at most; the last cluster of a piece is segmented again with the next.
export const PIECE = 1024;

// Code points that take no cell of their own: combining marks, joiners,
// variation selectors, and other format characters.
// (Made on first use, as the other patterns with Unicode properties here: each
// costs ICU's data at its creation, some ms at start-up that ASCII never needs.)
let zeroWidthPattern: RegExp | null = null;
const zeroWidth = () => (zeroWidthPattern ??= /^[\p{Mn}\p{Me}\p{Cf}\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f]$/u);

/**
 * The common non-ASCII of prose and documentation that no other character
 * joins, nor joins any: Latin letters and signs, dashes, quotes and other
 * punctuation, currency, letterlike symbols, arrows, mathematical and technical
 * signs, box drawing and shapes (ranges of code points, both ends in). Text of
 * these and printable ASCII is a cluster a character, of no zero width, known
 * without the patterns of Unicode properties below, which cost ICU's data when
 * made (some 3 MiB and 5 ms: a page with a bullet or a dash paid them at its
 * first screen).
 */
export const PLAIN_PROSE: ReadonlyArray<readonly [number, number]> = [
  [0xa0, 0x2ff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20c0],
  [0x2100, 0x25ff],
];
const escaped = (cp: number) => `\\u${cp.toString(16).padStart(4, '0')}`;
/** Text of printable ASCII and plain prose only (no /u: no ICU). */
const plainProse = new RegExp(`^[\\x20-\\x7e${PLAIN_PROSE.map(([from, to]) => `${escaped(from)}-${escaped(to)}`).join('')}]*$`);
function isPlainProse(cp: number): boolean {
  for (const [from, to] of PLAIN_PROSE) if (cp >= from && cp <= to) return true;
  return false;
}

/** Cells taken by one code point on its own (0, 1 or 2). */
export function codePointWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0) ? 1 : 0;
  if (isPlainProse(cp)) return eastAsianWidth(cp);
  if (zeroWidth().test(String.fromCodePoint(cp))) return 0;
  if (cp >= 0x1160 && cp <= 0x11ff) return 0; // Hangul medial vowels and final consonants join the syllable
  return eastAsianWidth(cp);
}

/** Cells taken by a grapheme cluster: the width of its first visible code point. */
export function clusterWidth(cluster: string): 0 | 1 | 2 {
  const first = cluster.codePointAt(0)!;
  if (cluster.length <= 2 && (first < 0xd800 || cluster.length === 2)) return codePointWidth(first);
  for (const ch of cluster) {
    const w = codePointWidth(ch.codePointAt(0)!);
    if (w > 0) return w;
  }
  return 0;
}

/** Printable ASCII only: a cluster a character, a cell each. */
export const printableAscii = /^[\x20-\x7e]*$/;

/**
 * Calls `visit` with each grapheme cluster of `text` until it returns false
 * (then returns false). Linear in the length: segmented in bounded pieces.
 */
export function eachGrapheme(text: string, visit: (cluster: string) => boolean): boolean {
  // Printable ASCII and plain prose are a cluster a character, however long (a paste of thousands).
  if (plainProse.test(text)) {
    for (let i = 0; i < text.length; i++) if (!visit(text[i])) return false;
    return true;
  }
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let at = 0;
  while (at < text.length) {
    let end = Math.min(text.length, at + PIECE);
    // Never cut a surrogate pair.
    if (end < text.length && (text.charCodeAt(end - 1) & 0xfc00) === 0xd800) end++;
    const parts = Array.from(segmenter.segment(text.slice(at, end)), (s) => s.segment);
    // The last cluster may go on in the next piece, unless it is the whole piece (a cluster that long is cut).
    if (end < text.length && parts.length > 1) parts.pop();
    for (const part of parts) {
      if (!visit(part)) return false;
      at += part.length;
    }
  }
  return true;
}

/** Splits text into grapheme clusters. */
export function graphemes(text: string): string[] {
  const out: string[] = [];
  eachGrapheme(text, (c) => out.push(c) > 0);
  return out;
}

/**
 * What the walk reports for each cluster: what to draw (the cluster, or its
 * token), how much of the source it stands for (bytes or UTF-16 units), the
 * cells it takes, and whether it is a token. A tab or newline in a document
 * is reported as itself with 0 cells: its width is the caller's. Returning
 * false stops the walk.
 */
export type Visit = (shown: string, length: number, cells: number, token: boolean) => boolean;

// Code points that may join a neighbour into one grapheme cluster (any
// Grapheme_Cluster_Break value but Other): marks and other extenders, format
// characters (ZWJ, ZWNJ, prepended marks), emoji modifiers, regional
// indicators, Hangul jamo, spacing and prepended letters. A stretch without
// any is one cluster per code point, with no need to segment it.
let complexPattern: RegExp | null = null;
const complex = () =>
  (complexPattern ??= /[\p{M}\p{Grapheme_Extend}\p{Cf}\p{Emoji_Modifier}\p{Regional_Indicator}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0e33\u0eb3\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}\ud800-\udfff]/u);

/** Visits one cluster: in a trust context, joiners outside emoji sequences become tokens. */
function visitCluster(cluster: string, context: Surface, measure: (s: string) => number, visit: Visit): boolean {
  if (cluster.length === 1 && cluster.charCodeAt(0) < 0x7f) return visit(cluster, 1, 1, false);
  if (context === 'trust') {
    const emoji = isEmojiCluster(cluster);
    let part = '';
    for (const ch of cluster) {
      const cp = ch.codePointAt(0)!;
      if (!isJoiner(cp) || (emoji && joinsEmoji(cp))) {
        part += ch;
        continue;
      }
      if (part && !visit(part, measure(part), clusterWidth(part), false)) return false;
      part = '';
      const token = tokenFor(cp);
      if (!visit(token, measure(ch), token.length, true)) return false;
    }
    return part === '' || visit(part, measure(part), clusterWidth(part), false);
  }
  return visit(cluster, measure(cluster), clusterWidth(cluster), false);
}

/**
 * Visits the clusters of a run that holds no token. Only the stretches around
 * non-ASCII characters are segmented: a printable ASCII character followed by
 * another is a cluster of its own. Each stretch takes the ASCII character
 * before it (a combining mark may follow it) and the one after it (a prepended
 * mark such as U+0600 may take it), and the segmenter decides.
 */
function visitRun(run: string, context: Surface, measure: (s: string) => number, visit: Visit): boolean {
  const n = run.length;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j < n && run.charCodeAt(j) < 0x80) j++;
    // ASCII, all but the character just before a non-ASCII one.
    const asciiEnd = j < n ? Math.max(i, j - 1) : n;
    for (let k = i; k < asciiEnd; k++) if (!visit(run[k], 1, 1, false)) return false;
    if (j >= n) return true;
    // The stretch takes in lone ASCII characters between non-ASCII ones (a
    // prepended mark, an ASCII letter and a combining mark are one cluster),
    // so that it ends before two ASCII characters, where a cluster surely ends.
    let k = j;
    while (k < n && (run.charCodeAt(k) >= 0x80 || (k + 1 < n && run.charCodeAt(k + 1) >= 0x80))) k++;
    const stretch = run.slice(j, k);
    if (plainProse.test(stretch) || !complex().test(stretch)) {
      // Each code point is a cluster of its own, and so is each character around them.
      for (let m = asciiEnd; m < k; ) {
        const cp = run.codePointAt(m)!;
        const ch = cp > 0xffff ? run.slice(m, m + 2) : run[m];
        if (!visitCluster(ch, context, measure, visit)) return false;
        m += ch.length;
      }
      i = k;
      continue;
    }
    const end = Math.min(n, k + 1);
    const around = run.slice(asciiEnd, end);
    let at = 0;
    let next = end;
    const ok = eachGrapheme(around, (cluster) => {
      at += cluster.length;
      // The ASCII character after the stretch, on its own: left for the next round.
      if (at === around.length && end > k && cluster.length === 1) {
        next = k;
        return true;
      }
      return visitCluster(cluster, context, measure, visit);
    });
    if (!ok) return false;
    i = next;
  }
  return true;
}

/**
 * The code point of the valid UTF-8 sequence at bytes[i] times 8 plus its
 * length, or -1 when the byte there does not start one (Unicode table 3-7).
 */
function decodeAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i];
  const n = bytes.length;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < n && bytes[i + k] >= lo && bytes[i + k] <= hi;
  if (b < 0x80) return b * 8 + 1;
  if (b < 0xc2) return -1;
  if (b < 0xe0) return cont(1) ? (((b & 0x1f) << 6) | (bytes[i + 1] & 0x3f)) * 8 + 2 : -1;
  if (b < 0xf0) {
    const ok = cont(1, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf) && cont(2);
    return ok ? (((b & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f)) * 8 + 3 : -1;
  }
  if (b < 0xf5) {
    const ok = cont(1, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf) && cont(2) && cont(3);
    return ok ? (((b & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f)) * 8 + 4 : -1;
  }
  return -1;
}

const isPrintableByte = (b: number) => b >= 0x20 && b < 0x7f;
const asciiChars = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c));

/**
 * Walks the clusters of document text in UTF-8, lengths in bytes. Whatever
 * the parser made of it (the file may have changed since), every control,
 * invalid byte, bidi control and invisible character becomes a token here.
 * ASCII is not segmented; the rest is, in bounded pieces.
 */
export function forEachCluster(bytes: Uint8Array, visit: Visit): void {
  const n = bytes.length;
  let i = 0;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (i < n) {
    const b = bytes[i];
    if (b === 0x09 || b === 0x0a) {
      if (!visit(b === 0x09 ? '\t' : '\n', 1, 0, false)) return;
      i++;
      continue;
    }
    const decoded = isPrintableByte(b) ? b * 8 + 1 : decodeAt(bytes, i);
    if (decoded < 0) {
      if (!visit(tokenForByte(b), 1, 4, true)) return;
      i++;
      continue;
    }
    if (isAlwaysToken(decoded >> 3)) {
      const token = tokenFor(decoded >> 3);
      if (!visit(token, decoded & 7, token.length, true)) return;
      i += decoded & 7;
      continue;
    }
    // A run of text with no token in it.
    let j = i;
    let ascii = true;
    while (j < n) {
      if (isPrintableByte(bytes[j])) {
        j++;
        continue;
      }
      const d = bytes[j] < 0x80 ? -1 : decodeAt(bytes, j);
      if (d < 0 || isAlwaysToken(d >> 3)) break;
      ascii = false;
      j += d & 7;
    }
    if (ascii) {
      for (let k = i; k < j; k++) if (!visit(asciiChars[bytes[k]], 1, 1, false)) return;
    } else if (!visitRun(buffer.toString('utf8', i, j), 'document', utf8Bytes, visit)) return;
    i = j;
  }
}

const units = (s: string) => s.length;

/**
 * Walks the clusters of a string, lengths in UTF-16 units. In a trust context
 * tabs and newlines are tokens too, and so is every invisible character
 * outside an emoji sequence.
 */
export function forEachStringCluster(text: string, context: Surface, visit: Visit): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if ((c === 0x09 || c === 0x0a) && context === 'document') {
      if (!visit(text[i], 1, 0, false)) return;
      i++;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    if (isAlwaysToken(cp)) {
      const token = tokenFor(cp);
      if (!visit(token, size, token.length, true)) return;
      i += size;
      continue;
    }
    let j = i + size;
    let ascii = cp < 0x7f;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d >= 0x20 && d < 0x7f) {
        j++;
        continue;
      }
      const dp = text.codePointAt(j)!;
      if (isAlwaysToken(dp)) break;
      ascii = false;
      j += dp > 0xffff ? 2 : 1;
    }
    if (ascii) {
      for (let k = i; k < j; k++) if (!visit(text[k], 1, 1, false)) return;
    } else if (!visitRun(text.slice(i, j), context, units, visit)) return;
    i = j;
  }
}

/** Cells taken by a whole string (no tabs or newlines expected). */
export function stringWidth(text: string): number {
  // Pure ASCII needs no segmentation.
  if (printableAscii.test(text)) return text.length;
  let cells = 0;
  eachGrapheme(text, (cluster) => {
    cells += clusterWidth(cluster);
    return true;
  });
  return cells;
}

/** Bytes a string takes in UTF-8 (a cluster, typically: no call into C++ for it). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A surrogate pair is 4 bytes, 2 for each half.
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3;
  }
  return n;
}
