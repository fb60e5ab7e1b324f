// Wrapping the display text into screen rows, near the viewport only.
//
// The text is cut into segments, each wrapped on its own: a segment is a line
// (up to and with its newline), except that a line longer than BLOCK is also
// cut at every BLOCK boundary after its first BLOCK, so that finding the rows
// around any offset never needs more than a few blocks of text. Rows are
// derived from offsets on demand and cached per segment; nothing stores a row
// number, so a resize only needs a new Wrap.
import type { Document } from '../document/document.ts';
import { forEachCluster } from '../text/width.ts';
import { LruCache } from '../document/cache.ts';
import { stepRows, type Row, type Rows } from './rows.ts';
import { LabelCursor, type Label, type LinkLabels } from './link-labels.ts';

const LF = 0x0a;
/** A block quote's bar (the readers' QUOTE_BAR, less its space): drawn again in front of a quote's wrapped rows. */
const QUOTE_BAR = '│';
export const BLOCK = 32 * 1024;
const CACHE_SEGMENTS = 512;

export const TAB_STOP = 8;

/** Wide closing punctuation and small kana: a row does not start with them (kinsoku). */
const NO_BREAK_BEFORE = new Set([...'、。，．・：；？！ー）」』】〕〉》〙〗｝］～ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ']);
/** Wide opening brackets: a row does not end with them. */
const NO_BREAK_AFTER = new Set([...'（「『【〔〈《〘〖｛［']);

