// The line-number column (-N): right-aligned numbers of the text's lines, as
// less shows them, on the first row of each line only.
import type { Document } from '../document/document.ts';
import type { LineIndex } from '../document/lines.ts';

/** Numbers take at least this many cells, as less's default --line-num-width. */
export const MIN_DIGITS = 7;
/** Below this many cells of text, a screen shows no numbers. */
const MIN_TEXT = 8;

/** Cells of the line-number column: the digits of the largest number and a space; 0 when off or the screen is too narrow. */
export function gutterWidth(cols: number, lineNumbers: boolean, largest: number): number {
  if (!lineNumbers) return 0;
  const width = Math.max(MIN_DIGITS, String(largest).length) + 1;
  return cols - width >= MIN_TEXT ? width : 0;
}

/** The line number of each row that starts a line, null for rows that continue one (or while the lines are not counted that far). */
export function lineNumbers(doc: Document, lines: LineIndex, rows: Array<{ start: number }>): Array<number | null> {
  if (rows.length === 0) return [];
  let line = lines.lineOf(rows[0].start);
  return rows.map((row, i) => {
    const startsLine = row.start === 0 || doc.text.byteAt(row.start - 1) === 0x0a;
    if (line === null) return null;
    if (i > 0 && startsLine) line++;
    return startsLine ? line : null;
  });
}
