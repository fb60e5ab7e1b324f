// The Markdown reader: CommonMark with GitHub's extensions (tables, task
// lists, strikethrough, autolinks, footnotes), parsed by micromark through
// mdast-util-from-markdown, rendered as a GitHub README reads: styles instead
// of markup, list markers, aligned tables, code exactly as written.
//
// Big files: the source is cut into blocks at blank lines outside fenced code
// and HTML blocks (MarkdownBlocks), and each block is parsed on its own, so the
// first screen needs only the first blocks; the simple pieces of a block
// (plain paragraphs, headings, tight lists, tables, fenced code) need no parser
// at all (markdown-simple.ts). Reference definitions may be anywhere: a cheap
// scan finds where they may be (DefinitionIndex, markdown-definitions.ts), and
// each block is parsed with the definitions it uses appended, so `[text][ref]`
// resolves; footnotes the same way, with stand-ins for their definitions
// (footnotes.ts).
import type * as md from 'mdast';
import { definitionKey, LONGEST_PARSED, parse } from './markdown-parse.ts';
import { DefinitionIndex, type Definition } from './markdown-definitions.ts';
import { BlockWriter, QUOTE_BAR } from './layout.ts';
import { HEADING_STYLES, RenderCollector, type RenderTarget } from './render-target.ts';
import { writeTable } from './table.ts';
import { attr, parseTag, SCRIPT_MARKS, writeHtmlFragment } from './html.ts';
import { backLinkText, footnoteStandIn, Footnotes, isNoteStandIn, noteAnchor, referenceAnchor } from './footnotes.ts';
import { languageOf } from './code-tokens.ts';
import { simpleTree } from './markdown-simple.ts';

export { definitionKey, parse } from './markdown-parse.ts';
export { DEFINITION_START, DefinitionIndex, type Definition } from './markdown-definitions.ts';

export interface MarkdownOptions {
  /** Tables wider than this are wrapped in their cells. */
  tableWidth?: number;
}

/** A fence opener: up to 3 spaces, then ``` or ~~~ (at least 3). */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** HTML blocks that may hold blank lines (CommonMark's kinds 1 to 5), with what ends each. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;
/**
 * Blocks are gathered up to about this size before a cut: each parse has a cost
 * of its own (0.15 ms), which many tiny blocks would pay over and over; but a
 * bigger block's parse makes garbage that outlives the young generation (16
 * KiB blocks: the old generation grew to three times what it kept).
 */
const SLICE = 1024;
/** The first blocks are cut small (at every blank line that can be cut, up to this much text), so the first screen parses little. */
const FIRST_BLOCKS = 16 * 1024;
/**
 * Containers (block quotes, list items) nested deeper than this on a line make
 * its block shown as written: the parser's time grows with the cube of the
 * depth (49 s for 10,000 `- `), and the tree's walks overflow the stack.
 * markdown-it stops at 100 too.
 */
const DEEPEST_PARSED = 100;
/** One container at a line's start: a quote's `>`, a list marker and its space, or two columns of indentation. */
const CONTAINER = />[ \t]?|[-+*][ \t]+|\d{1,9}[.)][ \t]+| {2}|\t/y;

/** Whether a line of `source` starts with more than DEEPEST_PARSED containers. */
function nestsTooDeep(source: string): boolean {
  for (let at = 0; at < source.length; at = source.indexOf('\n', at) + 1 || source.length) {
    let depth = 0;
    CONTAINER.lastIndex = at;
    while (CONTAINER.exec(source) !== null) if (++depth > DEEPEST_PARSED) return true;
  }
  return false;
}

