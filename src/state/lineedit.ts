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

/** Characters looked at around the cursor for a cluster's edge; doubled while a cluster may go on past them. */
const NEAR = 64;

/**
 * The cluster boundary before `at` (a boundary), or -1 at the start: found in
 * the text just before it, not by walking the whole line, so that an edit
 * costs the same at the end of a pasted line of any length.
 */
function boundaryBefore(text: string, at: number): number {
  if (at <= 0) return -1;
  for (let near = NEAR; ; near *= 2) {
    const from = Math.max(0, at - near);
    // A window must not start inside a pair (a surrogate's second half, a flag's second letter): a longer one.
    if (from > 0 && pairsOn(text, from)) continue;
    const clusters = graphemes(text.slice(from, at));
    const start = at - clusters[clusters.length - 1].length;
    // The last cluster starts inside the window, or the window is the line's start: its start is a boundary.
    if (start > from || from === 0) return start;
  }
}

/** Whether the text at `at` may be the second half of something that pairs with what is before it: a low surrogate, or a regional indicator (flags pair them from the run's start). */
function pairsOn(text: string, at: number): boolean {
  const unit = text.charCodeAt(at);
  if (unit >= 0xdc00 && unit <= 0xdfff) return true;
  const point = text.codePointAt(at)!;
  return point >= 0x1f1e6 && point <= 0x1f1ff;
}

/** The cluster boundary after `at` (a boundary), or -1 at the end. */
function boundaryAfter(text: string, at: number): number {
  if (at >= text.length) return -1;
  for (let near = NEAR; ; near *= 2) {
    const to = Math.min(text.length, at + near);
    const end = at + graphemes(text.slice(at, to))[0].length;
    if (end < to || to === text.length) return end;
  }
}

/** The boundary at `target` or the first after it (a combining mark typed after a letter joins it). */
function boundaryAtOrAfter(text: string, target: number): number {
  if (target >= text.length) return text.length;
  const before = boundaryBefore(text, target + 1);
  return before === target ? target : Math.max(target, boundaryAfter(text, Math.max(0, before)));
}

export function insert(line: Line, typed: string): Line {
  const text = line.text.slice(0, line.cursor) + typed + line.text.slice(line.cursor);
  const target = line.cursor + typed.length;
  // ASCII typed before ASCII (or the end): no character of it joins a neighbour, so the cursor after it is on a boundary, with no look at the line.
  if (printableAscii.test(typed) && printableAscii.test(text.charAt(target))) return { text, cursor: target };
  return { text, cursor: boundaryAtOrAfter(text, target) };
}

export function deleteBack(line: Line): Line {
  const before = boundaryBefore(line.text, line.cursor);
  if (before < 0) return line;
  return { text: line.text.slice(0, before) + line.text.slice(line.cursor), cursor: before };
}

export function deleteForward(line: Line): Line {
  const after = boundaryAfter(line.text, line.cursor);
  if (after < 0) return line;
  return { text: line.text.slice(0, line.cursor) + line.text.slice(after), cursor: line.cursor };
}

/** Deletes the word before the cursor (and the spaces after it), as ^W does in a shell. */
export function deleteWord(line: Line): Line {
  const before = line.text.slice(0, line.cursor);
  const kept = before.replace(/[^\s]*\s*$/u, '');
  return { text: kept + line.text.slice(line.cursor), cursor: kept.length };
}

export function left(line: Line): Line {
  const before = boundaryBefore(line.text, line.cursor);
  return before >= 0 ? { ...line, cursor: before } : line;
}

export function right(line: Line): Line {
  const after = boundaryAfter(line.text, line.cursor);
  return after >= 0 ? { ...line, cursor: after } : line;
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
