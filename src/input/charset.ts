// Bytes in a declared charset turned into UTF-8 for lwl's readers, as they
// arrive: TextDecoder (Node's full ICU) knows the WHATWG encodings:
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
function bomAt(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A transcoder for a charset label (null or unknown: UTF-8, which passes
 * through untouched). A byte order mark at the start wins over the label, as in
 * the Encoding standard; a UTF-8 one is kept for the reader, which knows it.
 */
export function utf8Transcoder(charset: string | null | undefined): Utf8Transcoder {
  const declared = canonicalCharset(charset) ?? 'utf-8';
  let decoder: TextDecoder | null = null;
  let encoding = declared;
  /** Bytes held until the first three are known, for the byte order mark. */
  let head: Buffer | null = Buffer.alloc(0);

  const choose = (bytes: Buffer): Buffer => {
    head = null;
    const bom = bomAt(bytes);
    if (bom) encoding = bom.encoding;
    if (encoding === 'utf-8') return bytes;
    decoder = new TextDecoder(encoding);
    // TextDecoder drops the byte order mark of its own encoding.
    return Buffer.from(decoder.decode(bytes, { stream: true }), 'utf8');
  };

  const end = (): Buffer => {
    if (head !== null) return head.length === 0 ? EMPTY : Buffer.concat([choose(head), end()]);
    if (decoder === null) return EMPTY;
    return Buffer.from(decoder.decode(), 'utf8');
  };

  return {
    get encoding() {
      return encoding;
    },
    end,
    write(bytes: Uint8Array): Buffer {
      if (bytes.length === 0) return EMPTY;
      if (head !== null) {
        const start = head.length === 0 ? asBuffer(bytes) : Buffer.concat([head, bytes]);
        if (start.length < 3 && start[0] !== undefined && (start[0] === 0xef || start[0] === 0xfe || start[0] === 0xff)) {
          head = Buffer.from(start);
          return EMPTY;
        }
        return choose(start);
      }
      if (decoder === null) return asBuffer(bytes);
      return Buffer.from(decoder.decode(bytes, { stream: true }), 'utf8');
    },
  };
}