/** A fenced code block or an HTML block at a block's start: the parser is quick on these whatever their length. */
const QUICK_START = /^ {0,3}(```|~~~|<)/;

/**
 * Whether the blocks lately cut are all simple pieces or all not (as their
 * cutter found): a fact of their text, which needsNoParser then need not find
 * again; dropped when the block is rendered. Kept for blocks of at most
 * BLOCK_KINDS_TEXT in all (those of a chunk or two waiting), not to keep the
 * text of blocks rendered elsewhere (the worker's).
 */
const blockKinds = new Map<string, { simple: boolean; waiting: number }>();
let blockKindsText = 0;
const BLOCK_KINDS_TEXT = 2 * 1024 * 1024;

function knownBlock(block: string, simple: boolean): string {
  if (blockKindsText > BLOCK_KINDS_TEXT) {
    blockKinds.clear();
    blockKindsText = 0;
  }
  const known = blockKinds.get(block);
  if (known) {
    known.waiting++; // the same text again (a README repeated)
  } else {
    blockKinds.set(block, { simple, waiting: 1 });
    blockKindsText += block.length;
  }
  return block;
}

/** How much text the cutter's findings (blockKinds) hold. */
export function blockKindsHeld(): number {
  return blockKindsText;
}

/** What the cutter found of a block about to be rendered (blockKinds), forgotten now. */
function takenKind(block: string): boolean | undefined {
  const known = blockKinds.get(block);
  if (known && --known.waiting === 0) {
    blockKinds.delete(block);
    blockKindsText -= block.length;
  }
  return known?.simple;
}

/** A block's pieces: cut at every blank line that can be cut, as markdown-simple.ts takes them. */
function piecesOf(source: string): string[] {
  const cutter = new MarkdownBlocks(0, false);
  cutter.write(source);
  cutter.end();
  const pieces: string[] = [];
  for (let piece = cutter.next(); piece !== null; piece = cutter.next()) pieces.push(piece);
  return pieces;
}

/** Whether a block is shown as written, not parsed: too long (LONGEST_PARSED) or too deep (DEEPEST_PARSED), or a part of one. */
function showsAsWritten(source: string): boolean {
  return isPart(source) || (source.length > LONGEST_PARSED && !QUICK_START.test(source)) || nestsTooDeep(source);
}

function isPart(source: string): boolean {
  return source[0] === PART || source[0] === LAST_PART;
}

/** How many line ends a text ends with. */
function trailingNewlines(text: string): number {
  let count = 0;
  while (count < text.length && text[text.length - 1 - count] === '\n') count++;
  return count;
}
/** A block bigger than this is cut at the next blank line whatever comes after it. */
const MAX_BLOCK = 256 * 1024;
/** MarkdownBlocks keeps at most about twice this much text in its buffer, and takes text this much at a time. */
const BUFFERED = 32 * 1024;
/**
 * What starts each part of a block handed out in parts (MarkdownBlocks'
 * inParts), and its last part: code units decoded text never holds (lone
 * surrogates), so no block of the text can be taken for one.
 */
const PART = '\udc01';
const LAST_PART = '\udc02';
/**
 * What starts a block that goes on with the list the block before it ended
 * with (a long tight bullet list cut between its items, MarkdownBlocks): its
 * items follow with no gap.
 */
const LIST_GOES_ON = '\udc03';
/**
 * A bullet list's item at the margin with text after its marker (not an empty
 * item, which may be something else). Numbered lists are not cut: their
 * numbers are aligned to the widest, which only the whole list knows.
 */
const MARGIN_ITEM = /^([-+*])[ \t]+\S/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** A tight list is cut between its items once its block holds this much (the parser's time and memory on a block grow faster than its length). */
const ITEMS_LEAST = 1024;

/** The bullet of a line that starts a bullet list's item at the margin, or null. */
function marginItemMark(line: string): string | null {
  const m = MARGIN_ITEM.exec(line);
  return m && !THEMATIC_BREAK.test(line) ? m[1] : null;
}

/** Whether a block goes on with the list before it (LIST_GOES_ON). */
export function goesOnWithList(block: string): boolean {
  return block[0] === LIST_GOES_ON;
}

/** A block's Markdown, without the mark of a block that goes on with the list before it. */
function markdownOf(block: string): string {
  return goesOnWithList(block) ? block.slice(1) : block;
}

/**
 * Cuts Markdown text, fed in chunks, into blocks that parse the same alone as
 * in the whole: at a blank line outside fenced code and HTML blocks, when the
 * next line starts at the margin and does not continue a list (a list marker
 * or indented text after the blank line may belong to the list before it).
 */
export class MarkdownBlocks {
  /**
   * `slice`: the least size of a block (its end is the first good cut after it); 0 cuts at every blank line that can be cut.
   * `inParts`: a block that will be shown as written (longer than LONGEST_PARSED, and not
   * code or HTML) is handed out in parts as it comes (writtenPart), not whole at its end;
   * and a block is cut where its pieces change from simple (markdown-simple.ts) to not or
   * back, so that a block rendered without the parser needs no worker, and one sent to the
   * worker holds no text it need not parse.
   */
  constructor(
    private readonly slice = SLICE,
    private readonly inParts = true,
  ) {}

  /** Where the last piece of the block (from its last point that can be cut) starts in the buffer, and whether the pieces before it are simple (null: none yet). */
  private pieceStart = 0;
  private simpleSoFar: boolean | null = null;

  /** Text from the block's start (or from the end of `head`) on, the last line maybe not whole yet. */
  private buffer = '';
  /** Where the scan stopped in the buffer (a line start). */
  private scanned = 0;
  private blockStart = 0;
  /**
   * The block's start, scanned, when it has grown long (a block with no blank
   * line to cut at): out of the buffer, so that a chunk added to the buffer
   * does not copy all of it again. Joined when the block is cut.
   */
  private head: string[] = [];
  private headLength = 0;
  /** How much of the block was handed out in parts (inParts), if it is. */
  private partsLength = 0;
  private fence: { char: string; length: number } | null = null;
  private htmlEnd: RegExp | null = null;
  private afterBlank = false;
  /** The last line at the margin started a list item: a marker after a blank line may go on with that list. */
  private inList = false;
  /** The marker of the tight list the block starts with, while it may be cut between its items (no blank line in it yet); else null. */
  private listMark: string | null = null;
  /** The block being cut goes on with the list the block before it ended with. */
  private blockGoesOn = false;
  private readonly ready: string[] = [];
  /** Text cut into blocks so far (the first FIRST_BLOCKS of it in small blocks). */
  private cutSoFar = 0;

  write(chunk: string): void {
    // A window at a time: each join of the buffer and new text is copied by V8 when scanned, and a small copy is short-lived garbage.
    for (let at = 0; at < chunk.length; at += BUFFERED) {
      this.buffer += chunk.length <= BUFFERED ? chunk : chunk.slice(at, at + BUFFERED);
      this.scan(false);
    }
  }

  end(): void {
    this.scan(true);
    if (this.blockStart < this.buffer.length || this.headLength > 0 || this.partsLength > 0) this.ready.push(this.takeBlock(this.buffer.length));
    this.buffer = '';
    this.scanned = this.blockStart = 0;
  }

  /** At a point that can be cut: cuts before the piece that ends here if it is simple and those before it not, or the other way. */
  private cutWhereSimpleChanges(at: number): void {
    // A long block's start is out of the buffer: not cut again.
    if (this.headLength > 0 || this.partsLength > 0 || this.pieceStart < this.blockStart) return;
    const simple = simpleTree(this.buffer.slice(this.pieceStart, at)) !== null;
    const before = this.simpleSoFar;
    if (before !== null && simple !== before) {
      this.cutSoFar += this.pieceStart - this.blockStart;
      this.ready.push(knownBlock(this.takeBlock(this.pieceStart), before));
    }
    this.simpleSoFar = simple;
    this.pieceStart = at;
  }

  /** The block from its start to `end` in the buffer (or its last part); the next one starts there. */
  private takeBlock(end: number): string {
    const tail = this.buffer.slice(this.blockStart, end);
    const whole = this.partsLength > 0 ? LAST_PART + tail : this.headLength > 0 ? this.head.join('') + tail : tail;
    const block = this.blockGoesOn && this.partsLength === 0 ? LIST_GOES_ON + whole : whole;
    this.blockGoesOn = false;
    this.head = [];
    this.headLength = this.partsLength = 0;
    this.blockStart = end;
    if (this.pieceStart <= end) {
      this.pieceStart = end;
      this.simpleSoFar = null;
    }
    return block;
  }

  /** The next complete block, or null until more input comes. */
  next(): string | null {
    return this.ready.shift() ?? null;
  }

  private scan(final: boolean): void {
    const buf = this.buffer;
    let at = this.scanned;
    while (at < buf.length) {
      let nl = buf.indexOf('\n', at);
      if (nl < 0) {
        if (!final) break;
        nl = buf.length;
      }
      const line = buf.slice(at, nl);
      const blank = /^[ \t]*\r?$/.test(line);
      if (this.fence) {
        const close = FENCE.exec(line);
        if (close && close[1][0] === this.fence.char && close[1].length >= this.fence.length && /^[`~]*[ \t]*\r?$/.test(line.trimStart())) this.fence = null;
      } else if (this.htmlEnd) {
        if (this.htmlEnd.test(line)) this.htmlEnd = null;
      } else if (blank) {
        this.afterBlank = true;
        this.listMark = null;
      } else {
        const least = this.cutSoFar < FIRST_BLOCKS ? 1 : Math.max(1, this.slice);
        const mark = this.inParts ? marginItemMark(line) : null;
        if (mark !== null && mark === this.listMark && !this.afterBlank && this.headLength + at - this.blockStart >= Math.max(least, ITEMS_LEAST)) {
          // Between two items of a tight list: the next block goes on with it.
          this.cutSoFar += this.headLength + at - this.blockStart;
          this.ready.push(this.takeBlock(at));
          this.blockGoesOn = true;
        }
        // A point the blocks can be cut at: a new block could start here.
        const blockMayStart = this.afterBlank && this.canCutBefore(line, this.partsLength + this.headLength + at - this.blockStart);
        if (blockMayStart) {
          if (this.inParts) this.cutWhereSimpleChanges(at);
          const length = this.partsLength + this.headLength + at - this.blockStart;
          if (length >= least) {
            this.cutSoFar += length;
            // Its pieces were all looked at (cutWhereSimpleChanges) if the last one ends here.
            const looked = this.inParts && this.pieceStart === at && this.simpleSoFar !== null;
            const simple = this.simpleSoFar;
            const block = this.takeBlock(at);
            this.ready.push(looked ? knownBlock(block, simple!) : block);
          }
        }
        // The list is followed while its lines are its items or indented under them; any other line at the margin (a heading, a lazy line) ends the cutting.
        if (blockMayStart || (at === this.blockStart && this.headLength === 0 && this.partsLength === 0) || (mark === null && !/^[ \t]/.test(line))) this.listMark = mark;
        this.afterBlank = false;
        if (!/^[ \t]/.test(line)) this.inList = LIST_ITEM.test(line);
        const fence = FENCE.exec(line);
        if (fence && !(fence[1][0] === '`' && line.slice(fence[0].length).includes('`'))) {
          this.fence = { char: fence[1][0], length: fence[1].length };
        } else {
          for (const [start, end] of HTML_BLOCKS) {
            if (start.test(line)) {
              if (!end.test(line.slice(line.search(/</) + 2))) this.htmlEnd = end;
              break;
            }
          }
        }
      }
      at = nl + 1;
    }
    this.scanned = Math.min(at, buf.length);
    // Keep the buffer small: drop what has been handed out, and move a long block's scanned lines to its head, or hand them out.
    if (this.scanned - this.blockStart > BUFFERED) {
      const lines = buf.slice(this.blockStart, this.scanned);
      if (this.inParts && (this.partsLength > 0 || (this.headLength === 0 && !QUICK_START.test(lines)))) {
        this.ready.push(PART + lines);
        this.partsLength += lines.length;
        this.blockGoesOn = false;
        this.listMark = null;
      } else {
        this.head.push(lines);
        this.headLength += lines.length;
      }
      this.blockStart = this.scanned;
    }
    if (this.blockStart > BUFFERED) {
      this.buffer = buf.slice(this.blockStart);
      this.scanned -= this.blockStart;
      this.pieceStart -= this.blockStart;
      this.blockStart = 0;
    }
  }

  private canCutBefore(line: string, blockLength: number): boolean {
    if (blockLength > MAX_BLOCK) return true;
    if (/^[ \t]/.test(line)) return false; // indented: list continuation or code
    return !(this.inList && LIST_ITEM.test(line)); // may continue the list before
  }
}

