// Hosts (URL Standard section 3): the host parser, with its IPv4, IPv6 and opaque-host
// parsers, and the host serializer.
//
// Hosts are immutable values: a parsed URL may share its base URL's host object.

import { failureReason, report, type ValidationError } from './errors.ts';
import { domainToAscii, FORBIDDEN_HOST } from './idna.ts';
import {
  C0_CONTROL_SET,
  encodeRange,
  hasPercentEncodedByte,
  isAsciiHexDigit,
  percentDecode,
  utf8DecodeWithoutBOM,
} from './percent.ts';

// String methods through .call: see percent.ts for why.
const { charCodeAt, includes, lastIndexOf, slice, toLowerCase } = String.prototype;

export type Host =
  | { kind: 'domain'; value: string }
  | { kind: 'ipv4'; value: number }
  | { kind: 'ipv6'; value: number[] /* 8 pieces */ }
  | { kind: 'opaque'; value: string }
  | { kind: 'empty' };

export type HostResult = { ok: true; host: Host } | { ok: false; reason: string };

/** Internally a failure is the name of the error that caused it: no wrapper to allocate. */
export type HostOrError = Host | ValidationError;

export const EMPTY_HOST: Host = Object.freeze({ kind: 'empty' });

const NON_ASCII = /[^\0-\x7f]/;

/** The host parser: input, and whether the URL is not special (its host is opaque). */
export function parseHost(input: string, isOpaque: boolean, errors?: ValidationError[]): HostResult {
  const r = hostParser(input, isOpaque, errors);
  return typeof r === 'string' ? { ok: false, reason: failureReason(r) } : { ok: true, host: r };
}

export function hostParser(input: string, isOpaque: boolean, errors?: ValidationError[]): HostOrError {
  if (input.length > 0 && charCodeAt.call(input, 0) === 0x5b /* [ */) {
    if (charCodeAt.call(input, input.length - 1) !== 0x5d /* ] */) return fail(errors, 'IPv6-unclosed');
    const pieces = parseIPv6(slice.call(input, 1, -1), errors);
    return typeof pieces === 'string' ? pieces : { kind: 'ipv6', value: pieces };
  }
  if (isOpaque) return parseOpaqueHost(input, errors);
  // The standard asserts input is not empty here; callers catch the empty host before.
  if (input === '') return fail(errors, 'host-missing');

  const fast = asciiDomainFastPath(input);
  let domain = input;
  let ascii: string | null = fast;
  if (ascii === null) {
    if (includes.call(input, '%')) {
      if (hasPercentEncodedByte(input)) report(errors, 'domain-percent-encoded');
      domain = utf8DecodeWithoutBOM(percentDecode(input));
    }
    ascii = domainToAscii(domain, errors);
    if (ascii === null) return 'domain-to-ASCII';
  }
  if (endsInANumber(ascii)) {
    if (fast === null && NON_ASCII.test(domain)) report(errors, 'IPv4-non-ASCII-input');
    const v4 = parseIPv4(ascii, errors);
    return typeof v4 === 'string' ? v4 : { kind: 'ipv4', value: v4 };
  }
  return { kind: 'domain', value: ascii };
}

/**
 * The common case without the general machinery: letters, digits, "-" and "." only, and
 * no punycode label. The domain parser would lowercase such a domain and nothing else.
 * Returns null when the general path is needed.
 */
function asciiDomainFastPath(input: string): string | null {
  let upper = false;
  const n = input.length;
  for (let i = 0; i < n; i++) {
    const c = charCodeAt.call(input, i);
    if ((c | 0x20) === 0x78 /* x */ && (i === 0 || charCodeAt.call(input, i - 1) === 0x2e)) {
      // A label starting "xn--" needs the general path, which checks its punycode.
      if (i + 3 < n && (charCodeAt.call(input, i + 1) | 0x20) === 0x6e && charCodeAt.call(input, i + 2) === 0x2d && charCodeAt.call(input, i + 3) === 0x2d) {
        return null;
      }
    }
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e) continue;
    if (c >= 0x41 && c <= 0x5a) upper = true;
    else return null;
  }
  return upper ? toLowerCase.call(input) : input;
}

function fail(errors: ValidationError[] | undefined, error: ValidationError): ValidationError {
  report(errors, error);
  return error;
}

