// The typed line of the search, fork and exec modes: pure edits on the text
// and a cursor, by grapheme cluster, so Korean or an accented letter is one
// step and one Backspace.
import { graphemes, printableAscii } from '../text/width.ts';

export interface Line {
  text: string;
  /** Cursor position as an index into `text` (always on a cluster boundary). */
  cursor: number;
}

export const emptyLine: Line = { text: '', cursor: 0 };

/** Cluster boundaries of the text: 0, ..., text.length. */
function boundaries(text: string): number[] {
  const out = [0];
  let at = 0;
  for (const g of graphemes(text)) out.push((at += g.length));
  return out;
}

export function insert(line: Line, typed: string): Line {
  const text = line.text.slice(0, line.cursor) + typed + line.text.slice(line.cursor);
  const target = line.cursor + typed.length;
  // ASCII typed before ASCII (or the end): no character of it joins a neighbour, so the cursor after it is on a boundary, with no walk of the line (a paste is a key a character).
  if (printableAscii.test(typed) && printableAscii.test(text.charAt(target))) return { text, cursor: target };
  // A combining mark typed after a letter joins it: keep the cursor on a boundary.
  const bounds = boundaries(text);
  const cursor = bounds.find((b) => b >= target) ?? text.length;
  return { text, cursor };
}

export function deleteBack(line: Line): Line {
  const bounds = boundaries(line.text);
  const i = bounds.indexOf(line.cursor);
  if (i <= 0) return line;
  return { text: line.text.slice(0, bounds[i - 1]) + line.text.slice(line.cursor), cursor: bounds[i - 1] };
}

export function deleteForward(line: Line): Line {
  const bounds = boundaries(line.text);
  const i = bounds.indexOf(line.cursor);
  if (i < 0 || i + 1 >= bounds.length) return line;
  return { text: line.text.slice(0, line.cursor) + line.text.slice(bounds[i + 1]), cursor: line.cursor };
}

/** Deletes the word before the cursor (and the spaces after it), as ^W does in a shell. */
export function deleteWord(line: Line): Line {
  const before = line.text.slice(0, line.cursor);
  const kept = before.replace(/[^\s]*\s*$/u, '');
  return { text: kept + line.text.slice(line.cursor), cursor: kept.length };
}

export function left(line: Line): Line {
  const bounds = boundaries(line.text);
  const i = bounds.indexOf(line.cursor);
  return i > 0 ? { ...line, cursor: bounds[i - 1] } : line;
}

export function right(line: Line): Line {
  const bounds = boundaries(line.text);
  const i = bounds.indexOf(line.cursor);
  return i >= 0 && i + 1 < bounds.length ? { ...line, cursor: bounds[i + 1] } : line;
}

export function home(line: Line): Line {
  return { ...line, cursor: 0 };
}

export function end(line: Line): Line {
  return { ...line, cursor: line.text.length };
}

export function lineOf(text: string): Line {
  return { text, cursor: text.length };
}
