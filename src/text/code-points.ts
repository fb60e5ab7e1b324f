// Which code points must never reach the terminal as they are, and the one
// visible form each takes instead (a "token"):
//   <1b>       a C0 control, DEL, or a byte that is not UTF-8 (its value)
//   <c29b>     a C1 control (its two UTF-8 bytes, as the parser writes it)
//   <U+202E>   a bidi control or an invisible format character
// Tokens are printable ASCII, so a token's width is its length.

/** Where text is drawn: document rows keep what joins a grapheme cluster; trust contexts (status line, preview, messages, --links) keep nothing invisible. */
export type Surface = 'document' | 'trust';

/** Bidi controls: reorder what follows them on screen (Trojan Source). */
export function isBidiControl(cp: number): boolean {
  return cp === 0x061c || cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

/** Default_Ignorable_Code_Point (Unicode 15.1 DerivedCoreProperties): drawn as nothing. */
export function isDefaultIgnorable(cp: number): boolean {
  if (cp < 0xad) return false;
  return (
    cp === 0xad ||
    cp === 0x34f ||
    cp === 0x61c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f) ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    cp === 0x3164 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xffa0 ||
    (cp >= 0xfff0 && cp <= 0xfff8) ||
    (cp >= 0x1bca0 && cp <= 0x1bca3) ||
    (cp >= 0x1d173 && cp <= 0x1d17a) ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/**
 * Invisible characters that join a grapheme cluster: ZWNJ, ZWJ, variation
 * selectors, combining grapheme joiner, tag characters (emoji flags), Hangul
 * fillers inside syllables. Document rows keep them; they never stand alone.
 */
export function isJoiner(cp: number): boolean {
  return (
    cp === 0x200c ||
    cp === 0x200d ||
    cp === 0x34f ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    (cp >= 0x180b && cp <= 0x180f && cp !== 0x180e) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    (cp >= 0xe0020 && cp <= 0xe007f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

/**
 * A code point that becomes a token in every context: C0 (tab and newline
 * are the caller's), DEL, C1, bidi controls, line and paragraph separators,
 * lone surrogates, and the invisible characters that do not join a cluster.
 * U+200B ZERO WIDTH SPACE is among them, in document rows too: it can hide a
 * difference between two words that look the same.
 */
export function isAlwaysToken(cp: number): boolean {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return true;
  if (cp < 0xad) return false;
  if (cp === 0x2028 || cp === 0x2029 || (cp >= 0xd800 && cp < 0xe000)) return true;
  return isDefaultIgnorable(cp) && !isJoiner(cp);
}

// Emoji sequences are held together by ZWJ, VS16 and tag characters: those
// stay inside an emoji cluster even in trust contexts.
// Made on first use: a pattern with a Unicode property costs ICU's data at its creation.
let pictographicPattern: RegExp | null = null;
const pictographic = () => (pictographicPattern ??= /^\p{Extended_Pictographic}/u);

/** Whether a cluster is an emoji sequence, whose joiners stay as they are. */
export function isEmojiCluster(cluster: string): boolean {
  return pictographic().test(cluster);
}

/** Whether a code point inside an emoji cluster may stay in a trust context. */
export function joinsEmoji(cp: number): boolean {
  return cp === 0x200d || cp === 0xfe0e || cp === 0xfe0f || (cp >= 0xe0020 && cp <= 0xe007f);
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** The token for a code point: `<1b>`, `<c29b>`, or `<U+202E>`. */
export function tokenFor(cp: number): string {
  if (cp < 0x20 || cp === 0x7f) return `<${hex2(cp)}>`;
  if (cp >= 0x80 && cp < 0xa0) return `<c2${hex2(cp)}>`;
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** The token for a byte that is not part of valid UTF-8. */
export function tokenForByte(byte: number): string {
  return `<${hex2(byte)}>`;
}
