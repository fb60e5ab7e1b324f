// Display widths: how many terminal cells a grapheme cluster takes.
import { eastAsianWidth } from 'get-east-asian-width';

// Made on first use: loading ICU's break rules takes about 20 ms, which a
// document in plain ASCII never needs to pay at start-up.
let segmenter: Intl.Segmenter | null = null;

// Code points that take no cell of their own: combining marks, joiners,
// variation selectors, and other format characters.
const zeroWidth = /^[\p{Mn}\p{Me}\p{Cf}\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufe00-\ufe0f]$/u;

/** Cells taken by one code point on its own (0, 1 or 2). */
export function codePointWidth(cp: number): 0 | 1 | 2 {
  if (cp < 0x300) return cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0) ? 1 : 0;
  if (zeroWidth.test(String.fromCodePoint(cp))) return 0;
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

/** Splits text into grapheme clusters. */
export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/**
 * Calls `visit` with each grapheme cluster of UTF-8 text and its length in
 * bytes, until it returns false. ASCII (the common case) is not segmented.
 */
export function forEachCluster(bytes: Buffer, visit: (cluster: string, byteLength: number) => boolean): void {
  const text = bytes.toString('utf8');
  // Fewer UTF-16 units than bytes means something was not ASCII.
  if (text.length === bytes.length) {
    for (let i = 0; i < text.length; i++) if (!visit(text[i], 1)) return;
    return;
  }
  for (const cluster of graphemes(text)) if (!visit(cluster, utf8Bytes(cluster))) return;
}

/** Cells taken by a whole string (no tabs or newlines expected). */
export function stringWidth(text: string): number {
  let cells = 0;
  // Pure ASCII needs no segmentation.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  for (const cluster of graphemes(text)) cells += clusterWidth(cluster);
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
