// Searching the display text. Literal by default and case-insensitive when the
// query has no capital letter (smartcase); a regular expression on request.
// Matches are spans in typed arrays, found chunk by chunk so that a search of
// a huge file can be shown progressing and be interrupted.
import type { Document } from './document/document.ts';
import { SpanList } from './document/spans.ts';

export interface Query {
  text: string;
  regex: boolean;
  backward: boolean;
}

export interface Matches {
  query: Query;
  spans: SpanList;
}

/** Bytes searched per slice of a search job. */
const SLICE = 32 * 1024 * 1024;

const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** A pattern over bytes as Latin-1 text: each character stands for one byte. */
function bytePattern(bytes: Buffer): string {
  return escapeRegex(bytes.toString('latin1')).replace(/[\x80-\xff]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);
}

function classByte(b: number): string {
  return `\\x${b.toString(16).padStart(2, '0')}`;
}

/** The forms of a character that smartcase accepts: itself, upper and lower case. */
function caseForms(ch: string): string[] {
  const forms = new Set([ch, ch.toLowerCase(), ch.toUpperCase()]);
  return [...forms].filter((f) => [...f].length === 1);
}

/**
 * Compiles a literal query to a regex over Latin-1-decoded bytes: matching
 * bytes directly gives byte offsets with no conversion, and a case-insensitive
 * query becomes alternatives of each character's UTF-8 forms.
 */
export function literalMatcher(text: string): RegExp {
  const caseless = text === text.toLowerCase();
  let pattern = '';
  for (const ch of text) {
    const forms = (caseless ? caseForms(ch) : [ch]).map((f) => Buffer.from(f));
    if (forms.length === 1) pattern += bytePattern(forms[0]);
    else if (forms.every((f) => f.length === 1)) pattern += `[${forms.map((f) => classByte(f[0])).join('')}]`;
    else pattern += `(?:${forms.map(bytePattern).join('|')})`;
  }
  return new RegExp(pattern, 'g');
}

/** Compiles a query; an invalid regular expression is reported as a sentence. */
export function compile(query: Query): { ok: true; match: (doc: Document) => SearchJob } | { ok: false; error: string } {
  if (!query.regex) {
    const re = literalMatcher(query.text);
    return { ok: true, match: (doc) => new SearchJob(doc, query, re, false) };
  }
  try {
    const flags = query.text === query.text.toLowerCase() ? 'giu' : 'gu';
    const re = new RegExp(query.text, flags);
    return { ok: true, match: (doc) => new SearchJob(doc, query, re, true) };
  } catch (err) {
    return { ok: false, error: `Bad pattern: ${(err as Error).message.replace(/^Invalid regular expression: /, '')}` };
  }
}

/**
 * A search over the whole text, run in slices. Slices end at line ends, so a
 * match never spans two slices unless it spans lines (a regex may; it is then
 * not found, a limit of searching by pieces).
 */
export class SearchJob {
  readonly spans = new SpanList(1024);
  private at = 0;

  constructor(
    private readonly doc: Document,
    readonly query: Query,
    private readonly re: RegExp,
    private readonly unicode: boolean,
  ) {}

  get done(): boolean {
    return this.doc.complete && this.at >= this.doc.text.length;
  }

  /** Fraction of the text searched so far. */
  get progress(): number {
    return this.doc.text.length === 0 ? 1 : this.at / this.doc.text.length;
  }

  /** Searches the next slice of what is loaded. */
  step(): void {
    const text = this.doc.text;
    const start = this.at;
    let end = Math.min(text.length, start + SLICE);
    if (end < text.length || !this.doc.complete) {
      const nl = text.lastIndexOf(0x0a, end, start);
      if (nl < 0 && end < text.length) end = text.lineEnd(end); // one very long line: take it whole
      else if (nl >= 0) end = nl + 1;
      else return; // the last line is still arriving
    }
    if (end <= start) return;
    const bytes = text.bytes(start, end);
    if (this.unicode) this.matchUnicode(bytes, start);
    else this.matchBytes(bytes, start);
    this.at = end;
  }

  /** Runs to the end (for tests and small documents). */
  run(): Matches {
    while (!this.done) this.step();
    return { query: this.query, spans: this.spans };
  }

  private matchBytes(bytes: Buffer, base: number): void {
    const s = bytes.toString('latin1');
    const re = this.re;
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      this.spans.add(base + m.index, base + m.index + m[0].length);
    }
  }

  private matchUnicode(bytes: Buffer, base: number): void {
    const s = bytes.toString('utf8');
    const re = this.re;
    re.lastIndex = 0;
    // Offsets in the string are UTF-16 units: count bytes up to each match, incrementally.
    let unit = 0;
    let byte = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      if (m[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      byte += Buffer.byteLength(s.slice(unit, m.index));
      const length = Buffer.byteLength(m[0]);
      this.spans.add(base + byte, base + byte + length);
      byte += length;
      unit = m.index + m[0].length;
    }
  }
}

/** Searches the whole (loaded) text at once. */
export function searchAll(doc: Document, query: Query): Matches | string {
  const compiled = compile(query);
  if (!compiled.ok) return compiled.error;
  return compiled.match(doc).run();
}
