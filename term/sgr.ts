// Select Graphic Rendition: the only way lwl changes how text looks.

export type Color = 'black' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'white';

const colorCodes: Record<Color, number> = {
  black: 0,
  red: 1,
  green: 2,
  yellow: 3,
  blue: 4,
  magenta: 5,
  cyan: 6,
  white: 7,
};

export interface Attrs {
  fg?: Color;
  bg?: Color;
  bold?: boolean;
  underline?: boolean;
  reverse?: boolean;
}

export const CSI = '\x1b[';
export const RESET = `${CSI}0m`;

/** The SGR sequence that sets exactly these attributes (from a reset). */
export function sgr(attrs: Attrs): string {
  const codes = ['0'];
  if (attrs.bold) codes.push('1');
  if (attrs.underline) codes.push('4');
  if (attrs.reverse) codes.push('7');
  if (attrs.fg) codes.push(String(30 + colorCodes[attrs.fg]));
  if (attrs.bg) codes.push(String(40 + colorCodes[attrs.bg]));
  return `${CSI}${codes.join(';')}m`;
}
