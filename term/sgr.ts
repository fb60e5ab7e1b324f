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
/** All attributes off (the shortest form of SGR 0). */
export const RESET = `${CSI}m`;

/**
 * The SGR sequence that turns attributes `from` into exactly `to`: from
 * plain text it only adds, else it resets first. The shortest that is right.
 */
export function sgr(to: Attrs, from: Attrs = {}): string {
  const codes: string[] = [];
  if (from.bold || from.underline || from.reverse || from.fg || from.bg) codes.push('0');
  if (to.bold) codes.push('1');
  if (to.underline) codes.push('4');
  if (to.reverse) codes.push('7');
  if (to.fg) codes.push(String(30 + colorCodes[to.fg]));
  if (to.bg) codes.push(String(40 + colorCodes[to.bg]));
  if (codes.length === 0 || (codes.length === 1 && codes[0] === '0')) return RESET;
  return `${CSI}${codes.join(';')}m`;
}