/** GitHub's heading slugs: lower case, punctuation dropped, spaces to `-`; repeats get `-1`, `-2`. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    let slug = base;
    let n = this.seen.get(base);
    if (n !== undefined) {
      do slug = `${base}-${++n}`;
      while (this.seen.has(slug));
      this.seen.set(base, n);
    }
    this.seen.set(slug, this.seen.get(slug) ?? 0);
    return slug;
  }
}

/** The plain text of a node, as GitHub takes it for a heading's slug. */
function plainText(node: md.Nodes): string {
  if ('value' in node && node.type !== 'html') return node.value;
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  if ('children' in node) return (node.children as md.Nodes[]).map(plainText).join('');
  return '';
}

const ALERT = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(?:\n|$)/i;

/** The title of a GitHub alert (`> [!NOTE]` on the quote's first line), taken out of the quote's text; null for a plain quote. */
function alertOf(quote: md.Blockquote): string | null {
  const first = quote.children[0];
  if (first?.type !== 'paragraph') return null;
  const text = first.children[0];
  if (text?.type !== 'text') return null;
  const m = ALERT.exec(text.value);
  if (!m) return null;
  text.value = text.value.slice(m[0].length);
  if (text.value === '' && first.children.length === 1) quote.children.shift();
  return m[1][0].toUpperCase() + m[1].slice(1).toLowerCase();
}

