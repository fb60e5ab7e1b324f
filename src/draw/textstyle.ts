// How a style span of the document (styles.ts) is drawn: SGR colours as the
// input chose them, markup roles as the theme says. Without colour (NO_COLOR,
// TERM=vt100) the colours go and bold, underline and reverse stay.
import { isPlain, RESET, sgr, withoutColor, type Attrs } from '../../term/sgr.ts';
import type { Document } from '../document/document.ts';
import type { CodeRole, StyleRole, TextStyle } from '../document/styles.ts';
import type { Theme } from './theme.ts';

/** Markup roles the theme names (a config `color` line sets them): a heading, and the parts of highlighted code. */
type ThemedRole = 'heading' | CodeRole;
const THEMED: ReadonlySet<StyleRole> = new Set<ThemedRole>(['heading', 'keyword', 'string', 'comment', 'number', 'title']);

/** The look of markup roles that the theme does not name. */
const roleAttrs: Record<Exclude<StyleRole, ThemedRole>, Attrs> = {
  strong: { bold: true },
  emphasis: { italic: true },
  code: { fg: 'cyan' },
  quote: { italic: true },
  listMarker: { bold: true },
  image: { fg: 'magenta', italic: true }, // italic stays when the image is a link, drawn in the link's colour
  strike: { strike: true },
  tableRule: { dim: true },
};

/** The attributes a style is drawn with. */
export function styleAttrs(style: TextStyle, theme: Theme, color: boolean): Attrs {
  let attrs: Attrs;
  if (style.role) {
    attrs = THEMED.has(style.role) ? theme[style.role as ThemedRole] : roleAttrs[style.role as Exclude<StyleRole, ThemedRole>];
  } else {
    attrs = {};
    if (style.fg !== undefined) attrs.fg = style.fg;
    if (style.bg !== undefined) attrs.bg = style.bg;
    if (style.bold) attrs.bold = true;
    if (style.dim) attrs.dim = true;
    if (style.italic) attrs.italic = true;
    if (style.underline) attrs.underline = true;
    if (style.reverse) attrs.reverse = true;
    if (style.strike) attrs.strike = true;
  }
  return color ? attrs : withoutColor(attrs);
}

/** styleAttrs for each style number of a document, worked out once. */
export class StyleLooks {
  private readonly looks: Attrs[] = [];
  constructor(
    private readonly theme: Theme,
    private readonly color: boolean,
  ) {}

  get(table: { get(n: number): TextStyle }, n: number): Attrs {
    return (this.looks[n] ??= styleAttrs(table.get(n), this.theme, this.color));
  }
}

/**
 * The document's text with its style spans in SGR, for printing a text that
 * fits on one screen (-F) as it would be paged. Calls `write` with each part.
 */
export function printStyled(doc: Document, theme: Theme, color: boolean, write: (part: string) => void): void {
  const looks = new StyleLooks(theme, color);
  const text = doc.text;
  const spans = doc.styleSpans;
  const [from, to] = spans.range(0, text.length);
  let at = 0;
  for (let k = from; k < to; k++) {
    const start = spans.start(k);
    const end = spans.end(k);
    if (start < at) continue; // inside a span already written (nested roles)
    const attrs = looks.get(doc.styleTable, spans.tag(k));
    write(text.text(at, start));
    write(isPlain(attrs) ? text.text(start, end) : sgr(attrs) + text.text(start, end) + RESET);
    at = end;
  }
  write(text.text(at, text.length));
}
