// Building a frame from the rows on screen: the cost is the screen's, never
// the document's. Spans are found by binary search, not by scanning them all.
import type { Frame } from '../term/screen.ts';
import { sgr } from '../term/sgr.ts';
import type { Document } from './document/document.ts';
import type { State } from './state.ts';
import type { Role, Theme } from './theme.ts';
import { clusterWidth, graphemes } from './text/width.ts';
import { tabCells, type Wrap } from './wrap.ts';
import { sanitize, truncate } from './text/sanitize.ts';

export interface Screen {
  cols: number;
  rows: number;
}

interface Styled {
  text: string;
  cells: number;
}

/** Writes runs of text, switching attributes only where the role changes. */
class RowWriter {
  text = '';
  cells = 0;
  private role: Role = 'text';
  constructor(private readonly theme: Theme) {}
  put(s: string, cells: number, role: Role): void {
    if (role !== this.role) {
      this.text += sgr(this.theme[role]);
      this.role = role;
    }
    this.text += s;
    this.cells += cells;
  }
}

/** The spans that overlap [start, end) in a list, as [start, end, index] triples. */
function spansIn(list: Document['links'], start: number, end: number): Array<[number, number, number]> {
  const [from, to] = list.range(start, end);
  const found: Array<[number, number, number]> = [];
  for (let i = from; i < to; i++) if (list.overlaps(i, start, end)) found.push([list.start(i), list.end(i), i]);
  return found;
}

/** Draws the text of one row. */
export function drawRow(doc: Document, start: number, end: number, width: number, theme: Theme): Styled {
  const links = spansIn(doc.links, start, end);
  const tokens = spansIn(doc.tokens, start, end);
  const roleAt = (offset: number): Role => {
    for (const [s, e] of tokens) if (s <= offset && offset < e) return 'token';
    // The innermost link wins: it comes last among those that cover the offset.
    let role: Role = 'text';
    for (const [s, e] of links) if (s <= offset && offset < e) role = 'link';
    return role;
  };
  const out = new RowWriter(theme);
  const bytes = doc.text.bytes(start, end);
  let offset = start;
  const place = (cluster: string, bytesLength: number) => {
    if (cluster === '\n') return false;
    let cells: number;
    let shown = cluster;
    if (cluster === '\t') {
      cells = tabCells(out.cells, width);
      shown = ' '.repeat(cells);
    } else cells = clusterWidth(cluster);
    if (out.cells + cells > width) return false;
    out.put(shown, cells, roleAt(offset));
    offset += bytesLength;
    return true;
  };
  const text = bytes.toString('utf8');
  if (text.length === bytes.length) {
    for (let i = 0; i < text.length; i++) if (!place(text[i], 1)) break;
  } else {
    for (const cluster of graphemes(text)) if (!place(cluster, Buffer.byteLength(cluster))) break;
  }
  return out;
}

/** Draws the status line: a message, else the mode's indicator. */
function drawStatus(state: State, width: number, theme: Theme): Styled {
  const out = new RowWriter(theme);
  if (state.message !== null) {
    const { text, cells } = truncate(sanitize(state.message), width);
    out.put(text, cells, 'message');
  } else {
    out.put(':', 1, 'indicator');
  }
  return out;
}

/** The frame for the current state: text rows, `~` past the end, the status line. */
export function draw(doc: Document, wrap: Wrap, state: State, screen: Screen, theme: Theme): Frame {
  const height = Math.max(0, screen.rows - 1);
  const rows: string[] = [];
  const widths: number[] = [];
  for (const row of wrap.visibleRows(state.top, height)) {
    const styled = drawRow(doc, row.start, row.end, screen.cols, theme);
    rows.push(styled.text);
    widths.push(styled.cells);
  }
  while (rows.length < height) {
    rows.push('~');
    widths.push(1);
  }
  const status = drawStatus(state, screen.cols, theme);
  rows.push(status.text);
  widths.push(status.cells);
  return { rows, widths, cols: screen.cols, cursor: null };
}
