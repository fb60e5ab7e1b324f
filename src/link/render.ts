// URL rendering for the screen (URL Standard 4.8): a URL shown so that a reader can make
// a trust decision from it.
// - The host stays visible however short the space: the path side is elided first, then
//   the scheme and port go, then subdomains are elided from the left ("…evil.example"),
//   never the registrable domain's labels.
// - Username and password are never shown (they can pose as the host).
// - A punycode host is shown in Unicode only where that cannot mislead: a label mixing
//   scripts, a label made only of Cyrillic or Greek letters that look Latin, right-to-left
//   text, or anything invisible keeps the whole host in punycode.
// - Percent-encoded UTF-8 in the path, query and fragment is shown decoded for reading,
//   except where the decoded text would be invisible, bidirectional, a control or a
//   combining mark on something it should not combine with: those stay %XX. ASCII stays
//   encoded as written (%2F must not become a "/" the reader takes for structure).
// Nothing invisible reaches the screen: the result holds only printable ASCII without
// spaces and visible, left-to-right, non-ASCII characters.

import { codePointWidth, stringWidth as cellWidth } from '../text/width.ts';
import { domainToUnicode } from './url/idna.ts';
import {
  serializeHost,
  serializePath,
  type Host,
  type UrlRecord,
} from './url/index.ts';

const ELLIPSIS = '…';

export interface HostDescription {
  /** The host as rendered: Unicode where that is safe, else as serialized (punycode). */
  display: string;
  /** The host in Unicode (domain to Unicode), with anything invisible escaped as \u{..}. */
  unicode: string;
  /** A domain with punycode ("xn--") labels. */
  idn: boolean;
  /** An internationalized domain that is shown in punycode, because Unicode could mislead. */
  punycode: boolean;
  /** Some label mixes scripts (e.g. Latin with Cyrillic). */
  mixedScripts: boolean;
  /** Some label is all Cyrillic or Greek letters that look like Latin ones ("аррӏе"). */
  confusable: boolean;
  /** Why the host stays in punycode, or null. */
  reason: string | null;
}

// ---------------------------------------------------------------------------------------
// What may be shown as it is.

// Invisible, formatting, spacing, private, unassigned, surrogate: never shown raw.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u115F\u1160]/u;
const MARK = /\p{M}/u;
const LETTER = /\p{L}/u;

/** Right-to-left scripts' blocks (Hebrew to NKo and beyond, their presentation forms, and
 * the supplementary RTL blocks): close enough to "strong RTL" for deciding what to show. */
function isRightToLeft(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) ||
    (cp >= 0xfb1d && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff) ||
    (cp >= 0x10800 && cp <= 0x10fff) ||
    (cp >= 0x1e800 && cp <= 0x1efff)
  );
}


/** Escape what must not reach the screen raw as \u{..}: for hosts, where % means nothing. */
function escapeForHost(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const unsafe = cp < 0x21 || cp === 0x7f || (cp > 0x7f && (INVISIBLE.test(ch) || isRightToLeft(cp)));
    out += unsafe ? `\\u{${cp.toString(16).toUpperCase()}}` : ch;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Scripts, for deciding whether a Unicode host can mislead (after UTS #39's "highly
// restrictive" level: one script per label, or Latin with the Han-based combinations).

const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian', 'Hangul',
  'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Khmer', 'Mongolian', 'Hiragana',
  'Katakana', 'Bopomofo', 'Han', 'Yi', 'Tifinagh', 'Javanese', 'Balinese', 'Sundanese',
] as const;
const SCRIPT_RE = new RegExp(SCRIPTS.map((s) => `(\\p{Script=${s}})`).join('|'), 'u');
const COMMON = /[\p{Script=Common}\p{Script=Inherited}]/u;
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'], // Japanese
  ['Latin', 'Han', 'Bopomofo'], // Chinese
  ['Latin', 'Han', 'Hangul'], // Korean
];

/** The scripts of a label's characters, Common and Inherited (digits, "-", marks) aside. */
function scriptsOf(label: string): Set<string> {
  const scripts = new Set<string>();
  for (const ch of label) {
    if (COMMON.test(ch)) continue;
    const m = SCRIPT_RE.exec(ch);
    const i = m ? m.findIndex((g, k) => k > 0 && g !== undefined) - 1 : -1;
    scripts.add(i >= 0 ? SCRIPTS[i]! : 'Unknown:' + ch); // an unlisted script mixes with anything
  }
  return scripts;
}

function mixesScripts(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size <= 1) return false;
  return !ALLOWED_MIXES.some((allowed) => [...scripts].every((s) => allowed.includes(s)));
}

// Cyrillic and Greek lower-case letters that pass for Latin ones in most fonts.
const LATIN_LOOKALIKES = /^[асԁеһіјкӏорԛѕухԝьѵүαικνορτυχγω0-9-]+$/u;
const HAS_LETTER = /\p{L}/u;

/** A label made only of Cyrillic or Greek look-alikes of Latin letters: "аррӏе". */
function isWholeScriptConfusable(label: string): boolean {
  return HAS_LETTER.test(label) && LATIN_LOOKALIKES.test(label);
}

