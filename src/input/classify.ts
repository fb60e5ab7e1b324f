// What a source is, decided once, for files and the web alike: the kind of
// document its reader makes (kinds.ts), and the charset its bytes are in. Pure:
// from the source's name, its first bytes, and the type and charset a
// transport declared (a web page's Content-Type; a file declares none).
//
// The kind: a declared type says it; else a bro page's first line says
// `markup`; else the name or an HTML start says `html`; else the name says
// `markdown` or `markup` (.lwl); else it is `plain`. `raw` is never guessed.
//
// The charset, as the WHATWG encoding sniffing algorithm has it: a byte order
// mark, else the declared charset, else (HTML) the prescan of the first 1024
// bytes, else UTF-8.
import { HTML_NAME, MARKDOWN_NAME, MARKUP_NAME, type Kind } from '../document/readers/kind-names.ts';
import { looksBinary } from './binary.ts';
import { bomAt, canonicalCharset, mayBecomeBom } from './charset.ts';
import { PRESCAN_BYTES, prescanCharset } from './prescan.ts';

/** What is known of a source before its reader is chosen. */
export interface Described {
  /** The name that says the kind: a path (a compressed file's without its .gz), or a URL's path. */
  name: string;
  /** Its first bytes (PRESCAN_BYTES of them are all that are looked at). */
  head: Uint8Array;
  /** No more of the head will come: the input is this short, or it is not waited for. */
  headComplete?: boolean;
  /** The type a transport declared ("text/html", lower case; "" if it sent none); undefined for a file, which has no transport. */
  type?: string;
  /** The charset label the transport declared, or null; none for a file. */
  charset?: string | null;
}

/** Where the charset came from. */
export type CharsetFrom = 'bom' | 'header' | 'meta' | 'default';

export interface Classification {
  kind: Kind;
  /** The declared type says the body is not text, or a transport declared none and the head looks binary: the pager asks before showing it. */
  notText: boolean;
  /** The charset of the bytes (a WHATWG name), or null while the head is too short to say (a pipe's first bytes): decide again with more. */
  charset: string | null;
  charsetFrom: CharsetFrom;
}

/** lwl's own markup: a bro page's first line, `Retrieved from [URL](URL) on DATE.` */
const BRO_PAGE = /^Retrieved from \[[^\]\n]*\]\([^)\n]*\) on /;
/** HTML's start, past white space and comments: a doctype, or the html, head, body or title element. */
const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|title)[\s>]/i;

/** Application types that are text a reader can page through. */
const TEXT_APPLICATIONS = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/ecmascript',
  'application/x-javascript',
  'application/x-sh',
  'application/x-shellscript',
  'application/toml',
  'application/yaml',
  'application/x-yaml',
  'application/sql',
  'application/x-tex',
  'application/x-latex',
  'application/x-perl',
  'application/x-python',
  'application/x-ruby',
  'application/rtf',
  'application/mbox',
  'application/x-ndjson',
  'application/csv',
]);

/** The kind a MIME type essence says; null: it is not text. */
function kindOfType(essence: string): Kind | null {
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return 'html';
  if (essence === 'text/markdown' || essence === 'text/x-markdown') return 'markdown';
  if (essence.startsWith('text/')) return 'plain';
  if (TEXT_APPLICATIONS.has(essence) || essence.endsWith('+xml') || essence.endsWith('+json')) return 'plain';
  return null;
}

/** The kind the name and the first bytes say, when no type was declared. */
function kindOfContent(name: string, head: Uint8Array): Kind {
  const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, PRESCAN_BYTES)).toString('utf8').replace(/^\ufeff/, '');
  if (BRO_PAGE.test(start)) return 'markup';
  if (HTML_NAME.test(name) || HTML_START.test(start)) return 'html';
  if (MARKDOWN_NAME.test(name)) return 'markdown';
  if (MARKUP_NAME.test(name)) return 'markup';
  return 'plain';
}

/** The charset of bytes read as `kind`: a byte order mark, the declared charset, an HTML page's own, or UTF-8; null while the head is too short to say. */
export function charsetOf(kind: Kind, head: Uint8Array, declared: string | null | undefined, complete: boolean): { charset: string | null; from: CharsetFrom } {
  const bom = bomAt(head);
  if (bom) return { charset: bom.encoding, from: 'bom' };
  if (!complete && mayBecomeBom(head)) return { charset: null, from: 'default' };
  const named = canonicalCharset(declared);
  if (named) return { charset: named, from: 'header' };
  if (kind === 'html') {
    if (!complete && head.length < PRESCAN_BYTES) return { charset: null, from: 'default' };
    const found = prescanCharset(head);
    if (found) return { charset: found, from: 'meta' };
  }
  return { charset: 'utf-8', from: 'default' };
}

/** The kind and charset of a source; `forced` is the kind the user chose (--kind, K, \), whose charset is decided for it. */
export function classify(source: Described, forced: Kind | null = null): Classification {
  const complete = source.headComplete ?? false;
  const typed = source.type ? kindOfType(source.type) : undefined;
  const guessed = typed ?? (typed === null ? 'plain' : kindOfContent(source.name, source.head));
  const kind = forced ?? guessed;
  const notText = typed === null || (source.type === '' && looksBinary(source.head, complete));
  const { charset, from } = charsetOf(kind, source.head, source.charset, complete);
  return { kind, notText, charset, charsetFrom: from };
}
