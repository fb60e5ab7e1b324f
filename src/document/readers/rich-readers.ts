// From the readers' RenderTarget to a Document (the DocumentBuilder), and the Markdown and HTML
// readers behind the Reader interface (reader.ts): bytes in, in chunks.
// The document's text must be a MemoryText: what is shown is not the file's bytes.
import type { Document } from '../document.ts';
import type { Reader } from '../reader.ts';
import type { MemoryText } from '../store.ts';
import type { CodeRole, TextStyle } from '../styles.ts';
import { CodeHighlights } from './code-highlights.ts';
import { render as renderTokens } from '../hex-tokens.ts';
import type { RenderTarget, Style } from './render-target.ts';
import { MarkdownBlocks, MarkdownRenderer, parse } from './markdown.ts';
import { workerParses, type BlockParses } from './markdown-worker.ts';
import { slowToParse } from './markdown-parse.ts';
import type * as md from 'mdast';
import { TextDecoder } from 'node:util';
import { HtmlReader as HtmlTreeReader } from './html.ts';
import { Forms } from '../forms.ts';
import { eagerScreen } from '../../startup/eager-screen.ts';

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
/** Text written is held until this many bytes are, then stored as one chunk: a chunk each word costs more than the words. */
const HELD_MOST = 16 * 1024;

/** Writes what a reader renders into a Document held in memory; offsets are UTF-8 bytes of the text. */
export class DocumentBuilder implements RenderTarget {
  private readonly store: MemoryText;
  /** Screen rows the text takes at eagerScreen's width, so far (the last line counted as it ends), up to a screen's. */
  rows = 0;
  private lineLength = 0;
  private link: { start: number; href: string } | null = null;
  private readonly styles: { start: number; style: Style; code?: { language: string; linePrefix: string } }[] = [];
  /** The code blocks that name a language, highlighted when drawn: made with the first. */
  private code: CodeHighlights | null = null;
  /** Each reader style's number in the document's style table, once it has been used. */
  private readonly styleNumbers = new Map<Style, number>();
  /** Where the hanging indent being written started, or -1. */
  private hangingFrom = -1;
  /** Text written and not yet stored (see flush), and its length in bytes. */
  private held: string[] = [];
  private heldBytes = 0;
  /** The first <base href>, as written: the lead's resolver takes hrefs against it. */
  baseHref: string | null = null;

  constructor(readonly doc: Document) {
    this.store = doc.text as MemoryText;
  }

  /** The text's length so far, stored or held. */
  private get length(): number {
    return this.store.length + this.heldBytes;
  }

  text(s: string): void {
    if (s.length === 0) return;
    this.countRows(s);
    // Controls become hex tokens, as in every other kind: kept raw, rendered when read.
    if (CONTROL.test(s)) {
      this.flush();
      const bytes = Buffer.from(s, 'utf8');
      this.store.appendRendered(bytes, renderTokens(bytes, 0, bytes.length, null));
      return;
    }
    this.held.push(s);
    this.heldBytes += Buffer.byteLength(s);
    if (this.heldBytes >= HELD_MOST) this.flush();
  }

  /**
   * Stores the text held: the document shows it. The reader flushes at the end
   * of each turn of work, not of each piece: a chunk a piece, a short one
   * each, cost half as much again as their text.
   */
  flush(): void {
    if (this.heldBytes === 0) return;
    this.store.append(Buffer.from(this.held.join(''), 'utf8'));
    this.held = [];
    this.heldBytes = 0;
  }

  private countRows(s: string): void {
    // Counted only as far as the first screen needs.
    if (this.rows >= eagerScreen().rows) return;
    let at = 0;
    for (let nl = s.indexOf('\n'); nl >= 0; nl = s.indexOf('\n', at)) {
      this.lineLength += nl - at;
      this.rows += Math.max(1, Math.ceil(this.lineLength / eagerScreen().cols));
      this.lineLength = 0;
      at = nl + 1;
    }
    this.lineLength += s.length - at;
  }

  openLink(href: string): void {
    this.link = { start: this.length, href };
  }

