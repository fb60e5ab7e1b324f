// Searching the display text. Literal by default and case-insensitive when the
// query has no capital letter (smartcase); a regular expression on request.
//
// The text is searched a block at a time (BLOCK bytes): each block's matches
// are the ones that start in it. Blocks are what the search counts, keeps
// and finds again (matches.ts), so a search never holds a string or a list
// longer than a block and its context.
//
// An ASCII or case-sensitive query is searched for as bytes, with no copy of
// the text: Buffer.indexOf when case matters, else the SIMD scanner finds the
// query's rarest letter in either case and the rest is compared around it.
// Other queries (regular expressions, caseless non-ASCII) run as JavaScript
// regular expressions over a decoded window: the block's lines, up to WINDOW
// bytes past its end, so a regex match ends on the line where the block ends
// and is at most WINDOW bytes long. They run in a
// worker thread (search-worker.ts) that ^C can end at once.
import type { Text } from './store.ts';
import { getScanner, searchClass, type ByteClass, type Scanner } from './scan.ts';

export interface Query {
  text: string;
  regex: boolean;
  backward: boolean;
  /** Case in the search (-i, -I): 'smart' (the default) ignores it unless the query has a capital. */
  caseless?: 'smart' | 'always' | 'never';
  /** &!pattern (less's): a filter of the lines without a match. A search does not read it. */
  invert?: boolean;
}

/** Whether a query ignores case, by its option and its text. */
const queryIgnoresCase = (query: Query) => (query.caseless === 'always' ? true : query.caseless === 'never' ? false : ignoresCase(query.text));

/** Bytes per block of a search: small enough that finding a block's matches (again) costs a millisecond or two, even for /e. */
export const BLOCK = 128 * 1024;
/** How far a regex match may run past its block: the longest regex match. */
export const WINDOW = 1 << 20;
/** How far back a block's search may start, to begin at its line's start. */
const LOOKBACK = 4096;

/** The matches that start in one block: sorted starts, and their ends (or one length for all). */
export interface BlockMatches {
  starts: Float64Array;
  /** null: every match is `length` bytes long. */
  ends: Float64Array | null;
  length: number;
}

export const blockEnd = (found: BlockMatches, i: number) => (found.ends ? found.ends[i] : found.starts[i] + found.length);

/** Whether a literal query ignores case: it has no capital letter. */
export const ignoresCase = (text: string) => text === text.toLowerCase();

/** The forms of a character that smartcase accepts: itself, upper and lower case. */
function caseForms(ch: string): string[] {
  const forms = new Set([ch, ch.toLowerCase(), ch.toUpperCase()]);
  return [...forms].filter((f) => [...f].length === 1);
}

/** A query ready to run: as bytes in this thread, or as a regular expression (source and flags, for a worker). */
export type Compiled =
  | { ok: true; kind: 'bytes'; needle: Buffer; caseless: boolean }
  | { ok: true; kind: 'regex'; source: string; flags: string }
  | { ok: false; error: string };

/** Compiles a query; an invalid regular expression is reported as a sentence. */
export function compile(query: Query): Compiled {
  if (!query.regex) {
    const caseless = queryIgnoresCase(query);
    if (/^[\x00-\x7f]*$/.test(query.text) || !caseless) return { ok: true, kind: 'bytes', needle: Buffer.from(query.text), caseless };
    // Caseless non-ASCII: each character in any of its case forms.
    const source = [...query.text].map((ch) => `(?:${caseForms(ch).map(escapeRegex).join('|')})`).join('');
    return { ok: true, kind: 'regex', source, flags: 'gmu' };
  }
  // m: ^ and $ are line starts and ends, whatever the window.
  const flags = queryIgnoresCase(query) ? 'gimu' : 'gmu';
  try {
    new RegExp(query.text, flags);
  } catch (err) {
    return { ok: false, error: `Bad pattern: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}` };
  }
  return { ok: true, kind: 'regex', source: query.text, flags };
}

const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** How common each byte is in text, roughly (the anchor of a caseless search is its rarest byte): looked up, not worked out, for a needle may be a paste of 100,000 bytes. */
const commonnessOfByte = (() => {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    const lower = b | 0x20;
    if (lower >= 0x61 && lower <= 0x7a) table[b] = 'zqxjkvbpygfwmucldrhsnioate'.indexOf(String.fromCharCode(lower)) + 10;
    else if (b === 0x20) table[b] = 40;
  }
  return table;
})();


const isContinuation = (text: Text, offset: number) => offset > 0 && offset < text.length && (text.byteAt(offset) & 0xc0) === 0x80;

/** `offset` moved forward to the start of a character (a block boundary never splits one). */
export function charStart(text: Text, offset: number): number {
  offset = Math.min(offset, text.length);
  for (let k = 0; k < 3 && isContinuation(text, offset); k++) offset++;
  return offset;
}

/** Where block b's matches may start: [start, end). */
export function blockBounds(text: Text, b: number, size = BLOCK): [number, number] {
  return [charStart(text, b * size), charStart(text, (b + 1) * size)];
}