const isWordChar = (shown: string) => /^[\p{L}\p{N}]/u.test(shown);
/** Korean is written with spaces between words: its syllables break at them, as Latin letters do (CSS's keep-all). */
const isHangul = (shown: string) => /^[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/.test(shown);

/**
 * Row starts (offsets relative to the segment) of a segment's text wrapped to
 * `width` cells, at word boundaries: after spaces, around wide (CJK)
 * characters but Hangul, after a hyphen inside a word. A word longer than the row
 * breaks by cells. Spaces where a row breaks stay at its end, past the edge
 * if need be, and are not drawn there: no character moves to another row's
 * start or is lost. Chopped (`chop`), a segment is one row. `labels` (link
 * numbers, offsets relative to the segment): cells glued to the character
 * they stand before.
 */
export function wrapSegment(bytes: Buffer, width: number, chop = false, hang = 0, labels: readonly Label[] = []): number[] {
  if (chop) return [0];
  return isPlainAscii(bytes) ? wrapAscii(bytes, width, hang, labels) : wrapClusters(bytes, width, hang, labels);
}

/**
 * The rows of a segment as its characters are placed, left to right: the
 * rule both walks below share. A row full before the next character breaks
 * at the last place it may (the start of the word that moves down), else there.
 * A break after a hyphen is the last resort: a word such as "node-addon-api"
 * moves down whole when the row holds a space to break at, and is cut after
 * a hyphen only when the row has no other place (the word is wider than it).
 */
class RowBreaks {
  readonly starts = [0];
  /** The column the next character goes to. */
  col = 0;
  /** The row holds something besides spaces: spaces after it may hang past the edge. */
  rowHasWord = false;
  /** Where the row may break (after a space, around a wide character), and its column, or -1. */
  private breakAt = -1;
  private breakCol = 0;
  /** Where the row may break after a hyphen in a word, and its column, or -1. */
  private hyphenAt = -1;
  private hyphenCol = 0;

  constructor(
    private readonly first: number,
    /** Rows after the first leave cells for the hanging indent drawn in front of them (see hangAt). */
    private readonly rest = first,
  ) {}

  /** The width of the row being made. */
  get width(): number {
    return this.starts.length > 1 ? this.rest : this.first;
  }

  /** The row may break before `at`: after a space or around a wide character, or (`hyphen`) after a hyphen in a word. */
  mayBreakBefore(at: number, hyphen = false): void {
    if (at <= this.starts[this.starts.length - 1]) return;
    if (hyphen) {
      this.hyphenAt = at;
      this.hyphenCol = this.col;
    } else {
      this.breakAt = at;
      this.breakCol = this.col;
    }
  }

  /** Places a character of `cells` cells at `at` (a space after a word is not placed: it hangs). */
  place(at: number, cells: number, space: boolean): void {
    if (this.col + cells > this.width && this.col > 0) {
      const rowStart = this.starts[this.starts.length - 1];
      const atSpace = this.breakAt > rowStart;
      if (atSpace || this.hyphenAt > rowStart) {
        const breakAt = atSpace ? this.breakAt : this.hyphenAt;
        const breakCol = atSpace ? this.breakCol : this.hyphenCol;
        this.starts.push(breakAt);
        this.col -= breakCol;
        // A hyphen after the break is still a place the new row may break.
        if (this.hyphenAt > breakAt) this.hyphenCol -= breakCol;
        else this.hyphenAt = -1;
      } else {
        this.starts.push(at);
        this.col = 0;
        this.rowHasWord = false;
        this.hyphenAt = -1;
      }
      this.breakAt = -1;
    }
    this.col += cells;
    this.rowHasWord ||= !space;
  }
}

/** wrapSegment's rows for any text, cluster by cluster; rows after the first are `hang` cells narrower. */
export function wrapClusters(bytes: Uint8Array, width: number, hang = 0, labels: readonly Label[] = []): number[] {
  const rows = new RowBreaks(width, Math.max(1, width - hang));
  const labelAt = new LabelCursor(labels);
  let at = 0;
  let prev = '';
  let prevWide = false;
  let hyphenInWord = false;
  // The same walk as drawRow's, so a token takes the cells here that it takes there.
  forEachCluster(bytes, (shown, byteLength, clusterCells, token) => {
    const label = labelAt.at(at)?.text.length ?? 0;
    if (shown === '\n') {
      if (label > 0) rows.place(at, label, false);
      return false;
    }
    const space = !token && label === 0 && (shown === ' ' || shown === '\t');
    const own = shown === '\t' ? tabCells(rows.col + label, rows.width) : clusterCells;
    const cells = label + own;
    if (space && rows.rowHasWord) {
      // Hangs: it never pushes a row down.
      rows.col += cells;
      at += byteLength;
      prev = shown;
      prevWide = false;
      return true;
    }
    const wide = own === 2 && !isHangul(shown);
    const afterSpace = prev === ' ' || prev === '\t';
    const aroundWide = (wide || prevWide) && !NO_BREAK_BEFORE.has(shown) && !NO_BREAK_AFTER.has(prev);
    if (afterSpace || aroundWide) rows.mayBreakBefore(at);
    else if (hyphenInWord && prev === '-' && isWordChar(shown)) rows.mayBreakBefore(at, true);
    rows.place(at, cells, space);
    hyphenInWord = shown === '-' ? !token && isWordChar(prev) : false;
    at += byteLength;
    prev = token ? '' : shown;
    prevWide = wide;
    return true;
  });
  return rows.starts;
}

/** Printable ASCII up to the line's end (no tab, no control): one byte a cell, as wrapAscii takes it. */
export function isPlainAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === LF) return true;
    if (b < 0x20 || b > 0x7e) return false;
  }
  return true;
}

const isAsciiWordByte = (b: number) => (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a);
const SPACE = 0x20;
const HYPHEN = 0x2d;

/**
 * wrapSegment's rows for printable ASCII, byte by byte: the same rules (break
 * after a space, or after a hyphen inside a word; spaces hang), without a walk
 * of clusters, which the first screen would run before its code is compiled.
 */
