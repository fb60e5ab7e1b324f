// The HTML reader: parse5 (the HTML standard's parser) builds the tree, and a
// walk over it writes text, links, styles and anchors to a RenderTarget, laid out
// as w3m would: blocks apart, lists with markers, tables in columns, `pre` as
// is, scripts, styles, templates and hidden elements left out (what a page
// shows browsers without scripts or frames: html-scriptless.ts).
//
// Incremental: input is fed in chunks; after each, the walk goes as far as the
// tree is settled (an element no longer on the parser's stack of open
// elements, a text node with something after it), so the first screen of a
// 20 MB page needs only the first chunks parsed.
import { defaultTreeAdapter, html, Parser, Token, type DefaultTreeAdapterMap, type DefaultTreeAdapterTypes as T } from 'parse5';
import { BlockWriter, QUOTE_BAR } from './layout.ts';
import { RenderCollector, type RenderTarget, type Style } from './render-target.ts';
import { writeTable, type TableCell } from './table.ts';
import { writeScriptless } from './html-scriptless.ts';
import { languageOf } from './code-tokens.ts';

type Node = T.Node;
type Element = T.Element;
type ParentNode = T.ParentNode;

export interface HtmlOptions {
  /** Tables wider than this are wrapped in their cells. */
  tableWidth?: number;
  /** Images are links to their src (Markdown's raw HTML, as `![alt](src)` is). */
  imageLinks?: boolean;
}