  closeLink(): void {
    const link = this.link;
    this.link = null;
    if (!link || this.length === link.start) return;
    // A field's link: its href is its form's action, and its number says which field it is.
    const field = this.doc.forms?.unmark(link.href) ?? null;
    const bytes = Buffer.from(field ? field.href : link.href, 'utf8');
    const href = this.doc.hrefs.addBytes(bytes, 0, bytes.length);
    if (field) this.doc.forms!.linked(href, field.field);
    this.doc.addLink(link.start, this.length, href);
  }

  openStyle(style: Style): void {
    this.styles.push({ start: this.length, style });
  }

  closeStyle(): void {
    const open = this.styles.pop();
    if (!open || this.length === open.start) return;
    // Code in a language: its look (the code colour, or highlighted) comes from the highlights when drawn.
    if (open.code) return this.highlights().add(open.start, this.length, open.code.language, open.code.linePrefix);
    this.doc.styles.add(open.start, this.length, this.styleNumber(open.style));
  }

  openCode(language: string, linePrefix: string): void {
    this.styles.push({ start: this.length, style: 'codeBlock', code: { language, linePrefix } });
  }

  /** A reader style's number in the document's style table. */
  private styleNumber(style: Style): number {
    let number = this.styleNumbers.get(style);
    if (number === undefined) this.styleNumbers.set(style, (number = this.doc.styleTable.add(textStyle(style))));
    return number;
  }

  private highlights(): CodeHighlights {
    if (!this.code) {
      const numbers = new Map<string, number>();
      const styleOf = (role: CodeRole | 'code') => {
        let n = numbers.get(role);
        if (n === undefined) numbers.set(role, (n = role === 'code' ? this.styleNumber('codeBlock') : this.doc.styleTable.add({ role })));
        return n;
      };
      this.code = new CodeHighlights(this.doc.text, styleOf);
      this.doc.styleSource = this.code;
      // The screen asks for style spans only of a document with styles in its table: code's are added as it is drawn.
      styleOf('code');
    }
    return this.code;
  }

  anchor(name: string): void {
    this.doc.addAnchor(name, this.length);
  }

  openHangingIndent(): void {
    this.hangingFrom = this.length;
  }

  closeHangingIndent(cells: number): void {
    if (this.hangingFrom >= 0 && this.length > this.hangingFrom) this.doc.hangingIndents.add(this.hangingFrom, this.length, cells);
    this.hangingFrom = -1;
  }

  title(s: string): void {
    this.doc.title ??= s;
  }

  base(href: string): void {
    this.baseHref ??= href;
    this.doc.baseHref ??= href;
  }

  refresh(seconds: number, href: string): void {
    this.doc.refresh ??= { seconds, href };
  }
}

/**
 * HTML is fed to its parser in pieces of this many bytes, one piece a turn of
 * work: small, so that the tree a piece makes is written and let go before the
 * young generation is next collected (larger, it outlived it, and its garbage
 * grew the old generation to four times what it kept).
 */
const HTML_PIECE = 2 * 1024;

/**
 * A reader whose rendering is paced: the input is cut into pieces as it comes,
 * the first pieces are rendered at once (the first screen), and the rest is
 * held back and rendered by work(), in slices the loader gives between keys,
 * as the screen needs it. The document is complete when the input has ended
 * and nothing is held back.
 */
abstract class PacedReader implements Reader {
  abstract readonly target: DocumentBuilder;
  private readonly pending: string[] = [];
  private pendingAt = 0;
  private inputEnded = false;
  private finished = false;

  constructor(readonly doc: Document) {}

  /** Takes the text of a chunk: queues its pieces with take(). */
  protected abstract decodeChunk(chunk: Buffer): void;
  /** The input has ended: queues what was held back. */
  protected abstract decodeEnd(): void;
  /** Renders one piece. */
  protected abstract render(piece: string): void;
  /** Ends the rendering, once every piece is rendered. */
  protected abstract finishRender(): void;

  protected take(piece: string): void {
    this.pending.push(piece);
  }

  write(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    this.decodeChunk(chunk);
    // The first screen's text at once; the rest when work() is given time.
    while (this.pendingAt < this.pending.length && this.target.rows < eagerScreen().rows) this.renderNext();
    this.target.flush();
  }

