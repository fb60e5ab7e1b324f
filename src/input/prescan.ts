// The charset an HTML document names for itself in its first 1024 bytes
// (<meta charset> or <meta http-equiv="Content-Type" content="...">), found
// before any text is decoded, step by step as the HTML Standard's "prescan a
// byte stream to determine its encoding" does: comments hide what is in them
// (one left open hides the rest), other tags' attributes are skipped as the
// tokenizer would read them, and a scan that runs out of bytes finds nothing.
import { canonicalCharset } from './charset.ts';

/** Bytes looked at: the HTML standard's prescan stops at 1024. */
export const PRESCAN_BYTES = 1024;

const isSpace = (b: number) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
const isLetter = (b: number) => (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
/** A byte as a character, ASCII upper case made lower (the standard's "append the code point"). */
const lower = (b: number) => String.fromCharCode(b >= 0x41 && b <= 0x5a ? b + 0x20 : b);

/** Reads the bytes from a position on; `at` past the end means they ran out. */
class Cursor {
  at = 0;
  constructor(readonly bytes: Uint8Array) {}
  get ended(): boolean {
    return this.at >= this.bytes.length;
  }
  get byte(): number {
    return this.bytes[this.at];
  }
  /** Whether the bytes here spell `text`, ASCII case ignored. */
  startsWith(text: string): boolean {
    for (let i = 0; i < text.length; i++) if (lower(this.bytes[this.at + i] ?? -1) !== text[i]) return false;
    return true;
  }
  /** Moves to the first `byte` from here on (or past the end). */
  skipTo(byte: number): void {
    const found = this.bytes.indexOf(byte, this.at);
    this.at = found < 0 ? this.bytes.length : found;
  }
  skipSpaces(): void {
    while (!this.ended && isSpace(this.byte)) this.at++;
  }
}

/** The standard's "get an attribute": a name and value, or null at the tag's `>` (or when the bytes run out). */
function getAttribute(c: Cursor): { name: string; value: string } | null {
  while (!c.ended && (isSpace(c.byte) || c.byte === 0x2f)) c.at++;
  if (c.ended || c.byte === 0x3e) return null;
  let name = '';
  let value = '';
  for (;;) {
    if (c.ended) return null;
    const b = c.byte;
    if (b === 0x3d && name !== '') {
      c.at++;
      break;
    }
    if (isSpace(b)) {
      c.skipSpaces();
      if (c.ended) return null;
      if (c.byte !== 0x3d) return { name, value };
      c.at++;
      break;
    }
    if (b === 0x2f || b === 0x3e) return { name, value };
    name += lower(b);
    c.at++;
  }
  c.skipSpaces();
  if (c.ended) return null;
  const quote = c.byte;
  if (quote === 0x22 || quote === 0x27) {
    for (c.at++; !c.ended; c.at++) {
      if (c.byte === quote) {
        c.at++;
        return { name, value };
      }
      value += lower(c.byte);
    }
    return null;
  }
  if (quote === 0x3e) return { name, value };
  for (; !c.ended; c.at++) {
    if (isSpace(c.byte) || c.byte === 0x3e) return { name, value };
    value += lower(c.byte);
  }
  return null;
}

/**
 * The standard's "extracting a character encoding from a meta element": the
 * label after `charset=` in a content attribute ("text/html; charset=koi8-r"
 * → "koi8-r"), or null.
 */
export function charsetInContent(content: string): string | null {
  const text = content.toLowerCase();
  for (let at = text.indexOf('charset'); at >= 0; at = text.indexOf('charset', at)) {
    at += 'charset'.length;
    let i = at;
    while (i < text.length && /[\t\n\f\r ]/.test(text[i])) i++;
    if (text[i] !== '=') continue;
    i++;
    while (i < text.length && /[\t\n\f\r ]/.test(text[i])) i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const close = content.indexOf(quote, i + 1);
      return close < 0 ? null : content.slice(i + 1, close);
    }
    if (i >= text.length) return null;
    const end = content.slice(i).search(/[\t\n\f\r ;]/);
    return content.slice(i, end < 0 ? undefined : i + end);
  }
  return null;
}

/** A <meta>'s attributes read up to its `>`: the charset it names, or null (none, unknown, or a Content-Type without http-equiv). */
function metaCharset(c: Cursor): string | null | 'ran out' {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | null = null;
  /** undefined: none named yet; null: one named that is no encoding (a later content= cannot name one then). */
  let charset: string | null | undefined;
  for (let attr = getAttribute(c); attr; attr = getAttribute(c)) {
    if (seen.has(attr.name)) continue;
    seen.add(attr.name);
    if (attr.name === 'http-equiv') gotPragma ||= attr.value === 'content-type';
    else if (attr.name === 'content' && charset === undefined) {
      const label = charsetInContent(attr.value);
      const named = label === null ? null : encodingOf(label);
      if (named !== null) {
        charset = named;
        needPragma = true;
      }
    } else if (attr.name === 'charset') {
      charset = encodingOf(attr.value);
      needPragma = false;
    }
  }
  if (c.ended) return 'ran out';
  if (needPragma === null || (needPragma && !gotPragma) || !charset) return null;
  // A page that names UTF-16 in bytes read as ASCII is not UTF-16; x-user-defined means windows-1252 (the standard says both).
  if (charset === 'utf-16le' || charset === 'utf-16be') return 'utf-8';
  if (charset === 'x-user-defined') return 'windows-1252';
  return charset;
}

/** The standard's "get an encoding": the WHATWG name for a label, or null; x-user-defined, which Node's TextDecoder lacks, is known here all the same. */
function encodingOf(label: string): string | null {
  return canonicalCharset(label) ?? (label.trim().toLowerCase() === 'x-user-defined' ? 'x-user-defined' : null);
}

/** The WHATWG name of the charset the first 1024 bytes of an HTML document declare, or null. */
export function prescanCharset(bytes: Uint8Array): string | null {
  const c = new Cursor(bytes.subarray(0, PRESCAN_BYTES));
  for (; !c.ended; c.at++) {
    if (c.startsWith('<!--')) {
      // The first --> whose dashes may be the comment's own: <!--> is a whole comment.
      c.at += 2;
      for (;;) {
        c.skipTo(0x3e);
        if (c.ended) return null;
        if (c.bytes[c.at - 1] === 0x2d && c.bytes[c.at - 2] === 0x2d) break;
        c.at++;
      }
    } else if (c.startsWith('<meta') && (isSpace(c.bytes[c.at + 5]) || c.bytes[c.at + 5] === 0x2f)) {
      c.at += 5;
      const found = metaCharset(c);
      if (found === 'ran out') return null;
      if (found !== null) return found;
    } else if (c.byte === 0x3c && (isLetter(c.bytes[c.at + 1]) || (c.bytes[c.at + 1] === 0x2f && isLetter(c.bytes[c.at + 2])))) {
      // Another tag: its name, then its attributes, which may hold a `>` in quotes.
      while (!c.ended && !isSpace(c.bytes[c.at]) && c.bytes[c.at] !== 0x3e) c.at++;
      while (getAttribute(c));
      if (c.ended) return null;
    } else if (c.startsWith('<!') || c.startsWith('</') || c.startsWith('<?')) {
      c.skipTo(0x3e);
      if (c.ended) return null;
    }
  }
  return null;
}