export function wrapAscii(bytes: Uint8Array, width: number, hang = 0, labels: readonly Label[] = []): number[] {
  const rows = new RowBreaks(width, Math.max(1, width - hang));
  const labelAt = labels.length > 0 ? new LabelCursor(labels) : null;
  let prev = -1;
  let hyphenInWord = false;
  for (let at = 0; at < bytes.length; at++) {
    const b = bytes[at];
    const label = labelAt?.at(at)?.text.length ?? 0;
    if (b === LF) {
      if (label > 0) rows.place(at, label, false);
      break;
    }
    const space = b === SPACE && label === 0;
    if (space && rows.rowHasWord) {
      rows.col++;
      prev = b;
      continue;
    }
    if (prev === SPACE) rows.mayBreakBefore(at);
    else if (hyphenInWord && prev === HYPHEN && isAsciiWordByte(b)) rows.mayBreakBefore(at, true);
    rows.place(at, 1 + label, space);
    hyphenInWord = b === HYPHEN && isAsciiWordByte(prev);
    prev = b;
  }
  return rows.starts;
}

/** Cells a tab takes at column `col`: to the next stop, within the row. */
export function tabCells(col: number, width: number): number {
  if (col >= width) return TAB_STOP;
  return Math.min(TAB_STOP - (col % TAB_STOP), width - col);
}

interface Cached {
  rows: number[];
  /** The text's length when the rows were made, if the segment ran to its end (it may grow). */
  atLength: number | null;
  /** With link numbers: how many links there were (more may move the numbers, and their widths). */
  links: number;
}

/** The rows of the whole text: each line wrapped to the width (or chopped). */
export class Wrap implements Rows {
  private readonly cache = new LruCache<number, Cached>(CACHE_SEGMENTS);
  /** bottomTop's last answer, for the height and the text's length it was for. */
  private bottom: { height: number; length: number; top: number } | null = null;

  constructor(
    private readonly doc: Document,
    readonly width: number,
    /** Long lines are chopped, not wrapped: each line one row (a line longer than BLOCK, one row per BLOCK). */
    readonly chop = false,
    /** Link numbers (#): drawn before each link, and given their cells here. */
    readonly labels: LinkLabels | null = null,
  ) {}

  private get text() {
    return this.doc.text;
  }

  /** The first character boundary at or after a multiple of BLOCK at or after `offset`. */
  private boundaryFrom(offset: number): number {
    let b = Math.ceil(offset / BLOCK) * BLOCK;
    // Step past UTF-8 continuation bytes so a row never starts inside a character.
    for (let k = 0; k < 3 && (this.text.byteAt(b) & 0xc0) === 0x80; k++) b++;
    return b;
  }

  /** Start of the segment holding `offset`. */
  segmentStart(offset: number): number {
    const floor = Math.max(0, offset - 2 * BLOCK);
    const nl = this.text.lastIndexOf(LF, offset, floor);
    const lineStart = nl >= 0 ? nl + 1 : floor === 0 ? 0 : -Infinity;
    let boundary = this.boundaryFrom(Math.floor(offset / BLOCK) * BLOCK);
    if (boundary > offset) boundary = this.boundaryFrom(Math.floor(offset / BLOCK) * BLOCK - BLOCK);
    return boundary - lineStart >= BLOCK && boundary > lineStart ? boundary : lineStart;
  }

  /** End (exclusive) of the segment starting at `start`. */
  segmentEnd(start: number): number {
    const isLineStart = start === 0 || this.text.byteAt(start - 1) === LF;
    const cut = this.boundaryFrom(isLineStart ? start + BLOCK : start + 1);
    const nl = this.text.indexOf(LF, start, cut);
    return nl >= 0 ? nl + 1 : Math.min(cut, this.text.length);
  }

  /** Absolute row starts of the segment starting at `start`. */
  rows(start: number): number[] {
    const cached = this.cache.get(start);
    const links = this.labels?.count ?? 0;
    if (cached && (cached.atLength === null || cached.atLength === this.text.length) && cached.links === links) return cached.rows;
    const end = this.segmentEnd(start);
    const chopped = this.chop;
    const hang = chopped ? '' : this.hangAt(start);
    const labels = chopped || !this.labels ? [] : this.labels.within(start, end).map(({ offset, text }) => ({ offset: offset - start, text }));
    const rows = wrapSegment(chopped ? Buffer.alloc(0) : this.text.bytes(start, end), this.width, this.chop, hang.length, labels).map((r) => start + r);
    // The segment at the end of the text grows with it, while the input is read or followed.
    this.cache.set(start, { rows, atLength: end < this.text.length ? null : this.text.length, links });
    return rows;
  }

