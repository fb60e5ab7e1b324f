// The rows of a filtered view (less's &pattern): the wrap's own rows, but only
// those of the lines the filter shows. Offsets stay the document's, so the
// top, marks, links, matches and the selection mean what they mean unfiltered,
// and `&` alone returns to the same line.
import { stepRows, type Row, type Rows } from './rows.ts';

/** The lines a filter shows, as far as they are known: sorted, each [start, end) with its newline. */
export interface ShownLines {
  readonly count: number;
  start(i: number): number;
  end(i: number): number;
  /** The first line shown that ends after `offset` (count if none). */
  lineAtOrAfter(offset: number): number;
}

/** The rows of `rows` (a wrap) on the lines `lines` shows: one view per wrap and filter, made when first asked for. */
export function filteredRows(rows: Rows, lines: ShownLines): Rows {
  const wrap = rows instanceof FilteredRows ? rows.wrap : rows;
  if (rows instanceof FilteredRows && rows.lines === lines) return rows;
  const made = views.get(wrap);
  if (made?.lines === lines) return made;
  const view = new FilteredRows(wrap, lines);
  views.set(wrap, view);
  return view;
}

/** The view last made of each wrap: asking again for the same filter gives the same view. */
const views = new WeakMap<Rows, FilteredRows>();

export class FilteredRows implements Rows {
  constructor(
    /** The rows of every line, as wrapped or chopped. */
    readonly wrap: Rows,
    readonly lines: ShownLines,
  ) {}

  get width(): number {
    return this.wrap.width;
  }

  get chop(): boolean {
    return this.wrap.chop;
  }

  get labels() {
    return this.wrap.labels;
  }

  hangOfRow(row: number): string {
    return this.wrap.hangOfRow(row);
  }

  /** The row holding `offset` if its line is shown; else the first row of the next line shown (or the last row). */
  rowStart(offset: number): number {
    const f = this.lines;
    const i = f.lineAtOrAfter(offset);
    if (i >= f.count) return this.lastRow();
    return f.start(i) <= offset ? this.wrap.rowStart(offset) : f.start(i);
  }

  nextRow(row: number): number | null {
    const f = this.lines;
    const i = f.lineAtOrAfter(row);
    if (i >= f.count) return null;
    if (f.start(i) > row) return f.start(i);
    const next = this.wrap.nextRow(row);
    if (next !== null && next < f.end(i)) return next;
    return i + 1 < f.count ? f.start(i + 1) : null;
  }

  prevRow(row: number): number | null {
    const f = this.lines;
    const i = f.lineAtOrAfter(row);
    if (i < f.count && f.start(i) < row) return this.wrap.prevRow(row);
    // At a line's start (or between lines): the last row of the line shown before.
    if (i === 0) return null;
    return this.wrap.rowStart(f.end(i - 1) - 1);
  }

  down(row: number, n: number): number {
    return stepRows(this.rowStart(row), n, (r) => this.nextRow(r));
  }

  up(row: number, n: number): number {
    return stepRows(this.rowStart(row), n, (r) => this.prevRow(r));
  }

  lastRow(): number {
    const f = this.lines;
    return f.count === 0 ? 0 : this.wrap.rowStart(f.end(f.count - 1) - 1);
  }

  bottomTop(height: number): number {
    return this.up(this.lastRow(), height - 1);
  }

  /** Up to `n` rows from the one `top` is on (or the next shown), each with its end (within its line). */
  visibleRows(top: number, n: number): Row[] {
    const f = this.lines;
    const rows: Row[] = [];
    let i = f.lineAtOrAfter(top);
    if (i >= f.count) return rows;
    let row: number | null = f.start(i) <= top ? this.wrap.rowStart(top) : f.start(i);
    while (row !== null && rows.length < n) {
      while (i < f.count && f.end(i) <= row) i++;
      if (i >= f.count) break;
      const next = this.wrap.nextRow(row);
      const end = next !== null && next < f.end(i) ? next : f.end(i);
      rows.push({ start: row, end });
      row = end < f.end(i) ? end : i + 1 < f.count ? f.start(i + 1) : null;
    }
    return rows;
  }
}