/** Elements whose content is never shown (<noscript>'s is: lwl runs no scripts). */
const SKIPPED = new Set([
  'script', 'style', 'template', 'meta', 'link', 'base', 'title', 'head', 'iframe', 'object', 'embed',
  'svg', 'canvas', 'audio', 'video', 'datalist', 'noembed', 'noframes', 'param', 'source', 'track', 'map', 'area',
]);
/** Blocks set apart by a blank line. */
const BLANK_BLOCKS = new Set(['p', 'pre', 'listing', 'xmp', 'plaintext', 'blockquote', 'dl', 'figure', 'address', 'fieldset', 'details', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** Blocks that start on a line of their own. */
const LINE_BLOCKS = new Set([
  'div', 'section', 'article', 'header', 'footer', 'nav', 'main', 'aside', 'li', 'dt', 'dd', 'tr', 'summary',
  'figcaption', 'form', 'caption', 'center', 'hgroup', 'search', 'legend', 'option', 'body', 'html', 'dialog', 'menu',
  'ul', 'ol',
]);
const PREFORMATTED = new Set(['pre', 'listing', 'xmp', 'plaintext']);
const STYLES: Record<string, Style> = {
  b: 'strong', strong: 'strong', i: 'emphasis', em: 'emphasis', cite: 'emphasis', var: 'emphasis', dfn: 'emphasis',
  u: 'emphasis', s: 'strike', strike: 'strike', del: 'strike', code: 'code', kbd: 'code', samp: 'code', tt: 'code',
  h1: 'heading1', h2: 'heading2', h3: 'heading3', h4: 'heading4', h5: 'heading5', h6: 'heading6', dt: 'term',
};

/**
 * What a superscript or a subscript starts with, as a terminal cannot raise or lower text:
 * w3m's `^` (E=mc^2, footnote^1), and `_` for a subscript (H_2O), as TeX writes them.
 */
export const SCRIPT_MARKS: Readonly<Record<string, string>> = { sup: '^', sub: '_' };

export function attr(el: Element, name: string): string | null {
  for (const a of el.attrs) if (a.name === name && !a.prefix) return a.value;
  return null;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function children(node: Node): Node[] {
  return 'childNodes' in node ? (node as ParentNode).childNodes : [];
}

/** The language an element's classes name, as highlighters and GitHub write them: `language-x`, `lang-x`, `highlight-source-x`. */
function codeLanguageOf(el: Element): string | null {
  for (const name of (attr(el, 'class') ?? '').split(/[ \t\n\f\r]+/)) {
    const m = /^(?:language-|lang-|highlight-source-)(.+)$/i.exec(name);
    if (m) return languageOf(m[1]);
  }
  return null;
}

/** The language of a pre's code: its `lang` (GitHub's <pre lang="js">) or class, its first child <code>'s class, or its parent's (GitHub's <div class="highlight highlight-source-js">). */
function preLanguageOf(pre: Element): string | null {
  const lang = attr(pre, 'lang');
  if (lang !== null && languageOf(lang) !== null) return languageOf(lang);
  const first = children(pre).find((node) => isElement(node) || !/^\s*$/.test((node as T.TextNode).value ?? ''));
  const parent = pre.parentNode;
  return codeLanguageOf(pre) ?? (first && isElement(first) && first.tagName === 'code' ? codeLanguageOf(first) : null) ?? (parent && isElement(parent) ? codeLanguageOf(parent) : null);
}

/**
 * A table for layout, not data, drawn with no rules as w3m draws it: one that says so
 * (`role=presentation` or `none`), or one with `border=0` and no header cell.
 */
function isLayoutTable(table: Element): boolean {
  const role = attr(table, 'role')?.trim().toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  return attr(table, 'border')?.trim() === '0' && findAll(table, 'th', false).length === 0;
}

/** A `list-style: none` (or `list-style-type: none`) in an element's own style attribute. */
function listStyleNone(el: Element): boolean {
  return /(?:^|;)\s*list-style(?:-type)?\s*:\s*none\b/i.test(attr(el, 'style') ?? '');
}

/**
 * Whether a list item begins with its own number, a `<span class="secno">`
 * (a spec's table of contents: "1.1 Parsers"), looked for through the inline
 * elements at its start: true, false, or null while the item's start has not
 * been parsed yet (`isOpen`). Such an item gets no generated marker, so its
 * number reads once, as w3m and a browser with the spec's stylesheet show it.
 */
function ownNumber(el: Element, isOpen: (node: Node) => boolean): boolean | null {
  for (const c of children(el)) {
    if (c.nodeName === '#text') {
      if ((c as T.TextNode).value.trim() !== '') return false;
    } else if (isElement(c)) {
      if (/(?:^|\s)secno(?:\s|$)/.test(attr(c, 'class') ?? '')) return true;
      if (!/^(a|span|b|strong|i|em|code)$/.test(c.tagName)) return false;
      return ownNumber(c, isOpen);
    }
  }
  return isOpen(el) ? null : false;
}

function isHidden(el: Element): boolean {
  if (attr(el, 'hidden') !== null) return true;
  if (el.tagName === 'input' && attr(el, 'type')?.toLowerCase() === 'hidden') return true;
  const style = attr(el, 'style');
  return style !== null && /display\s*:\s*none/i.test(style);
}

/** All the text under a node, white space collapsed: for titles, alt-less buttons, selects. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeName === '#text') parts.push((n as T.TextNode).value);
    else if (!isElement(n) || !SKIPPED.has(n.tagName) || n === node) for (const c of children(n)) walk(c);
  };
  walk(node);
  return parts.join('').replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** What an element opened, to close when the walk leaves it. */
interface OpenElement {
  node: Node;
  index: number;
  /** Walked for nothing but letting its children go: an element not shown (hidden, a script) that the parser still adds to. */
  silent: boolean;
  link: boolean;
  styles: number;
  indent: boolean;
  block: 0 | 1 | 2;
  pre: boolean;
  list: { ordered: boolean; next: number; bare: boolean } | null;
  after: string;
}

/**
 * Walks a tree (or a growing one) and writes it to a BlockWriter. `isOpen`
 * says whether the parser may still add children to an element.
 */
/** Tables in tables deeper than this are read as their text, not laid out (w3m stops at 20 levels too). */
const DEEPEST_TABLE = 20;
/** A table of more cells than this is read as its text too: it is laid out whole, between two keys (a quarter of a second for this many). */
const MOST_TABLE_CELLS = 10_000;
/** Children written are let go this many at a time, at least. */
const RELEASED_TOGETHER = 64;

export class HtmlWalker {
  private readonly stack: OpenElement[] = [];
  private preDepth = 0;
  /** The language the outermost pre's code is highlighted in, or null. */
  private preLanguage: string | null = null;
  private linkDepth = 0;
  private lists: { ordered: boolean; next: number; bare: boolean }[] = [];
  /** The lists in `lists` that are not ordered: the depth a bullet's shape goes by. */
  private bulletLists = 0;
  private titleSeen = false;
  private baseSeen = false;

  constructor(
    readonly w: BlockWriter,
    root: Node,
    private readonly options: HtmlOptions = {},
    private readonly isOpen: (node: Node) => boolean = () => false,
    /** Tables this walker's root is in: each walks its cells with a walker of its own. */
    private readonly tables = 0,
  ) {
    this.stack.push(this.frame(root));
  }

  private frame(node: Node): OpenElement {
    return { node, index: 0, silent: false, link: false, styles: 0, indent: false, block: 0, pre: false, list: null, after: '' };
  }

  /** A frame that writes nothing: for an element not shown, walked only to let its children go. */
  private silentFrame(node: Node): OpenElement {
    return { ...this.frame(node), silent: true };
  }

  /**
   * The child at the frame's index is written: on to the next. The children
   * written are let go once they are many (and most of the list), so the tree
   * holds what is still to write, not the page; the parser never looks back at
   * them: it adds to the open elements' ends, and before an open table, where
   * the walk waits.
   */
  private next(f: OpenElement): void {
    f.index++;
    if (f.index < RELEASED_TOGETHER) return;
    const kids = children(f.node);
    if (f.index * 2 < kids.length) return;
    for (const written of kids.splice(0, f.index)) (written as T.ChildNode).parentNode = null;
    f.index = 0;
  }

  /** Walks as far as the tree is settled (all of it when `final`). Returns true when done. */
  walk(final: boolean): boolean {
    const stack = this.stack;
    while (stack.length > 0) {
      const f = stack[stack.length - 1];
      const kids = children(f.node);
      const open = !final && this.isOpen(f.node);
      if (f.index < kids.length) {
        const child = kids[f.index];
        if (child.nodeName === '#text') {
          if (open && f.index === kids.length - 1) return false; // may grow
          if (!f.silent) this.text((child as T.TextNode).value);
          this.next(f);
        } else if (isElement(child)) {
          const settled = final || !this.isOpen(child);
          if (f.silent) {
            stack.push(this.silentFrame(child));
            continue;
          }
          if (child.tagName === 'title' || child.tagName === 'base' || child.tagName === 'table' || child.tagName === 'select' || child.tagName === 'noframes') {
            if (!settled) return false;
          }
          if (child.tagName === 'li' && !settled && ownNumber(child, this.isOpen) === null) return false;
          const entered = this.enter(child);
          if (entered) stack.push(entered);
          else if (!settled) stack.push(this.silentFrame(child)); // not shown, but still growing
          else this.next(f);
        } else {
          this.next(f); // comment, doctype
        }
      } else {
        if (open) return false;
        if (!f.silent) this.exit(f);
        stack.pop();
        if (stack.length > 0) this.next(stack[stack.length - 1]);
      }
    }
    return true;
  }

  /** Writes an element's start; returns its frame, or null when it is done with (skipped, or written whole). */
  private enter(el: Element): OpenElement | null {
    const w = this.w;
    const tag = el.tagName;
    const f = this.frame(el);
    if (tag === 'title') {
      if (!this.titleSeen) w.target.title(textOf(el));
      this.titleSeen = true;
      return null;
    }
    if (tag === 'base') {
      const href = attr(el, 'href');
      if (href !== null && !this.baseSeen) {
        this.baseSeen = true;
        w.target.base?.(href);
      }
      return null;
    }
    if (writeScriptless(w, el, (html) => new HtmlWalker(w, cappedFragment(html), this.options, undefined, this.tables).walk(true))) return null;
    if (SKIPPED.has(tag) && tag !== 'head') return null;
    if (isHidden(el)) return null;
    const id = attr(el, 'id');
    if (id) w.anchor(id);
    if (tag === 'a') {
      const name = attr(el, 'name');
      if (name) w.anchor(name);
    }
    if (tag === 'head') return f; // for its title and base; nothing else in it shows
    if (BLANK_BLOCKS.has(tag)) f.block = 2;
    else if (LINE_BLOCKS.has(tag)) f.block = 1;
    if (f.block) w.block(f.block === 2);
    switch (tag) {
      case 'br':
        w.lineBreak();
        return null;
      case 'hr':
        this.styled('rule', '─'.repeat(40));
        w.block();
        return null;
      case 'img': {
        const alt = attr(el, 'alt');
        const src = attr(el, 'src');
        const link = this.options.imageLinks === true && this.linkDepth === 0 && src !== null;
        if (alt === '' && !link) return null; // decorative
        if (link) w.openLink(src);
        this.styled('image', !alt ? '[image]' : `[image: ${alt.replace(/\s+/g, ' ').trim()}]`);
        if (link) w.closeLink();
        return null;
      }
      case 'input':
        this.styled('formControl', inputText(el));
        return null;
      case 'select': {
        const chosen = findAll(el, 'option').find((o) => attr(o, 'selected') !== null) ?? findAll(el, 'option')[0];
        this.styled('formControl', `[select: ${chosen ? textOf(chosen) : ''}]`);
        return null;
      }
      case 'textarea':
        this.styled('formControl', '[textarea]');
        return null;
      case 'table':
        // Laid out as a grid up to a depth, past it as the text it holds: each level is a walk in a walk (the stack).
        if (this.tables >= DEEPEST_TABLE || cellsOf(el) > MOST_TABLE_CELLS) break;
        this.table(el);
        return null;
      case 'button':
        this.w.openStyle('formControl');
        this.w.write('[button: ');
        f.styles++;
        f.after = ']';
        break;
      case 'ul':
      case 'ol':
      case 'menu':
        f.list = { ordered: tag === 'ol', next: Number.parseInt(attr(el, 'start') ?? '1', 10) || 1, bare: listStyleNone(el) };
        f.block = this.lists.length > 0 ? 1 : 2; // apart from the text around it, but not inside another list
        w.block(f.block === 2);
        this.lists.push(f.list);
        if (!f.list.ordered) this.bulletLists++;
        break;
      case 'li': {
        const list = this.lists[this.lists.length - 1];
        const value = Number.parseInt(attr(el, 'value') ?? '', 10);
        if (list && Number.isFinite(value)) list.next = value;
        const numbered = ownNumber(el, () => false); // decided: walk waited for the item's start
        if (list?.bare || numbered || listStyleNone(el)) {
          // No marker: the item shows its own number, or the page asked for none. Nested items still indent.
          if (list) list.next++;
          w.pushIndent(this.lists.length > 1 ? '  ' : '');
          f.indent = true;
          break;
        }
        const marker = !list ? '•' : list.ordered ? `${list.next++}.` : ['•', '◦', '▪'][(this.bulletLists - 1) % 3];
        w.pushIndent(' '.repeat(marker.length + 1), null, marker + ' ', 'listMarker');
        f.indent = true;
        break;
      }
      case 'sup':
      case 'sub':
        w.write(SCRIPT_MARKS[tag]);
        break;
      case 'blockquote':
        w.pushIndent(QUOTE_BAR, 'quote');
        f.indent = true;
        break;
      case 'dd':
        w.pushIndent('    ');
        f.indent = true;
        break;
      case 'a': {
        const href = attr(el, 'href');
        if (href !== null && this.linkDepth === 0) {
          w.openLink(href);
          f.link = true;
          this.linkDepth++;
        }
        break;
      }
    }
    // GitHub's <pre><code class="language-x">: the language may be the code's, inside the pre.
    if (tag === 'code' && this.preDepth > 0 && this.preLanguage === null) {
      const language = codeLanguageOf(el);
      if (language !== null && w.nameCodeLanguage(language)) this.preLanguage = language;
    }
    const style = STYLES[tag];
    // Code highlighted in a pre is not code-coloured too.
    if (style && !(tag === 'code' && this.preLanguage !== null)) {
      w.openStyle(style);
      f.styles++;
    }
    if (PREFORMATTED.has(tag)) {
      if (this.preDepth === 0) this.preLanguage = tag === 'pre' ? preLanguageOf(el) : null;
      w.openCode(this.preDepth === 0 ? this.preLanguage : null);
      f.styles++;
      f.pre = true;
      this.preDepth++;
    }
    return f;
  }

  private exit(f: OpenElement): void {
    const w = this.w;
    if (f.after) w.write(f.after);
    for (let i = 0; i < f.styles; i++) w.closeStyle();
    if (f.link) {
      w.closeLink();
      this.linkDepth--;
    }
    if (f.pre && --this.preDepth === 0) this.preLanguage = null;
    if (f.indent) w.popIndent();
    if (f.list && !this.lists.pop()!.ordered) this.bulletLists--;
    if (f.block) w.block(f.block === 2);
  }

  private text(s: string): void {
    if (this.preDepth > 0) this.w.write(s);
    else this.w.writeCollapsed(s);
  }

  private styled(style: Style, s: string): void {
    this.w.openStyle(style);
    this.w.write(s);
    this.w.closeStyle();
  }

  /** A table: every cell laid out on its own, then the columns aligned. */
  private table(table: Element): void {
    const w = this.w;
    const caption = findAll(table, 'caption', false)[0];
    if (caption) {
      w.block();
      new HtmlWalker(w, caption, this.options, undefined, this.tables + 1).walk(true);
    }
    const rows: TableCell[][] = [];
    let headerRows = 0;
    for (const tr of rowsOf(table)) {
      const row: TableCell[] = [];
      for (const cell of children(tr)) {
        if (!isElement(cell) || (cell.tagName !== 'td' && cell.tagName !== 'th')) continue;
        const collector = new RenderCollector();
        const cellWriter = new BlockWriter(collector);
        // Anchors in cells reach the document through the replay.
        new HtmlWalker(cellWriter, cell, this.options, undefined, this.tables + 1).walk(true);
        cellWriter.finish();
        const align = attr(cell, 'align')?.toLowerCase();
        row.push({ content: collector, columns: spanOf(cell), rows: rowSpanOf(cell), align: align === 'right' || align === 'center' ? align : null });
      }
      if (rows.length === headerRows && (tr.parentNode as Element | null)?.tagName === 'thead') headerRows++;
      rows.push(row);
    }
    if (headerRows === 0 && rows.length > 1) {
      const first = rowsOf(table)[0];
      if (first && children(first).filter(isElement).every((c) => c.tagName === 'th')) headerRows = 1;
    }
    writeTable(w, { rows, aligns: [], headerRows, rules: !isLayoutTable(table) }, this.options.tableWidth ?? 100);
  }
}

function inputText(el: Element): string {
  const type = (attr(el, 'type') ?? 'text').toLowerCase();
  const value = attr(el, 'value');
  switch (type) {
    case 'checkbox':
      return attr(el, 'checked') !== null ? '[x]' : '[ ]';
    case 'radio':
      return attr(el, 'checked') !== null ? '(*)' : '( )';
    case 'submit':
    case 'reset':
    case 'button':
      return `[button: ${value ?? type}]`;
    case 'image':
      return `[button: ${attr(el, 'alt') ?? 'image'}]`;
    default:
      return value ? `[input: ${value}]` : `[input${attr(el, 'placeholder') ? `: ${attr(el, 'placeholder')}` : ''}]`;
  }
}

/** Descendant elements named `tag` (not inside nested tables when `deep` is false). */
function findAll(root: Node, tag: string, deep = true): Element[] {
  const found: Element[] = [];
  const walk = (n: Node) => {
    for (const c of children(n)) {
      if (!isElement(c)) continue;
      if (c.tagName === tag) found.push(c);
      if (deep || c.tagName !== 'table') walk(c);
    }
  };
  walk(root);
  return found;
}

/** A table's rows, in order: direct, and in thead, tbody, tfoot. */
function rowsOf(table: Element): Element[] {
  const rows: Element[] = [];
  for (const c of children(table)) {
    if (!isElement(c)) continue;
    if (c.tagName === 'tr') rows.push(c);
    else if (c.tagName === 'thead' || c.tagName === 'tbody' || c.tagName === 'tfoot') {
      for (const r of children(c)) if (isElement(r) && r.tagName === 'tr') rows.push(r);
    }
  }
  return rows;
}

/** The columns a cell spans (its colspan, 100 at most). */
function spanOf(cell: Element): number {
  return Math.min(Number.parseInt(attr(cell, 'colspan') ?? '1', 10) || 1, 100);
}

/** The rows a cell spans (its rowspan, 65534 at most, as HTML caps it); 0: the rest of the table. */
function rowSpanOf(cell: Element): number {
  const rows = Number.parseInt(attr(cell, 'rowspan') ?? '1', 10);
  return Number.isNaN(rows) || rows < 0 ? 1 : Math.min(rows, 65534);
}

/** The cells a table lays out, spans counted as the cells they fill. */
function cellsOf(table: Element): number {
  let cells = 0;
  for (const tr of rowsOf(table)) {
    for (const cell of children(tr)) {
      if (isElement(cell) && (cell.tagName === 'td' || cell.tagName === 'th')) cells += spanOf(cell);
    }
  }
  return cells;
}

/** An HTML fragment's tree, open elements no deeper than a document's. */
function cappedFragment(html: string): T.DocumentFragment {
  const parser = cappedParser().getFragmentParser<DefaultTreeAdapterMap>(null, { scriptingEnabled: false });
  parser.tokenizer.write(html, true);
  return parser.getFragment();
}

/** Renders an HTML fragment (raw HTML in markdown) into a BlockWriter. */
export function writeHtmlFragment(w: BlockWriter, html: string, options: HtmlOptions = {}): void {
  new HtmlWalker(w, cappedFragment(html), options).walk(true);
}

/** The first element of a fragment (an inline tag in markdown), or null. */
export function parseTag(html: string): Element | null {
  const first = cappedFragment(html).childNodes[0];
  return first && isElement(first) ? first : null;
}

/**
 * Elements open at once, at most, as browsers nest them (Blink and WebKit
 * stop at 512): a start tag past this depth first closes the current element,
 * so that it opens beside it. 50,000 nested lists are then laid out as lists
 * 512 deep, and the parser's stack, the tree and the walk stay that small
 * (every tree walk, and many a layout step, costs as much as the depth).
 */
const DEEPEST_OPEN = 512;

/** Elements that never open (the parser adds them closed): no need to make room for them. */
const VOID = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/**
 * Elements a start tag past the depth does not close: what follows would go
 * out of the table (before it), the select or the template. Below them a few
 * more levels open (a row, a cell, an element in it), but a table or a
 * template in them is left out: its rows join the table they are in.
 */
const FRAMING = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'select', 'template']);
const FRAMES = new Set(['table', 'template']);

let capped: typeof Parser<DefaultTreeAdapterMap> | null = null;

/**
 * The HTML parser, with open elements no deeper than DEEPEST_OPEN (and a few
 * levels of a table's). Its class is made on first use: parse5 is compiled
 * only when HTML is read (Markdown without HTML needs none).
 */
export function cappedParser(): typeof Parser<DefaultTreeAdapterMap> {
  capped ??= class CappedParser extends Parser<DefaultTreeAdapterMap> {
    override onStartTag(token: Token.TagToken): void {
      if (this.openElements.depth >= DEEPEST_OPEN && !VOID.has(token.tagName)) {
        const current = (this.openElements.current as Element).tagName;
        if (!FRAMING.has(current)) this.closeCurrent(current.toLowerCase());
        else if (FRAMES.has(token.tagName)) return;
      }
      super.onStartTag(token);
    }

    /** Closes the current element as its end tag would, by the rules of the mode the parser is in. */
    private closeCurrent(tagName: string): void {
      this.onEndTag({ type: Token.TokenType.END_TAG, tagName, tagID: html.getTagID(tagName), selfClosing: false, ackSelfClosing: false, attrs: [], location: null });
    }
  };
  return capped;
}

/**
 * The formatting elements: the only ones the parser opens other than on top of
 * its stack, or takes off it unannounced (the adoption agency), so the stack
 * itself says whether one is open (at once: it keeps them in a map).
 */
const FORMATTING = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);