/** Where the search of [start, ...) begins: the start of its line if near, so matches chain as in one pass over the line. */
function scanFrom(text: Text, start: number): number {
  if (start === 0) return 0;
  // Looked for no further back than LOOKBACK: a long line costs no more than a short one.
  const floor = Math.max(0, start - LOOKBACK);
  const nl = text.lastIndexOf(0x0a, start, floor);
  return nl >= 0 ? nl + 1 : floor === 0 ? 0 : start;
}

/** A growable list of match positions, turned into a BlockMatches at the end; or (not `keep`) a count of those from `from` on. */
class Collector {
  starts = new Float64Array(64);
  ends: Float64Array | null;
  count = 0;
  private from = 0;
  constructor(
    private readonly fixed: number | null,
    private readonly keep = true,
  ) {
    this.ends = fixed === null && keep ? new Float64Array(64) : null;
  }
  reset(from: number): void {
    this.count = 0;
    this.from = from;
  }
  push(start: number, end: number): void {
    if (!this.keep) {
      if (start >= this.from) this.count++;
      return;
    }
    if (this.count === this.starts.length) {
      const grow = (a: Float64Array) => {
        const b = new Float64Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.starts = grow(this.starts);
      if (this.ends) this.ends = grow(this.ends);
    }
    this.starts[this.count] = start;
    if (this.ends) this.ends[this.count] = end;
    this.count++;
  }
  result(): BlockMatches {
    return { starts: this.starts.slice(0, this.count), ends: this.ends?.slice(0, this.count) ?? null, length: this.fixed ?? 0 };
  }
}

/** A literal search over bytes. Matches do not overlap and all have the query's length. */
export class BytesFinder {
  /** For a caseless search: the bytes each position accepts, and the anchor's position and class. */
  private readonly lower: Uint8Array;
  private readonly upper: Uint8Array;
  private readonly anchor: number;
  private readonly anchorClass: ByteClass | null;
  private readonly scanner: Scanner;
  /** Where the last match ended: the next may not start before. */
  private free = 0;
  private out: Collector | null = null;
  /** Counts without a list, reused. */
  private counter: Collector | null = null;

  constructor(
    private readonly needle: Buffer,
    private readonly caseless: boolean,
  ) {
    // Plain loops over tables: a needle may be a paste of 100,000 bytes, made anew at each key's search.
    if (caseless) {
      this.lower = new Uint8Array(needle.length);
      this.upper = new Uint8Array(needle.length);
      for (let i = 0; i < needle.length; i++) {
        const b = needle[i];
        const letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a;
        this.lower[i] = letter ? b | 0x20 : b;
        this.upper[i] = letter ? b & ~0x20 : b;
      }
    } else {
      this.lower = this.upper = needle;
    }
    let anchor = 0;
    let rarest = commonnessOfByte[needle[0]];
    for (let i = 1; i < needle.length && rarest > 0; i++) {
      const c = commonnessOfByte[needle[i]];
      if (c < rarest) [anchor, rarest] = [i, c];
    }
    this.anchor = anchor;
    this.anchorClass = caseless && needle.length > 0 ? searchClass([this.lower[anchor], this.upper[anchor]]) : null;
    this.scanner = getScanner()!;
  }

  /** How many matches start in [start, end) of `text`: as find(), with no list kept. */
  count(text: Text, start: number, end: number): number {
    const out = (this.counter ??= new Collector(this.needle.length, false));
    out.reset(start);
    this.run(out, text, start, end);
    return out.count;
  }

  /** The matches that start in [start, end) of `text`. */
  find(text: Text, start: number, end: number): BlockMatches {
    const out = new Collector(this.needle.length);
    this.run(out, text, start, end);
    const found = out.result();
    // Matches found before the block, from its line's start, only placed the chain.
    let first = 0;
    while (first < found.starts.length && found.starts[first] < start) first++;
    return first === 0 ? found : { ...found, starts: found.starts.slice(first) };
  }

  private run(out: Collector, text: Text, start: number, end: number): void {
    const n = this.needle.length;
    this.out = out;
    if (n === 0 || end <= start) return;
    const from = scanFrom(text, start);
    this.free = from;
    text.forEachPiece(from, Math.min(text.length, end + n - 1), (piece, offset) => {
      // A match may run from the pieces before into this one: look at the seam.
      if (offset > from && n > 1) {
        const seam = Math.max(from, offset - (n - 1));
        this.searchPiece(text.bytes(seam, offset + n - 1), seam, seam, Math.min(offset, end));
      }
      this.searchPiece(piece, offset, offset, end);
    });
    this.out = null;
  }

