// The host display policy: whether an internationalized host may be shown in Unicode, or
// must stay in punycode because Unicode could make it pass for another name. After
// Chromium's IDN spoof checker, on Unicode's own data (UTS #39, see data/README.md):
// a label stays in punycode when it holds
// 1. right-to-left letters (a terminal may reorder them) or invisible characters;
// 2. a character that identifiers may not use (Identifier_Status is not Allowed): the
//    slash and colon look-alikes U+2044, U+2215, U+29F8, U+A789, technical letters such
//    as U+0261 "ɡ", obsolete, excluded and limited-use scripts;
// 3. letters of scripts that do not go together (UTS #39's "highly restrictive" level,
//    on Script_Extensions from Unicode's data: one script, or Latin with Han and the
//    Japanese, Chinese or Korean scripts);
// 4. digits of more than one number system;
// 5. only characters that read as ASCII (UTS #39 confusables whose prototype is ASCII):
//    the label passes for an ASCII name it is not. That takes in whole-script look-alikes
//    ("аррӏе", all Cyrillic; "օօօ", all Armenian) and Latin look-alikes ("ınstagram" with
//    U+0131). As in Chromium, a whole-script look-alike is shown in Unicode under its own
//    country's top-level domain ("сосо.рф" can be Russian; "сосо.com" is a trap).
// Each reason is said in words, for the `v` preview.

import { ALLOWED, ALLOWED_SCRIPTS, ASCII_CONFUSABLES, SCRIPT_SETS, TYPES } from './data/uts39.ts';

// ---------------------------------------------------------------------------------------
// The data, decoded on first use.

/** Sorted, disjoint [first, last] pairs, flattened. */
function decodeRanges(encoded: string): Uint32Array {
  const numbers = encoded.split(' ').map((n) => parseInt(n, 36));
  const out = new Uint32Array(numbers.length);
  let at = 0;
  for (let i = 0; i < numbers.length; i += 2) {
    const first = at + numbers[i]!;
    const last = first + numbers[i + 1]! - 1;
    out[i] = first;
    out[i + 1] = last;
    at = last + 1;
  }
  return out;
}

function inRanges(ranges: Uint32Array, cp: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[2 * mid]!) hi = mid - 1;
    else if (cp > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

let allowed: Uint32Array | null = null;
let types: [string, Uint32Array][] | null = null;
let prototypes: Map<number, string> | null = null;

/** Identifier_Status=Allowed (UTS #39). */
export function isAllowedInIdentifiers(cp: number): boolean {
  allowed ??= decodeRanges(ALLOWED);
  return inRanges(allowed, cp);
}

/** The Identifier_Type of a character that is not allowed: "Not_XID", "Technical Obsolete", ... */
export function identifierType(cp: number): string {
  types ??= Object.entries(TYPES).map(([name, ranges]) => [name, decodeRanges(ranges)]);
  for (const [name, ranges] of types) if (inRanges(ranges, cp)) return name;
  return isAllowedInIdentifiers(cp) ? 'Recommended' : 'Not_Character';
}

/** The ASCII prototype of a non-ASCII character (UTS #39 confusables), if it has one. */
export function asciiPrototype(cp: number): string | undefined {
  if (prototypes === null) {
    prototypes = new Map();
    for (const [proto, ranges] of Object.entries(ASCII_CONFUSABLES)) {
      const r = decodeRanges(ranges);
      for (let i = 0; i < r.length; i += 2) for (let c = r[i]!; c <= r[i + 1]!; c++) prototypes.set(c, proto);
    }
  }
  return prototypes.get(cp);
}

// ---------------------------------------------------------------------------------------
// Scripts.

let scriptRuns: Uint32Array | null = null;
let scriptSets: (Set<string> | null)[] | null = null;

/**
 * A character's Script_Extensions (Unicode 17, from the data), for characters allowed in
 * identifiers; null for Common and Inherited, which go with any script. Any other character
 * is of an "Unknown" script, which goes with none.
 */
export function scriptsOf(ch: string): Set<string> | null {
  if (scriptRuns === null) {
    const numbers = ALLOWED_SCRIPTS.split(' ').map((n) => parseInt(n, 36));
    scriptRuns = new Uint32Array(numbers.length);
    let at = 0;
    for (let i = 0; i < numbers.length; i += 3) {
      scriptRuns[i] = at + numbers[i]!;
      scriptRuns[i + 1] = scriptRuns[i]! + numbers[i + 1]! - 1;
      scriptRuns[i + 2] = numbers[i + 2]!;
      at = scriptRuns[i + 1]! + 1;
    }
    scriptSets = SCRIPT_SETS.map((names) => (names === '' ? null : new Set(names.split(' '))));
  }
  const cp = ch.codePointAt(0)!;
  let lo = 0;
  let hi = scriptRuns.length / 3 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < scriptRuns[3 * mid]!) hi = mid - 1;
    else if (cp > scriptRuns[3 * mid + 1]!) lo = mid + 1;
    else return scriptSets![scriptRuns[3 * mid + 2]!]!;
  }
  return new Set(['Unknown']);
}

