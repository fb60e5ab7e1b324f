// How each kind of span looks, in colour and without it. Without colour
// (NO_COLOR, TERM=vt100), bold, underline and reverse carry the meaning.
import type { Attrs } from '../term/sgr.ts';

export type Role = 'text' | 'link' | 'linkSelected' | 'token' | 'message' | 'indicator' | 'filler';

export type Theme = Record<Role, Attrs>;

const colour: Theme = {
  text: {},
  link: { fg: 'blue' },
  linkSelected: { fg: 'blue', reverse: true },
  token: { fg: 'red', reverse: true },
  message: { reverse: true },
  indicator: { bold: true },
  filler: {},
};

const mono: Theme = {
  text: {},
  link: { underline: true },
  linkSelected: { underline: true, reverse: true },
  token: { reverse: true },
  message: { reverse: true },
  indicator: { bold: true },
  filler: {},
};

export function themeFor(color: boolean): Theme {
  return color ? colour : mono;
}
