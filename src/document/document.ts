// A document as lwl shows it: the display text plus its sorted spans.
import { MemoryText, type Text } from './store.ts';
import { SpanList } from './spans.ts';

export class Document {
  /** The text as displayed: link hrefs removed, escapes resolved, controls as tokens. */
  readonly text: Text;
  /** Link spans, `[text]` with its brackets, in document order. */
  readonly links = new SpanList();
  /** The href written for each link, parallel to `links`. */
  readonly hrefs: string[] = [];
  /** Hex tokens standing for bytes that must not reach the terminal. */
  readonly tokens = new SpanList();
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
  }

  addLink(start: number, end: number, href: string): void {
    const i = this.links.add(start, end);
    if (i === this.hrefs.length) this.hrefs.push(href);
    else this.hrefs.splice(i, 0, href);
  }
}