/** The parts of parse5's tokenizer (protected, in the pinned version) that letGoOfLongToken uses. */
interface TokenizerInside {
  currentToken: { tagName?: string; data?: string; name?: string | null } | null;
  currentAttr: { name: string; value: string };
  runStart: number;
  runEnd: number;
  entityStartPos: number;
  _flushRun(text: string): void;
  preprocessor: { droppedBufferSize: number; willDropParsedChunk(): boolean; dropParsedChunk(keep?: number): void };
}

/** Input kept before the tokenizer's place when a long token's is let go: more than a character reference's longest name. */
const KEPT_BEHIND = 64;

/**
 * Inside a long token (a comment, a tag, an attribute's name or value),
 * parse5 keeps all of its input until the token ends, and appends each chunk
 * to it: every write then copies the whole token so far, quadratic in its
 * length (an 8 MB comment took 10 s). Here, between writes, what of it is
 * read is appended to the token (as parse5 itself would append it at the
 * token's end) and the input before it dropped; its names are cut (see cut).
 */
function letGoOfLongToken(t: TokenizerInside): void {
  const token = t.currentToken;
  if (token === null || !t.preprocessor.willDropParsedChunk()) return;
  t._flushRun('');
  const before = t.preprocessor.droppedBufferSize;
  t.preprocessor.dropParsedChunk(KEPT_BEHIND);
  const dropped = t.preprocessor.droppedBufferSize - before;
  t.runStart -= dropped;
  t.runEnd -= dropped;
  t.entityStartPos -= dropped;
  if (typeof token.tagName === 'string') token.tagName = cut(token.tagName);
  if (typeof token.name === 'string') token.name = cut(token.name);
  t.currentAttr.name = cut(t.currentAttr.name);
}

