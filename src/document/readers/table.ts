// Tables for both readers: cells laid out first (each in a RenderCollector),
// placed in a grid (a cell spans columns and rows, as HTML's colspan and
// rowspan say), then written row by row in aligned columns, bars between them,
// a rule under the header; cells wrapped at spaces when the table is wider
// than `maxWidth`.
import { stringWidth } from '../../text/width.ts';
import type { RenderCollector } from './render-target.ts';
import type { BlockWriter } from './layout.ts';

export type Align = 'left' | 'right' | 'center' | null;

export interface TableCell {
  content: RenderCollector;
  /** The columns it spans (colspan); 1 when missing. */
  columns?: number;
  /** The rows it spans (rowspan), the rows below left empty in its columns; 1 when missing, 0 for the rest of the table. */
  rows?: number;
  /** Its own alignment: a spanning cell's, which no column's alignment is. */
  align?: Align;
}

export interface TableInput {
  rows: TableCell[][];
  /** Per column; missing: the alignment of the column's first one-column cell that has one, else left. */
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

/** Where a cell lands in the table's grid. */
export interface Placement {
  row: number;
  column: number;
  columns: number;
  rows: number;
}

/**
 * The grid's slots each cell takes, as HTML's table model places them: a row's
 * cells go left to right into the first slots no cell from a row above still
 * holds (by its rowspan); a rowspan ends at the last row. A colspan that would
 * run into a slot held from above stops before it, so that no two cells share
 * a slot. The placements row by row in the cells' order, and the grid's width.
 */
export function placeCells(rows: readonly (readonly { columns?: number; rows?: number }[])[]): { placed: Placement[][]; columns: number } {
  // Per column, the first row no cell from above holds.
  const heldUntil: number[] = [];
  const held = (c: number, r: number) => (heldUntil[c] ?? 0) > r;
  let columns = 0;
  const placed = rows.map((row, r) => {
    let c = 0;
    return row.map((cell) => {
      while (held(c, r)) c++;
      let span = Math.max(1, cell.columns ?? 1);
      for (let k = 1; k < span; k++) if (held(c + k, r)) span = k;
      const left = rows.length - r;
      const down = cell.rows === 0 ? left : Math.min(Math.max(1, cell.rows ?? 1), left);
      for (let k = 0; k < span; k++) heldUntil[c + k] = r + down;
      const at: Placement = { row: r, column: c, columns: span, rows: down };
      c += span;
      columns = Math.max(columns, c);
      return at;
    });
  });
  return { placed, columns };
}

/** A spanning cell's natural width shared among the columns it spans, in the order of its span (narrow spans first), where they are too narrow together. */
function widenForSpans(natural: number[], spanning: { at: Placement; width: number }[]): void {
  spanning.sort((a, b) => a.at.columns - b.at.columns);
  for (const { at, width } of spanning) {
    let have = BAR.length * (at.columns - 1);
    for (let k = 0; k < at.columns; k++) have += natural[at.column + k];
    const lack = width - have;
    if (lack <= 0) continue;
    const each = Math.floor(lack / at.columns);
    for (let k = 0; k < at.columns; k++) natural[at.column + k] += each + (k < lack % at.columns ? 1 : 0);
  }
}

/** The width a placed cell's text has: its columns' and the bars' between them. */
function spanWidth(widths: number[], at: Placement): number {
  let width = BAR.length * (at.columns - 1);
  for (let k = 0; k < at.columns; k++) width += widths[at.column + k];
  return width;
}

/** Writes the table: the columns as wide as their cells (spans shared among theirs), cut to `maxWidth` as columnWidths says. */
export function writeTable(w: BlockWriter, table: TableInput, maxWidth: number): void {
  const { placed, columns } = placeCells(table.rows);
  if (columns === 0) return;
  const texts = table.rows.map((r) => r.map((c) => c.content.textContent.replace(/\n+$/, '')));
  const natural = new Array<number>(columns).fill(1);
  const spanning: { at: Placement; width: number }[] = [];
  placed.forEach((row, r) =>
    row.forEach((at, i) => {
      let width = 0;
      for (const line of texts[r][i].split('\n')) width = Math.max(width, stringWidth(line));
      if (at.columns === 1) natural[at.column] = Math.max(natural[at.column], width);
      else spanning.push({ at, width });
    }),
  );
  widenForSpans(natural, spanning);
  const aligns = [...table.aligns];
  placed.forEach((row, r) =>
    row.forEach((at, i) => {
      if (at.columns === 1 && !aligns[at.column]) aligns[at.column] = table.rows[r][i].align ?? null;
    }),
  );
  const widths = columnWidths(natural, maxWidth);
  const wrapped = placed.map((row, r) => row.map((at, i) => wrapCell(texts[r][i], spanWidth(widths, at))));
  // Each row as high as its tallest one-row cell; a cell spanning rows that needs more lines than its rows have makes its last row taller.
  const heights = table.rows.map(() => 1);
  placed.forEach((row, r) =>
    row.forEach((at, i) => {
      if (at.rows === 1) heights[r] = Math.max(heights[r], wrapped[r][i].length);
    }),
  );
  placed.forEach((row, r) =>
    row.forEach((at, i) => {
      if (at.rows === 1) return;
      let have = 0;
      for (let k = 0; k < at.rows; k++) have += heights[r + k];
      if (wrapped[r][i].length > have) heights[r + at.rows - 1] += wrapped[r][i].length - have;
    }),
  );
  // The first line of each row, counted from the table's top: where a cell's lines start.
  const firstLine: number[] = [];
  heights.reduce((line, h, r) => ((firstLine[r] = line), line + h), 0);

  // Which cell (its row and index there) holds each column of the row being written; -1: none.
  const holderRow = new Int32Array(columns).fill(-1);
  const holderIndex = new Int32Array(columns);
  // Whether a bar stands before each column in row r: not inside a cell that spans columns (from this row or one above).
  const bars = (r: number): boolean[] => {
    const out = new Array<boolean>(columns).fill(true);
    for (let from = 0; from <= r; from++) {
      for (const at of placed[from]) {
        if (at.row + at.rows > r) for (let k = 1; k < at.columns; k++) out[at.column + k] = false;
      }
    }
    return out;
  };
  w.block();
  placed.forEach((row, r) => {
    row.forEach((at, i) => {
      for (let k = 0; k < at.columns; k++) {
        holderRow[at.column + k] = r;
        holderIndex[at.column + k] = i;
      }
    });
    // Columns held by no cell in this row (a short row) are empty; those held from above stay held.
    for (let c = 0; c < columns; c++) {
      const from = holderRow[c];
      if (from >= 0 && from + placed[from][holderIndex[c]].rows <= r) holderRow[c] = -1;
    }
    for (let line = 0; line < heights[r]; line++) {
      if (r > 0 || line > 0) w.lineBreak();
      // Spaces owed: written only before something else on the line, so no line ends in padding.
      let owed = 0;
      const payOwed = () => {
        if (owed > 0) w.write(' '.repeat(owed));
        owed = 0;
      };
      for (let c = 0; c < columns; ) {
        if (c > 0 && table.rules === false) owed += GAP.length;
        else if (c > 0) {
          payOwed();
          styled(w, BAR);
        }
        const from = holderRow[c];
        if (from < 0) {
          owed += widths[c];
          c++;
          continue;
        }
        const i = holderIndex[c];
        const at = placed[from][i];
        const width = spanWidth(widths, at);
        const segment = wrapped[from][i][firstLine[r] - firstLine[from] + line];
        const [start, end] = segment ?? [0, 0];
        const room = width - (end > start ? stringWidth(texts[from][i].slice(start, end)) : 0);
        const align = (at.columns > 1 ? table.rows[from][i].align : aligns[at.column]) ?? 'left';
        const before = align === 'right' ? room : align === 'center' ? room >> 1 : 0;
        owed += before;
        if (end > start) {
          payOwed();
          table.rows[from][i].content.replay(w, start, end);
        }
        owed += room - before;
        c = at.column + at.columns;
      }
    }
    if (r === table.headerRows - 1 && table.rules !== false) {
      w.lineBreak();
      styled(w, ruleUnder(widths, bars(r), r + 1 < placed.length ? bars(r + 1) : bars(r)));
    }
  });
  w.block();
}

/** The rule under the header: its joints where a bar stands above or below it (┴ above only, ┬ below only), none inside a cell that spans on both sides. */
export function ruleUnder(widths: number[], above: boolean[], below: boolean[]): string {
  let rule = '─'.repeat(widths[0]);
  for (let c = 1; c < widths.length; c++) {
    const joint = above[c] && below[c] ? '┼' : above[c] ? '┴' : below[c] ? '┬' : '─';
    rule += `─${joint}─${'─'.repeat(widths[c])}`;
  }
  return rule;
}

function styled(w: BlockWriter, s: string): void {
  w.openStyle('tableRule');
  w.write(s);
  w.closeStyle();
}
