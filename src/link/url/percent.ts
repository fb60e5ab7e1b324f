// Percent-encoded bytes and the percent-encode sets (URL Standard 1.3).
//
// Every set contains all code points above U+007E, so a set is fully described by its
// ASCII part: one table of 128 entries. Each table entry also carries whether that
// ASCII code point is a valid URL unit, so the parser checks validity and encodes in one
// pass with one lookup per code unit (the hot path of parsing).

import { report, type ValidationError } from './errors.ts';

// String methods are called through `.call`, from constants of this module, on purpose:
// a URL string may be in any of a dozen internal representations in V8 (flat, sliced,
// concatenated, one- or two-byte...). `s.charCodeAt(i)` looks the method up on each, and
// once a call site has seen more than four the lookup goes megamorphic and stops being
// inlined; on mixed input (the WPT cases, then a document's links) that made parsing 2-3x
// slower. `charCodeAt.call(s, i)` has one target and stays inlined. (Importing these
// constants from a shared module was measurably slower than declaring them here.)
const { charCodeAt, slice } = String.prototype;

/**
 * An ASCII table: bit ENCODE = in the set, bit INVALID = not a URL code point,
 * bit PERCENT = "%", bit STOP = ends the parser state that encodes with this table.
 */
export type EncodeSet = Uint8Array & { readonly __encodeSet: true };

const ENCODE = 1;
const INVALID = 2;
const PERCENT = 4;
const STOP = 8;

// URL code points in ASCII: alphanumerics and !$&'()*+,-./:;=?@_~ (section 4.3), as a
// table: the sets are made at start-up, where a pattern tested 1,024 times, and compiled
// first, cost most of a millisecond.
const URL_ASCII = new Uint8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$&'()*+,-./:;=?@_~") URL_ASCII[ch.charCodeAt(0)] = 1;

function makeSet(extra: string, base?: EncodeSet): EncodeSet {
  const t = new Uint8Array(128);
  if (base) for (let c = 0; c < 128; c++) t[c] = base[c]! & ENCODE;
  else {
    // C0 controls, and DEL (> U+007E)
    t.fill(ENCODE, 0, 0x20);
    t[0x7f] = ENCODE;
  }
  for (let i = 0; i < extra.length; i++) t[extra.charCodeAt(i)] = ENCODE;
  for (let c = 0; c < 128; c++) if (!URL_ASCII[c]) t[c]! |= c === 0x25 ? PERCENT : INVALID;
  return t as EncodeSet;
}

export const C0_CONTROL_SET = makeSet('');
export const FRAGMENT_SET = makeSet(' "<>`', C0_CONTROL_SET);
export const QUERY_SET = makeSet(' "#<>', C0_CONTROL_SET);
export const SPECIAL_QUERY_SET = makeSet("'", QUERY_SET);
export const PATH_SET = makeSet('?^`{}', QUERY_SET);
export const USERINFO_SET = makeSet('/:;=@[\\]|', PATH_SET);
export const COMPONENT_SET = makeSet('$%&+,', USERINFO_SET);
export const FORM_URLENCODED_SET = makeSet("!'()~", COMPONENT_SET);

/** The set, and encodeRange stops at any of `stops` (where a parser state ends). */
export function withStops(set: EncodeSet, stops: string): EncodeSet {
  const t = set.slice() as EncodeSet;
  for (const ch of stops) t[ch.charCodeAt(0)]! |= STOP;
  return t;
}

/** Where the last encodeRange call stopped: its end, or the index of a STOP code unit. */
export const scanned = { end: 0 };

/** Whether `set` contains the code point `cp`. */
export function inEncodeSet(set: EncodeSet, cp: number): boolean {
  return cp >= 0x80 || (set[cp]! & ENCODE) !== 0;
}

// "%00" .. "%FF": percent-encoding a byte is a table lookup.
const HEX = '0123456789ABCDEF';
export const PERCENT_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => '%' + HEX[b >> 4] + HEX[b & 15]);

/** UTF-8 percent-encode one code point (always outside ASCII here). */
export function percentEncodeCodePoint(cp: number): string {
  const P = PERCENT_BYTE;
  if (cp < 0x80) return P[cp]!;
  if (cp < 0x800) return P[0xc0 | (cp >> 6)]! + P[0x80 | (cp & 0x3f)]!;
  if (cp < 0x10000) {
    return P[0xe0 | (cp >> 12)]! + P[0x80 | ((cp >> 6) & 0x3f)]! + P[0x80 | (cp & 0x3f)]!;
  }
  return (
    P[0xf0 | (cp >> 18)]! +
    P[0x80 | ((cp >> 12) & 0x3f)]! +
    P[0x80 | ((cp >> 6) & 0x3f)]! +
    P[0x80 | (cp & 0x3f)]!
  );
}

