// A document as lwl shows it: the display text plus its sorted spans.
import { MemoryText, type Text } from './store.ts';
import { SpanList, TextTokens } from './spans.ts';
import { Hrefs } from './hrefs.ts';
import { FileText } from './filetext.ts';

export class Document {
  /** The text as displayed: link hrefs removed, escapes resolved, controls as tokens. */
  readonly text: Text;
  /** Link spans, `[text]` with its brackets, in document order. */
  readonly links = new SpanList();
  /** The hrefs as written, numbered in the order links were found (links.tag gives the number). */
  readonly hrefs: Hrefs;
  /** Hex tokens standing for bytes that must not reach the terminal: found in the text when asked. */
  readonly tokens: TextTokens;
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
  }

  /** True once the file was seen to change under us: what is shown may no longer be what it holds (R reloads). */
  get changed(): boolean {
    return this.text instanceof FileText && this.text.changed;
  }

  /** The href of link i, as written (escapes resolved). */
  href(i: number): string {
    return this.hrefs.get(this.links.tag(i));
  }
}
