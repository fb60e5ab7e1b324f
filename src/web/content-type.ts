// A response's Content-Type, read for what lwl needs from it: the type the
// server declared (src/input/classify.ts says what kind of document it makes),
// and the charset.

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
  const [head, ...params] = splitOutsideQuotes(value, ';');
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

/** Splits a header's value at `separator` outside quoted strings (a Content-Type's parameters at `;`, challenges at `,`). */
export function splitOutsideQuotes(value: string, separator: ';' | ','): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted && c === '\\') i++;
    else if (c === '"') quoted = !quoted;
    else if (c === separator && !quoted) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}
