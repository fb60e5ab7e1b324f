// How much of a rendered document (Markdown, HTML) is rendered at once, before
// any of it is held back: enough rows to fill the terminal's screen (rows
// counted as the text wraps at its width, a few more for safety), so that a
// document's first screen is whole and waits for nothing else. micromark and
// parse5 run cold there (interpreted), so each block past the screen would
// cost that screen some milliseconds; the rest is rendered in slices between
// keys (document-sink.ts's PacedReader). docs/startup.md.
import { outputSize } from '../../term/device.ts';

let eager: { cols: number; rows: number } | undefined;

/** The screen to fill at once: the terminal's, asked once, on the first call (a call to the terminal); not a terminal: 80x24. */
export function eagerScreen(): { cols: number; rows: number } {
  if (eager === undefined) {
    const size = outputSize();
    eager = { cols: Math.max(20, size?.cols || 80), rows: (size?.rows || 24) + 4 };
  }
  return eager;
}