// ---------------------------------------------------------------------------------------
// Hosts.

function isHost(x: Host | UrlRecord): x is Host {
  return 'kind' in x;
}

/**
 * How a host is shown, and whether it is an internationalized name kept in punycode (for a
 * warning). Takes the host, or a URL for its host.
 */
export function describeHost(hostOrUrl: Host | UrlRecord | null): HostDescription {
  const host = hostOrUrl === null ? null : isHost(hostOrUrl) ? hostOrUrl : hostOrUrl.host;
  const plain = (display: string): HostDescription => ({
    display,
    unicode: display,
    idn: false,
    punycode: false,
    mixedScripts: false,
    confusable: false,
    reason: null,
  });
  if (host === null) return plain('');
  const ascii = escapeForHost(serializeHost(host));
  if (host.kind !== 'domain' || !/(^|\.)xn--/i.test(host.value)) return plain(ascii);

  const decoded = domainToUnicode(host.value);
  const unicode = decoded === '' ? host.value : decoded;
  const safeUnicode = escapeForHost(unicode);
  const labels = unicode.split('.');
  const mixedScripts = labels.some(mixesScripts);
  const confusable = labels.some(isWholeScriptConfusable);
  let reason: string | null = null;
  if (decoded === '' || decoded === host.value) reason = 'it does not decode';
  else if (safeUnicode !== unicode) reason = 'it holds invisible or right-to-left characters';
  else if (mixedScripts) reason = 'a label mixes scripts';
  else if (confusable) reason = 'a label is made of letters that look Latin but are not';
  return {
    display: reason === null ? unicode : ascii,
    unicode: safeUnicode,
    idn: true,
    punycode: reason !== null,
    mixedScripts,
    confusable,
    reason,
  };
}

// Second-level labels under which names are registered in many country domains
// ("example.co.uk"). Without the Public Suffix List this keeps one more label visible there.
const SECOND_LEVEL = new Set([
  'ac', 'co', 'com', 'edu', 'go', 'gob', 'gov', 'gv', 'ltd', 'mil', 'ne', 'net', 'nic', 'nom', 'or', 'org', 'plc', 'sch',
]);

/**
 * How many labels at the end of a domain make its registrable domain, by a heuristic (no
 * Public Suffix List here): two, or three under a known second-level label of a two-letter
 * country domain. A trailing dot's empty label is not counted.
 */
export function registrableLabelCount(labels: readonly string[]): number {
  const n = labels[labels.length - 1] === '' ? labels.length - 1 : labels.length;
  if (n <= 2) return n;
  const tld = labels[n - 1]!;
  const sld = labels[n - 2]!;
  return tld.length === 2 && SECOND_LEVEL.has(sld) ? 3 : 2;
}

// ---------------------------------------------------------------------------------------
// The path, query and fragment as tokens: units that elision never splits.

interface Token {
  text: string;
  width: number;
}

function isHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/** The length of the UTF-8 sequence a lead byte starts, or 0 if it is not a lead byte. */
function utf8Length(b: number): number {
  return b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
}

/** Decode one well-formed UTF-8 sequence, or return -1. */
function decodeUtf8(bytes: readonly number[], i: number, len: number): number {
  if (i + len > bytes.length) return -1;
  let cp = bytes[i]! & (0xff >> (len + 1));
  for (let k = 1; k < len; k++) {
    const b = bytes[i + k]!;
    if ((b & 0xc0) !== 0x80) return -1;
    cp = (cp << 6) | (b & 0x3f);
  }
  const min = len === 2 ? 0x80 : len === 3 ? 0x800 : 0x10000;
  if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
  return cp;
}

/**
 * Whether a decoded code point may be shown in place of its %XX bytes. `after` is the
 * token before it, so a combining mark is shown only on a non-ASCII letter (or mark).
 */
function showDecoded(cp: number, ch: string, after: Token | undefined): boolean {
  if (INVISIBLE.test(ch) || isRightToLeft(cp)) return false;
  if (cp === 0x1f512) return false; // a lock: the standard's example of a spoofing risk
  if (MARK.test(ch)) {
    const prev = after?.text ?? '';
    return prev.length > 0 && prev.codePointAt(0)! > 0x7f && (LETTER.test(prev) || MARK.test(prev));
  }
  return true;
}

