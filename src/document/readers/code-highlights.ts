// Highlighted code as the screen asks for it: the style spans of the code
// blocks that name a language (fenced Markdown code, HTML <pre> with a
// language class), a StyleSource of the document. Nothing is highlighted when
// a block is read: the spans of a block are found when the screen first
// shows it, a slice of the block at a time (a key waits for a slice or two,
// never for a huge block), and the slices near the screen are kept. The text
// is the document's own, so search, links and copying see the code as it is.
import { LruCache } from '../cache.ts';
import type { CodeRole } from '../styles.ts';
import type { Text } from '../store.ts';
import type { StyleSource } from '../stylespans.ts';
import { lowerBound } from '../sorted.ts';
import { codeTokens, highlightable } from './code-tokens.ts';

/**
 * Code is highlighted in slices of about this many bytes, cut where a line
 * starts: highlight.js takes 5 to 20 ms for one (dense JavaScript, warmed up).
 * A block longer than a slice loses the highlighter's state at a cut (a
 * comment or string that runs across it starts again plain), which the cut at
 * a line's start makes rare.
 */
export const SLICE = 8 * 1024;
/** Slices kept highlighted, the most recently drawn: a few screens' worth. */
const KEPT = 64;

interface Region {
  start: number;
  end: number;
  language: string;
  /** What the reader wrote before each of the block's lines but its first (a list's indent, a quote's bar), not code. */
  prefix: string;
  /** Whether the language is one to highlight: decided when the block is first drawn. */
  known?: boolean;
}

/** A slice's spans: [start, end, style number] in document offsets, three numbers each. */
type SliceSpans = Float64Array;

export class CodeHighlights implements StyleSource {
  private readonly regions: Region[] = [];
  private readonly slices = new LruCache<string, SliceSpans>(KEPT);

  /** `styleOf`: the document's style number of a role, or of plain code (`code`, a language not highlighted). */
  constructor(
    private readonly text: Text,
    private readonly styleOf: (role: CodeRole | 'code') => number,
  ) {}

  /** A code block in `language` over [start, end) of the text; blocks come in order. */
  add(start: number, end: number, language: string, prefix: string): void {
    if (end > start) this.regions.push({ start, end, language, prefix });
  }

  get count(): number {
    return this.regions.length;
  }

  within(start: number, end: number): Array<[number, number, number]> {
    const out: Array<[number, number, number]> = [];
    for (let i = lowerBound(this.regions.length, (k) => this.regions[k].end, start + 1); i < this.regions.length; i++) {
      const region = this.regions[i];
      if (region.start >= end) break;
      region.known ??= highlightable(region.language);
      if (!region.known) {
        out.push([region.start, region.end, this.styleOf('code')]);
        continue;
      }
      const last = this.sliceAt(region, Math.min(end, region.end) - 1);
      for (let k = this.sliceAt(region, Math.max(start, region.start)); k <= last; k++) {
        const spans = this.sliceSpans(i, k);
        for (let s = 0; s < spans.length; s += 3) if (spans[s] < end && spans[s + 1] > start) out.push([spans[s], spans[s + 1], spans[s + 2]]);
      }
    }
    return out;
  }

  /**
   * Where slice k of a region starts: the first line start at or after
   * SLICE * k bytes into it (looked for a slice's length ahead), else there
   * (at a character's start). So slice k starts in [k, k + 1) slices in.
   */
  private sliceStart(region: Region, k: number): number {
    if (k === 0) return region.start;
    const at = region.start + k * SLICE;
    if (at >= region.end) return region.end;
    const newline = this.text.indexOf(0x0a, at - 1, Math.min(region.end, at - 1 + SLICE));
    if (newline >= 0) return Math.min(newline + 1, region.end);
    let cut = at;
    while (cut > region.start && (this.text.byteAt(cut) & 0xc0) === 0x80) cut--;
    return cut;
  }

  /** The slice of a region that holds `offset` (inside it). */
  private sliceAt(region: Region, offset: number): number {
    const k = Math.floor((offset - region.start) / SLICE);
    return this.sliceStart(region, k) <= offset ? k : k - 1;
  }

  private sliceSpans(index: number, k: number): SliceSpans {
    const key = `${index}:${k}`;
    let spans = this.slices.get(key);
    if (!spans) {
      const region = this.regions[index];
      spans = this.highlight(region, this.sliceStart(region, k), this.sliceStart(region, k + 1));
      this.slices.set(key, spans);
    }
    return spans;
  }

  /** Highlights the text [from, to) of a region: its lines without the reader's prefix, the spans mapped back to the text's offsets. */
  private highlight(region: Region, from: number, to: number): SliceSpans {
    const lines = this.text.text(from, to).split('\n');
    const prefix = region.prefix;
    // The first line's prefix, if any, is before the region (or was cut off with the slice before).
    const starts = from > region.start && this.text.byteAt(from - 1) === 0x0a;
    const code: string[] = [];
    /** Each line's start in the code, and the bytes of the text skipped before it (its prefix, the newline before it). */
    const lineAt: number[] = [];
    const skipped: number[] = [];
    let codeLength = 0;
    lines.forEach((line, n) => {
      const hasPrefix = prefix !== '' && (n > 0 || starts) && line.startsWith(prefix);
      lineAt.push(codeLength);
      skipped.push(hasPrefix ? Buffer.byteLength(prefix) : 0);
      const shown = hasPrefix ? line.slice(prefix.length) : line;
      code.push(shown);
      codeLength += shown.length + 1;
    });
    const joined = code.join('\n');
    const tokens = codeTokens(joined, region.language);
    const spans = new Float64Array(tokens.length * 3);
    // One walk along the code: token edges come in order.
    const offsets = new OffsetWalk(joined, lineAt, skipped, from);
    tokens.forEach(([start, end, role], t) => {
      spans[t * 3] = offsets.at(start);
      spans[t * 3 + 1] = offsets.at(end);
      spans[t * 3 + 2] = this.styleOf(role);
    });
    return spans;
  }
}

/** Maps places in code (UTF-16 units, asked in order) to offsets of the text it came from (UTF-8 bytes, with each line's prefix). */
class OffsetWalk {
  private unit = 0;
  private byte: number;
  private line = 0;

  constructor(
    private readonly code: string,
    private readonly lineAt: number[],
    private readonly skipped: number[],
    from: number,
  ) {
    this.byte = from + skipped[0];
  }

  at(unit: number): number {
    while (this.unit < unit) {
      if (this.line + 1 < this.lineAt.length && this.lineAt[this.line + 1] === this.unit) this.byte += this.skipped[++this.line];
      const c = this.code.charCodeAt(this.unit);
      if (c < 0x80) this.byte += 1;
      else if (c < 0x800) this.byte += 2;
      else if (c >= 0xd800 && c < 0xdc00) {
        // A surrogate pair: one character of four bytes.
        this.byte += 4;
        this.unit++;
      } else this.byte += 3;
      this.unit++;
    }
    if (this.line + 1 < this.lineAt.length && this.lineAt[this.line + 1] === this.unit) return this.byte + this.skipped[this.line + 1];
    return this.byte;
  }
}
