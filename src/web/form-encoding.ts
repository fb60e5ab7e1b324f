// Text of a form turned into the bytes of the charset it is sent in (the
// HTML Standard's "encode" with the html error mode: a character the charset
// has no byte for becomes `&#N;`). UTF-8 by Buffer; a single-byte charset
// (windows-1252, ISO-8859-x, KOI8) by a table made once from its decoder.
// lwl has no encoder for the multi-byte legacy charsets (Shift_JIS, GBK,
// Big5, EUC-KR): a form in one is sent in UTF-8, and said so.
import { TextDecoder } from 'node:util';
import { canonicalCharset } from '../input/charset.ts';

export type Encode = (text: string) => Buffer;

const utf8: Encode = (text) => Buffer.from(text, 'utf8');

/** Each single-byte charset's bytes by code point, made when first asked for (null: not single-byte). */
const tables = new Map<string, Map<number, number> | null>();

/** The WHATWG encodings of more than a byte a character, which lwl cannot write. */
const MULTI_BYTE = new Set(['shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr']);

function tableOf(charset: string): Map<number, number> | null {
  if (tables.has(charset)) return tables.get(charset)!;
  let table: Map<number, number> | null = MULTI_BYTE.has(charset) ? null : new Map();
  for (let b = 0; b < 256 && table; b++) {
    // Streaming, as charset.ts decodes: Node 20's one-shot windows-1252 decode is ISO-8859-1's.
    const decoder = new TextDecoder(charset);
    const text = decoder.decode(Uint8Array.of(b), { stream: true }) + decoder.decode(new Uint8Array(0), { stream: true });
    const cp = text.codePointAt(0);
    if (text.length !== 1 || cp === undefined) table = null;
    else if (cp !== 0xfffd && !table.has(cp)) table.set(cp, b);
  }
  tables.set(charset, table);
  return table;
}

/** What a form is sent in: the charset named (its WHATWG name), and its encoder; `fellBack` when lwl cannot encode it and UTF-8 is used. */
export interface FormEncoding {
  charset: string;
  encode: Encode;
  fellBack: boolean;
}

/** The encoding a form is sent in: the first charset of accept-charset lwl knows, else the page's (UTF-16 and replacement are sent as UTF-8, as the Standard says). */
export function formEncoding(acceptCharset: string, pageCharset: string): FormEncoding {
  const named = acceptCharset
    .split(/[\t\n\f\r ]+/)
    .map((label) => canonicalCharset(label))
    .find((c) => c !== null);
  let charset = named ?? canonicalCharset(pageCharset) ?? 'utf-8';
  if (/^utf-16/.test(charset) || charset === 'replacement') charset = 'utf-8';
  if (charset === 'utf-8') return { charset, encode: utf8, fellBack: false };
  const table = tableOf(charset);
  if (!table) return { charset: 'utf-8', encode: utf8, fellBack: true };
  return { charset, encode: (text) => encodeWith(table, text), fellBack: false };
}

function encodeWith(table: Map<number, number>, text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    // A lone surrogate is not a character: U+FFFD, as the Standard's scalar value string has it.
    const cp = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
    const b = table.get(cp);
    if (b !== undefined) out.push(b);
    else for (const c of `&#${cp};`) out.push(c.charCodeAt(0));
  }
  return Buffer.from(out);
}
