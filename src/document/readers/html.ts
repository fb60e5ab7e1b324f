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
import { TextNodeTails } from './html-text-nodes.ts';
import { defaultText, Forms, isSubmitter, type Field, type FieldKind, type FormInfo } from '../forms.ts';

type Node = T.Node;
type Element = T.Element;
type ParentNode = T.ParentNode;

export interface HtmlOptions {
  /** Tables wider than this are wrapped in their cells. */
  tableWidth?: number;
  /** Images are links to their src (Markdown's raw HTML, as `![alt](src)` is). */
  imageLinks?: boolean;
  /** Where the forms and their fields go: fields are then links (a field's href marked as its), else they show as text. */
  forms?: Forms;
  /** A field's form owner as the parser set it (its form element pointer then), null for none; undefined when not known (a fragment): the form around it. */
  formOwner?: (field: Element) => Element | null | undefined;
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

export function attr(el: Pick<Element, 'attrs'>, name: string): string | null {
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
  /** A <form>: closed in `forms` at the end. */
  form: boolean;
  /** A silent frame in a hidden element: the inputs in it are still sent with their form. */
  collect: boolean;
  /** A <label>: the number of the first field after its start (those in it are named by its text, known at its end); -1 for none. */
  label: number;
  /** A <button>'s field number: its caption is its text, known at its end. */
  button: number;
}

/**
 * Walks a tree (or a growing one) and writes it to a BlockWriter. `isOpen`
 * says whether the parser may still add children to an element.
 */
/** Tables in tables deeper than this are read as their text, not laid out (w3m stops at 20 levels too). */
const DEEPEST_TABLE = 20;
/** A table of more cells than this is read as its text too: it is laid out whole, between two keys (a quarter of a second for this many). */
const MOST_TABLE_CELLS = 10_000;
/** A text still growing is written as far as it has come once it is this long (in UTF-16 units). */
const LONG_TEXT = 8 * 1024;

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
  /** Where fields go when the reader was given no forms (raw HTML in Markdown): shown, not kept. */
  private scratch: Forms | null = null;
  /** Labels and buttons open (their frames): each reads its text again at its end. */
  private textReaders = 0;

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
    return { node, index: 0, silent: false, link: false, styles: 0, indent: false, block: 0, pre: false, list: null, after: '', form: false, collect: false, label: -1, button: -1 };
  }

  /** A frame that writes nothing: for an element not shown, walked only to let its children go (and, `collect`, its inputs recorded as hidden fields). */
  private silentFrame(node: Node, collect = false): OpenElement {
    return { ...this.frame(node), silent: true, collect };
  }

  /**
   * The child at the frame's index is written: on to the next. The children
   * written are let go once they are most of the list, so the tree holds what
   * is still to write, not the page; the parser never looks back at them: it
   * adds to the open elements' ends, and before an open table, where the walk
   * waits. At once, not many together: a node kept while a few more pieces
   * are parsed outlives the young generation, and is garbage of the old one.
   * Not in a label or a button, which read their text again at their end.
   */
  private next(f: OpenElement): void {
    f.index++;
    if (this.textReaders > 0) return;
    const kids = children(f.node);
    if (f.index * 2 < kids.length) return;
    for (const written of kids.splice(0, f.index)) (written as T.ChildNode).parentNode = null;
    f.index = 0;
  }

  /**
   * The text an open element ends with, still growing, once it is long: what
   * it holds is written (or, in an element not shown, let go) and taken out
   * of the tree, and the rest written as it comes (writing text in pieces
   * writes what it does whole), so a 10 MB paragraph, <pre> or unclosed
   * <script> is never held whole. Not in a label or a button, which read
   * their text again at their end.
   */
  private writeSoFar(f: OpenElement, node: T.TextNode): void {
    if (node.value.length < LONG_TEXT || this.textReaders > 0) return;
    if (!f.silent) this.text(node.value);
    node.value = '';
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
          if (open && f.index === kids.length - 1) {
            this.writeSoFar(f, child as T.TextNode);
            return false; // may grow
          }
          if (!f.silent) this.text((child as T.TextNode).value);
          this.next(f);
        } else if (isElement(child)) {
          const settled = final || !this.isOpen(child);
          if (f.silent) {
            if (f.collect && child.tagName === 'input') this.hiddenField(child);
            stack.push(this.silentFrame(child, f.collect));
            continue;
          }
          if (child.tagName === 'title' || child.tagName === 'base' || child.tagName === 'table' || child.tagName === 'select' || child.tagName === 'noframes' || child.tagName === 'textarea') {
            if (!settled) return false;
          }
          if (child.tagName === 'li' && !settled && ownNumber(child, this.isOpen) === null) return false;
          const entered = this.enter(child);
          // A hidden element's fields are still its form's (a login's token in a `display: none` block).
          const hides = !entered && isHidden(child) && !SKIPPED.has(child.tagName);
          if (entered) stack.push(entered);
          else if (!settled) stack.push(this.silentFrame(child, hides)); // not shown, but still growing
          else {
            if (hides) for (const field of fieldsIn(child)) this.hiddenField(field);
            this.next(f);
          }
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
    if (tag === 'input' && isHidden(el)) {
      this.hiddenField(el);
      return null;
    }
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
      case 'select':
      case 'textarea':
        this.field(el);
        return null;
      case 'form':
        this.options.forms?.openForm(el, () => formInfo(el));
        f.form = this.options.forms !== undefined;
        break;
      case 'label':
        if (this.options.forms) {
          f.label = this.options.forms.fields.length;
          this.textReaders++;
        }
        break;
      case 'table':
        // Laid out as a grid up to a depth, past it as the text it holds: each level is a walk in a walk (the stack).
        if (this.tables >= DEEPEST_TABLE || cellsOf(el) > MOST_TABLE_CELLS) break;
        this.table(el);
        return null;
      case 'button': {
        this.w.openStyle('formControl');
        f.styles++;
        const forms = this.options.forms;
        if (forms && this.linkDepth === 0) {
          // The button's text is its link: a field like any other.
          const form = this.formFor(forms, el);
          const number = forms.add(buttonField(el, form));
          this.w.openLink(forms.markHref(number, forms.forms[form]?.action ?? ''));
          f.button = number;
          this.textReaders++;
          f.link = true;
          this.linkDepth++;
        }
        this.w.write('[button: ');
        f.after = ']';
        break;
      }
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
    if (f.form) this.options.forms?.closeForm();
    if (f.label >= 0) this.labelled(f.node as Element, f.label);
    if (f.label >= 0 || f.button >= 0) this.textReaders--;
    if (f.button >= 0) {
      const field = this.options.forms!.fields[f.button];
      field.label = textOf(f.node) || field.value;
    }
    if (f.pre && --this.preDepth === 0) this.preLanguage = null;
    if (f.indent) w.popIndent();
    if (f.list && !this.lists.pop()!.ordered) this.bulletLists--;
    if (f.block) w.block(f.block === 2);
  }

  /** A label's end: its text names the field its for= says, else the fields in it (from field `first` on). */
  private labelled(label: Element, first: number): void {
    const forms = this.options.forms!;
    const text = labelText(label);
    const forId = attr(label, 'for');
    if (forId) return forms.label(forId, text);
    for (let i = first; i < forms.fields.length; i++) {
      const field = forms.fields[i];
      if (field.label === '' && !isSubmitter(field) && field.kind !== 'reset' && field.kind !== 'button') field.label = text;
    }
  }

  /** An input, select or textarea: kept in the forms, and shown in the cells its value takes, as a link when the forms are the document's. */
  private field(el: Element): void {
    const kept = this.options.forms;
    const forms = kept ?? (this.scratch ??= new Forms());
    const field = fieldOf(el, this.formFor(forms, el));
    const number = forms.add(field);
    if (field.kind === 'hidden') return;
    const link = kept !== undefined && this.linkDepth === 0;
    this.w.openStyle('formControl');
    if (link) this.w.openLink(forms.markHref(number, forms.forms[field.form]?.action ?? ''));
    this.w.write(defaultText(forms, number) || buttonText(field));
    if (link) this.w.closeLink();
    this.w.closeStyle();
  }

  /** An input not shown (type=hidden, or in a hidden element): still sent with its form. */
  private hiddenField(el: Element): void {
    const forms = this.options.forms;
    if (forms) forms.add(fieldOf(el, this.formFor(forms, el)));
  }

  /** The form a field belongs to: its form owner as the parser set it, else (a fragment) the form around it. */
  private formFor(forms: Forms, el: Element): number {
    const owner = this.options.formOwner?.(el);
    if (owner === undefined) return forms.current;
    return owner === null ? -1 : forms.formOfElement(owner, () => formInfo(owner));
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

/** Cells a text field, a select and a textarea's line take at most, and a textarea's lines. */
const WIDEST_FIELD = 60;
const WIDEST_SELECT = 40;
const WIDEST_TEXTAREA = 72;
const TALLEST_TEXTAREA = 8;

/** A number attribute (size, cols, rows) within [1, most], else `fallback`. */
function sizeAttr(el: Element, name: string, fallback: number, most: number): number {
  const n = Number.parseInt(attr(el, name) ?? '', 10);
  return Math.min(most, Number.isFinite(n) && n > 0 ? n : fallback);
}

const INPUT_KINDS = new Set<FieldKind>(['text', 'search', 'email', 'url', 'number', 'tel', 'password', 'hidden', 'file', 'checkbox', 'radio', 'submit', 'image', 'reset', 'button']);

/** A <form>'s facts. */
function formInfo(el: Element): FormInfo {
  const enctype = (attr(el, 'enctype') ?? '').trim().toLowerCase();
  return {
    action: attr(el, 'action'),
    method: (attr(el, 'method') ?? 'get').trim().toLowerCase(),
    enctype: enctype === 'multipart/form-data' || enctype === 'text/plain' ? enctype : 'application/x-www-form-urlencoded',
    acceptCharset: attr(el, 'accept-charset') ?? '',
    id: attr(el, 'id'),
    name: attr(el, 'name') ?? '',
  };
}

/** Whether an element is in a disabled fieldset (not in its first legend), or a disabled optgroup for an option. */
function inDisabled(el: Element): boolean {
  for (let p = el.parentNode as Element | null; p && isElement(p); p = p.parentNode as Element | null) {
    if ((p.tagName === 'fieldset' || p.tagName === 'optgroup') && attr(p, 'disabled') !== null) return true;
  }
  return false;
}

/** A label's own text: not that of the fields in it (a select's options). */
function labelText(label: Element): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeName === '#text') parts.push((n as T.TextNode).value);
    else if (isElement(n) && !/^(select|textarea|button|script|style|template)$/.test(n.tagName)) for (const c of children(n)) walk(c);
  };
  walk(label);
  return parts.join('').replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** The text under an element as it is written (a textarea's default). */
function rawText(el: Element): string {
  return children(el).map((c) => (c.nodeName === '#text' ? (c as T.TextNode).value : '')).join('');
}

/** What the reader records of an input, select or textarea. */
function fieldOf(el: Element, form: number): Field {
  const field: Field = {
    kind: 'text', name: attr(el, 'name') ?? '', value: '', checked: false, options: [], multiple: false,
    placeholder: (attr(el, 'placeholder') ?? '').replace(/[\r\n]+/g, ' '), label: '', width: 20, lines: 1, form, formId: attr(el, 'form'),
    disabled: attr(el, 'disabled') !== null || inDisabled(el), readOnly: attr(el, 'readonly') !== null,
    formAction: attr(el, 'formaction'), formMethod: attr(el, 'formmethod'), formEnctype: attr(el, 'formenctype'), id: attr(el, 'id'),
  };
  if (el.tagName === 'select') {
    field.kind = 'select';
    field.multiple = attr(el, 'multiple') !== null;
    field.options = findAll(el, 'option').map((o) => ({
      label: attr(o, 'label') ?? textOf(o),
      value: attr(o, 'value') ?? textOf(o),
      selected: attr(o, 'selected') !== null,
      disabled: attr(o, 'disabled') !== null || inDisabled(o),
    }));
    const widest = field.options.reduce((most, o) => Math.max(most, o.label.length), 1);
    field.width = Math.min(WIDEST_SELECT, field.multiple ? Math.max(widest, 20) : widest);
    return field;
  }
  if (el.tagName === 'textarea') {
    field.kind = 'textarea';
    field.value = rawText(el);
    field.width = sizeAttr(el, 'cols', 40, WIDEST_TEXTAREA);
    field.lines = sizeAttr(el, 'rows', 2, TALLEST_TEXTAREA);
    return field;
  }
  const type = (attr(el, 'type') ?? 'text').trim().toLowerCase() as FieldKind;
  field.kind = INPUT_KINDS.has(type) ? type : 'text';
  const value = attr(el, 'value');
  field.value = (field.kind === 'checkbox' || field.kind === 'radio' ? (value ?? 'on') : (value ?? '')).replace(field.kind === 'hidden' ? /(?!)/ : /[\r\n]+/g, '');
  field.checked = attr(el, 'checked') !== null;
  field.width = sizeAttr(el, 'size', 20, WIDEST_FIELD);
  if (field.kind === 'submit') field.label = value ?? 'Submit';
  else if (field.kind === 'reset') field.label = value ?? 'Reset';
  else if (field.kind === 'button') field.label = value ?? '';
  else if (field.kind === 'image') field.label = attr(el, 'alt') ?? value ?? 'image';
  return field;
}

/** A <button>'s field: a submit button unless its type says reset or button. */
function buttonField(el: Element, form: number): Field {
  const type = (attr(el, 'type') ?? 'submit').trim().toLowerCase();
  const field = fieldOf(el, form);
  field.kind = type === 'reset' || type === 'button' ? type : 'submit';
  field.value = attr(el, 'value') ?? '';
  // Its caption, its text, is known at its end (the walk does not wait for it).
  field.label = field.value;
  return field;
}

/** How a field whose look never changes shows: a button, a file field. */
function buttonText(field: Field): string {
  if (field.kind === 'file') return '[file]';
  return `[button: ${field.label || field.kind}]`;
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

/** The inputs, selects and textareas under an element, in order. */
function fieldsIn(root: Node): Element[] {
  const found: Element[] = [];
  const walk = (n: Node) => {
    for (const c of children(n)) {
      if (!isElement(c)) continue;
      if (c.tagName === 'input' || c.tagName === 'select' || c.tagName === 'textarea') found.push(c);
      else walk(c);
    }
  };
  walk(root);
  return found;
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

/** What an inline tag in markdown tells: its element's name and attributes. */
export type Tag = Pick<Element, 'tagName' | 'attrs'>;

/** The first element of a fragment (an inline tag in markdown), or null. */
export function parseTag(html: string): Tag | null {
  return plainTag(html) ?? parsedTag(html);
}

/** The first element of a fragment as the HTML parser makes it, or null. */
export function parsedTag(html: string): Tag | null {
  const first = cappedFragment(html).childNodes[0];
  return first && isElement(first) ? first : null;
}

/**
 * Phrasing elements, common in Markdown: the HTML parser makes each of its start
 * tag as written wherever it stands, and none starts an HTML block in
 * CommonMark (markdown-simple.ts).
 */
export const PHRASING_TAGS: ReadonlySet<string> = new Set(['a', 'abbr', 'b', 'br', 'code', 'em', 'i', 'img', 'kbd', 'small', 'span', 'strong', 'sub', 'sup']);
/** A start tag whose attribute values hold no character reference, carriage return or NUL (which the parser would change). */
const PLAIN_START_TAG = /^<([A-Za-z]+)((?:[ \t\n]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t\n]*=[ \t\n]*(?:[^ \t\n"'=<>`&\r\0]+|'[^'&\r\0]*'|"[^"&\r\0]*"))?)*)[ \t\n]*\/?>$/;
const PLAIN_ATTRIBUTE = /([A-Za-z_:][A-Za-z0-9_.:-]*)(?:[ \t\n]*=[ \t\n]*([^ \t\n"'=<>`]+|'[^']*'|"[^"]*"))?/g;

/**
 * The element of a plain start tag of a phrasing element (`<a id="x">`,
 * `<img src=a.png alt='A'>`) read without the parser, as the parser reads it:
 * names in lower case, the first of an attribute's repeats. Null for any other
 * tag: the parser's to read (a markdown changelog's hundred anchors loaded and
 * ran it a hundred times).
 */
function plainTag(html: string): Tag | null {
  const m = PLAIN_START_TAG.exec(html);
  if (!m || !PHRASING_TAGS.has(m[1].toLowerCase())) return null;
  const attrs: Element['attrs'] = [];
  for (const [, name, quoted = ''] of m[2].matchAll(PLAIN_ATTRIBUTE)) {
    const lower = name.toLowerCase();
    const value = quoted[0] === '"' || quoted[0] === "'" ? quoted.slice(1, -1) : quoted;
    if (!attrs.some((a) => a.name === lower)) attrs.push({ name: lower, value });
  }
  return { tagName: m[1].toLowerCase(), attrs };
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
/** The elements a form owns. */
const FIELD_TAGS = new Set(['input', 'select', 'textarea', 'button']);

/**
 * An element as HtmlReader makes it: marked while the parser has it open (but
 * formatting ones, see FORMATTING), as the walk asks of one at every step. A
 * mark, not a Set of them: a Set's table, grown and shrunk as elements open
 * and close, outlived the young generation and was garbage of the old one.
 */
type MarkedElement = Element & { open: boolean };

const markOpen = (el: Element) => void ((el as MarkedElement).open = true);
const markClosed = (el: Element) => void ((el as MarkedElement).open = false);

/**
 * A whole HTML document, read in chunks: `write` each piece of text as it
 * comes, `end` at the end. The target gets what is settled after every write.
 */
export class HtmlReader {
  private readonly parser: Parser<DefaultTreeAdapterMap>;
  private readonly writer: BlockWriter;
  private readonly walker: HtmlWalker;
  private readonly tails = new TextNodeTails();

  constructor(target: RenderTarget, options: HtmlOptions = {}) {
    // Each field's form owner: the parser's form element pointer when it made the field (`<table><form><tr><td><input>`
    // leaves the form empty, and its fields its own all the same).
    const owners = new WeakMap<Element, Element | null>();
    const createElement = (tagName: string, namespaceURI: html.NS, attrs: Token.Attribute[]): Element => {
      const el = defaultTreeAdapter.createElement(tagName, namespaceURI, attrs) as MarkedElement;
      el.open = false;
      if (FIELD_TAGS.has(tagName)) owners.set(el, (this.parser.formElement as Element | null) ?? null);
      return el;
    };
    const { insertText, insertTextBefore } = this.tails;
    const treeAdapter = { ...defaultTreeAdapter, createElement, insertText, insertTextBefore, onItemPush: markOpen, onItemPop: markClosed };
    // Scripting off, as in a browser that runs none: <noscript>'s content is read as markup.
    this.parser = new (cappedParser())({ treeAdapter, scriptingEnabled: false });
    options = { ...options, formOwner: (field) => (owners.has(field) ? owners.get(field) : undefined) };
    this.writer = new BlockWriter(target);
    const stack = this.parser.openElements;
    const isOpen = (node: Node) => {
      if (node === this.parser.document) return true;
      return isElement(node) && (FORMATTING.has(node.tagName) ? stack.contains(node) : (node as MarkedElement).open === true);
    };
    this.walker = new HtmlWalker(this.writer, this.parser.document, options, isOpen);
  }

  write(chunk: string): void {
    this.parser.tokenizer.write(chunk, false);
    // Text read so far is handed to the tree, and the input it came from let go: else a long run of text is kept, and copied at every write.
    this.parser.tokenizer.flushCurrentCharacterToken();
    letGoOfLongToken(this.parser.tokenizer as unknown as TokenizerInside);
    this.tails.fold();
    this.walker.walk(false);
  }

  end(): void {
    this.parser.tokenizer.write('', true);
    this.tails.fold();
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
