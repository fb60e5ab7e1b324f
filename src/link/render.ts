// URL rendering for the screen (URL Standard 4.8): a URL shown so that a reader can make
// a trust decision from it.
// - The host stays visible however short the space: the path side is elided first, then
//   the scheme and port go, then subdomains are elided from the left ("…evil.example"),
//   never the registrable domain's labels (from the Public Suffix List, private domains
//   included: "…attacker.github.io"). Opaque hosts (sftp:, ssh:, git:) are treated the
//   same, and a blob: URL shows the host of the URL inside it.
// - Username and password are never shown (they can pose as the host, and they are
//   secrets): the status line leaves them out; a URL shown whole (`--links`, the `v`
//   preview) has `…@` in their place (maskedHref).
// - A punycode host is shown in Unicode only where that cannot mislead (hosts.ts decides:
//   characters names do not use, mixed scripts, look-alikes of ASCII names, right-to-left
//   text); otherwise the whole host stays in punycode.
// - Percent-encoded UTF-8 in the path, query and fragment is shown decoded for reading,
//   except where the decoded text would be invisible, bidirectional, a control or a
//   combining mark on something it should not combine with: those stay %XX. ASCII stays
//   encoded as written (%2F must not become a "/" the reader takes for structure).
// Nothing invisible reaches the screen: the result holds only printable ASCII without
// spaces and visible, left-to-right, non-ASCII characters.

import { utf8SequenceLength } from '../document/utf8.ts';
import { codePointWidth, stringWidth as cellWidth } from '../text/width.ts';
import { spoofVerdict, isRightToLeft } from './hosts.ts';
import { loadTldts } from './lazy.ts';
import { domainToUnicode } from './url/idna.ts';
import {
  includesCredentials,
  parseUrl,
  serializeHost,
  serializeUrl,
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
// Made on first use: a pattern with Unicode properties costs ICU data at its creation (start-up).
let INVISIBLE_: RegExp | null = null;
const INVISIBLE = () => (INVISIBLE_ ??= /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u115F\u1160]/u);
let MARK_: RegExp | null = null;
const MARK = () => (MARK_ ??= /\p{M}/u);
let LETTER_: RegExp | null = null;
const LETTER = () => (LETTER_ ??= /\p{L}/u);

/** Escape what must not reach the screen raw as \u{..}: for hosts, where % means nothing. */
function escapeForHost(s: string): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const unsafe = cp < 0x21 || cp === 0x7f || (cp > 0x7f && (INVISIBLE().test(ch) || isRightToLeft(cp)));
    out += unsafe ? `\\u{${cp.toString(16).toUpperCase()}}` : ch;
  }
  return out;
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
  const host = hostOrUrl === null ? null : isHost(hostOrUrl) ? hostOrUrl : shownHost(hostOrUrl);
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
  const unicode = decoded;
  const safeUnicode = escapeForHost(unicode);
  let reason: string | null = null;
  let kind: string | null = null;
  if (decoded === host.value) {
    reason = 'its punycode does not decode to a valid name';
  } else if (safeUnicode !== unicode) {
    reason = 'it holds invisible or right-to-left characters';
  } else {
    const verdict = spoofVerdict(unicode);
    if (verdict !== null) ({ reason, kind } = verdict);
  }
  return {
    display: reason === null ? unicode : ascii,
    unicode: safeUnicode,
    idn: true,
    punycode: reason !== null,
    mixedScripts: kind === 'mixed-scripts',
    confusable: kind === 'reads-as-ascii',
    reason,
  };
}

/**
 * The host a reader must see for a URL: its own, or for a blob: URL the host of the URL
 * its path holds ("blob:https://bank.example/…" belongs to bank.example).
 */
export function shownHost(url: UrlRecord): Host | null {
  return innerUrl(url)?.host ?? url.host;
}

/** The URL inside a blob: URL, when it has a host. */
function innerUrl(url: UrlRecord): UrlRecord | null {
  if (url.scheme !== 'blob' || typeof url.path !== 'string') return null;
  const inner = parseUrl(url.path);
  return inner.ok && inner.url.host !== null && inner.url.host.kind !== 'empty' ? inner.url : null;
}

