// The domain parser (URL Standard 3.3, "IDNA"): a domain string to an ASCII domain, or
// failure, as the current standard says (the Korean text in shared/seeds):
// - An ASCII domain is lowercased, whatever its "xn--" labels hold ("xn--", "xn--a" stay);
//   only the strict run, for the 'domain-to-ASCII' validation error, looks at them.
// - A non-ASCII domain goes through UTS #46 ToASCII (the tr46 package, loaded on first
//   use so that ASCII hosts never pay for it) with CheckHyphens false, CheckBidi and
//   CheckJoiners true, UseSTD3ASCIIRules false, Transitional_Processing false,
//   VerifyDnsLength false, IgnoreInvalidPunycode false.
// - The forbidden domain code point check comes after ToASCII, on its result: "<\u0338"
//   maps to U+226E and becomes "xn--gdh".
// - The strict run (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength true) only decides
//   the validation error, and only when errors are collected. For an ASCII domain without
//   "xn--" labels it is judged on the lowercased name (see strictProblems), which is what
//   ToASCII would check there; anything else goes through tr46.

import { loadTr46, type Uts46Options } from '../lazy.ts';
import { report, type ValidationError } from './errors.ts';

const RELAXED: Uts46Options = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
};
const STRICT: Uts46Options = { ...RELAXED, checkHyphens: true, useSTD3ASCIIRules: true, verifyDNSLength: true };

// String methods through .call: see percent.ts for why.
const { includes, startsWith } = String.prototype;

/** Forbidden domain code points in ASCII: forbidden host code points, C0 controls, %, DEL. */
export const FORBIDDEN_DOMAIN = new Uint8Array(128);
/** Forbidden host code points. */
export const FORBIDDEN_HOST = new Uint8Array(128);
for (const ch of '\0\t\n\r #/:<>?@[\\]^|') FORBIDDEN_HOST[ch.charCodeAt(0)] = 1;
for (let c = 0; c < 128; c++) {
  if (FORBIDDEN_HOST[c] || c < 0x20 || c === 0x25 || c === 0x7f) FORBIDDEN_DOMAIN[c] = 1;
}

function hasForbiddenDomainCodePoint(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 && FORBIDDEN_DOMAIN[c]) return true;
  }
  return false;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) return false;
  return true;
}

/** Whether some label of the (ASCII) domain starts with "xn--", in any case. */
export function hasPunycodeLabel(lower: string): boolean {
  return startsWith.call(lower, 'xn--') || includes.call(lower, '.xn--');
}

/**
 * The domain parser with beStrict false: the ASCII domain, or null for failure.
 * Reports 'domain-to-ASCII' when the strict run would fail.
 */
export function domainToAscii(domain: string, errors?: ValidationError[]): string | null {
  const ascii = isAscii(domain);
  if (errors !== undefined) {
    const strict =
      ascii && !hasPunycodeLabel(domain.toLowerCase())
        ? strictProblems(domain.toLowerCase())
        : strictFails(domain);
    if (strict) report(errors, 'domain-to-ASCII');
  }
  const result = ascii ? domain.toLowerCase() : relaxedToAscii(domain);
  if (result === null || result === '' || hasForbiddenDomainCodePoint(result)) {
    report(errors, 'domain-to-ASCII');
    return null;
  }
  return result;
}

// UTS #46 in JavaScript is far slower than the rest of the parser, and a document names
// the same few hosts again and again: the results of both runs are kept, up to a bound
// (then forgotten all at once).
const CACHE_LIMIT = 2048;
const relaxedCache = new Map<string, string | null>();

function relaxedToAscii(domain: string): string | null {
  let result = relaxedCache.get(domain);
  if (result === undefined) {
    result = loadTr46().toASCII(domain, RELAXED);
    if (relaxedCache.size >= CACHE_LIMIT) relaxedCache.clear();
    relaxedCache.set(domain, result);
  }
  return result;
}

const strictCache = new Map<string, boolean>();

/** Whether the strict run of ToASCII fails (only for the validation error). */
function strictFails(domain: string): boolean {
  let fails = strictCache.get(domain);
  if (fails === undefined) {
    fails = loadTr46().toASCII(domain, STRICT) === null;
    if (strictCache.size >= CACHE_LIMIT) strictCache.clear();
    strictCache.set(domain, fails);
  }
  return fails;
}

/**
 * Domain to Unicode (URL Standard 3.3): the domain with its punycode labels decoded, or
 * the domain as it is where UTS #46 ToUnicode records an error.
 */
export function domainToUnicode(domain: string): string {
  const { domain: result, error } = loadTr46().toUnicode(domain, { ...RELAXED, verifyDNSLength: undefined });
  return error ? domain : result;
}

/**
 * Where ToASCII with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength would fail on
 * an ASCII domain without punycode labels, judged on its lowercased form: labels of [a-z0-9-] not starting
 * or ending with "-" nor holding "--" at positions 3-4 (unless "xn--"), 1 to 63 long, the
 * whole at most 253 long (a final root label's dot aside).
 */
function strictProblems(ascii: string): boolean {
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (name.length === 0 || name.length > 253) return true;
  for (const label of name.split('.')) {
    if (label.length === 0 || label.length > 63) return true;
    if (!/^[a-z0-9-]+$/.test(label)) return true;
    if (label.startsWith('-') || label.endsWith('-')) return true;
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) return true;
  }
  return false;
}
