// The basic URL parser (URL Standard 4.4), without state override (lwl never edits URLs
// through the setters) and with UTF-8 as the only encoding.
//
// The states are the standard's. Where a state would append one code point at a time to
// its buffer, the code here finds where the state ends first and then takes the whole run
// at once (one slice, percent-encoded in one pass): same result, far fewer strings. The
// pointer `p` is an index into UTF-16 code units; non-ASCII code points never end a
// state, so they are only ever handled whole, inside encodeRange.

import { failureReason, report, type ValidationError } from './errors.ts';
import { EMPTY_HOST, hostParser, type Host } from './host.ts';
import {
  C0_CONTROL_SET,
  encodeRange,
  FRAGMENT_SET,
  PATH_SET,
  QUERY_SET,
  scanned,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  withStops,
} from './percent.ts';
import { defaultPort, isSpecialScheme, type ParseResult, type UrlRecord } from './record.ts';

// String methods through .call: see percent.ts for why.
const { charCodeAt, indexOf, slice } = String.prototype;

// The states. The host and hostname states are folded into the authority state, which
// finds where the host ends in the same scan.
const SCHEME_START = 0;
const SCHEME = 1;
const NO_SCHEME = 2;
const SPECIAL_RELATIVE_OR_AUTHORITY = 3;
const PATH_OR_AUTHORITY = 4;
const RELATIVE = 5;
const RELATIVE_SLASH = 6;
const SPECIAL_AUTHORITY_SLASHES = 7;
const SPECIAL_AUTHORITY_IGNORE_SLASHES = 8;
const AUTHORITY = 9;
const PORT = 10;
const FILE = 11;
const FILE_SLASH = 12;
const FILE_HOST = 13;
const PATH_START = 14;
const PATH = 15;
const OPAQUE_PATH = 16;
const QUERY = 17;
const FRAGMENT = 18;
const DONE = 19;

// The encode sets of the states that percent-encode as they go, with the code points that
// end each state.
const SEGMENT = withStops(PATH_SET, '/?#');
const SPECIAL_SEGMENT = withStops(PATH_SET, '/\\?#');
const OPAQUE = withStops(C0_CONTROL_SET, '?#');
const QUERY_TO_HASH = withStops(QUERY_SET, '#');
const SPECIAL_QUERY_TO_HASH = withStops(SPECIAL_QUERY_SET, '#');

const EOF = -1;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const QUESTION = 0x3f;
const HASH = 0x23;
const COLON = 0x3a;

/** The URL parser: input resolved against base (an already parsed URL), or the failure. */
export function parseUrl(input: string, base?: UrlRecord | null): ParseResult {
  const errors: ValidationError[] = [];
  let r: UrlRecord | ValidationError;
  try {
    r = basicParse(input, base ?? null, errors);
  } catch {
    // Not expected to happen; a failure is a value, so this is one too.
    r = 'invalid-URL-unit';
  }
  return typeof r === 'string' ? { ok: false, reason: failureReason(r), errors } : { ok: true, url: r, errors };
}

function fail(errors: ValidationError[], error: ValidationError): ValidationError {
  report(errors, error);
  return error;
}

/** The code unit at i, or EOF past the end (reading past the end would give NaN, which
 * makes V8 treat every code unit as a double from then on). */
function codeAt(s: string, i: number): number {
  return i < s.length ? charCodeAt.call(s, i) : EOF;
}