/** The serialized path, query and fragment as display tokens. */
function tailTokens(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c === 0x25 && i + 2 < s.length && isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2))) {
      // A run of percent-encoded bytes: decode what is safe to show, keep the rest as is.
      const bytes: number[] = [];
      let j = i;
      while (j + 2 < s.length && s.charCodeAt(j) === 0x25 && isHexDigit(s.charCodeAt(j + 1)) && isHexDigit(s.charCodeAt(j + 2))) {
        bytes.push(parseInt(s.slice(j + 1, j + 3), 16));
        j += 3;
      }
      for (let k = 0; k < bytes.length; ) {
        const len = utf8Length(bytes[k]!);
        const cp = len > 0 ? decodeUtf8(bytes, k, len) : -1;
        if (cp >= 0) {
          const ch = String.fromCodePoint(cp);
          if (showDecoded(cp, ch, tokens[tokens.length - 1])) {
            tokens.push({ text: ch, width: codePointWidth(cp) });
            k += len;
            continue;
          }
          for (let m = 0; m < len; m++) tokens.push({ text: s.slice(i + 3 * (k + m), i + 3 * (k + m) + 3), width: 3 });
          k += len;
          continue;
        }
        tokens.push({ text: s.slice(i + 3 * k, i + 3 * k + 3), width: 3 });
        k++;
      }
      i = j;
      continue;
    }
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (cp > 0x20 && cp < 0x7f) {
      tokens.push({ text: ch, width: 1 });
    } else if (cp >= 0x80 && showDecoded(cp, ch, tokens[tokens.length - 1])) {
      // Only a hand-made record holds non-ASCII here; the parser's never does.
      tokens.push({ text: ch, width: codePointWidth(cp) });
    } else {
      // Spaces (opaque paths keep them), controls and the like: as percent-encoded UTF-8.
      const bytes = new TextEncoder().encode(ch);
      for (const b of bytes) tokens.push({ text: '%' + b.toString(16).toUpperCase().padStart(2, '0'), width: 3 });
    }
    i += ch.length;
  }
  return tokens;
}

/** Tokens from the start that fit in `cells`, joined. */
function takeTokens(tokens: readonly Token[], cells: number): string {
  let out = '';
  let w = 0;
  for (const t of tokens) {
    if (w + t.width > cells) break;
    out += t.text;
    w += t.width;
  }
  return out;
}

/** The start of a string that fits in `cells` (whole code points), then "…". */
function cutRight(s: string, cells: number): string {
  if (cellWidth(s) <= cells) return s;
  if (cells <= 0) return '';
  return takeTokens(
    Array.from(s, (ch) => ({ text: ch, width: codePointWidth(ch.codePointAt(0)!) })),
    cells - 1,
  ) + ELLIPSIS;
}

// ---------------------------------------------------------------------------------------
// The whole URL.

/**
 * Render a URL to fit in `cells` terminal cells, for a reader to judge where it goes.
 * LINK and the like get the serialized URL; this is for the screen only.
 */
export function renderUrl(url: UrlRecord, cells: number): string {
  cells = Math.floor(cells);
  if (!(cells > 0)) return '';
  const described = url.host === null ? null : describeHost(url.host);
  const host = described ? described.display : '';
  let lead = url.scheme + ':';
  if (url.host !== null) lead += '//';
  else if (typeof url.path !== 'string' && url.path.length > 1 && url.path[0] === '') lead += '/.';
  const port = url.port === null ? '' : ':' + url.port;
  let tailText = serializePath(url);
  if (url.query !== null) tailText += '?' + url.query;
  if (url.fragment !== null) tailText += '#' + url.fragment;
  const tail = tailTokens(tailText);

  const leadW = cellWidth(lead);
  const hostW = cellWidth(host);
  const portW = port.length;
  const tailW = tail.reduce((w, t) => w + t.width, 0);
  if (leadW + hostW + portW + tailW <= cells) return lead + host + port + tail.map((t) => t.text).join('');

  // 1. Keep the scheme, host and port; elide the path side.
  const headW = leadW + hostW + portW;
  if (headW + 1 <= cells) return lead + host + port + takeTokens(tail, cells - headW - 1) + ELLIPSIS;

  if (url.host === null) return cutRight(lead, cells); // no host: what is left is the scheme

  // 2. The host (and port) first, without the scheme.
  const more = tail.length > 0;
  if (hostW + portW + (more ? 1 : 0) <= cells) return host + port + (more ? ELLIPSIS : '');
  // 3. Without the port; or the bare host, rather than a subdomain less for an ellipsis.
  if (hostW + 1 <= cells && (more || port !== '')) return host + ELLIPSIS;
  if (hostW <= cells) return host;

  // 4. Elide subdomains from the left, label by label, down to the registrable domain.
  const trailing = more || port !== '' ? ELLIPSIS : '';
  if (url.host.kind === 'domain') {
    const labels = host.split('.');
    const keep = registrableLabelCount(labels);
    const firstKept = labels.length - (labels[labels.length - 1] === '' ? keep + 1 : keep);
    // With the mark for what follows if there is room, else without: the mark for the
    // elided subdomains matters more.
    for (const end of trailing === '' ? [''] : [trailing, '']) {
      for (let k = 1; k <= firstKept; k++) {
        const candidate = ELLIPSIS + labels.slice(k).join('.') + end;
        if (cellWidth(candidate) <= cells) return candidate;
      }
    }
    // 5. Not even the registrable domain fits: its beginning, never its end (an end like
    // "…mplecorp.com" is what a look-alike registration would show).
    return cutRight(labels.slice(firstKept).join('.'), cells);
  }
  return cutRight(host, cells);
}