/** Labels in brackets that a block may use as references. */
const BRACKETED = /\[((?:[^\[\]\\]|\\[\s\S]){1,999})\]/g;

/**
 * Renders Markdown blocks, in order, to a target. State that runs across
 * blocks (heading slugs, list of definitions) lives here.
 */
export class MarkdownRenderer {
  private readonly slugger = new Slugger();
  private readonly w: BlockWriter;
  /** Paragraphs of a tight list item are apart by a line break, not a blank line. */
  private tight = false;
  private listDepth = 0;
  /** The block being rendered goes on with the list the one before ended with (goesOnWithList), until its first list. */
  private listGoesOn = false;

  constructor(
    target: RenderTarget,
    private readonly options: MarkdownOptions = {},
    /** Label key → definition, shared with the renderers of table cells. */
    readonly definitions = new Map<string, Definition>(),
    /** The footnotes' numbers and references, shared with them too. */
    private readonly footnotes = new Footnotes(),
  ) {
    this.w = new BlockWriter(target);
  }

  /** Where definitions may be, found cheaply (made with the first text given: a table cell's renderer has none); parsed when a block uses their label. */
  private index: DefinitionIndex | null = null;

  /** Learns where the definitions in a text may be (the whole source, or each text as it comes, before its blocks are rendered). */
  addDefinitions(source: string): void {
    (this.index ??= new DefinitionIndex()).add(source);
  }

