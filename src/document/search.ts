// Searching the display text. Literal by default and case-insensitive when the
// query has no capital letter (smartcase); a regular expression on request.
// Matches are spans in typed arrays, found a slice at a time so that a search
// of a huge file can show its progress and be interrupted.
//
// An ASCII or case-sensitive query is searched for as bytes, chunk by chunk of
// the store, with no copy of the text: Buffer.indexOf when case matters, else
// the SIMD scanner finds the query's rarest letter in either case and the rest
// is compared around it. Other queries (regular expressions, caseless
// non-ASCII) run as JavaScript regular expressions over decoded slices.
import type { Document } from './document.ts';
import { FixedSpans, SpanList, type Spans } from './spans.ts';
import { getScanner, searchClass, type ByteClass, type Scanner } from './scan.ts';

export interface Query {
  text: string;
  regex: boolean;
  backward: boolean;
}

export interface Matches {
  query: Query;
  spans: Spans;
}

/** Bytes searched per slice of a search job. */
const SLICE = 32 * 1024 * 1024;

/** Whether a literal query ignores case: it has no capital letter. */
export const ignoresCase = (text: string) => text === text.toLowerCase();

/** The forms of a character that smartcase accepts: itself, upper and lower case. */
function caseForms(ch: string): string[] {
  const forms = new Set([ch, ch.toLowerCase(), ch.toUpperCase()]);
  return [...forms].filter((f) => [...f].length === 1);
}

export interface SearchJob {
  readonly spans: Spans;
  readonly done: boolean;
  /** Fraction of the text searched so far. */
  readonly progress: number;
  /** Searches the next slice. */
  step(): void;
}

/** Compiles a query; an invalid regular expression is reported as a sentence. */
export function compile(query: Query): { ok: true; match: (doc: Document) => SearchJob } | { ok: false; error: string } {
  if (!query.regex) {
    const caseless = ignoresCase(query.text);
    if (/^[\x00-\x7f]*$/.test(query.text) || !caseless) {
      return { ok: true, match: (doc) => new BytesSearch(doc, Buffer.from(query.text), caseless) };
    }
    // Caseless non-ASCII: each character in any of its case forms.
    const pattern = [...query.text].map((ch) => `(?:${caseForms(ch).map(escapeRegex).join('|')})`).join('');
    return { ok: true, match: (doc) => new RegexSearch(doc, new RegExp(pattern, 'gu')) };
  }
  try {
    const re = new RegExp(query.text, ignoresCase(query.text) ? 'giu' : 'gu');
    return { ok: true, match: (doc) => new RegexSearch(doc, re) };
  } catch (err) {
    return { ok: false, error: `Bad pattern: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}` };
  }
}

/** Starts searching `doc` for a query that compiled. */
export function startSearch(doc: Document, query: Query): SearchJob {
  const compiled = compile(query);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.match(doc);
}

const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** How common a byte is in text, roughly: the anchor of a caseless search is its rarest byte. */
function commonness(b: number): number {
  const lower = b | 0x20;
  if (lower >= 0x61 && lower <= 0x7a) return 'zqxjkvbpygfwmucldrhsnioate'.indexOf(String.fromCharCode(lower)) + 10;
  if (b === 0x20) return 40;
  return 0;
}

/** A search that goes through the text from its start, a slice a step. */
abstract class Progressing {
  /** Where the next step starts. */
  protected at = 0;
  constructor(protected readonly doc: Document) {}

  get done(): boolean {
    return this.doc.complete && this.at >= this.doc.text.length;
  }

  get progress(): number {
    return this.doc.text.length === 0 ? 1 : this.at / this.doc.text.length;
  }
}

/** A literal search over bytes. Matches do not overlap and all have the query's length. */
class BytesSearch extends Progressing implements SearchJob {
  readonly spans: FixedSpans;
  /** Where the last match ended: the next may not start before. */
  private free = 0;
  /** For a caseless search: the bytes each position accepts, and the anchor's position and class. */
  private readonly lower: Uint8Array;
  private readonly upper: Uint8Array;
  private readonly anchor: number;
  private readonly anchorClass: ByteClass | null;
  private readonly scanner: Scanner;

  constructor(
    doc: Document,
    private readonly needle: Buffer,
    private readonly caseless: boolean,
  ) {
    super(doc);
    this.spans = new FixedSpans(needle.length, doc.text.length);
    const fold = (b: number, to: 'lower' | 'upper') =>
      caseless && ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a) ? (to === 'lower' ? b | 0x20 : b & ~0x20) : b;
    this.lower = needle.map((b) => fold(b, 'lower'));
    this.upper = needle.map((b) => fold(b, 'upper'));
    let anchor = 0;
    for (let i = 1; i < needle.length; i++) if (commonness(needle[i]) < commonness(needle[anchor])) anchor = i;
    this.anchor = anchor;
    this.anchorClass = caseless && needle.length > 0 ? searchClass([this.lower[anchor], this.upper[anchor]]) : null;
    this.scanner = getScanner()!;
  }

  step(): void {
    const text = this.doc.text;
    const end = Math.min(text.length, this.at + SLICE);
    const n = this.needle.length;
    if (n === 0) {
      this.at = text.length;
      return;
    }
    text.forEachPiece(this.at, end, (piece, offset) => {
      // A match may run from the pieces before into this one: look at the seam.
      if (offset > this.at && n > 1) {
        const from = Math.max(this.at, offset - (n - 1));
        this.searchPiece(text.bytes(from, offset + n - 1), from, from, offset);
      }
      this.searchPiece(piece, offset, offset, offset + piece.length);
    });
    // The seam after this slice is searched with the next one: start it n - 1 bytes early.
    this.at = end >= text.length ? end : Math.max(this.at + 1, end - (n - 1));
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
    this.spans.push(start);
    this.free = start + this.needle.length;
  }
}

/**
 * A regular-expression search, over slices that end at line ends, decoded as
 * UTF-8. A match never spans two slices unless it spans lines (a regex may;
 * it is then not found, a limit of searching by pieces).
 */
class RegexSearch extends Progressing implements SearchJob {
  readonly spans = new SpanList(1024);

  constructor(
    doc: Document,
    private readonly re: RegExp,
  ) {
    super(doc);
  }

  step(): void {
    const text = this.doc.text;
    const start = this.at;
    let end = Math.min(text.length, start + SLICE);
    if (end < text.length) {
      const nl = text.lastIndexOf(0x0a, end, start);
      end = nl >= 0 ? nl + 1 : text.lineEnd(end); // one very long line: take it whole
    }
    if (end <= start) return;
    const s = text.text(start, end);
    const re = this.re;
    re.lastIndex = 0;
    // Offsets in the string are UTF-16 units: count bytes up to each match, incrementally.
    let unit = 0;
    let byte = start;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      if (m[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      byte += Buffer.byteLength(s.slice(unit, m.index));
      const length = Buffer.byteLength(m[0]);
      this.spans.push(byte, byte + length);
      byte += length;
      unit = m.index + m[0].length;
    }
    this.at = end;
  }
}

/** Searches the whole (loaded) text at once. */
export function searchAll(doc: Document, query: Query): Matches | string {
  const compiled = compile(query);
  if (!compiled.ok) return compiled.error;
  const job = compiled.match(doc);
  while (!job.done) job.step();
  return { query, spans: job.spans };
}