function isAsciiAlpha(c: number): boolean {
  return ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

function isSchemeCodePoint(c: number): boolean {
  return isAsciiAlpha(c) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

/** "http" or "https" written in lower case at input[p, q), as a constant: the common
 * schemes then cost no new string, and compare with the base's by identity. */
function commonScheme(input: string, p: number, q: number): string | null {
  if (q - p < 4 || q - p > 5) return null;
  if (charCodeAt.call(input, p) !== 0x68 || charCodeAt.call(input, p + 1) !== 0x74) return null;
  if (charCodeAt.call(input, p + 2) !== 0x74 || charCodeAt.call(input, p + 3) !== 0x70) return null;
  return q - p === 4 ? 'http' : charCodeAt.call(input, p + 4) === 0x73 ? 'https' : null;
}

/** Removes leading and trailing C0 controls and spaces, then all tabs and newlines. */
function preprocess(input: string, errors: ValidationError[]): string {
  let start = 0;
  let end = input.length;
  while (start < end && charCodeAt.call(input, start) <= 0x20) start++;
  while (end > start && charCodeAt.call(input, end - 1) <= 0x20) end--;
  if (start !== 0 || end !== input.length) {
    report(errors, 'invalid-URL-unit');
    input = slice.call(input, start, end);
  }
  // Native searches beat a loop here: most inputs have none of these.
  if (indexOf.call(input, '\t') !== -1 || indexOf.call(input, '\n') !== -1 || indexOf.call(input, '\r') !== -1) {
    report(errors, 'invalid-URL-unit');
    input = input.replace(/[\t\n\r]/g, ''); // rare: a plain call is fine here
  }
  // The input is a scalar value string: lone surrogates become U+FFFD, as the API's
  // USVString conversion does.
  return isWellFormed.call(input) ? input : toWellFormed.call(input);
}

// Not in TypeScript's ES2023 library yet; in V8 since Node 20.
const { isWellFormed, toWellFormed } = String.prototype as unknown as {
  isWellFormed(this: string): boolean;
  toWellFormed(this: string): string;
};

/** "starts with a Windows drive letter", for input from index p. */
function startsWithWindowsDriveLetter(input: string, p: number): boolean {
  if (input.length - p < 2) return false;
  if (!isAsciiAlpha(charCodeAt.call(input, p))) return false;
  const c1 = charCodeAt.call(input, p + 1);
  if (c1 !== COLON && c1 !== 0x7c) return false;
  if (input.length - p === 2) return true;
  const c2 = charCodeAt.call(input, p + 2); // in bounds: length - p > 2
  return c2 === SLASH || c2 === BACKSLASH || c2 === QUESTION || c2 === HASH;
}

function isWindowsDriveLetter(s: string): boolean {
  return s.length === 2 && isAsciiAlpha(s.charCodeAt(0)) && (s[1] === ':' || s[1] === '|');
}

function isNormalizedWindowsDriveLetter(s: string | undefined): boolean {
  return s !== undefined && s.length === 2 && isAsciiAlpha(s.charCodeAt(0)) && s[1] === ':';
}

/** Whether s[i, i + 3) is "%2e", in any case. */
function isPercentDot(s: string, i: number): boolean {
  return charCodeAt.call(s, i) === 0x25 && charCodeAt.call(s, i + 1) === 0x32 && (charCodeAt.call(s, i + 2) | 0x20) === 0x65;
}

/** A single-dot segment: "." or "%2e" in any case. */
function isSingleDot(s: string, n: number): boolean {
  return n === 1 ? charCodeAt.call(s, 0) === 0x2e : n === 3 && isPercentDot(s, 0);
}

/** A double-dot segment: "..", ".%2e", "%2e." or "%2e%2e", in any case. */
function isDoubleDot(s: string, n: number): boolean {
  switch (n) {
    case 2:
      return charCodeAt.call(s, 0) === 0x2e && charCodeAt.call(s, 1) === 0x2e;
    case 4:
      return charCodeAt.call(s, 0) === 0x2e ? isPercentDot(s, 1) : isPercentDot(s, 0) && charCodeAt.call(s, 3) === 0x2e;
    case 6:
      return isPercentDot(s, 0) && isPercentDot(s, 3);
    default:
      return false;
  }
}

/** Shorten a URL's path: drop its last segment, but keep a lone drive letter of a file URL. */
function shorten(path: string[], scheme: string): void {
  if (scheme === 'file' && path.length === 1 && isNormalizedWindowsDriveLetter(path[0])) return;
  path.pop();
}

/** The basic URL parser: the URL record, or the name of the error that made it fail. */
export function basicParse(
  rawInput: string,
  base: UrlRecord | null,
  errors: ValidationError[],
): UrlRecord | ValidationError {
  const input = preprocess(rawInput, errors);
  const n = input.length;

  let scheme = '';
  let special = false;
  let username = '';
  let password = '';
  let host: Host | null = null;
  let port: number | null = null;
  let path: string[] = [];
  let opaquePath: string | null = null;
  let query: string | null = null;
  let fragment: string | null = null;

  let state = SCHEME_START;
  let p = 0;
  while (state !== DONE) {
    const c = p < n ? charCodeAt.call(input, p) : EOF;
    switch (state) {
      case SCHEME_START:
        state = isAsciiAlpha(c) ? SCHEME : NO_SCHEME;
        break;

      case SCHEME: {
        let q = p;
        let upper = false;
        for (; q < n; q++) {
          const d = charCodeAt.call(input, q);
          if (d >= 0x61 && d <= 0x7a) continue;
          if (d >= 0x41 && d <= 0x5a) upper = true;
          else if (!isSchemeCodePoint(d)) break;
        }
        if (q >= n || charCodeAt.call(input, q) !== COLON) {
          // Not a scheme after all: start over without one.
          state = NO_SCHEME;
          p = 0;
          break;
        }
        scheme = commonScheme(input, p, q) ?? slice.call(input, p, q);
        if (upper) scheme = scheme.toLowerCase();
        special = isSpecialScheme(scheme);
        p = q + 1; // c is now the first code point of remaining
        if (scheme === 'file') {
          if (codeAt(input, p) !== SLASH || codeAt(input, p + 1) !== SLASH) {
            report(errors, 'special-scheme-missing-following-solidus');
          }
          state = FILE;
        } else if (special && base !== null && base.scheme === scheme) {
          state = SPECIAL_RELATIVE_OR_AUTHORITY;
        } else if (special) {
          state = SPECIAL_AUTHORITY_SLASHES;
        } else if (codeAt(input, p) === SLASH) {
          state = PATH_OR_AUTHORITY;
          p++;
        } else {
          opaquePath = '';
          state = OPAQUE_PATH;
        }
        break;
      }

      case NO_SCHEME:
        if (base === null || (typeof base.path === 'string' && c !== HASH)) {
          return fail(errors, 'missing-scheme-non-relative-URL');
        }
        if (typeof base.path === 'string') {
          scheme = base.scheme;
          special = isSpecialScheme(scheme);
          opaquePath = base.path;
          query = base.query;
          fragment = '';
          state = FRAGMENT;
          p++;
        } else {
          state = base.scheme !== 'file' ? RELATIVE : FILE;
        }
        break;

      case SPECIAL_RELATIVE_OR_AUTHORITY:
        if (c === SLASH && codeAt(input, p + 1) === SLASH) {
          state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p += 2;
        } else {
          report(errors, 'special-scheme-missing-following-solidus');
          state = RELATIVE;
        }
        break;

      case PATH_OR_AUTHORITY:
        if (c === SLASH) {
          state = AUTHORITY;
          p++;
        } else {
          state = PATH;
        }
        break;

      case RELATIVE: {
        const b = base!;
        scheme = b.scheme;
        special = isSpecialScheme(scheme);
        if (c === SLASH) {
          state = RELATIVE_SLASH;
          p++;
        } else if (special && c === BACKSLASH) {
          report(errors, 'invalid-reverse-solidus');
          state = RELATIVE_SLASH;
          p++;
        } else {
          username = b.username;
          password = b.password;
          host = b.host;
          port = b.port;
          path = (b.path as string[]).slice();
          query = b.query;
          if (c === QUESTION) {
            query = '';
            state = QUERY;
            p++;
          } else if (c === HASH) {
            fragment = '';
            state = FRAGMENT;
            p++;
          } else if (c !== EOF) {
            query = null;
            shorten(path, scheme);
            state = PATH;
          } else {
            state = DONE;
          }
        }
        break;
      }

      case RELATIVE_SLASH:
        if (special && (c === SLASH || c === BACKSLASH)) {
          if (c === BACKSLASH) report(errors, 'invalid-reverse-solidus');
          state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
          p++;
        } else if (c === SLASH) {
          state = AUTHORITY;
          p++;
        } else {
          const b = base!;
          username = b.username;
          password = b.password;
          host = b.host;
          port = b.port;
          state = PATH;
        }
        break;

      case SPECIAL_AUTHORITY_SLASHES:
        if (c === SLASH && codeAt(input, p + 1) === SLASH) {
          p += 2;
        } else {
          report(errors, 'special-scheme-missing-following-solidus');
        }
        state = SPECIAL_AUTHORITY_IGNORE_SLASHES;
        break;

      case SPECIAL_AUTHORITY_IGNORE_SLASHES: {
        let q = p;
        while (q < n && (charCodeAt.call(input, q) === SLASH || charCodeAt.call(input, q) === BACKSLASH)) q++;
        if (q !== p) report(errors, 'special-scheme-missing-following-solidus');
        p = q;
        state = AUTHORITY;
        break;
      }

      case AUTHORITY: {
        // The authority runs to the first "/", "?", "#" (or "\" if special); its last "@"
        // ends the credentials. "@"s before it end up percent-encoded in them, and the
        // first ":" splits username from password, as the standard's buffer juggling does.
        // The same scan finds the host's end: its first ":" outside brackets (the host
        // state's), counted again from each "@".
        let q = p;
        let at = -1;
        let colon = -1;
        let insideBrackets = false;
        for (; q < n; q++) {
          const d = charCodeAt.call(input, q);
          if (d === SLASH || d === QUESTION || d === HASH || (d === BACKSLASH && special)) break;
          if (d === 0x40) {
            at = q;
            colon = -1;
            insideBrackets = false;
          } else if (d === COLON) {
            if (colon === -1 && !insideBrackets) colon = q;
          } else if (d === 0x5b) {
            insideBrackets = true;
          } else if (d === 0x5d) {
            insideBrackets = false;
          }
        }
        if (at !== -1) {
          report(errors, 'invalid-credentials');
          const split = indexOf.call(input, ':', p);
          if (split !== -1 && split < at) {
            username = encodeRange(input, p, split, USERINFO_SET);
            password = encodeRange(input, split + 1, at, USERINFO_SET);
          } else {
            username = encodeRange(input, p, at, USERINFO_SET);
          }
          if (at + 1 === q) return fail(errors, 'host-missing');
          p = at + 1;
        }
        // The host state, on input[p, hostEnd).
        const hostEnd = colon === -1 ? q : colon;
        if (hostEnd === p && (colon !== -1 || special)) return fail(errors, 'host-missing');
        const h = hostParser(slice.call(input, p, hostEnd), !special, errors);
        if (typeof h === 'string') return h;
        host = h;
        if (colon !== -1) {
          state = PORT;
          p = colon + 1;
        } else {
          state = PATH_START;
          p = q;
        }
        break;
      }

      case PORT: {
        let q = p;
        let value = 0;
        for (; q < n; q++) {
          const d = charCodeAt.call(input, q);
          if (d < 0x30 || d > 0x39) break;
          if (value <= 0xffff) value = value * 10 + (d - 0x30); // past 65535 it only needs to stay large
        }
        const d = q < n ? charCodeAt.call(input, q) : EOF;
        if (!(d === EOF || d === SLASH || d === QUESTION || d === HASH || (d === BACKSLASH && special))) {
          return fail(errors, 'port-invalid');
        }
        if (q > p) {
          if (value > 0xffff) return fail(errors, 'port-out-of-range');
          port = value === defaultPort(scheme) ? null : value;
        }
        state = PATH_START;
        p = q;
        break;
      }

      case FILE:
        scheme = 'file';
        special = true;
        host = EMPTY_HOST;
        if (c === SLASH || c === BACKSLASH) {
          if (c === BACKSLASH) report(errors, 'invalid-reverse-solidus');
          state = FILE_SLASH;
          p++;
        } else if (base !== null && base.scheme === 'file') {
          host = base.host;
          path = (base.path as string[]).slice();
          query = base.query;
          if (c === QUESTION) {
            query = '';
            state = QUERY;
            p++;
          } else if (c === HASH) {
            fragment = '';
            state = FRAGMENT;
            p++;
          } else if (c !== EOF) {
            query = null;
            if (!startsWithWindowsDriveLetter(input, p)) {
              shorten(path, scheme);
            } else {
              // A drive letter never resolves against the base's path.
              report(errors, 'file-invalid-Windows-drive-letter');
              path = [];
            }
            state = PATH;
          } else {
            state = DONE;
          }
        } else {
          state = PATH;
        }
        break;

      case FILE_SLASH:
        if (c === SLASH || c === BACKSLASH) {
          if (c === BACKSLASH) report(errors, 'invalid-reverse-solidus');
          state = FILE_HOST;
          p++;
        } else {
          if (base !== null && base.scheme === 'file') {
            host = base.host;
            // Keep the base's drive letter for "/path" against "file:///C:/...".
            const first = (base.path as string[])[0];
            if (!startsWithWindowsDriveLetter(input, p) && isNormalizedWindowsDriveLetter(first)) {
              path.push(first!);
            }
          }
          state = PATH;
        }
        break;

      case FILE_HOST: {
        let q = p;
        for (; q < n; q++) {
          const d = charCodeAt.call(input, q);
          if (d === SLASH || d === BACKSLASH || d === QUESTION || d === HASH) break;
        }
        if (q - p === 2 && isWindowsDriveLetter(slice.call(input, p, q))) {
          // "file://c:/": the drive letter is the path's first segment, not a host. The
          // path state reads it again from p, as the standard keeps it in the buffer.
          report(errors, 'file-invalid-Windows-drive-letter-host');
          state = PATH;
        } else if (q === p) {
          host = EMPTY_HOST;
          state = PATH_START;
        } else {
          let h = hostParser(slice.call(input, p, q), false, errors);
          if (typeof h === 'string') return h;
          if (h.kind === 'domain' && h.value === 'localhost') h = EMPTY_HOST;
          host = h;
          state = PATH_START;
          p = q;
        }
        break;
      }

      case PATH_START:
        if (special) {
          if (c === BACKSLASH) report(errors, 'invalid-reverse-solidus');
          state = PATH;
          if (c === SLASH || c === BACKSLASH) p++;
        } else if (c === QUESTION) {
          query = '';
          state = QUERY;
          p++;
        } else if (c === HASH) {
          fragment = '';
          state = FRAGMENT;
          p++;
        } else if (c !== EOF) {
          state = PATH;
          if (c === SLASH) p++;
        } else {
          state = DONE;
        }
        break;

      case PATH: {
        // One segment per turn of this loop, until "?", "#" or the end.
        const table = special ? SPECIAL_SEGMENT : SEGMENT;
        for (;;) {
          let buffer = encodeRange(input, p, n, table, errors);
          const q = scanned.end;
          const size = buffer.length;
          const d = q < n ? charCodeAt.call(input, q) : EOF;
          const slash = d === SLASH || d === BACKSLASH; // BACKSLASH only ends a segment if special
          if (d === BACKSLASH) report(errors, 'invalid-reverse-solidus');
          if (size <= 6 && isDoubleDot(buffer, size)) {
            shorten(path, scheme);
            // "/usr/.." is "/" with an empty last segment, not no path at all.
            if (!slash) path.push('');
          } else if (size <= 3 && isSingleDot(buffer, size)) {
            if (!slash) path.push('');
          } else {
            if (size === 2 && scheme === 'file' && path.length === 0 && isWindowsDriveLetter(buffer)) {
              buffer = buffer[0] + ':';
            }
            path.push(buffer);
          }
          p = q + 1;
          if (slash) continue;
          if (d === QUESTION) {
            query = '';
            state = QUERY;
          } else if (d === HASH) {
            fragment = '';
            state = FRAGMENT;
          } else {
            state = DONE;
          }
          break;
        }
        break;
      }

      case OPAQUE_PATH: {
        let value = encodeRange(input, p, n, OPAQUE, errors);
        const q = scanned.end;
        // A space right before "?" or "#" is encoded, so that the path cannot end in a
        // space that a later trim would lose; other spaces stay as they are.
        if (q < n && q > p && charCodeAt.call(input, q - 1) === 0x20) value = value.slice(0, -1) + '%20';
        opaquePath = value;
        if (q < n && charCodeAt.call(input, q) === QUESTION) {
          query = '';
          state = QUERY;
        } else if (q < n) {
          fragment = '';
          state = FRAGMENT;
        } else {
          state = DONE;
        }
        p = q + 1;
        break;
      }

      case QUERY: {
        query = (query ?? '') + encodeRange(input, p, n, special ? SPECIAL_QUERY_TO_HASH : QUERY_TO_HASH, errors);
        const q = scanned.end;
        if (q < n) {
          fragment = '';
          state = FRAGMENT;
        } else {
          state = DONE;
        }
        p = q + 1;
        break;
      }

      case FRAGMENT:
        fragment = (fragment ?? '') + encodeRange(input, p, n, FRAGMENT_SET, errors);
        state = DONE;
        break;
    }
  }

  return {
    scheme,
    username,
    password,
    host,
    port,
    path: opaquePath ?? path,
    query,
    fragment,
  };
}