  /** Whether a label key has a definition: known already, or found by the index (and then known). */
  private defined(key: string): boolean {
    if (this.definitions.has(key)) return true;
    const def = this.index?.resolve(key);
    if (def) this.definitions.set(key, def);
    return def !== undefined;
  }

  /** Footnotes known to be defined, by identifier (those not yet may be defined by text still to come). */
  private readonly notesDefined = new Set<string>();
  /** Footnotes a block referred to before their definition was read (a pipe's): those references show as written. */
  private readonly notesUnlinked = new Set<string>();

  private noteDefined(identifier: string): boolean {
    if (this.notesDefined.has(identifier)) return true;
    const defined = this.index?.definesNote(identifier) ?? false;
    if (defined) this.notesDefined.add(identifier);
    return defined;
  }

  /**
   * Renders one block (from MarkdownBlocks, or a whole small text): its
   * simple pieces (plain paragraphs and headings, markdown-simple.ts) made
   * without the parser, each run of the other pieces parsed.
   */
  renderBlock(block: string): void {
    const known = takenKind(block);
    if (isPart(block)) return this.renderPart(block);
    this.listGoesOn = goesOnWithList(block);
    const source = markdownOf(block);
    if (showsAsWritten(source)) return this.renderAsWritten(source);
    // No simple piece in it, as its cutter found: parsed whole.
    if (known === false) return this.renderTree(parse(this.withDefinitions(source)));
    let parsedFrom = 0;
    let at = 0;
    for (const piece of piecesOf(source)) {
      const simple = simpleTree(piece);
      if (simple) {
        if (parsedFrom < at) this.renderTree(parse(this.withDefinitions(source.slice(parsedFrom, at))));
        this.renderTree({ type: 'root', children: simple });
        parsedFrom = at + piece.length;
      }
      at += piece.length;
    }
    if (parsedFrom < at) this.renderTree(parse(this.withDefinitions(parsedFrom === 0 ? source : source.slice(parsedFrom))));
  }