  writeOwned(chunk: Buffer): void {
    this.write(chunk);
  }

  end(): void {
    this.decodeEnd();
    this.inputEnded = true;
    this.settle();
  }

  backlog(): boolean {
    return !this.finished && (this.pendingAt < this.pending.length || this.inputEnded);
  }

  work(until: number): void {
    do {
      if (this.pendingAt >= this.pending.length || !this.canRender(until)) break;
      this.renderNext();
    } while (Date.now() < until);
    this.target.flush();
    this.settle();
  }

  /** Whether the next piece can be rendered now, waiting until `until` at most (for a worker's parse); pieces rendered here always can. */
  protected canRender(_until: number): boolean {
    return true;
  }

  /** The piece held back `i` places after the next one to render (0: that one), or undefined. */
  protected heldBack(i: number): string | undefined {
    return this.pending[this.pendingAt + i];
  }

  private renderNext(): void {
    const piece = this.pending[this.pendingAt];
    this.pending[this.pendingAt++] = '';
    if (this.pendingAt > 1024 && this.pendingAt * 2 > this.pending.length) {
      this.pending.splice(0, this.pendingAt);
      this.pendingAt = 0;
    }
    this.render(piece);
  }

  /** At the end of the input with nothing held back: the document is complete. */
  private settle(): void {
    if (this.finished || !this.inputEnded || this.pendingAt < this.pending.length) return;
    this.finished = true;
    this.finishRender();
    this.target.flush();
    this.doc.complete = true;
  }
}

/** Text sent to the Markdown worker and not yet rendered, at most (and as many blocks): the trees waiting take memory. */
const IN_FLIGHT_TEXT = 256 * 1024;
const IN_FLIGHT_BLOCKS = 64;
/**
 * Markdown (CommonMark + GFM) as a Reader: UTF-8 bytes in, cut into blocks,
 * each rendered when its turn comes. The blocks of the first screen, and the
 * quick ones, are parsed here; those slow to parse (slowToParse: long, or
 * dense in marks) after it in the Markdown worker (markdown-worker.ts), a few
 * ahead, when there is one, and their trees rendered here in order. A worker
 * costs some 20 MiB: most documents start none.
 */
export class MarkdownDocReader extends PacedReader {
  readonly target: DocumentBuilder;
  private readonly renderer: MarkdownRenderer;
  private readonly blocks = new MarkdownBlocks();
  private readonly decoder = new TextDecoder('utf-8');
  private readonly wholeGiven: boolean;
  /** The channel to the worker: undefined until asked for (past the first screen), null if there is none. */
  private parses: BlockParses | null | undefined;
  /** For each block held back from the next one on, as far as decided: the text sent to the worker, or null (rendered here). */
  private readonly ahead: (string | null)[] = [];
  private aheadText = 0;
  /** The tree of the next block, taken from the worker (null: parse it here). */
  private arrived: md.Root | null | undefined;

  private readonly openParses: () => BlockParses | null;
  private readonly slow: (block: string) => boolean;

  /**
   * `wholeText`: the whole source when it is at hand (a file), so references
   * resolve to definitions further on: whole, or in pieces cut after blank
   * lines (the loader's). The tests give a worker's channel of their own
   * (`parses`), and may send other blocks to it (`slow`).
   */
  constructor(doc: Document, wholeText?: string | Iterable<string>, { parses = workerParses, slow = slowToParse }: { parses?: () => BlockParses | null; slow?: (block: string) => boolean } = {}) {
    super(doc);
    this.openParses = parses;
    this.slow = slow;
    doc.kind = 'markdown';
    this.target = new DocumentBuilder(doc);
    this.renderer = new MarkdownRenderer(this.target);
    this.wholeGiven = wholeText !== undefined;
    if (typeof wholeText === 'string') this.renderer.addDefinitions(wholeText);
    else if (wholeText !== undefined) for (const piece of wholeText) this.renderer.addDefinitions(piece);
  }

  protected decodeChunk(chunk: Buffer): void {
    this.cut(this.decoder.decode(chunk, { stream: true }));
  }

  protected decodeEnd(): void {
    this.cut(this.decoder.decode());
    this.blocks.end();
    for (let b = this.blocks.next(); b !== null; b = this.blocks.next()) this.take(b);
  }

