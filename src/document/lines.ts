// Lines of the display text, counted from the top.
import type { Document } from './document.ts';

/** Offset of the start of line `n` (1-based), or null when the text has fewer lines. */
export function lineOffset(doc: Document, n: number): number | null {
  let offset = 0;
  for (let line = 1; line < n; line++) {
    const nl = doc.text.indexOf(0x0a, offset);
    if (nl < 0 || nl + 1 >= doc.text.length) return null;
    offset = nl + 1;
  }
  return offset;
}
