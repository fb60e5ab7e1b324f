// How each kind of span looks, in colour and without it. Without colour
// (NO_COLOR, TERM=vt100), bold, underline and reverse carry the meaning.
import type { Attrs } from '../../term/sgr.ts';

export type Role =
  | 'text'
  | 'link'
  | 'linkSelected'
  /** The second of two links that touch (no space between them): told apart from the first. */
  | 'linkAdjacent'
  | 'linkBroken'
  | 'match'
  | 'matchCurrent'
  | 'token'
  | 'message'
  | 'indicator'
  | 'heading'
  | 'warning'
  | 'lineNumber'
  | 'chopMark'
  // Highlighted code (fenced Markdown code, HTML <pre> with a language): as GitHub colours it.
  | 'keyword'
  | 'string'
  | 'comment'
  | 'number'
  | 'title'
  /** A form field's placeholder, shown while the field is empty. */
  | 'placeholder';

export type Theme = Record<Role, Attrs>;

const colour: Theme = {
  text: {},
  link: { fg: 'blue' },
  linkAdjacent: { fg: 'blue', underline: true },
  linkSelected: { fg: 'blue', reverse: true },
  linkBroken: { fg: 'magenta', underline: true },
  match: { fg: 'green' },
  matchCurrent: { fg: 'green', reverse: true },
  token: { fg: 'red', reverse: true },
  message: { reverse: true },
  indicator: { bold: true },
  heading: { bold: true },
  warning: { fg: 'red', bold: true },
  lineNumber: { fg: 'yellow' },
  chopMark: { fg: 'yellow', bold: true },
  // GitHub's hues in the 16 colours, readable on a dark and a light background: red keywords,
  // light blue strings, grey comments (8: bright black), blue numbers and constants, purple names.
  keyword: { fg: 'red' },
  string: { fg: 'cyan' },
  comment: { fg: 8 },
  number: { fg: 'blue' },
  title: { fg: 'magenta' },
  placeholder: { fg: 'blue', dim: true },
};

const mono: Theme = {
  text: {},
  link: { underline: true },
  linkAdjacent: { underline: true, bold: true },
  linkSelected: { underline: true, reverse: true },
  linkBroken: { underline: true, bold: true },
  match: { bold: true },
  matchCurrent: { bold: true, reverse: true },
  token: { reverse: true },
  message: { reverse: true },
  indicator: { bold: true },
  heading: { bold: true },
  warning: { bold: true },
  lineNumber: { dim: true },
  chopMark: { bold: true },
  // Without colour, highlighted code is plain text, as other code is.
  keyword: {},
  string: {},
  comment: {},
  number: {},
  title: {},
  placeholder: { underline: true, dim: true },
};

export function themeFor(color: boolean): Theme {
  return color ? colour : mono;
}
