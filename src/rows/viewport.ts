// The viewport: which offsets are on screen, and moving the top so that some
// offset is shown while scrolling as little as possible.
import type { Document } from '../document/document.ts';
import type { Spans } from '../document/spans.ts';
import type { Rows } from './rows.ts';

export interface Viewport {
  doc: Document;
  rows: Rows;
  /** Rows of text on screen (the status line not counted). */
  height: number;
}

/** The furthest the top can go: the end of the text on the last row. */
export function maxTop(view: Viewport): number {
  return view.rows.bottomTop(view.height);
}

/** The top that puts the row holding `offset` first, as far as the end of the text allows. */
export function topFor(view: Viewport, offset: number): number {
  return Math.min(view.rows.rowStart(offset), Math.max(0, maxTop(view)));
}

/** Offset just past the last character on screen. */
export function screenEnd(view: Viewport, top: number): number {
  const last = view.rows.down(top, view.height - 1);
  if (last < top) return top;
  return view.rows.nextRow(last) ?? view.doc.text.length;
}

export function isOnScreen(view: Viewport, top: number, offset: number): boolean {
  return offset >= top && offset < screenEnd(view, top);
}

/** A top that shows `offset`: unchanged if it is on screen, else scrolled just far enough. */
export function showOffset(view: Viewport, top: number, offset: number): number {
  if (isOnScreen(view, top, offset)) return top;
  const row = view.rows.rowStart(offset);
  if (row < top) return row;
  return Math.min(view.rows.up(row, view.height - 1), Math.max(top, maxTop(view)));
}

/** Indices [first, last] of the spans that start on screen, or null if none does. */
export function spansOnScreen(view: Viewport, top: number, spans: Spans): [number, number] | null {
  const first = spans.firstStartingAt(top);
  const last = spans.lastStartingBefore(screenEnd(view, top));
  return first <= last ? [first, last] : null;
}
