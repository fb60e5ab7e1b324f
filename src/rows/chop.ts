// Chopped long lines (-S): each line is one row, shown from a column that h
// and l move. Columns count from the row's start, as the row is drawn; the
// walk to a column costs the row's bytes, at most a segment (BLOCK).
import { forEachCluster } from '../text/width.ts';
import type { Viewport } from './viewport.ts';
import { tabCells } from './wrap.ts';
import { LabelCursor } from './link-labels.ts';

/** Cells a tab takes at column `col` of a chopped row: to the next stop, with no edge. */
export const chopTabCells = (col: number) => tabCells(col, Infinity);

/** The cells of the link numbers (#) in front of each offset of [start, end), asked in order (0 without numbers). */
function labelsOf(view: Viewport, start: number, end: number): (at: number) => number {
  const labels = view.rows.labels?.within(start, end);
  if (!labels?.length) return () => 0;
  const cursor = new LabelCursor(labels);
  return (at) => cursor.at(at)?.text.length ?? 0;
}

/** The columns [from, to) that the text [start, end) takes on its row (its link numbers too), as far as the row goes. */
export function columnsOf(view: Viewport, start: number, end: number): [number, number] {
  const rowStart = view.rows.rowStart(start);
  const rowEnd = view.rows.nextRow(rowStart) ?? view.doc.text.length;
  let col = 0;
  let from = -1;
  let at = rowStart;
  const labelCells = labelsOf(view, rowStart, rowEnd);
  forEachCluster(view.doc.text.bytes(rowStart, Math.min(rowEnd, Math.max(end, start + 1))), (shown, length, cells) => {
    if (shown === '\n') return false;
    if (at >= start && from < 0) from = col;
    if (at >= end) return false;
    col += labelCells(at);
    col += shown === '\t' ? chopTabCells(col) : cells;
    at += length;
    return true;
  });
  return [from < 0 ? col : from, col];
}

/** The widest of the rows on screen, in cells (a row's newline not counted), or `enough` if one is as wide: the walk stops there. */
export function widestRow(view: Viewport, top: number, enough = Infinity): number {
  let widest = 0;
  for (const row of view.rows.visibleRows(top, view.height)) {
    let col = 0;
    let at = row.start;
    const labelCells = labelsOf(view, row.start, row.end);
    forEachCluster(view.doc.text.bytes(row.start, row.end), (shown, length, cells) => {
      col += labelCells(at);
      if (shown === '\n') return false;
      col += shown === '\t' ? chopTabCells(col) : cells;
      at += length;
      return col < enough;
    });
    widest = Math.max(widest, col);
    if (widest >= enough) return enough;
  }
  return widest;
}

/** Whether any of the columns [from, to) shows when the rows start at column `shift` (the last column holds the > mark). */
export function showsColumns(shift: number, [from, to]: [number, number], width: number): boolean {
  return to > shift && from < shift + Math.max(1, width - 1) && (to > from || from >= shift);
}

/** A shift that shows the columns [from, to): unchanged if they show, else the line's start if they fit there, else a quarter screen before them. */
export function shiftToShow(shift: number, columns: [number, number], width: number): number {
  const room = Math.max(1, width - 1);
  const [from, to] = columns;
  if (from >= shift && Math.max(to, from + 1) <= shift + room) return shift;
  if (Math.max(to, from + 1) <= room) return 0;
  return Math.max(0, from - Math.floor(width / 4));
}

/**
 * The first link (the lowest index) that shows on the rows from `top` when
 * they start at column `shift`, or null. One walk a row, that stops at the
 * screen's right edge: the cost is the columns shown, however many links.
 */
export function firstLinkShown(view: Viewport, top: number, shift: number): number | null {
  const links = view.doc.links;
  const width = view.rows.width;
  const stop = shift + Math.max(1, width - 1);
  for (const row of view.rows.visibleRows(top, view.height)) {
    let next = links.firstStartingAt(row.start);
    if (next >= links.count || links.start(next) >= row.end) continue;
    /** Links begun and not yet ended on the walk, with the column each starts at (links may nest). */
    const open = new Map<number, number>();
    let found: number | null = null;
    let col = 0;
    let at = row.start;
    const close = (all: boolean) => {
      for (const [link, from] of open) {
        if (!all && at < links.end(link)) continue;
        if (showsColumns(shift, [from, col], width)) found = found === null ? link : Math.min(found, link);
        open.delete(link);
      }
    };
    const labelCells = labelsOf(view, row.start, row.end);
    forEachCluster(view.doc.text.bytes(row.start, row.end), (shown, length, cells) => {
      close(false);
      if (found !== null) return false;
      while (next < links.count && links.start(next) <= at) open.set(next++, col);
      if (shown === '\n' || col >= stop) return false;
      col += labelCells(at);
      col += shown === '\t' ? chopTabCells(col) : cells;
      at += length;
      return true;
    });
    close(true);
    if (found !== null) return found;
  }
  return null;
}
