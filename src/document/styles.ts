// How pieces of the text look, as the input says: SGR colours and attributes
// in program output, or a role in a marked-up document (a heading, code).
// A style span's tag is the style's number in the document's StyleTable, so
// a million coloured words cost their spans, not an object each.

/** A colour as SGR names it: 0-255 (0-15 the basic and bright ones), or '#rrggbb'. */
export type ColorSpec = number | `#${string}`;

/** Roles of marked-up text, drawn as the theme says (not colours the input chose). */
export type StyleRole =
  | 'heading'
  | 'strong'
  | 'emphasis'
  | 'code'
  | 'quote'
  | 'listMarker'
  | 'image'
  | 'strike'
  | 'tableRule'
  | CodeRole;

/** The parts of highlighted code that have a look of their own (readers/code-tokens.ts finds them). */
export type CodeRole = 'keyword' | 'string' | 'comment' | 'number' | 'title';

export interface TextStyle {
  fg?: ColorSpec;
  bg?: ColorSpec;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  reverse?: boolean;
  strike?: boolean;
  /** A role from markup; its look comes from the theme. */
  role?: StyleRole;
  /** For a heading: its level, 1-6. */
  level?: number;
}

/** Equal styles make equal keys, whatever the order of their fields. */
const styleKey = (style: TextStyle) => JSON.stringify(style, Object.keys(style).sort());

/** The distinct styles of a document, numbered. */
export class StyleTable {
  private readonly list: TextStyle[] = [];
  private readonly numbers = new Map<string, number>();

  /** The number of a style, the same for equal styles. */
  add(style: TextStyle): number {
    const key = styleKey(style);
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.list.length;
      this.list.push(style);
      this.numbers.set(key, n);
    }
    return n;
  }

  /** The number of a style the table has, or -1. */
  numberOf(style: TextStyle): number {
    return this.numbers.get(styleKey(style)) ?? -1;
  }

  get(n: number): TextStyle {
    return this.list[n];
  }

  get size(): number {
    return this.list.length;
  }
}