/**
 * How many labels at the end of a host make its registrable domain, by the Public Suffix
 * List (with its private domains: "attacker.github.io" is one owner's). A host that is a
 * public suffix itself, or has no dot, is kept whole. A trailing dot's empty label is not
 * counted.
 */
export function registrableLabelCount(labels: readonly string[]): number {
  const n = labels[labels.length - 1] === '' ? labels.length - 1 : labels.length;
  if (n <= 2) return n;
  const name = labels.slice(0, n).join('.').toLowerCase();
  const domain = loadTldts().getDomain(name, {
    allowPrivateDomains: true,
    extractHostname: false,
    validateHostname: false,
    detectIp: false,
    mixedInputs: false,
  });
  return domain === null ? n : domain.split('.').length;
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

/** The code point of the well-formed UTF-8 sequence at bytes[k] and its length, or null (ASCII stays percent-encoded). */
function decodeAt(bytes: Uint8Array, k: number): { cp: number; len: number } | null {
  const len = bytes[k] < 0x80 ? 0 : utf8SequenceLength(bytes, k, bytes.length);
  if (len <= 0) return null;
  return { cp: Buffer.from(bytes.subarray(k, k + len)).toString('utf8').codePointAt(0)!, len };
}

/**
 * Whether a decoded code point may be shown in place of its %XX bytes. `after` is the
 * token before it, so a combining mark is shown only on a non-ASCII letter (or mark).
 */
function showDecoded(cp: number, ch: string, after: Token | undefined): boolean {
  if (INVISIBLE().test(ch) || isRightToLeft(cp)) return false;
  if (cp === 0x1f512) return false; // a lock: the standard's example of a spoofing risk
  if (MARK().test(ch)) {
    const prev = after?.text ?? '';
    return prev.length > 0 && prev.codePointAt(0)! > 0x7f && (LETTER().test(prev) || MARK().test(prev));
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
      const run: number[] = [];
      let j = i;
      while (j + 2 < s.length && s.charCodeAt(j) === 0x25 && isHexDigit(s.charCodeAt(j + 1)) && isHexDigit(s.charCodeAt(j + 2))) {
        run.push(parseInt(s.slice(j + 1, j + 3), 16));
        j += 3;
      }
      const bytes = Uint8Array.from(run);
      for (let k = 0; k < bytes.length; ) {
        const decoded = decodeAt(bytes, k);
        if (decoded) {
          const { cp, len } = decoded;
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
  // A blob: URL is shown as "blob:" and the URL inside it, whose host must stay visible.
  const inner = innerUrl(url);
  const prefix = inner === null ? '' : 'blob:';
  if (inner !== null) url = inner;
  const described = url.host === null ? null : describeHost(url.host);
  const host = described ? described.display : '';
  let lead = prefix + url.scheme + ':';
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

  // 4. Elide subdomains from the left, label by label, down to the registrable domain
  // (an opaque host of sftp:, ssh:, git: is a name like any other here).
  const trailing = more || port !== '' ? ELLIPSIS : '';
  if (url.host.kind === 'domain' || url.host.kind === 'opaque') {
    const labels = host.split('.');
    // Counted on the serialized (ASCII) host, which has the same labels as the display.
    const keep = registrableLabelCount(serializeHost(url.host).split('.'));
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

/**
 * A URL serialized whole, but with `…@` for its user name and password: where a URL is
 * shown in full (`--links`, the `v` preview), that it has them shows, and not what they are.
 */
export function maskedHref(url: UrlRecord): string {
  const href = serializeUrl(url);
  if (!includesCredentials(url)) return href;
  // Only a URL with a host has them, written after "scheme://".
  const bare = serializeUrl({ ...url, username: '', password: '' });
  const at = url.scheme.length + 3;
  return `${bare.slice(0, at)}…@${bare.slice(at)}`;
}

/** An authority's user name and password as written: after "scheme://" (or "//"), up to the last `@` before the path. */
const WRITTEN_CREDENTIALS = /^(\s*(?:[a-z][a-z0-9+.-]*:)?[/\\]{2})[^/\\?#]*@/i;

/** An href as written, with `…@` for a user name and password in it, as maskedHref shows them. */
export function maskedWritten(href: string): string {
  return href.replace(WRITTEN_CREDENTIALS, '$1…@');
}
