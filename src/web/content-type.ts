// A response's Content-Type, read for what lwl needs from it: which reader
// shows the body, and the charset the server declared.

/** The reader for a body: HTML, markdown, plain text, or bytes the pager asks about before showing. */
export type ReaderKind = 'html' | 'markdown' | 'plain' | 'binary';

export interface ContentType {
  /** "type/subtype", lower case; "" when the header is missing or cannot be read. */
  essence: string;
  /** The charset parameter as sent (lower case), or null. */
  charset: string | null;
}

/** Tokens of the MIME type grammar (RFC 9110: token characters). */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses a Content-Type header value; a value it cannot read gives an empty essence. */
export function parseContentType(value: string | undefined | null): ContentType {
  if (!value) return { essence: '', charset: null };
  const [head, ...params] = splitParams(value);
  const slash = head.indexOf('/');
  const type = head.slice(0, slash).trim();
  const subtype = head.slice(slash + 1).trim();
  if (slash < 0 || !TOKEN.test(type) || !TOKEN.test(subtype)) return { essence: '', charset: null };
  let charset: string | null = null;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    let v = param.slice(eq + 1).trim();
    if (v.startsWith('"')) v = v.slice(1, v.endsWith('"') && v.length > 1 ? -1 : undefined).replace(/\\(.)/g, '$1');
    // The first charset parameter counts, as in the MIME Sniffing standard.
    if (v !== '') charset ??= v.toLowerCase();
  }
  return { essence: `${type}/${subtype}`.toLowerCase(), charset };
}

/** Splits at semicolons outside quoted strings. */
function splitParams(value: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

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

/** The reader for a MIME type essence; "" (no type) gives null: the caller guesses. */
export function kindOfType(essence: string): ReaderKind | null {
  if (essence === '') return null;
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return 'html';
  if (essence === 'text/markdown' || essence === 'text/x-markdown') return 'markdown';
  if (essence.startsWith('text/')) return 'plain';
  if (TEXT_APPLICATIONS.has(essence) || essence.endsWith('+xml') || essence.endsWith('+json')) return 'plain';
  return 'binary';
}

/** The reader a URL path's extension suggests, for a response without a Content-Type; null if none. */
export function kindOfPath(pathname: string): ReaderKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(pathname)?.[1]?.toLowerCase();
  switch (ext) {
    case 'html':
    case 'htm':
    case 'xhtml':
      return 'html';
    case 'md':
    case 'markdown':
    case 'mdown':
      return 'markdown';
    case 'txt':
    case 'text':
    case 'json':
    case 'xml':
    case 'csv':
      return 'plain';
    default:
      return null;
  }
}

/**
 * The reader for the first bytes of a body whose type nobody declared: HTML
 * if it starts like HTML, binary if it holds bytes text never has (NUL and
 * most C0 controls), plain otherwise. For the caller to use once the first
 * chunk has come, when the response said `typeKnown: false`.
 */
export function sniffKind(first: Uint8Array): ReaderKind {
  const head = Buffer.from(first.subarray(0, 512)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart().toLowerCase();
  if (/^<(!doctype html|html|head|body|title|!--)/.test(head)) return 'html';
  for (let i = 0; i < Math.min(first.length, 1024); i++) {
    const b = first[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) return 'binary';
  }
  return 'plain';
}
