// From the readers' RenderSink to a Document, and the Markdown and HTML
// readers behind the Reader interface (reader.ts): bytes in, in chunks.
// The document's text must be a MemoryText: what is shown is not the file's bytes.
import type { Document } from '../document.ts';
import type { Reader } from '../reader.ts';
import type { MemoryText } from '../store.ts';
import type { TextStyle } from '../styles.ts';
import { render as renderTokens } from '../tokens.ts';
import type { RenderSink, Style } from './render-sink.ts';
import { MarkdownBlocks, MarkdownRenderer } from './markdown.ts';
import { TextDecoder } from 'node:util';
import { HtmlReader as HtmlTreeReader, sniffEncoding } from './html.ts';

/** How each reader style is drawn: a role of the theme, or attributes where the theme has no role. */
export function textStyle(style: Style): TextStyle {
  switch (style) {
    case 'codeBlock':
    case 'formControl':
      return { role: 'code' };
    case 'rule':
      return { role: 'tableRule' };
    case 'term':
      return { role: 'strong' };
    default:
      if (style.startsWith('heading')) return { role: 'heading', level: Number(style.slice(7)) };
      return { role: style as TextStyle['role'] };
  }
}

const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/** Writes what a reader renders into a Document held in memory; offsets are UTF-8 bytes of the text. */
export class DocumentSink implements RenderSink {
  private readonly store: MemoryText;
  private link: { start: number; href: string } | null = null;
  private readonly styles: { start: number; style: Style }[] = [];
  /** The first <base href>, as written: the lead's resolver takes hrefs against it. */
  baseHref: string | null = null;

  constructor(readonly doc: Document) {
    this.store = doc.text as MemoryText;
  }

  text(s: string): void {
    if (s.length === 0) return;
    const bytes = Buffer.from(s, 'utf8');
    // Controls become hex tokens, as in every other kind: kept raw, rendered when read.
    if (CONTROL.test(s)) this.store.appendRendered(bytes, renderTokens(bytes, 0, bytes.length, null));
    else this.store.append(bytes);
  }

  openLink(href: string): void {
    this.link = { start: this.store.length, href };
  }

  closeLink(): void {
    const link = this.link;
    this.link = null;
    if (!link || this.store.length === link.start) return;
    const bytes = Buffer.from(link.href, 'utf8');
    this.doc.addLink(link.start, this.store.length, this.doc.hrefs.addBytes(bytes, 0, bytes.length));
  }

  openStyle(style: Style): void {
    this.styles.push({ start: this.store.length, style });
  }

  closeStyle(): void {
    const open = this.styles.pop();
    if (open) this.doc.addStyle(open.start, this.store.length, textStyle(open.style));
  }

  anchor(name: string): void {
    this.doc.addAnchor(name, this.store.length);
  }

  title(s: string): void {
    this.doc.title ??= s;
  }

  base(href: string): void {
    this.baseHref ??= href;
    this.doc.baseHref ??= href;
  }
}

/** Markdown (CommonMark + GFM) as a Reader: UTF-8 bytes in, rendered block by block as they settle. */
export class MarkdownDocReader implements Reader {
  readonly sink: DocumentSink;
  private readonly renderer: MarkdownRenderer;
  private readonly blocks = new MarkdownBlocks();
  private readonly decoder = new TextDecoder('utf-8');

  /** `wholeText`: the whole source when it is at hand (a file), so references resolve to definitions further on. */
  constructor(
    readonly doc: Document,
    wholeText?: string,
  ) {
    doc.kind = 'markdown';
    this.sink = new DocumentSink(doc);
    this.renderer = new MarkdownRenderer(this.sink);
    if (wholeText !== undefined) this.renderer.addDefinitions(wholeText);
  }

  write(chunk: Buffer): void {
    this.take(this.decoder.decode(chunk, { stream: true }));
  }

  writeOwned(chunk: Buffer): void {
    this.write(chunk);
  }

  private take(text: string): void {
    this.renderer.addDefinitions(text); // definitions before their use, when the whole text was not given
    this.blocks.write(text);
    for (let b = this.blocks.next(); b !== null; b = this.blocks.next()) this.renderer.renderBlock(b);
  }

  end(): void {
    this.take(this.decoder.decode());
    this.blocks.end();
    for (let b = this.blocks.next(); b !== null; b = this.blocks.next()) this.renderer.renderBlock(b);
    this.renderer.finish();
    this.doc.complete = true;
  }
}

/** HTML as a Reader: the encoding sniffed from the first bytes, then parsed and rendered as the tree settles. */
export class HtmlDocReader implements Reader {
  readonly sink: DocumentSink;
  private readonly reader: HtmlTreeReader;
  private decoder: TextDecoder | null = null;
  private encoding = 'utf-8';
  /** Bytes held until there are enough to sniff the encoding from. */
  private head: Buffer[] = [];
  private headLength = 0;

  /** `encoding`: what the Content-Type said, which beats the page's own <meta>. */
  constructor(
    readonly doc: Document,
    private readonly declared: string | null = null,
  ) {
    doc.kind = 'html';
    this.sink = new DocumentSink(doc);
    this.reader = new HtmlTreeReader(this.sink);
  }

  write(chunk: Buffer): void {
    if (this.decoder) return this.decode(chunk, false);
    this.head.push(Buffer.from(chunk));
    this.headLength += chunk.length;
    if (this.headLength >= 1024) this.startDecoding();
  }

  writeOwned(chunk: Buffer): void {
    this.write(chunk);
  }

  private startDecoding(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const sniffed = sniffEncoding(head);
    this.encoding = this.declared && sniffed.bomLength === 0 ? this.declared : sniffed.encoding;
    this.decoder = new TextDecoder(this.encoding);
    this.decode(head.subarray(sniffed.bomLength), false);
  }

  private decode(bytes: Uint8Array, final: boolean): void {
    // Always streaming, the final flush too: Node 20's one-shot windows-1252 decode is ISO-8859-1's (see decodeBytes).
    const text = this.decoder!.decode(bytes, { stream: true }) + (final ? this.decoder!.decode() : '');
    this.reader.write(text);
  }

  end(): void {
    if (!this.decoder) this.startDecoding();
    this.decode(new Uint8Array(0), true);
    this.reader.end();
    this.doc.complete = true;
  }
}