/** The ends-in-a-number checker, on a non-empty ASCII string. */
export function endsInANumber(input: string): boolean {
  let end = input.length;
  if (charCodeAt.call(input, end - 1) === 0x2e) end--; // a last empty part is ignored
  const start = lastIndexOf.call(input, '.', end - 1) + 1;
  if (start >= end) return false; // "" is not a number
  let digits = true;
  for (let i = start; i < end; i++) {
    const c = charCodeAt.call(input, i);
    if (c < 0x30 || c > 0x39) {
      digits = false;
      break;
    }
  }
  if (digits) return true;
  // Otherwise, whether it parses as an IPv4 number: "0x" or "0X" then hex digits.
  if (end - start < 2 || charCodeAt.call(input, start) !== 0x30 || (charCodeAt.call(input, start + 1) | 0x20) !== 0x78) return false;
  for (let i = start + 2; i < end; i++) if (!isAsciiHexDigit(charCodeAt.call(input, i))) return false;
  return true;
}

/** Whether the IPv4 number input[start, end) is written in hex ("0x") or octal ("0"). */
function isNonDecimal(input: string, start: number, end: number): boolean {
  return end - start >= 2 && charCodeAt.call(input, start) === 0x30;
}

/**
 * The IPv4 number parser on input[start, end), without allocating: the value, or NaN for
 * failure. Large parts lose precision as doubles but stay large, and only "> 255" and
 * ">= 256 ** n" are asked of them.
 */
function ipv4Number(input: string, start: number, end: number): number {
  if (start === end) return NaN;
  let radix = 10;
  if (end - start >= 2 && charCodeAt.call(input, start) === 0x30) {
    if ((charCodeAt.call(input, start + 1) | 0x20) === 0x78) {
      radix = 16;
      start += 2;
    } else {
      radix = 8;
      start += 1;
    }
  }
  let value = 0;
  for (let i = start; i < end; i++) {
    const c = charCodeAt.call(input, i);
    let digit: number;
    if (c >= 0x30 && c <= 0x39) digit = c - 0x30;
    else if (radix === 16 && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66) digit = (c | 0x20) - 0x61 + 10;
    else return NaN;
    if (digit >= radix) return NaN;
    value = value * radix + digit;
  }
  return value; // "0x" and "0" followed by nothing are 0
}

const POW256 = [1, 256, 256 ** 2, 256 ** 3, 256 ** 4];

/** The IPv4 parser: the address as an unsigned 32-bit number, or the failing error. */
export function parseIPv4(input: string, errors?: ValidationError[]): number | ValidationError {
  let end = input.length;
  if (end > 0 && charCodeAt.call(input, end - 1) === 0x2e /* . */) {
    // The last part is empty: it goes (there is another before it, as there is a dot).
    report(errors, 'IPv4-empty-part');
    end--;
  }
  let dots = 0;
  for (let i = 0; i < end; i++) if (charCodeAt.call(input, i) === 0x2e) dots++;
  if (dots > 3) return fail(errors, 'IPv4-too-many-parts');
  // The parts are read in place, with their values summed as they come.
  let count = 0;
  let ipv4 = 0;
  let last = 0;
  let start = 0;
  let tooLarge = false;
  for (;;) {
    let dot = input.indexOf('.', start);
    if (dot === -1 || dot >= end) dot = end;
    const n = ipv4Number(input, start, dot);
    if (Number.isNaN(n)) return fail(errors, 'IPv4-non-numeric-part');
    if (isNonDecimal(input, start, dot)) report(errors, 'IPv4-non-decimal-part');
    if (n > 255) report(errors, 'IPv4-out-of-range-part');
    count++;
    if (dot === end) {
      last = n;
      break;
    }
    if (n > 255) tooLarge = true;
    ipv4 += n * POW256[4 - count]!;
    start = dot + 1;
  }
  if (count < 4) report(errors, 'IPv4-too-few-parts');
  if (tooLarge) return 'IPv4-out-of-range-part';
  if (last >= POW256[5 - count]!) return 'IPv4-out-of-range-part';
  return ipv4 + last;
}

/** The code unit at i, or -1 (EOF) past the end. */
function at(input: string, i: number): number {
  return i < input.length ? charCodeAt.call(input, i) : -1;
}

