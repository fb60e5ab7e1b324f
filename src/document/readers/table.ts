// Tables for both readers: cells laid out first (each in a RenderCollector),
// then written row by row in aligned columns, bars between them, a rule under
// the header; cells wrapped at spaces when the table is wider than `maxWidth`.
import { stringWidth } from '../../text/width.ts';
import type { RenderCollector } from './render-target.ts';
import type { BlockWriter } from './layout.ts';

export type Align = 'left' | 'right' | 'center' | null;

export interface TableInput {
  rows: RenderCollector[][];
  /** Per column; missing means left. */
  aligns: Align[];
  /** How many of the first rows are the header (a rule follows them). */
  headerRows: number;
  /** Bars between the columns and a rule under the header; false: a layout table, columns apart by spaces only. */
  rules?: boolean;
}

const BAR = ' │ ';
/** Between a layout table's columns: as wide as BAR, so the widths work out the same. */
const GAP = '   ';
const MIN_COLUMN = 6;

/** A cell's text cut into lines of at most `width` columns: [start, end) offsets into the cell's text. */
export function wrapCell(text: string, width: number): [number, number][] {
  const lines: [number, number][] = [];
  let from = 0;
  for (const hard of text.split('\n')) {
    const hardEnd = from + hard.length;
    let start = from;
    while (stringWidth(text.slice(start, hardEnd)) > width) {
      // The last space that keeps the line within width, else a cut inside the word.
      let cut = -1;
      let w = 0;
      let i = start;
      for (; i < hardEnd; ) {
        const cp = text.codePointAt(i)!;
        const len = cp > 0xffff ? 2 : 1;
        const cw = stringWidth(text.slice(i, i + len));
        if (w + cw > width) break;
        if (text[i] === ' ') cut = i;
        w += cw;
        i += len;
      }
      if (cut > start) {
        lines.push([start, cut]);
        start = cut + 1;
      } else {
        lines.push([start, Math.max(i, start + 1)]);
        start = Math.max(i, start + 1);
      }
    }
    lines.push([start, hardEnd]);
    from = hardEnd + 1;
  }
  return lines;
}

/**
 * Column widths that fit `maxWidth` (with the bars) when they can: the widest
 * columns give way first, one column at a time, down to MIN_COLUMN. Worked out
 * as a level that every wider column is cut to (found by halving), so that a
 * table of a thousand wide columns costs no more than a narrow one.
 */
export function columnWidths(natural: number[], maxWidth: number): number[] {
  const budget = maxWidth - BAR.length * Math.max(0, natural.length - 1);
  const cut = (level: number) => natural.reduce((sum, n) => sum + Math.min(n, level), 0);
  const widest = Math.max(0, ...natural);
  if (cut(widest) <= budget) return [...natural];
  // The highest level at which the columns fit, if there is one at or above MIN_COLUMN.
  let low = MIN_COLUMN;
  let high = widest;
  if (cut(low) > budget) return natural.map((n) => Math.min(n, MIN_COLUMN));
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (cut(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  // At `low` they fit, at one more they did not: of the columns cut, the last ones keep the one more while there is room (the first gave way first).
  let spare = budget - cut(low);
  const widths = natural.map((n) => Math.min(n, low));
  for (let c = natural.length - 1; c >= 0 && spare > 0; c--) {
    if (natural[c] > low) {
      widths[c]++;
      spare--;
    }
  }
  return widths;
}

export function writeTable(w: BlockWriter, table: TableInput, maxWidth: number): void {
  const columns = Math.max(0, ...table.rows.map((r) => r.length));
  if (columns === 0) return;
  const texts = table.rows.map((r) => r.map((c) => c.textContent.replace(/\n+$/, '')));
  const natural = new Array<number>(columns).fill(1);
  for (const row of texts) {
    row.forEach((t, c) => {
      for (const line of t.split('\n')) natural[c] = Math.max(natural[c], stringWidth(line));
    });
  }
  const widths = columnWidths(natural, maxWidth);
  w.block();
  table.rows.forEach((row, r) => {
    const wrapped = Array.from({ length: columns }, (_, c) => (c < row.length ? wrapCell(texts[r][c], widths[c]) : []));
    const height = Math.max(1, ...wrapped.map((l) => l.length));
    for (let line = 0; line < height; line++) {
      if (r > 0 || line > 0) w.lineBreak();
      for (let c = 0; c < columns; c++) {
        if (c > 0 && table.rules === false) w.write(GAP);
        else if (c > 0) styled(w, BAR);
        const segment = wrapped[c][line];
        let used = 0;
        let start = 0;
        let end = 0;
        if (segment) {
          [start, end] = segment;
          used = stringWidth(texts[r][c].slice(start, end));
        }
        const room = widths[c] - used;
        const align = table.aligns[c] ?? 'left';
        const before = align === 'right' ? room : align === 'center' ? room >> 1 : 0;
        const after = c === columns - 1 && align !== 'center' && align !== 'right' ? 0 : room - before;
        if (before > 0) w.write(' '.repeat(before));
        if (end > start) row[c].replay(w, start, end);
        if (after > 0 && c < columns - 1) w.write(' '.repeat(after));
      }
    }
    if (r === table.headerRows - 1 && table.rules !== false) {
      w.lineBreak();
      styled(w, widths.map((n) => '─'.repeat(n)).join('─┼─'));
    }
  });
  w.block();
}

function styled(w: BlockWriter, s: string): void {
  w.openStyle('tableRule');
  w.write(s);
  w.closeStyle();
}
