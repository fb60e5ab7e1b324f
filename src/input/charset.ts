// Bytes in a charset turned into UTF-8 for lwl's readers, as they arrive,
// for files and web pages alike: TextDecoder (Node's full ICU) knows the WHATWG encodings:
// windows-1252, ISO-8859-x, KOI8, Shift_JIS, EUC-JP, GBK, gb18030, Big5, EUC-KR,
// UTF-16...
import { TextDecoder } from 'node:util';

/** The WHATWG name for a charset label ("latin1" → "windows-1252"), or null if unknown. */
export function canonicalCharset(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

/** Turns a body's bytes into UTF-8, piece by piece: a character split between pieces comes whole. */
export interface Utf8Transcoder {
  /** The encoding being decoded ("utf-8" when the bytes pass through). */
  readonly encoding: string;
  /** UTF-8 for these bytes (the same buffer when they pass through untouched). */
  write(bytes: Uint8Array): Buffer;
  /** UTF-8 for what was held back at the end (a partial character becomes U+FFFD). */
  end(): Buffer;
}

const EMPTY = Buffer.alloc(0);

/** The encoding a byte order mark at the start names, and the mark's length. */
export function bomAt(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

/** Whether more bytes could still make a byte order mark of these (too few to say). */
export function mayBecomeBom(bytes: Uint8Array): boolean {
  if (bytes.length >= 3) return false;
  const marks = [[0xef, 0xbb, 0xbf], [0xfe, 0xff], [0xff, 0xfe]];
  return marks.some((mark) => bytes.length < mark.length && bytes.every((b, i) => b === mark[i]));
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The charset of a text, from its first bytes: the encoding, or null while
 * they are too few to tell (`complete`: no more will come).
 */
export type CharsetChoice = (head: Buffer, complete: boolean) => string | null;

/**
 * The one decoder: turns a text's bytes into UTF-8 as they arrive, in the
 * charset `choose` names once it has seen enough of the first bytes (they
 * are held until then). UTF-8 passes through untouched, a byte order mark
 * and all (the readers know it); TextDecoder drops the mark of the encoding
 * it decodes. A label instead of a choice: a byte order mark, else the label
 * (null or unknown: UTF-8), as in the Encoding standard.
 */
export function utf8Transcoder(charset: string | null | undefined | CharsetChoice): Utf8Transcoder {
  const choose: CharsetChoice = typeof charset === 'function' ? charset : (head, complete) => (!complete && mayBecomeBom(head) ? null : (bomAt(head)?.encoding ?? canonicalCharset(charset) ?? 'utf-8'));
  let decoder: TextDecoder | null = null;
  let encoding: string | null = null;
  /** Bytes held until the charset is chosen. */
  let head: Buffer | null = EMPTY;

  const decode = (bytes: Buffer, final: boolean): Buffer => {
    if (decoder === null) return bytes;
    // Always streaming, the final flush too: Node 20's one-shot windows-1252 decode is ISO-8859-1's.
    return Buffer.from(decoder.decode(bytes, { stream: true }) + (final ? decoder.decode() : ''), 'utf8');
  };
  /** Chooses, if `bytes` (the head so far) are enough to: the UTF-8 for them, else null (held). */
  const chosen = (bytes: Buffer, complete: boolean): Buffer | null => {
    encoding = choose(bytes, complete);
    if (encoding === null) return null;
    head = null;
    if (encoding !== 'utf-8') decoder = new TextDecoder(encoding);
    return decode(bytes, complete);
  };

  return {
    get encoding() {
      return encoding ?? 'utf-8';
    },
    end(): Buffer {
      if (head !== null) return chosen(head, true)!;
      return decoder === null ? EMPTY : decode(EMPTY, true);
    },
    write(bytes: Uint8Array): Buffer {
      if (bytes.length === 0) return EMPTY;
      if (head === null) return decode(asBuffer(bytes), false);
      const start = head.length === 0 ? asBuffer(bytes) : Buffer.concat([head, bytes]);
      const out = chosen(start, false);
      if (out !== null) return out;
      // A copy of the caller's buffer, which a file's reading reuses.
      head = head.length === 0 ? Buffer.from(start) : start;
      return EMPTY;
    },
  };
}