/**
 * The names parse5 builds a character at a time (a tag's, an attribute's, a
 * doctype's), cut to LONGEST_NAME: no name that means anything to lwl is
 * near as long, and a cut one still means nothing. Uncut, a chain of a
 * million one-character strings is built, and copied at every write.
 */
const cut = (name: string) => (name.length > LONGEST_NAME ? name.slice(0, LONGEST_NAME) : name);

const LONGEST_NAME = 1024;

/**
 * A whole HTML document, read in chunks: `write` each piece of text as it
 * comes, `end` at the end. The target gets what is settled after every write.
 */
export class HtmlReader {
  /** The elements the parser has open (but formatting ones, see FORMATTING): the walk asks of one at every step. */
  private readonly open = new Set<Node>();
  private readonly parser: Parser<DefaultTreeAdapterMap>;
  private readonly writer: BlockWriter;
  private readonly walker: HtmlWalker;

  constructor(target: RenderTarget, options: HtmlOptions = {}) {
    const open = this.open;
    const treeAdapter = { ...defaultTreeAdapter, onItemPush: (el: Element) => open.add(el), onItemPop: (el: Element) => open.delete(el) };
    // Scripting off, as in a browser that runs none: <noscript>'s content is read as markup.
    this.parser = new (cappedParser())({ treeAdapter, scriptingEnabled: false });
    this.writer = new BlockWriter(target);
    const stack = this.parser.openElements;
    const isOpen = (node: Node) => {
      if (node === this.parser.document) return true;
      return isElement(node) && FORMATTING.has(node.tagName) ? stack.contains(node) : open.has(node);
    };
    this.walker = new HtmlWalker(this.writer, this.parser.document, options, isOpen);
  }

  write(chunk: string): void {
    this.parser.tokenizer.write(chunk, false);
    // Text read so far is handed to the tree, and the input it came from let go: else a long run of text is kept, and copied at every write.
    this.parser.tokenizer.flushCurrentCharacterToken();
    letGoOfLongToken(this.parser.tokenizer as unknown as TokenizerInside);
    this.walker.walk(false);
  }

  end(): void {
    this.parser.tokenizer.write('', true);
    this.walker.walk(true);
    this.writer.finish();
  }
}

/** Reads a whole HTML text (tests and small inputs). */
export function renderHtml(html: string, target: RenderTarget, options: HtmlOptions = {}): void {
  const reader = new HtmlReader(target, options);
  reader.write(html);
  reader.end();
}
