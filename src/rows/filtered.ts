// The rows of a filtered view (less's &pattern): the wrap's own rows, but only
// those of the lines the filter shows. Offsets stay the document's, so the
// top, marks, links, matches and the selection mean what they mean unfiltered,
// and `&` alone returns to the same line.
import type { LineFilter } from '../document/linefilter.ts';
import { formatCount } from '../text/count.ts';
import { stepRows, type Wrap } from './wrap.ts';

/** The rows of `wrap` on the lines `filter` shows, as a Wrap (the wrap's other workings unchanged). */
export function filteredRows(wrap: Wrap, filter: LineFilter): Wrap {
  if (filtered.get(wrap) === filter) return wrap;
  const rows = new FilteredRows(wrap, filter);
  // Anything else the view asks of the wrap is the wrap's own.
  const view = Object.assign(Object.create(wrap) as Wrap, {
    rowStart: (offset: number) => rows.rowStart(offset),
    nextRow: (row: number) => rows.nextRow(row),
    prevRow: (row: number) => rows.prevRow(row),
    down: (row: number, n: number) => rows.down(row, n),
    up: (row: number, n: number) => rows.up(row, n),
    lastRow: () => rows.lastRow(),
    bottomTop: (height: number) => rows.up(rows.lastRow(), height - 1),
    visibleRows: (top: number, n: number) => rows.visibleRows(top, n),
  });
  filtered.set(view, filter);
  return view;
}

/** The filter each filtered view shows: asking again for the same filter gives the same view. */
const filtered = new WeakMap<Wrap, LineFilter>();

class FilteredRows {
  constructor(
    private readonly wrap: Wrap,
    private readonly filter: LineFilter,
  ) {}

  /** The row holding `offset` if its line is shown; else the first row of the next line shown (or the last row). */
  rowStart(offset: number): number {
    const f = this.filter;
    const i = f.lineAtOrAfter(offset);
    if (i >= f.count) return this.lastRow();
    return f.start(i) <= offset ? this.wrap.rowStart(offset) : f.start(i);
  }

  nextRow(row: number): number | null {
    const f = this.filter;
    const i = f.lineAtOrAfter(row);
    if (i >= f.count) return null;
    if (f.start(i) > row) return f.start(i);
    const next = this.wrap.nextRow(row);
    if (next !== null && next < f.end(i)) return next;
    return i + 1 < f.count ? f.start(i + 1) : null;
  }

  prevRow(row: number): number | null {
    const f = this.filter;
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
    const f = this.filter;
    return f.count === 0 ? 0 : this.wrap.rowStart(f.end(f.count - 1) - 1);
  }

  /** Up to `n` rows from the one `top` is on (or the next shown), each with its end (within its line). */
  visibleRows(top: number, n: number): Array<{ start: number; end: number }> {
    const f = this.filter;
    const rows: Array<{ start: number; end: number }> = [];
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

/** The filter on the status line: `&pattern: 1,204 lines`, `+` and `…` while it is still looking. */
export function filterStatus(filter: LineFilter): string {
  const lines = `${formatCount(filter.count)}${filter.complete ? '' : '+'} ${filter.count === 1 && filter.complete ? 'line' : 'lines'}`;
  return `&${filter.query.regex ? 're:' : ''}${filter.query.text}: ${lines}${filter.complete ? '' : '…'}`;
}