  /** Finds the matches in `piece` (text from `offset`) that start in [from, before). */
  private searchPiece(piece: Buffer, offset: number, from: number, before: number): void {
    const n = this.needle.length;
    let i = Math.max(from, this.free) - offset;
    const last = Math.min(piece.length - n, before - 1 - offset);
    if (!this.caseless) {
      for (; i <= last; i += n) {
        i = piece.indexOf(this.needle, i);
        if (i < 0 || i > last) return;
        this.found(offset + i);
      }
      return;
    }
    if (n === 1) {
      // One byte in either case (/e): a plain loop beats a call per match.
      const [lo, up] = [this.lower[0], this.upper[0]];
      for (; i <= last; i++) if (piece[i] === lo || piece[i] === up) this.found(offset + i);
      return;
    }
    const a = this.anchor;
    for (; i <= last; ) {
      const hit = this.scanner.find(piece, i + a, last + a + 1, this.anchorClass!);
      if (hit > last + a) return;
      const at = hit - a;
      if (this.matchesAt(piece, at)) {
        this.found(offset + at);
        i = at + n;
      } else {
        i = at + 1;
      }
    }
  }

  private matchesAt(piece: Buffer, at: number): boolean {
    for (let k = 0; k < this.needle.length; k++) {
      const b = piece[at + k];
      if (b !== this.lower[k] && b !== this.upper[k]) return false;
    }
    return true;
  }

  private found(start: number): void {
    this.out!.push(start, start + this.needle.length);
    this.free = start + this.needle.length;
  }
}

/** What a regex search of one block is given: the bytes from `from`, of which [own, own + ownLength) are the block. */
export interface RegexWindow {
  bytes: Uint8Array;
  /** Offset of bytes[0] in the text. */
  from: number;
  /** Where the block starts in `bytes`, and its length. */
  own: number;
  ownLength: number;
  /** Where in `bytes` the search begins: 0 at a line's start, so matches chain as in one pass over the line; else `own`. */
  scan: number;
}

/** The window of text a regex search of [start, end) reads: from its line's start (if near) to its last line's end (at most WINDOW bytes past). */
export function regexWindow(text: Text, start: number, end: number, window = WINDOW): RegexWindow {
  let from = scanFrom(text, start);
  const atLine = from < start || start === 0 || text.byteAt(start - 1) === 0x0a;
  // Keep the character before the block, so that ^ and lookbehinds see it.
  if (from === start && start > 0) {
    from = start - 1;
    while (from > 0 && (text.byteAt(from) & 0xc0) === 0x80) from--;
  }
  // To the end of the block's last line (or a window past the block, on a long line): a
  // regex must not try its luck on the lines that follow, which are the next block's.
  const nl = end > start && text.byteAt(end - 1) === 0x0a ? end - 1 : text.indexOf(0x0a, end, end + window);
  const to = nl >= 0 ? nl + 1 : charStart(text, end + window);
  const own = start - from;
  return { bytes: new Uint8Array(text.bytes(from, to)), from, own, ownLength: end - start, scan: atLine && from < start ? 0 : own };
}

/** The matches of `re` (flags g and u) that start in a window's block, at byte offsets. Empty matches are skipped. */
export function regexFind(re: RegExp, w: RegexWindow): BlockMatches {
  const buf = Buffer.from(w.bytes.buffer, w.bytes.byteOffset, w.bytes.byteLength);
  const s = buf.toString('utf8');
  const ownFrom = buf.toString('utf8', 0, w.own).length;
  const ownTo = ownFrom + buf.toString('utf8', w.own, w.own + w.ownLength).length;
  const begin = w.scan === w.own ? ownFrom : buf.toString('utf8', 0, w.scan).length;
  const out = new Collector(null);
  re.lastIndex = begin;
  // Offsets in the string are UTF-16 units: count bytes up to each match, incrementally.
  let unit = begin;
  let byte = w.from + w.scan;
  for (let m = re.exec(s); m && m.index < ownTo; m = re.exec(s)) {
    if (m[0].length === 0) {
      re.lastIndex += 1;
      continue;
    }
    byte += Buffer.byteLength(s.slice(unit, m.index));
    const length = Buffer.byteLength(m[0]);
    // Matches before the block, from its line's start, only placed the chain.
    if (m.index >= ownFrom) out.push(byte, byte + length);
    byte += length;
    unit = m.index + m[0].length;
  }
  return out.result();
}

/** Finds one block's matches in this thread (the tests, and searchAll). */
export function blockFinder(compiled: Compiled & { ok: true }, text: Text, size = BLOCK, window = WINDOW): (b: number) => BlockMatches {
  if (compiled.kind === 'bytes') {
    const finder = new BytesFinder(compiled.needle, compiled.caseless);
    return (b) => finder.find(text, ...blockBounds(text, b, size));
  }
  const re = new RegExp(compiled.source, compiled.flags);
  return (b) => regexFind(re, regexWindow(text, ...blockBounds(text, b, size), window));
}

/** Every match of a query in a text, searched in this thread: [start, end] pairs (for the tests). */
export function searchAll(text: Text, query: Query, size = BLOCK, window = WINDOW): Array<[number, number]> | string {
  const compiled = compile(query);
  if (!compiled.ok) return compiled.error;
  const find = blockFinder(compiled, text, size, window);
  const out: Array<[number, number]> = [];
  for (let b = 0; b * size < text.length; b++) {
    const found = find(b);
    for (let i = 0; i < found.starts.length; i++) out.push([found.starts[i], blockEnd(found, i)]);
  }
  return out;
}
