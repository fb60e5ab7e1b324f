// The one sanitizer for text lwl draws or prints from outside its own code
// (the document, hrefs, URLs, messages, typed input, paths in error
// messages): every character that could change the terminal or hide from the
// reader becomes a visible token (code-points.ts). Layout works on what fits: a
// long string is walked only as far as the screen reaches.
import { forEachStringCluster } from './width.ts';
import type { Surface } from './code-points.ts';


const printableAscii = /^[\x20-\x7e]*$/;

/** `text` with every control, bidi control and invisible character as a token. */
export function sanitize(text: string, context: Surface = 'trust'): string {
  if (printableAscii.test(text)) return text;
  const parts: string[] = [];
  forEachStringCluster(text, context, (shown) => parts.push(shown) > 0);
  return parts.join('');
}

export interface Fitted {
  text: string;
  cells: number;
}

// A row shows at most this many source units per cell it has: past that are
// only zero-width characters, which need not all be walked.
const UNITS_PER_CELL = 64;

/** The sanitized prefix of `text` that fits in `width` cells, ending with '…' if cut. Walks no further than the width. */
export function truncate(text: string, width: number): Fitted {
  if (width <= 0) return { text: '', cells: 0 };
  if (text.length <= width && printableAscii.test(text)) return { text, cells: text.length };
  const shown: string[] = [];
  const cells: number[] = [];
  let total = 0;
  let walked = 0;
  let cut = false;
  const limit = width * UNITS_PER_CELL + 1024;
  forEachStringCluster(text, 'trust', (s, length, w) => {
    if (total + w > width || walked > limit) {
      cut = true;
      return false;
    }
    shown.push(s);
    cells.push(w);
    total += w;
    walked += length;
    return true;
  });
  if (!cut) return { text: shown.join(''), cells: total };
  // Make room for the ellipsis.
  while (shown.length > 0 && total > width - 1) {
    shown.pop();
    total -= cells.pop()!;
  }
  return { text: shown.join('') + '…', cells: total + 1 };
}

/**
 * The sanitized text laid out in rows: the first `first` cells wide, the
 * others `rest` wide; at most `maxRows` rows, walking no further.
 */
export function fitRows(text: string, first: number, rest: number, maxRows: number): Fitted[] {
  const rows: Fitted[] = [];
  if (maxRows <= 0) return rows;
  let row: Fitted = { text: '', cells: 0 };
  let width = first;
  let walked = 0;
  forEachStringCluster(text, 'trust', (s, length, w) => {
    walked += length;
    if ((row.cells + w > width && row.cells > 0) || walked > Math.max(width, 1) * UNITS_PER_CELL + 1024) {
      rows.push(row);
      if (rows.length >= maxRows) return false;
      row = { text: '', cells: 0 };
      width = rest;
      walked = length;
    }
    row.text += s;
    row.cells += w;
    return true;
  });
  if (rows.length < maxRows) rows.push(row);
  return rows;
}