  /**
   * Renders a block whose tree may have been made elsewhere (the Markdown
   * worker's, of the text parseText gave then): `treeOf` is asked for the tree
   * of what the block is parsed as now.
   */
  renderParsed(block: string, treeOf: (text: string) => md.Root): void {
    takenKind(block);
    const text = this.parseText(block);
    if (text === null) return this.renderAsWritten(block);
    this.listGoesOn = goesOnWithList(block);
    this.renderTree(treeOf(text));
  }

  /** Whether a block is shown as written or all simple pieces (markdown-simple.ts): rendered with no parser, it needs no worker. */
  needsNoParser(block: string): boolean {
    const known = blockKinds.get(block);
    if (known) return known.simple;
    const source = markdownOf(block);
    return showsAsWritten(source) || piecesOf(source).every((piece) => simpleTree(piece) !== null);
  }

  /**
   * What a block is parsed as: the block, with the definitions it uses
   * appended; null for a block shown as written, not parsed. Blocks are asked
   * in order, each after the trees before it are rendered (renderTree), as a
   * definition in one may be used by the next.
   */
  parseText(block: string): string | null {
    const source = markdownOf(block);
    return showsAsWritten(source) ? null : this.withDefinitions(source);
  }

  /** A text to parse with the definitions it uses appended (see parseText). */
  private withDefinitions(source: string): string {
    let appended = '';
    const used = new Set<string>();
    for (const m of source.matchAll(BRACKETED)) {
      const key = definitionKey(m[1]);
      // A footnote's reference, `[^label]`: its definition's stand-in, if it is defined anywhere.
      if (m[1][0] === '^') {
        const identifier = definitionKey(m[1].slice(1));
        if (used.has(key)) continue;
        used.add(key);
        if (this.noteDefined(identifier)) appended += footnoteStandIn(m[1]);
        else this.notesUnlinked.add(identifier);
        continue;
      }
      if (!used.has(key) && this.defined(key)) {
        used.add(key);
        appended += `\n\n[${m[1]}]: #\n`; // only makes the label known to the parser: the href is looked up here
      }
    }
    return appended ? source + appended : source;
  }

  /** Renders a block not parsed (parseText said null): its text as written. */
  renderAsWritten(block: string): void {
    if (isPart(block)) return this.renderPart(block);
    this.listGoesOn = false;
    this.w.block();
    this.w.write(markdownOf(block).replace(/\n+$/, ''));
    this.w.block();
  }

  /** The line ends at the end of the last part of a block shown in parts, written only if more text follows; -1 outside such a block. */
  private partNewlines = -1;

  /** A part of a block shown as written (MarkdownBlocks' inParts): as renderAsWritten shows the whole, a part at a time. */
  private renderPart(part: string): void {
    const w = this.w;
    if (this.partNewlines < 0) {
      w.block();
      this.partNewlines = 0;
    }
    const newlines = trailingNewlines(part);
    if (newlines < part.length - 1) {
      if (this.partNewlines > 0) w.write('\n'.repeat(this.partNewlines));
      w.write(part.slice(1, part.length - newlines));
      this.partNewlines = newlines;
    } else {
      this.partNewlines += newlines;
    }
    if (part[0] === LAST_PART) {
      w.block();
      this.partNewlines = -1;
    }
  }

  /** Renders the tree of a block's parseText, here or from the Markdown worker. */
  renderTree(tree: md.Root): void {
    for (const node of tree.children) {
      if (node.type === 'definition') {
        const key = node.identifier;
        if (!this.defined(key)) this.definitions.set(key, { url: node.url, title: node.title ?? null });
      } else if (node.type === 'footnoteDefinition') this.notesDefined.add(node.identifier);
    }
    for (const node of tree.children) this.block(node);
  }

  /** Ends the document. */
  finish(): void {
    this.w.finish();
  }