  private cut(text: string): void {
    // Definitions before their use, as far as the text has come, when the whole text was not given.
    if (!this.wholeGiven) this.renderer.addDefinitions(text);
    this.blocks.write(text);
    for (let b = this.blocks.next(); b !== null; b = this.blocks.next()) this.take(b);
  }

  protected canRender(until: number): boolean {
    if (this.ahead.length === 0) this.sendAhead(until);
    if (this.ahead.length === 0 || this.ahead[0] === null || this.arrived !== undefined) return true;
    if (this.parses) {
      this.sendAhead(until); // the worker kept busy while this waits
      this.arrived = this.parses.next(until === Infinity ? 0 : until);
      if (this.arrived !== undefined) return true;
      if (until !== Infinity) return false;
      // A whole read (a pipe's, --links) waits for no worker: the blocks sent are parsed here, and the channel is left (its trees go nowhere).
      this.parses = null;
    }
    this.arrived = null;
    return true;
  }

  /**
   * Decides the next blocks not yet decided, as far as IN_FLIGHT_TEXT allows:
   * a slow one is sent to the worker, a quick one is parsed here (a few
   * milliseconds at most). None for a whole read (a pipe's, --links).
   */
  private sendAhead(until: number): void {
    if (until === Infinity || this.parses === null) return;
    while (this.aheadText < IN_FLIGHT_TEXT && this.ahead.length < IN_FLIGHT_BLOCKS) {
      const block = this.heldBack(this.ahead.length);
      if (block === undefined) return;
      if (!this.slow(block) || this.renderer.needsNoParser(block)) {
        this.ahead.push(null);
        continue;
      }
      this.parses ??= this.openParses();
      if (this.parses === null || this.parses.failed) return;
      const text = this.renderer.parseText(block);
      if (text !== null) {
        this.parses.send(text);
        this.aheadText += text.length;
      }
      this.ahead.push(text);
    }
  }

  protected render(block: string): void {
    const sent = this.ahead.shift();
    if (sent === undefined || sent === null) return this.renderer.renderBlock(block);
    this.aheadText -= sent.length;
    const tree = this.arrived;
    this.arrived = undefined;
    // Rendered before its tree was taken (only the first screen's write does so): the trees still to come would be out of step.
    if (tree === undefined) this.parses = null;
    // What it is parsed as now, in order: a definition in the blocks just before (the index missed) may change it.
    this.renderer.renderParsed(block, (text) => (tree && text === sent ? tree : parse(text)));
  }

  protected finishRender(): void {
    this.renderer.finish();
  }
}

/** HTML as a Reader: its UTF-8 (the Loader decoded any other charset) parsed and rendered, a piece at a time, as the tree settles. */
export class HtmlDocReader extends PacedReader {
  readonly target: DocumentBuilder;
  private readonly reader: HtmlTreeReader;
  /** Drops a byte order mark, and keeps a character split between chunks whole. */
  private readonly decoder = new TextDecoder('utf-8');

  constructor(doc: Document) {
    super(doc);
    doc.kind = 'html';
    this.target = new DocumentBuilder(doc);
    this.reader = new HtmlTreeReader(this.target, { forms: (doc.forms = new Forms()) });
  }

  protected decodeChunk(chunk: Buffer): void {
    this.decode(chunk, false);
  }

  protected decodeEnd(): void {
    this.decode(new Uint8Array(0), true);
  }

  /**
   * Decodes a piece at a time: each a string of its own. A megabyte decoded
   * whole is a string outside V8's heap, which its slices kept whole until a
   * full collection, one that the memory it held did not call for.
   */
  private decode(bytes: Uint8Array, final: boolean): void {
    for (let at = 0; at < bytes.length; at += HTML_PIECE) {
      const text = this.decoder.decode(bytes.subarray(at, at + HTML_PIECE), { stream: true });
      if (text.length > 0) this.take(text);
    }
    if (!final) return;
    const rest = this.decoder.decode();
    if (rest.length > 0) this.take(rest);
  }

  protected render(piece: string): void {
    this.reader.write(piece);
  }

  protected finishRender(): void {
    this.reader.end();
  }
}