  /**
   * The hanging indent a line starting at `start` begins with (its quote bars,
   * list markers and indents, as the reader recorded them:
   * Document.hangingIndents), or '': the rows the line wraps to start at the
   * block's text, as w3m lays out a list item or a definition, behind the
   * quote's bars, as a rendered README's bar runs down the whole quote. A
   * marker (a bullet, a number, a footnote's label) is blank there; the hang
   * is as wide as the reader said, which a task item's box may exceed. None
   * where it would take more than half the row.
   */
  hangAt(start: number): string {
    const hangs = this.doc.hangingIndents;
    const i = hangs.firstStartingAt(start);
    const cells = i < hangs.count && hangs.start(i) === start ? hangs.tag(i) : 0;
    if (cells === 0 || cells > this.width / 2) return '';
    let hang = '';
    for (const ch of Buffer.from(this.text.bytes(start, hangs.end(i))).toString('utf8')) {
      if (hang.length === cells) break;
      hang += ch === QUOTE_BAR ? ch : ' ';
    }
    return hang.padEnd(cells);
  }

  /** The hanging indent drawn in front of the row starting at `row`: its line's, when the row is not the line's first. */
  hangOfRow(row: number): string {
    if (this.chop || row === 0 || this.text.byteAt(row - 1) === LF) return '';
    const start = this.segmentStart(row);
    return start < row ? this.hangAt(start) : '';
  }

  /** Start of the row holding `offset`. */
  rowStart(offset: number): number {
    if (offset >= this.text.length) offset = this.text.length - 1;
    if (offset <= 0) return 0;
    const rows = this.rows(this.segmentStart(offset));
    let i = rows.length - 1;
    while (i > 0 && rows[i] > offset) i--;
    return rows[i];
  }

  /** Start of the row after the one starting at `row`, or null at the end of the text. */
  nextRow(row: number): number | null {
    const start = this.segmentStart(row);
    const rows = this.rows(start);
    const i = rows.indexOf(row);
    if (i >= 0 && i + 1 < rows.length) return rows[i + 1];
    const end = this.segmentEnd(start);
    return end < this.text.length ? end : null;
  }

  /** Start of the row before the one starting at `row`, or null at the top. */
  prevRow(row: number): number | null {
    if (row <= 0) return null;
    const rows = this.rows(this.segmentStart(row));
    const i = rows.indexOf(row);
    if (i > 0) return rows[i - 1];
    const before = this.rows(this.segmentStart(row - 1));
    return before[before.length - 1];
  }

  /** The row `n` rows below `row` (or the last one). */
  down(row: number, n: number): number {
    return stepRows(row, n, (r) => this.nextRow(r));
  }

  /** The row `n` rows above `row` (or the first one). */
  up(row: number, n: number): number {
    return stepRows(row, n, (r) => this.prevRow(r));
  }

  /** Start of the last row of the text. */
  lastRow(): number {
    return this.text.length === 0 ? 0 : this.rowStart(this.text.length - 1);
  }

  /** The top row that shows the end of the text on the last of `height` rows. */
  bottomTop(height: number): number {
    // Asked on every scroll (how far down it may go): worked out again only when the text or the height changed.
    const known = this.bottom;
    if (known !== null && known.height === height && known.length === this.text.length) return known.top;
    const top = this.up(this.lastRow(), height - 1);
    this.bottom = { height, length: this.text.length, top };
    return top;
  }

  /** Up to `n` row starts from `row` down, each with its end. */
  visibleRows(top: number, n: number): Row[] {
    const rows: Row[] = [];
    let row: number | null = top;
    while (row !== null && rows.length < n && row < this.text.length) {
      const next = this.nextRow(row);
      rows.push({ start: row, end: next ?? this.text.length });
      row = next;
    }
    return rows;
  }
}
