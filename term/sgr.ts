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

/** A colour: a name, a number of the 256-colour palette (0-15 the basic and bright ones), or '#rrggbb'. */
export type AnyColor = Color | number | `#${string}`;

export interface Attrs {
  fg?: AnyColor;
  bg?: AnyColor;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  reverse?: boolean;
  strike?: boolean;
}

export const CSI = '\x1b[';
/** All attributes off (the shortest form of SGR 0). */
export const RESET = `${CSI}m`;

/** The SGR parameters of a colour; `base` 30 for the foreground, 40 for the background. Nothing for one that is not well formed. */
function colorCode(color: AnyColor, base: 30 | 40): string | null {
  if (typeof color === 'number') {
    if (!Number.isInteger(color) || color < 0 || color > 255) return null;
    if (color < 8) return String(base + color);
    if (color < 16) return String(base + 60 + color - 8);
    return `${base + 8};5;${color}`;
  }
  if (color.startsWith('#')) {
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) return null;
    const n = parseInt(color.slice(1), 16);
    return `${base + 8};2;${n >> 16};${(n >> 8) & 255};${n & 255}`;
  }
  return color in colorCodes ? String(base + colorCodes[color as Color]) : null;
}

/** Whether the attributes are all off. */
export function isPlain(a: Attrs): boolean {
  return !(a.bold || a.dim || a.italic || a.underline || a.reverse || a.strike || a.fg !== undefined || a.bg !== undefined);
}

/**
 * The SGR sequence that turns attributes `from` into exactly `to`: from
 * plain text it only adds, else it resets first. The shortest that is right.
 */
export function sgr(to: Attrs, from: Attrs = {}): string {
  const codes: string[] = [];
  if (!isPlain(from)) codes.push('0');
  if (to.bold) codes.push('1');
  if (to.dim) codes.push('2');
  if (to.italic) codes.push('3');
  if (to.underline) codes.push('4');
  if (to.reverse) codes.push('7');
  if (to.strike) codes.push('9');
  const fg = to.fg === undefined ? null : colorCode(to.fg, 30);
  const bg = to.bg === undefined ? null : colorCode(to.bg, 40);
  if (fg) codes.push(fg);
  if (bg) codes.push(bg);
  if (codes.length === 0 || (codes.length === 1 && codes[0] === '0')) return RESET;
  return `${CSI}${codes.join(';')}m`;
}

/** The same attributes without colours: for terminals without them (NO_COLOR, TERM=vt100). */
export function withoutColor(a: Attrs): Attrs {
  if (a.fg === undefined && a.bg === undefined) return a;
  const { fg: _fg, bg: _bg, ...rest } = a;
  return rest;
}
