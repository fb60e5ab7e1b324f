// Making text from outside the display buffer (hrefs, messages, typed input)
// safe and measured for the screen.
import { clusterWidth, graphemes } from './width.ts';

/** Replaces every character that could change the terminal with a visible hex token. */
export function sanitize(text: string): string {
  // C0 and C1 controls and DEL; tab and newline too, as they would move the cursor.
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, (c) => `<${c.charCodeAt(0).toString(16).padStart(2, '0')}>`);
}

/** The longest prefix of `text` that fits in `width` cells, ending with '…' if cut. */
export function truncate(text: string, width: number): { text: string; cells: number } {
  let cells = 0;
  const clusters = /^[\x20-\x7e]*$/.test(text) ? text.split('') : graphemes(text);
  const total = clusters.reduce((n, c) => n + clusterWidth(c), 0);
  if (total <= width) return { text, cells: total };
  let out = '';
  for (const cluster of clusters) {
    const w = clusterWidth(cluster);
    if (cells + w > width - 1) break;
    out += cluster;
    cells += w;
  }
  return width > 0 ? { text: out + '…', cells: cells + 1 } : { text: '', cells: 0 };
}