function hexValue(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x61 + 10;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The IPv6 parser: eight 16-bit pieces, or the failing error. */
export function parseIPv6(input: string, errors?: ValidationError[]): number[] | ValidationError {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  let pieceIndex = 0;
  let compress: number | null = null;
  let p = 0;
  if (at(input, p) === 0x3a) {
    if (at(input, p + 1) !== 0x3a) return fail(errors, 'IPv6-invalid-compression');
    p += 2;
    compress = ++pieceIndex;
  }
  while (at(input, p) !== -1) {
    if (pieceIndex === 8) return fail(errors, 'IPv6-too-many-pieces');
    if (at(input, p) === 0x3a) {
      if (compress !== null) return fail(errors, 'IPv6-multiple-compression');
      p++;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && isAsciiHexDigit(at(input, p))) {
      value = value * 0x10 + hexValue(at(input, p));
      p++;
      length++;
    }
    if (at(input, p) === 0x2e) {
      // An IPv4 address in the last two pieces.
      if (length === 0) return fail(errors, 'IPv4-in-IPv6-invalid-code-point');
      p -= length;
      if (pieceIndex > 6) return fail(errors, 'IPv4-in-IPv6-too-many-pieces');
      let numbersSeen = 0;
      while (at(input, p) !== -1) {
        let ipv4Piece: number | null = null;
        if (numbersSeen > 0) {
          if (at(input, p) === 0x2e && numbersSeen < 4) p++;
          else return fail(errors, 'IPv4-in-IPv6-invalid-code-point');
        }
        if (!isDigit(at(input, p))) return fail(errors, 'IPv4-in-IPv6-invalid-code-point');
        while (isDigit(at(input, p))) {
          const number = at(input, p) - 0x30;
          if (ipv4Piece === null) ipv4Piece = number;
          else if (ipv4Piece === 0) return fail(errors, 'IPv4-in-IPv6-invalid-code-point');
          else ipv4Piece = ipv4Piece * 10 + number;
          if (ipv4Piece > 255) return fail(errors, 'IPv4-in-IPv6-out-of-range-part');
          p++;
        }
        address[pieceIndex] = address[pieceIndex]! * 0x100 + ipv4Piece!;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return fail(errors, 'IPv4-in-IPv6-too-few-parts');
      break;
    } else if (at(input, p) === 0x3a) {
      p++;
      if (at(input, p) === -1) return fail(errors, 'IPv6-invalid-code-point');
    } else if (at(input, p) !== -1) {
      return fail(errors, 'IPv6-invalid-code-point');
    }
    if (length > 1 && value < 0x10 ** (length - 1)) report(errors, 'IPv6-piece-leading-zero');
    address[pieceIndex] = value;
    pieceIndex++;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      const t = address[pieceIndex]!;
      address[pieceIndex] = address[other]!;
      address[other] = t;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return fail(errors, 'IPv6-too-few-pieces');
  }
  return address;
}

/** The opaque-host parser: for hosts of URLs that are not special. */
export function parseOpaqueHost(input: string, errors?: ValidationError[]): HostOrError {
  for (let i = 0; i < input.length; i++) {
    const c = charCodeAt.call(input, i);
    if (c < 0x80 && FORBIDDEN_HOST[c]) return fail(errors, 'host-invalid-code-point');
  }
  // encodeRange also reports code points that are not URL units.
  const value = encodeRange(input, 0, input.length, C0_CONTROL_SET, errors);
  return value === '' ? EMPTY_HOST : { kind: 'opaque', value };
}

/** The host serializer. */
export function serializeHost(host: Host): string {
  switch (host.kind) {
    case 'ipv4':
      return serializeIPv4(host.value);
    case 'ipv6':
      return '[' + serializeIPv6(host.value) + ']';
    case 'empty':
      return '';
    default:
      return host.value;
  }
}

export function serializeIPv4(address: number): string {
  return (
    ((address >>> 24) & 255) + '.' + ((address >>> 16) & 255) + '.' + ((address >>> 8) & 255) + '.' + (address & 255)
  );
}

/** The index of the first piece of the longest run (longer than one) of zero pieces, or null. */
function compressedPieceIndex(address: readonly number[]): number | null {
  let longestIndex: number | null = null;
  let longestSize = 1;
  let foundIndex: number | null = null;
  let foundSize = 0;
  for (let i = 0; i < 8; i++) {
    if (address[i] !== 0) {
      if (foundSize > longestSize) {
        longestIndex = foundIndex;
        longestSize = foundSize;
      }
      foundIndex = null;
      foundSize = 0;
    } else {
      if (foundIndex === null) foundIndex = i;
      foundSize++;
    }
  }
  return foundSize > longestSize ? foundIndex : longestIndex;
}

export function serializeIPv6(address: readonly number[]): string {
  let output = '';
  const compress = compressedPieceIndex(address);
  let ignore0 = false;
  for (let i = 0; i < 8; i++) {
    if (ignore0 && address[i] === 0) continue;
    ignore0 = false;
    if (compress === i) {
      output += i === 0 ? '::' : ':';
      ignore0 = true;
      continue;
    }
    output += address[i]!.toString(16);
    if (i !== 7) output += ':';
  }
  return output;
}
