// UTF-8 and hex, written once for the document layer.

/** The hex digits as bytes, for tokens such as `<1b>`. */
export const HEX_DIGITS = Buffer.from('0123456789abcdef');

/** True for a continuation byte (10xxxxxx). */
export const isContinuation = (b: number) => (b & 0xc0) === 0x80;

/** Length of the valid UTF-8 sequence at buf[i] (lead byte >= 0x80), 0 if invalid, -1 if cut off by `end`. */
export function utf8SequenceLength(buf: Uint8Array, i: number, end: number): number {
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
    if (!isContinuation(c)) return 0;
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