export function isAsciiHexDigit(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/** A non-ASCII code point that is not a URL code point (C1 controls, noncharacters). */
function nonAsciiInvalid(cp: number): boolean {
  return cp < 0xa0 || (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe;
}

/**
 * UTF-8 percent-encode input[start, end) with `set`, and report invalid-URL-unit for
 * anything that is not a URL unit. Returns the slice itself when nothing needs encoding,
 * so the common all-ASCII case allocates nothing but the slice.
 * If the table has STOP code units, it ends at the first one; scanned.end tells where.
 * (Finding the end and encoding in one pass halves the work of the parser's hot states.)
 * Lone surrogates are encoded as U+FFFD (the input is meant to be a scalar value string).
 */
export function encodeRange(
  input: string,
  start: number,
  end: number,
  set: EncodeSet,
  errors?: ValidationError[],
): string {
  let out = '';
  let run = start; // start of the pending run of code units copied as they are
  for (let i = start; i < end; i++) {
    const c = charCodeAt.call(input, i);
    if (c < 0x80) {
      const t = set[c]!;
      if (t === 0) continue;
      if (t & STOP) {
        end = i;
        break;
      }
      if (t & PERCENT) {
        // "%" must start a percent-encoded byte; it is kept as it is either way.
        if (!(i + 2 < input.length && isAsciiHexDigit(charCodeAt.call(input, i + 1)) && isAsciiHexDigit(charCodeAt.call(input, i + 2)))) {
          report(errors, 'invalid-URL-unit');
        }
        if (!(t & ENCODE)) continue; // only the component sets encode "%" itself
      } else if (t & INVALID) {
        report(errors, 'invalid-URL-unit');
      }
      if (t & ENCODE) {
        out += slice.call(input, run, i) + PERCENT_BYTE[c]!;
        run = i + 1;
      }
      continue;
    }
    // Non-ASCII: every set contains it, so it is always encoded.
    let cp = c;
    let next = i + 1;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = next < end ? charCodeAt.call(input, next) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        next++;
      } else {
        cp = 0xfffd;
      }
    } else if (nonAsciiInvalid(cp)) {
      report(errors, 'invalid-URL-unit');
    }
    out += slice.call(input, run, i) + percentEncodeCodePoint(cp);
    i = next - 1;
    run = next;
  }
  scanned.end = end;
  return run === start ? slice.call(input, start, end) : out + slice.call(input, run, end);
}

/** UTF-8 percent-encode a whole string with `set` (e.g. for "set the username"). */
export function utf8PercentEncode(input: string, set: EncodeSet): string {
  return encodeRange(input, 0, input.length, set);
}

const utf8Encoder = new TextEncoder();
// "UTF-8 decode without BOM": a leading BOM is kept, not stripped; bad bytes become U+FFFD.
const utf8Decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** Percent-decode a byte sequence. */
export function percentDecodeBytes(input: Uint8Array): Uint8Array {
  const out = new Uint8Array(input.length);
  let n = 0;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b === 0x25 && i + 2 < input.length && isAsciiHexDigit(input[i + 1]!) && isAsciiHexDigit(input[i + 2]!)) {
      out[n++] = parseInt(String.fromCharCode(input[i + 1]!, input[i + 2]!), 16);
      i += 2;
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

/** Percent-decode a string: UTF-8 encode it, then decode the percent-encoded bytes. */
export function percentDecode(input: string): Uint8Array {
  return percentDecodeBytes(utf8Encoder.encode(input));
}

/** UTF-8 decode without BOM (replacement on errors). */
export function utf8DecodeWithoutBOM(bytes: Uint8Array): string {
  return utf8Decoder.decode(bytes);
}

/** Whether input contains a percent-encoded byte ("%" and two ASCII hex digits). */
export function hasPercentEncodedByte(input: string): boolean {
  for (let i = input.indexOf('%'); i !== -1 && i + 2 < input.length; i = input.indexOf('%', i + 1)) {
    if (isAsciiHexDigit(charCodeAt.call(input, i + 1)) && isAsciiHexDigit(charCodeAt.call(input, i + 2))) return true;
  }
  return false;
}