  private block(node: md.RootContent): void {
    const w = this.w;
    switch (node.type) {
      case 'paragraph':
        w.block(!this.tight);
        this.inlines(node.children);
        this.closeHtmlLink();
        return;
      case 'heading': {
        w.block();
        w.anchor(this.slugger.slug(plainText(node)));
        w.openStyle(HEADING_STYLES[node.depth - 1]);
        this.inlines(node.children);
        this.closeHtmlLink();
        w.closeStyle();
        w.block();
        return;
      }
      case 'thematicBreak':
        w.block();
        w.openStyle('rule');
        w.write('─'.repeat(40));
        w.closeStyle();
        w.block();
        return;
      case 'blockquote': {
        w.block();
        w.pushIndent(QUOTE_BAR, 'quote');
        const alert = alertOf(node);
        if (alert) {
          // GitHub's alert, `> [!NOTE]`: its kind as a title line, as GitHub shows it.
          w.openStyle('strong');
          w.write(alert);
          w.closeStyle();
          w.lineBreak();
        }
        this.blocks(node.children, false);
        w.popIndent();
        w.block();
        return;
      }
      case 'list':
        this.list(node);
        return;
      case 'code':
        w.block(!this.tight);
        w.openCode(languageOf(node.lang));
        w.write(node.value);
        w.closeStyle();
        w.block(!this.tight);
        return;
      case 'html':
        w.block(!this.tight);
        writeHtmlFragment(w, node.value, { ...this.options, imageLinks: true });
        w.block(!this.tight);
        return;
      case 'table':
        this.table(node);
        return;
      case 'footnoteDefinition':
        if (!isNoteStandIn(node)) this.footnote(node);
        return;
      case 'definition':
        return;
      default:
        // Phrasing content where a block was expected: render it inline.
        this.inlines([node as md.PhrasingContent]);
    }
  }

  /** A note where it is defined, numbered by its first reference, ending with a link back to each reference before it (GitHub's ↩). */
  private footnote(node: md.FootnoteDefinition): void {
    const w = this.w;
    // Met before any reference: numbered if a reference further on will link to it.
    const referencedOn = (this.index?.noteReferences.has(node.identifier) ?? false) && !this.notesUnlinked.has(node.identifier);
    const numbered = this.footnotes.defined(node.identifier, referencedOn);
    const references = numbered?.references ?? 0;
    const marker = `[${numbered?.number ?? node.label ?? node.identifier}] `;
    w.block();
    w.anchor(noteAnchor(node.identifier));
    w.pushIndent(' '.repeat(marker.length), null, marker, 'listMarker');
    this.blocks(node.children, false);
    for (let nth = 1; nth <= references; nth++) {
      w.softSpace();
      w.openLink(`#${referenceAnchor(node.identifier, nth)}`);
      w.write(backLinkText(nth));
      w.closeLink();
    }
    w.popIndent();
    w.block();
  }

  private blocks(nodes: md.RootContent[], tight: boolean): void {
    const outer = this.tight;
    this.tight = tight;
    for (const n of nodes) this.block(n);
    this.tight = outer;
  }

  private list(list: md.List): void {
    const w = this.w;
    const tight = !list.spread && list.children.every((i) => !i.spread);
    w.block(!(this.tight || (tight && this.listDepth > 0)));
    // The rest of a bullet list cut between its items: no gap.
    const goesOn = this.listGoesOn && this.listDepth === 0;
    this.listGoesOn = false;
    if (goesOn) w.continueBlock();
    this.listDepth++;
    let number = list.start ?? 1;
    // Numbers right-aligned, as a browser shows them: " 9." above "10.".
    const digits = String(number + list.children.length - 1).length;
    for (const item of list.children) {
      const marker = list.ordered ? `${String(number++).padStart(digits)}.` : ['•', '◦', '▪'][(this.listDepth - 1) % 3];
      // A task's box is the start of its text, as in GitHub's HTML (an input in the item): what the item
      // holds besides its first line (nested items, wrapped rows) indents by the marker alone.
      const box = item.checked === true ? '[x] ' : item.checked === false ? '[ ] ' : '';
      w.block(!tight);
      w.pushIndent(' '.repeat(marker.length + 1), null, `${marker} ${box}`, 'listMarker');
      if (item.children.length === 0) w.write(' ');
      this.blocks(item.children, tight);
      w.popIndent();
    }
    this.listDepth--;
    w.block(!this.tight);
  }

  private table(table: md.Table): void {
    const rows = table.children.map((row) =>
      row.children.map((cell) => {
        const collector = new RenderCollector();
        const cellRenderer = new MarkdownRenderer(collector, this.options, this.definitions, this.footnotes);
        cellRenderer.inlines(cell.children);
        cellRenderer.finish();
        return { content: collector };
      }),
    );
    writeTable(this.w, { rows, aligns: table.align ?? [], headerRows: 1 }, this.options.tableWidth ?? 100);
  }