// UTS #39's augmented script sets stand for these writing systems; each is allowed whole.
const ALLOWED_MIXES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'], // Japanese
  ['Latin', 'Han', 'Bopomofo'], // Chinese
  ['Latin', 'Han', 'Hangul'], // Korean
];

/**
 * The scripts a label's letters come from when no one script covers them all and no allowed
 * writing system does either; null when the label is fine.
 */
function mixedScripts(label: string): { scripts: string[]; example: string; exampleScript: string } | null {
  const sets: [string, Set<string>][] = [];
  for (const ch of label) {
    const s = scriptsOf(ch);
    if (s !== null) sets.push([ch, s]);
  }
  if (sets.length === 0) return null;
  const common = [...sets[0]![1]].filter((s) => sets.every(([, set]) => set.has(s)));
  if (common.length > 0) return null;
  if (ALLOWED_MIXES.some((mix) => sets.every(([, set]) => mix.some((s) => set.has(s))))) return null;
  const first = [...sets[0]![1]][0]!;
  const other = sets.find(([, set]) => !set.has(first))!;
  const second = [...other[1]][0]!;
  // The example is the letter that is not Latin, as that is the one that imitates.
  const example = first === 'Latin' ? other[0] : sets[0]![0];
  return { scripts: [first, second], example, exampleScript: first === 'Latin' ? second : first };
}

// ---------------------------------------------------------------------------------------
// Digits.

/** The zero of a decimal digit's number system (digits come in runs of ten from zero). */
function zeroOf(cp: number): number {
  let start = cp;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return start + Math.floor((cp - start) / 10) * 10;
}

function mixesNumberSystems(label: string): boolean {
  let zero = -1;
  for (const ch of label) {
    if (!/\p{Nd}/u.test(ch)) continue;
    const z = zeroOf(ch.codePointAt(0)!);
    if (zero !== -1 && z !== zero) return true;
    zero = z;
  }
  return false;
}

// ---------------------------------------------------------------------------------------
// Reading as ASCII.

/** The ASCII name a label reads as, if every character of it reads as ASCII; else null. */
export function asciiReading(label: string): string | null {
  let out = '';
  for (const ch of label.normalize('NFD')) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out += ch;
    else {
      const proto = asciiPrototype(cp);
      if (proto === undefined) return null;
      out += proto;
    }
  }
  out = out.toLowerCase();
  // Only a name that could be registered in ASCII is something to pass for.
  return /^[a-z0-9-]+$/.test(out) ? out : null;
}

// Top-level domains under which a whole-script look-alike in that script is expected
// (Chromium's list): the Cyrillic "сосо" is a name in Russian under .ru.
const SCRIPT_TLDS: Readonly<Record<string, readonly string[]>> = {
  Cyrillic: ['bg', 'by', 'kz', 'pyc', 'ru', 'su', 'ua', 'uz'],
  Armenian: ['am'],
  Ethiopic: ['er', 'et'],
  Georgian: ['ge'],
  Greek: ['gr'],
  Thai: ['th'],
};

function ownCountry(script: string, tld: string): boolean {
  if (SCRIPT_TLDS[script]?.includes(tld)) return true;
  // A top-level domain written in that script (".рф", ".бел").
  const letters = [...tld].filter((ch) => scriptsOf(ch) !== null);
  return letters.length > 0 && !/^[\x00-\x7f]*$/.test(tld) && letters.every((ch) => scriptsOf(ch)!.has(script));
}

// ---------------------------------------------------------------------------------------
// The verdict.

