// What in a pty's raw output did not come from lwl's own set of sequences:
// any other escape sequence, C0 or C1 control, or bidi control is foreign
// (document text that reached the terminal raw).

// lwl writes only these: the alternate screen, autowrap, cursor and mouse modes, SGR,
// cursor position, up, forward and back, erase, cells deleted and blanks inserted in a
// row, the scroll region, reverse index, CR and LF; and,
// taking the terminal back from a child (term/screen.ts's takeBackReset): a soft
// reset, the ASCII set in G0 with SI, insert and origin mode off (those as a whole only).
const own = /(?:\x1b\[!p)?\x1b\(B\x0f\x1b\[4l(?:\x1b\[\?6l)?|\x1b\[(?:\?(?:1049|7|25|1000|1006)[hl]|[0-9;]*[mHJKrACDP@])|\x1bM|\r|\n/g;
const foreignChar = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The foreign characters in `output`, with a little context each, for a failure message. */
export function foreignBytes(output: string): string[] {
  const rest = output.replace(own, '');
  const found: string[] = [];
  for (const m of rest.matchAll(foreignChar)) found.push(JSON.stringify(rest.slice(Math.max(0, m.index! - 10), m.index! + 10)));
  return found;
}
