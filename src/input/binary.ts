// Whether an input looks like a binary file rather than text, judged on its
// first bytes, so that lwl can ask before filling the screen with tokens, as
// less does ("FILE may be a binary file. See it anyway?"). Pure.
import { isUtf8 } from 'node:buffer';

/** The first bytes looked at. */
export const HEAD_SIZE = 64 * 1024;

/**
 * Bad bytes (see `badBytes`) above this share of the bytes looked at make a
 * binary file: executables, images, archives, compressed data and UTF-16
 * text are near half or more; text in a legacy 8-bit charset (a Latin-1
 * changelog, each accented letter a bad byte) stays well below.
 */
const BAD_SHARE = 0.25;
/** NULs above this share make a binary file too: text has none, a tar of text files has its blocks padded with them. */
const NUL_SHARE = 0.01;
/** A few bad bytes in a tiny input do not make it binary (less wants more than 5 too). */
const BINARY_MIN = 6;

/** C0 controls that text uses: BS (overstrike), TAB, LF, FF, CR and ESC (SGR, OSC 8). */
function isTextControl(byte: number): boolean {
  return byte === 0x08 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x1b;
}

/**
 * The length of a well-formed UTF-8 sequence starting at `i` (2 to 4), 0 if
 * the bytes there are not one, or -1 if they may be one that `bytes` cuts off.
 */
function utf8Length(bytes: Uint8Array, i: number): number {
  const lead = bytes[i];
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) length = 2;
  else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead === 0xe0) low = 0xa0; // overlong
    if (lead === 0xed) high = 0x9f; // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead === 0xf0) low = 0x90; // overlong
    if (lead === 0xf4) high = 0x8f; // past U+10FFFF
  } else return 0;
  for (let k = 1; k < length; k++) {
    if (i + k >= bytes.length) return -1;
    const byte = bytes[i + k];
    if (byte < (k === 1 ? low : 0x80) || byte > (k === 1 ? high : 0xbf)) return 0;
  }
  return length;
}

/** What the first bytes of an input hold that no text would. */
export interface BadBytes {
  /** NULs, the other C0 controls (but for those text uses), DEL, and bytes of invalid UTF-8: those the reader shows as tokens. */
  bad: number;
  /** Of which NULs. */
  nul: number;
}

/**
 * Counts the bad bytes of `head`. `complete`: `head` is the whole input, so a
 * UTF-8 sequence cut off at its end is bad too.
 */
export function badBytes(head: Uint8Array, complete: boolean): BadBytes {
  // Most heads are text: Node's own checks say so at once, where the walk below runs
  // before the first screen, in code not yet compiled.
  const whole = complete ? head.length : wholeCharacters(head);
  if (isUtf8(head.subarray(0, whole)) && !hasBadControl(head.subarray(0, whole))) return walkBadBytes(head.subarray(whole), complete);
  return walkBadBytes(head, complete);
}

/** How many of the bytes are whole UTF-8 characters, leaving out those of one that the end may cut off. */
function wholeCharacters(bytes: Uint8Array): number {
  let i = bytes.length;
  for (let k = 0; k < 3 && i > 0 && (bytes[i - 1] & 0xc0) === 0x80; k++) i--;
  return i > 0 && bytes[i - 1] >= 0xc0 ? i - 1 : bytes.length;
}

/** A control byte no text has (see isTextControl), or DEL. */
const BAD_CONTROL = /[\x00-\x07\x0b\x0e-\x1a\x1c-\x1f\x7f]/;

function hasBadControl(bytes: Uint8Array): boolean {
  return BAD_CONTROL.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

/** badBytes, byte by byte (exported for the tests, which hold the two to the same answers). */
export function walkBadBytes(head: Uint8Array, complete: boolean): BadBytes {
  let bad = 0;
  let nul = 0;
  for (let i = 0; i < head.length; ) {
    const byte = head[i];
    if (byte < 0x80) {
      if ((byte < 0x20 && !isTextControl(byte)) || byte === 0x7f) bad++;
      if (byte === 0) nul++;
      i++;
      continue;
    }
    const length = utf8Length(head, i);
    if (length > 0) {
      i += length;
    } else if (length < 0 && !complete) {
      break; // cut off by the end of what was read, not by the input's
    } else {
      bad++;
      i++;
    }
  }
  return { bad, nul };
}

/**
 * Whether the first bytes of an input (HEAD_SIZE of them at most are looked
 * at) are mostly not text. `complete`: they are the whole input.
 */
export function looksBinary(head: Uint8Array, complete = false): boolean {
  const bytes = head.subarray(0, HEAD_SIZE);
  const { bad, nul } = badBytes(bytes, complete && head.length <= HEAD_SIZE);
  return bad >= BINARY_MIN && (bad > bytes.length * BAD_SHARE || nul > bytes.length * NUL_SHARE);
}
