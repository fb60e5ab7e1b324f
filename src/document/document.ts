// A document as lwl shows it: the display text plus its sorted spans.
import { MemoryText, type Text } from './store.ts';
import { SpanList, TextTokens } from './spans.ts';
import { Hrefs } from './href-store.ts';
import { FileText } from './filetext.ts';
import { StyleTable, type TextStyle } from './styles.ts';
import { StyleSpans, type StyleSource } from './stylespans.ts';
import type { Kind } from './readers/kind-names.ts';
import type { Forms } from './forms.ts';

export class Document {
  /** The text as displayed: link hrefs removed, escapes resolved, controls as tokens. */
  readonly text: Text;
  /** Link spans, `[text]` with its brackets, in document order. */
  readonly links = new SpanList();
  /** The hrefs as written, numbered in the order links were found (links.tag gives the number). */
  readonly hrefs: Hrefs;
  /** Hex tokens standing for bytes that must not reach the terminal: found in the text when asked. */
  readonly tokens: TextTokens;
  /** Styled runs of the text that readers add (roles in markup, overstrike): the tag is the style's number in styleTable. */
  readonly styles = new SpanList();
  readonly styleTable = new StyleTable();
  /**
   * Hanging indents: a line's prefix (quote bars, list markers, a definition's
   * indent, as the Markdown and HTML readers write them) that the rows the line
   * wraps to are drawn behind; the tag is the column those rows start at. Each
   * starts a line.
   */
  readonly hangingIndents = new SpanList();
  /** Styles found in the text when asked (SGR in program output's runs), if the reader keeps them there. */
  styleSource: StyleSource | null = null;
  /** All the style spans, as the screen asks for them: `styles` and those of styleSource. */
  readonly styleSpans = new StyleSpans(this.styles, () => this.styleSource);
  /** Places the document names (HTML id and name, markdown heading slugs): fragment targets for Enter. */
  readonly anchors = new Map<string, number>();
  /** An HTML document's first <base href>, as written, from its parsed tree. */
  baseHref: string | null = null;
  /** An HTML document's forms and fields (each field that shows is one of the links). */
  forms: Forms | null = null;
  /** The document's title (HTML <title>, the first heading of markdown), if it has one. */
  title: string | null = null;
  /** An HTML document's first <meta http-equiv=refresh>: its wait, and its target as written ('' the page itself). */
  refresh: { seconds: number; href: string } | null = null;
  /** The kind of input this was read as (its reader sets it). */
  kind: Kind = 'markup';
  /** The last part of a longer text, read on its own (G before the whole file is read): its place in the whole is not known. */
  endWindow = false;
  /** True once the whole input has been read and parsed. */
  complete = false;
  /** Bytes of input read so far, and the total when known (for progress). */
  bytesRead = 0;
  bytesTotal: number | null = null;

  /** `text`: where the text is kept; in memory unless a FileText is given. */
  constructor(
    readonly name: string,
    text?: Text,
  ) {
    this.text = text ?? new MemoryText();
    this.tokens = new TextTokens(this.text);
    this.hrefs = new Hrefs(text instanceof FileText ? text.fd : null);
  }

  /** Adds a link whose href was numbered `href` by this.hrefs. */
  addLink(start: number, end: number, href: number): void {
    this.links.add(start, end, href);
    if (this.text instanceof FileText) this.hrefs.atLinkEnd(href, this.text.fileEnd(end));
  }

  /** Marks [start, end) as shown in a style. */
  addStyle(start: number, end: number, style: TextStyle): void {
    if (end > start) this.styles.add(start, end, this.styleTable.add(style));
  }

  /** Names a place: the first definition of a name wins, as in HTML. */
  addAnchor(name: string, offset: number): void {
    if (!this.anchors.has(name)) this.anchors.set(name, offset);
  }

  /** True once the file was seen to change under us: what is shown may no longer be what it holds (r reads it again). */
  get changed(): boolean {
    return this.text instanceof FileText && this.text.changed;
  }

  /** The href of link i, as written (escapes resolved). */
  href(i: number): string {
    return this.hrefs.get(this.links.tag(i), () => (this.text as FileText).fileEnd(this.links.end(i)));
  }
}