const TYPE_WORDS: Readonly<Record<string, string>> = {
  Not_XID: 'a symbol or punctuation mark, not a letter or digit',
  Technical: 'a technical character, not used to write words',
  Obsolete: 'an obsolete character',
  Uncommon_Use: 'a character in uncommon use',
  Limited_Use: 'a letter of a script in limited use',
  Exclusion: 'a letter of a historic script',
  Not_NFKC: 'a variant form of another character',
  Default_Ignorable: 'an invisible character',
  Deprecated: 'a deprecated character',
  Not_Character: 'not an assigned character',
};

// Made on first use: a pattern with Unicode properties costs ICU data at its creation (start-up).
let INVISIBLE_: RegExp | null = null;
const INVISIBLE = () => (INVISIBLE_ ??= /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}\p{M}\p{Default_Ignorable_Code_Point}]/u);

/** Right-to-left scripts' blocks, close enough to "strong RTL" for deciding what to show. */
export function isRightToLeft(cp: number): boolean {
  return (
    (cp >= 0x0590 && cp <= 0x08ff) ||
    (cp >= 0xfb1d && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfeff) ||
    (cp >= 0x10800 && cp <= 0x10fff) ||
    (cp >= 0x1e800 && cp <= 0x1efff)
  );
}

/** "U+2044 ⁄", or "U+200B" alone when the character would not show. */
export function codePointName(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  return INVISIBLE().test(ch) || isRightToLeft(cp) ? hex : `${hex} ${ch}`;
}

export type SpoofKind = 'bidi' | 'restricted' | 'mixed-scripts' | 'mixed-digits' | 'reads-as-ascii';

export interface SpoofVerdict {
  kind: SpoofKind;
  /** Why the host stays in punycode, in words. */
  reason: string;
}

/**
 * Why a host (in Unicode, labels split on ".") must be shown in punycode, or null when it
 * may be shown in Unicode. ASCII labels are never the problem.
 */
export function spoofVerdict(unicodeHost: string): SpoofVerdict | null {
  const labels = unicodeHost.split('.');
  const tld = labels[labels.length - 1] === '' ? labels[labels.length - 2] ?? '' : labels[labels.length - 1]!;
  for (const label of labels) {
    if (/^[\x00-\x7f]*$/.test(label)) continue;
    for (const ch of label) {
      const cp = ch.codePointAt(0)!;
      if (isRightToLeft(cp)) {
        return { kind: 'bidi', reason: `it holds right-to-left letters (${codePointName(ch)}), which a terminal may show in another order` };
      }
      if (cp >= 0x80 && !isAllowedInIdentifiers(cp)) {
        const type = identifierType(cp);
        const words = TYPE_WORDS[type.split(' ')[0]!] ?? 'a character names do not use';
        const proto = asciiPrototype(cp);
        const looks = proto === undefined ? '' : `; it looks like "${proto}"`;
        return {
          kind: 'restricted',
          reason: `it holds ${codePointName(ch)}, ${words}, which names do not use (UTS #39: ${type})${looks}`,
        };
      }
    }
    const mixed = mixedScripts(label);
    if (mixed) {
      const [a, b] = mixed.scripts;
      return {
        kind: 'mixed-scripts',
        reason: `the label "${label}" mixes ${a} and ${b} letters (${codePointName(mixed.example)} is ${mixed.exampleScript})`,
      };
    }
    if (mixesNumberSystems(label)) {
      return { kind: 'mixed-digits', reason: `the label "${label}" mixes digits of different number systems` };
    }
    const reading = asciiReading(label);
    if (reading !== null) {
      const scripts = [...label].map(scriptsOf).filter((s): s is Set<string> => s !== null);
      const script = scripts.length > 0 ? [...scripts[0]!][0]! : 'Common';
      if (script !== 'Latin' && ownCountry(script, tld)) continue;
      const odd = [...label].find((ch) => ch.codePointAt(0)! >= 0x80)!;
      const what =
        script === 'Latin'
          ? `${codePointName(odd)} looks like "${asciiPrototype(odd.codePointAt(0)!) ?? '?'}"`
          : `its letters are ${script} ones that look Latin`;
      return { kind: 'reads-as-ascii', reason: `the label "${label}" reads as the ASCII name "${reading}": ${what}` };
    }
  }
  return null;
}
