// Where the screen is in the document, for the status line when nothing more
// urgent is there: `lines 120-142 of 3,351 (4%)`, `(END)` at the end, and `?`
// for what is not known yet (still reading, or not counted), as less -M does.

import type { Document } from '../document/document.ts';
import type { LineIndex } from '../document/lines.ts';
import { formatCount } from '../text/count.ts';
const known = (n: number | null) => (n === null ? '?' : formatCount(n));

export interface Place {
  /** Lines of the first and last rows on screen (1-based), or null while not counted. */
  first: number | null;
  last: number | null;
  /** Lines in the document, or null until read and counted. */
  total: number | null;
  /** How far down the end of the screen is, 0-100, or null while the length is unknown. */
  percent: number | null;
  /** The end of the document is on screen (and it is all read). */
  atEnd: boolean;
}

/** `lines 120-142 of 3,351 (4%)`, or `lines 3,330-3,351 of 3,351 (END)`. */
export function placeText(place: Place): string {
  const range = place.first !== null && place.first === place.last ? `line ${known(place.first)}` : `lines ${known(place.first)}-${known(place.last)}`;
  const where = place.atEnd ? '(END)' : `(${place.percent === null ? '?' : place.percent}%)`;
  return `${range} of ${known(place.total)} ${where}`;
}

/** The shorter form for narrow screens: `120/3,351 4%`. */
export function shortPlaceText(place: Place): string {
  return `${known(place.first)}/${known(place.total)} ${place.atEnd ? 'END' : `${place.percent === null ? '?' : place.percent}%`}`;
}

/** Where the screen is, from the line index: lines of its first and last rows, the total, how far down. */
export function placeOf(doc: Document, lines: LineIndex, top: number, end: number): Place {
  const total = doc.complete && !doc.endWindow ? doc.text.length : null;
  const atEnd = doc.complete && end >= doc.text.length;
  return {
    first: lines.lineOf(top),
    last: lines.lineOf(Math.max(top, end - 1)),
    total: lines.total,
    percent: total === null ? null : total === 0 ? 100 : Math.floor((100 * end) / total),
    atEnd,
  };
}

/**
 * The ground status line's words after `:` when no link is selected: the file's
 * name at the top of the document, and the place, in the longest form that fits.
 */
export function placeLine(name: string | null, place: Place, width: number): string {
  const long = placeText(place);
  const short = shortPlaceText(place);
  const forms = name === null ? [long, short] : [`${name}  ${long}`, long, `${name}  ${short}`, short];
  return forms.find((form) => form.length <= width) ?? '';
}