  private inlines(nodes: md.PhrasingContent[]): void {
    for (const n of nodes) this.inline(n);
  }

  private link(url: string, children: md.PhrasingContent[]): void {
    const w = this.w;
    if (w.inLink) return this.inlines(children); // no links in links: the outer one counts
    w.openLink(url);
    this.inlines(children);
    w.closeLink();
  }

  private image(url: string, alt: string | null | undefined): void {
    const w = this.w;
    const inLink = w.inLink;
    if (!inLink) w.openLink(url);
    w.openStyle('image');
    w.write(alt ? `[image: ${alt}]` : '[image]');
    w.closeStyle();
    if (!inLink) w.closeLink();
  }

  private inline(node: md.PhrasingContent): void {
    const w = this.w;
    switch (node.type) {
      case 'text':
        // Soft breaks: the paragraph flows; runs of spaces are one, as a browser shows a README.
        w.write(node.value.replace(/[ \t]*\n[ \t]*|[ \t]{2,}/g, ' '));
        return;
      case 'emphasis':
      case 'strong':
      case 'delete':
        w.openStyle(node.type === 'delete' ? 'strike' : node.type);
        this.inlines(node.children);
        w.closeStyle();
        return;
      case 'inlineCode':
        w.openStyle('code');
        w.write(node.value);
        w.closeStyle();
        return;
      case 'break':
        w.lineBreak();
        return;
      case 'link':
        this.link(node.url, node.children);
        return;
      case 'linkReference': {
        const def = this.definitions.get(node.identifier);
        if (def) this.link(def.url, node.children);
        else this.inlines(node.children);
        return;
      }
      case 'image':
        this.image(node.url, node.alt);
        return;
      case 'imageReference': {
        const def = this.definitions.get(node.identifier);
        if (def) this.image(def.url, node.alt);
        else w.write(node.alt ?? '');
        return;
      }
      case 'footnoteReference': {
        const { number, nth } = this.footnotes.referenced(node.identifier);
        w.anchor(referenceAnchor(node.identifier, nth));
        if (w.inLink) return w.write(`[${number}]`);
        w.openLink(`#${noteAnchor(node.identifier)}`);
        w.write(`[${number}]`);
        w.closeLink();
        return;
      }
      case 'html':
        this.inlineHtml(node.value);
        return;
    }
  }

  /** One inline HTML tag: `<a href>` opens a link and `</a>` closes it; `<img alt>`, `<br>`, `<sup>` and `<sub>` show; the rest is markup. */
  private inlineHtml(tag: string): void {
    const w = this.w;
    if (/^<\/a\s*>$/i.test(tag)) return this.closeHtmlLink();
    const script = /^<(sup|sub)[\s>]/i.exec(tag);
    if (script) return w.write(SCRIPT_MARKS[script[1].toLowerCase()]);
    if (!/^<(a|img|br)[\s/>]/i.test(tag)) return;
    const el = parseTag(tag);
    if (!el) return;
    const id = attr(el, 'id') ?? (el.tagName === 'a' ? attr(el, 'name') : null);
    if (id) w.anchor(id);
    if (el.tagName === 'br') w.lineBreak();
    else if (el.tagName === 'img') this.image(attr(el, 'src') ?? '', attr(el, 'alt')); else if (el.tagName === 'a') {
      const href = attr(el, 'href');
      if (href !== null && !w.inLink) {
        w.openLink(href);
        this.htmlLinkOpen = true;
      }
    }
  }

  /** An `<a href>` tag opened a link that its `</a>` (or the paragraph's end) closes. */
  private htmlLinkOpen = false;

  private closeHtmlLink(): void {
    if (!this.htmlLinkOpen) return;
    this.w.closeLink();
    this.htmlLinkOpen = false;
  }
}

/** Renders a whole Markdown text (tests and small inputs): definitions first, then block by block. */
export function renderMarkdown(source: string, target: RenderTarget, options: MarkdownOptions = {}): void {
  const renderer = new MarkdownRenderer(target, options);
  renderer.addDefinitions(source);
  const blocks = new MarkdownBlocks();
  blocks.write(source);
  blocks.end();
  for (let b = blocks.next(); b !== null; b = blocks.next()) renderer.renderBlock(b);
  renderer.finish();
}
