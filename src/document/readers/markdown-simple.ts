// Markdown blocks simple enough to need no parser. micromark takes about
// 0.2 ms for a short paragraph (10 MB of them: half a minute), most of it in
// machinery that plain prose never uses; the paragraphs and headings most
// documents are made of have a tree this module makes directly, the same tree
// as micromark's (test/markdown-simple.test.ts checks it against the parser).
//
// It is conservative: a piece of text is taken only if every line starts in a
// way that cannot open another kind of block (or is a tight list's one-line
// item, or the piece is one fenced code block), and its inline text holds only
// plain words, backslash escapes, code spans, `*emphasis*` and `**strong**`
// with unambiguous flanks, inline links `[text or code](url)` and images of
// plain urls, autolinks and inline tags on one line. Anything else (an entity,
// an HTML block, a reference, a literal autolink's trigger) is the parser's: null.
import type * as md from 'mdast';
import { PHRASING_TAGS } from './html.ts';

/** A line that starts an ATX heading: its marks and its text (without the spaces around it). */
const HEADING = /^(#{1,6}) +([^ ].*?) *$/;
/** A line that starts a list item with a number, or that looks like a thematic break made of `*` or `_`. */
const NUMBERED_ITEM = /^\d{1,9}[.)](?:[ \t]|$)/;
const STARS_RULE = /^[*_][*_ \t]*$/;
/**
 * Text that GFM may turn into a link (looked for after escapes, as GFM does):
 * www., a protocol's ://, an e-mail address's @ after a character its local
 * part may hold (an @ after a space starts none: `@name`).
 */
const AUTOLINK_TRIGGER = /www\.|:\/\/|[\w.+-]@/i;
/** An autolink `<scheme:rest>` (not an e-mail address's): no space, bracket, escape, entity or control in it. */
const ANGLE_AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>\\&\x00-\x1f\x7f]*)>/;
/** An inline HTML tag on one line, as CommonMark reads one: an open tag (its attributes apart by white space, their values plain, quoted or not) or a closing tag. */
const INLINE_TAG = /^<(?:([A-Za-z][A-Za-z0-9-]*)(?:[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t\n"'=<>`]+|'[^'\n]*'|"[^"\n]*"))?)*[ \t]*\/?|\/([A-Za-z][A-Za-z0-9-]*)[ \t]*)>/;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;
/** A list item on one line: its indent, its marker (a bullet, or a number and its delimiter) and one space, then its text. */
const LIST_ITEM = /^( *)(?:([-+*])|(\d{1,9})([.)])) (.*)$/;
/** A code fence at the margin: its marks and its info string. */
const FENCE = /^(`{3,}|~{3,})(.*)$/;

/**
 * The nodes micromark makes of a piece of Markdown cut alone (MarkdownBlocks
 * with no least size: up to the blank lines after it) when the piece is
 * paragraphs and headings of plain inline text; null for anything else.
 */
export function simpleTree(piece: string): md.RootContent[] | null {
  let end = piece.length;
  while (end > 0 && piece[end - 1] === '\n') end--;
  if (end === 0) return null;
  const lines = piece.slice(0, end).split('\n');
  if (lines[0][0] === '|') {
    const table = tableOf(lines);
    return table ? [table] : null;
  }
  const nodes: md.RootContent[] = [];
  let paragraph: string[] = [];
  const endParagraph = (): boolean => {
    if (paragraph.length === 0) return true;
    const node = paragraphOf(paragraph);
    paragraph = [];
    if (!node) return false;
    nodes.push(node);
    return true;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const item = listItemOf(line);
    if (item && item.indent <= 3) {
      // A numbered item interrupts a paragraph only from 1; the list must run to the piece's end (a line after it would continue its last item).
      if ((paragraph.length > 0 && !startsFromOne(item)) || !endParagraph()) return null;
      const list = listAt(lines, i, 0);
      if (!list || list.end !== lines.length) return null;
      nodes.push(list.node);
      return nodes;
    }
    if (FENCE.test(line)) {
      // A fence ends a paragraph; its block must run to the piece's end.
      const code = endParagraph() ? fencedCode(lines.slice(i)) : null;
      if (!code) return null;
      nodes.push(code);
      return nodes;
    }
    if (line[0] === '#') {
      const heading = HEADING.exec(line);
      // A closing run of #s is the parser's.
      if (!heading || heading[2].endsWith('#') || !endParagraph()) return null;
      const children = inlines(heading[2]);
      if (!children) return null;
      nodes.push({ type: 'heading', depth: heading[1].length as md.Heading['depth'], children });
    } else if (startsParagraphLine(line)) {
      paragraph.push(line);
    } else {
      return null;
    }
  }
  return endParagraph() ? nodes : null;
}

interface ListLine {
  indent: number;
  /** The bullet, or the number's delimiter. */
  mark: string;
  number: string | undefined;
  text: string;
  /** Where the item's text starts: nested items are indented at least as far. */
  contentAt: number;
}

function listItemOf(line: string): ListLine | null {
  const m = LIST_ITEM.exec(line);
  if (!m) return null;
  const [, spaces, bullet, number, delimiter, text] = m;
  return { indent: spaces.length, mark: bullet ?? delimiter, number, text, contentAt: spaces.length + (number?.length ?? 0) + 2 };
}

/** Whether an item may interrupt a paragraph (a numbered one only from 1). */
function startsFromOne(item: ListLine): boolean {
  return item.number === undefined || item.number === '1';
}

/**
 * A tight list from line `from`, whose items are indented `least` to 3 more,
 * each a paragraph (its lines after the first indented as far as its text)
 * and any lists nested in it (indented as far as its text, and
 * less than 4 more); up to the first line indented less. Null if a line is not
 * such an item, or an item changes the marker.
 */
function listAt(lines: string[], from: number, least: number): { node: md.List; end: number } | null {
  const first = listItemOf(lines[from]);
  if (!first) return null;
  const children: md.ListItem[] = [];
  /** Where the text of the item before starts. */
  let contentAt = Infinity;
  let at = from;
  while (at < lines.length) {
    const item = listItemOf(lines[at]);
    if (!item) return null;
    if (item.indent < least) break;
    const current = children[children.length - 1];
    if (current && item.indent >= contentAt) {
      // In the item before: a nested list, which interrupts its paragraph.
      if (item.indent - contentAt > 3 || !startsFromOne(item) || current.children.length > 1) return null;
      const nested = listAt(lines, at, contentAt);
      if (!nested) return null;
      current.children.push(nested.node);
      at = nested.end;
      continue;
    }
    if (item.indent - least > 3 || item.mark !== first.mark || !startsParagraphLine(item.text)) return null;
    // Its paragraph goes on over the lines indented as far as its text (or further) that start no block.
    const text = [item.text];
    for (at++; at < lines.length && !listItemOf(lines[at]); at++) {
      const indent = lines[at].search(/[^ ]/);
      if (indent < item.contentAt || !startsParagraphLine(lines[at].slice(indent))) return null;
      text.push(lines[at].slice(indent));
    }
    const paragraph = paragraphOf(text);
    if (!paragraph) return null;
    children.push({ type: 'listItem', spread: false, checked: null, children: [paragraph] });
    contentAt = item.contentAt;
  }
  const ordered = first.number !== undefined;
  return { node: { type: 'list', ordered, start: ordered ? Number(first.number) : null, spread: false, children }, end: at };
}

/** A table's row written `| a | b |`: its cells' text, trimmed (no escaped pipe: a backslash is the parser's); null for any other line. */
function rowCells(line: string): string[] | null {
  if (line.length < 2 || line[0] !== '|' || line[line.length - 1] !== '|' || /[\\\t]/.test(line)) return null;
  return line.slice(1, -1).split('|').map((cell) => cell.trim());
}

const ALIGNS: Record<string, md.AlignType> = { '::': 'center', ':-': 'left', '-:': 'right', '--': null };

/** A GFM table from the piece's first line to its end, every row `| … |` with as many cells as the header's, each of simple inline text. */
function tableOf(lines: string[]): md.Table | null {
  const header = rowCells(lines[0]);
  const delimiters = lines.length > 1 ? rowCells(lines[1]) : null;
  if (!header || !delimiters || delimiters.length !== header.length || !delimiters.every((d) => /^:?-+:?$/.test(d))) return null;
  const align = delimiters.map((d) => ALIGNS[(d[0] === ':' ? ':' : '-') + (d[d.length - 1] === ':' ? ':' : '-')]);
  const children: md.TableRow[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (i === 1) continue;
    const cells = i === 0 ? header : rowCells(lines[i]);
    if (!cells || cells.length !== header.length) return null;
    const row: md.TableCell[] = [];
    for (const cell of cells) {
      const content = cell === '' ? [] : inlines(cell);
      if (!content) return null;
      row.push({ type: 'tableCell', children: content });
    }
    children.push({ type: 'tableRow', children: row });
  }
  return { type: 'table', align, children };
}

/** A fenced code block at the margin whose closing fence ends the piece; its info string a language and a plain meta. */
function fencedCode(lines: string[]): md.Code | null {
  const [, marks, info] = FENCE.exec(lines[0])!;
  // Backticks in a backtick fence's info, an escape or an entity: the parser's.
  if ((marks[0] === '`' && info.includes('`')) || /[\\&\r\0]/.test(info)) return null;
  const last = lines.length - 1;
  const close = lines[last];
  if (last === 0 || !close.startsWith(marks[0].repeat(marks.length)) || !/^(`+|~+) *$/.test(close) || close.trimEnd().length < marks.length || close[0] !== marks[0]) return null;
  for (let i = 1; i < last; i++) {
    // A line that may close the fence early, or that the parser changes (a carriage return, a NUL).
    if (/[\r\0]/.test(lines[i]) || /^ {0,3}(`{3,}|~{3,}) *$/.test(lines[i])) return null;
  }
  // The language is the info's first word; the meta the rest after its white space, to the line's end (as the parser keeps it).
  const words = info.trimStart();
  const space = words.search(/[ \t]/);
  const lang = words === '' ? null : space < 0 ? words : words.slice(0, space);
  const meta = space < 0 ? null : words.slice(space).trimStart() || null;
  return { type: 'code', lang, meta, value: lines.slice(1, last).join('\n') };
}

/** Whether a line can only be a paragraph's: it starts with a word or a mark that opens no other block. */
function startsParagraphLine(line: string): boolean {
  const first = line[0];
  if (first === undefined) return false; // a blank line inside the piece: the parser's
  if (first === '(' || first === '"' || first === "'" || first === '!' || first === '[' || first === '\\') return true;
  if (first === '`') return !line.startsWith('```');
  if (first === '<') {
    if (ANGLE_AUTOLINK.test(line)) return true; // no tag's name holds a colon: no HTML block starts here
    // A phrasing tag (no block tag: CommonMark's kinds 1 and 6) with more after it on the line (alone, it would start an HTML block).
    const tag = INLINE_TAG.exec(line);
    return tag !== null && PHRASING_TAGS.has((tag[1] ?? tag[2]).toLowerCase()) && /\S/.test(line.slice(tag[0].length));
  }
  if (first === '*' || first === '_') return !STARS_RULE.test(line) && !(first === '*' && /^\*(?:[ \t]|$)/.test(line));
  if (first >= '0' && first <= '9') return !NUMBERED_ITEM.test(line);
  return /[A-Za-z]/.test(first) || (first > '\x7f' && WORD.test(first));
}

/** A paragraph of the lines, as micromark joins them (a line's one trailing space dropped), or null. */
function paragraphOf(lines: string[]): md.Paragraph | null {
  // `[label]:` at a paragraph's start may be a definition.
  if (lines[0][0] === '[' && lines.some((l) => l.includes(']:'))) return null;
  const last = lines.length - 1;
  const joined: string[] = [];
  for (let i = 0; i <= last; i++) {
    let line = lines[i];
    if (i === last) line = line.replace(/ +$/, '');
    else if (line.endsWith('  ')) return null; // a hard break
    else if (line.endsWith(' ')) line = line.slice(0, -1);
    joined.push(line);
  }
  const children = inlines(joined.join('\n'));
  return children && children.length > 0 ? { type: 'paragraph', children } : null;
}

/** Characters that mean more than themselves in inline text, or that the parser changes (controls, tabs). */
function isSpecial(code: number): boolean {
  switch (code) {
    case 0x21: // !
    case 0x26: // &
    case 0x2a: // *
    case 0x3c: // <
    case 0x40: // @
    case 0x5b: // [
    case 0x5c: // \
    case 0x5d: // ]
    case 0x5f: // _
    case 0x60: // `
    case 0x7e: // ~
    case 0x7f:
      return true;
    default:
      return code < 0x20 && code !== 0x0a;
  }
}

/** What stands beside a delimiter: nothing (the text's edge), white space, ASCII punctuation, a word's character, or something else (the parser's). */
type Flank = 'edge' | 'space' | 'punctuation' | 'word' | 'other';

function flank(text: string, at: number): Flank {
  const c = text[at];
  if (c === undefined) return 'edge';
  if (c === ' ' || c === '\n') return 'space';
  if (c < '\x80') return ASCII_PUNCTUATION.test(c) ? 'punctuation' : /[A-Za-z0-9]/.test(c) ? 'word' : 'other';
  return WORD.test(c) ? 'word' : 'other';
}

/** Where the run of the character at `at` ends (a run of `*`, `_` or backticks). */
function runEnd(text: string, at: number): number {
  let end = at;
  while (end < text.length && text[end] === text[at]) end++;
  return end;
}

/** Where a run of plain characters from `from` ends (at a special one, or the text's end). */
function plainEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && !isSpecial(text.charCodeAt(at))) at++;
  return at;
}

/** The inline nodes of a paragraph's or heading's text, or null if it holds anything but the simple forms. */
function inlines(text: string): md.PhrasingContent[] | null {
  const nodes: md.PhrasingContent[] = [];
  let words = '';
  const endWords = (): boolean => {
    if (words === '') return true;
    if (AUTOLINK_TRIGGER.test(words)) return false;
    nodes.push({ type: 'text', value: words });
    words = '';
    return true;
  };
  let at = 0;
  while (at < text.length) {
    const plain = plainEnd(text, at);
    if (plain > at) {
      words += text.slice(at, plain);
      at = plain;
      continue;
    }
    const c = text[at];
    if (c === '!' && text[at + 1] === '[') {
      const image = inlineLink(text, at + 1, true);
      if (!image || !endWords()) return null;
      const { url, children } = image.node;
      nodes.push({ type: 'image', url, title: null, alt: (children[0] as md.Text).value });
      at = image.end;
    } else if (c === '`') {
      const span = codeSpan(text, at);
      if (!span || !endWords()) return null;
      nodes.push({ type: 'inlineCode', value: span.value });
      at = span.end;
    } else if (c === '*' || c === '_') {
      const run = runEnd(text, at);
      const before = flank(text, at - 1);
      const after = flank(text, run);
      if (isLiteralRun(c, before, after)) {
        words += text.slice(at, run);
        at = run;
        continue;
      }
      const span = emphasis(text, at, run - at, before, after);
      if (!span || !endWords()) return null;
      nodes.push(span.node);
      at = span.end;
    } else if (c === '[') {
      const link = inlineLink(text, at);
      if (!link || !endWords()) return null;
      nodes.push(link.node);
      at = link.end;
    } else if (c === '<') {
      const after = text.slice(at, at + 4096);
      const autolink = ANGLE_AUTOLINK.exec(after);
      const tag = autolink ? null : INLINE_TAG.exec(after);
      if ((!autolink && !tag) || !endWords()) return null;
      if (autolink) nodes.push({ type: 'link', url: autolink[1], title: null, children: [{ type: 'text', value: autolink[1] }] });
      else nodes.push({ type: 'html', value: tag![0] });
      at += (autolink ?? tag)![0].length;
    } else {
      const literal = literalAt(text, at);
      if (!literal) return null;
      words += literal.value;
      at += literal.length;
    }
  }
  return endWords() ? nodes : null;
}

/** Whether a run of `*` or `_` is only itself: flanked by spaces, or `_` inside a word (snake_case). */
function isLiteralRun(c: string, before: Flank, after: Flank): boolean {
  return ((before === 'space' || before === 'edge') && (after === 'space' || after === 'edge')) || (c === '_' && before === 'word' && after === 'word');
}

/**
 * What a special character at `at` stands for when it opens nothing, and how
 * many characters it takes: a `!` not before `[`; a `]` (every `[` before it
 * opened a simple link or was escaped, so it closes none); an `@` (an
 * address's is endWords' to find); a `&` that starts no entity; an escape.
 * Null for anything that may open something, or is the parser's.
 */
function literalAt(text: string, at: number): { value: string; length: number } | null {
  const c = text[at];
  switch (c) {
    case '!':
      return text[at + 1] === '[' ? null : { value: c, length: 1 };
    case ']':
    case '@':
      return { value: c, length: 1 };
    case '&':
      return /[A-Za-z0-9#]/.test(text[at + 1] ?? '') ? null : { value: c, length: 1 };
    case '\\': {
      const escaped = escapeAt(text, at);
      return escaped === null ? null : escaped ? { value: escaped, length: 2 } : { value: c, length: 1 };
    }
    default:
      return null;
  }
}

/**
 * What a backslash at `at` escapes: the ASCII punctuation after it; '' before
 * any other character (the backslash is itself); null at a line's end (a hard
 * break) or the text's.
 */
function escapeAt(text: string, at: number): string | null {
  const next = text[at + 1];
  if (next === undefined || next === '\n') return null;
  return next < '\x80' && ASCII_PUNCTUATION.test(next) ? next : '';
}

/** A code span on one line from the backticks at `at` to a run as long, its padding space each side dropped. */
function codeSpan(text: string, at: number): { value: string; end: number } | null {
  const open = runEnd(text, at);
  const length = open - at;
  for (let close = text.indexOf('`', open); close >= 0; ) {
    const end = runEnd(text, close);
    if (end - close === length) {
      let value = text.slice(open, close);
      if (value.includes('\n')) return null;
      if (value.length > 2 && value[0] === ' ' && value[value.length - 1] === ' ' && /[^ ]/.test(value)) value = value.slice(1, -1);
      else if (value[0] === ' ' || value[value.length - 1] === ' ' || value === '') return null;
      return { value, end };
    }
    close = text.indexOf('`', end);
  }
  return null; // no closing run: the backticks are text, the parser's to say
}

/**
 * `*x*`, `_x_`, `**x**` or `__x__` from the run at `at`, holding plain text,
 * literal marks, code spans, links and emphasis of the other mark: an opener after white space or punctuation, before a
 * word's character or punctuation; the first run of its character after it
 * (outside code and links) as long, after a non-space, before white space or
 * punctuation; so that each can only be what it seems.
 */
function emphasis(text: string, at: number, length: number, before: Flank, after: Flank): { node: md.Emphasis | md.Strong; end: number } | null {
  if (length > 2 || before === 'word' || before === 'other' || (after !== 'word' && after !== 'punctuation')) return null;
  const char = text[at];
  let close = at + length;
  for (;;) {
    close = plainEnd(text, close);
    const c = text[close];
    if (c === '`') close = codeSpan(text, close)?.end ?? -1;
    else if (c === '[') close = inlineLink(text, close)?.end ?? -1;
    else if ((c === '*' || c === '_') && c !== char) {
      // The other mark: literal, or emphasis inside this one (`_**x**_`).
      const run = runEnd(text, close);
      const before = flank(text, close - 1);
      const after = flank(text, run);
      close = isLiteralRun(c, before, after) ? run : (emphasis(text, close, run - close, before, after)?.end ?? -1);
    } else if (c === '_' && flank(text, close - 1) === 'word' && flank(text, close + 1) === 'word') close++; // snake_case
    else {
      const literal = literalAt(text, close);
      if (!literal) break;
      close += literal.length;
    }
    if (close < 0) return null;
  }
  if (text[close] !== char) return null;
  const run = runEnd(text, close);
  if (run - close !== length) return null;
  const inside = flank(text, close - 1);
  const outside = flank(text, run);
  if (inside !== 'word' && inside !== 'punctuation') return null;
  if (outside !== 'space' && outside !== 'edge' && outside !== 'punctuation') return null;
  const children = inlines(text.slice(at + length, close));
  if (!children || children.length === 0) return null;
  return { node: length === 1 ? { type: 'emphasis', children } : { type: 'strong', children }, end: run };
}

/**
 * Where the label of a link opened at `at` ends (its `]`): the label plain
 * text, code spans and escapes; -1 if it holds anything else (a bracket, an
 * emphasis mark, a line break) or does not end.
 */
function labelEnd(text: string, at: number): number {
  let close = at + 1;
  for (;;) {
    close = plainEnd(text, close);
    const c = text[close];
    if (c === ']') return close;
    if (c === '`') close = codeSpan(text, close)?.end ?? -1;
    else if (c === '\\' && escapeAt(text, close)) close += 2;
    else return -1;
    if (close < 0) return -1;
  }
}

/** `[label](url)` at `at` (the label as labelEnd takes it; an image's plain text), its url with no space, parenthesis, quote or escape. */
function inlineLink(text: string, at: number, image = false): { node: md.Link; end: number } | null {
  if (text[at + 1] === '^') return null; // a footnote's reference
  const close = image ? plainEnd(text, at + 1) : labelEnd(text, at);
  if (close <= at + 1 || text[close] !== ']' || text[close + 1] !== '(') return null;
  const label = text.slice(at + 1, close);
  if (label.includes('\n') || !/[^ ]/.test(label)) return null;
  const children = inlines(label);
  if (!children || children.length === 0) return null;
  const url = /^[^\s()<>\\&"'`\x00-\x1f\x7f]+(?=\))/.exec(text.slice(close + 2, close + 2 + 4096));
  if (!url) return null;
  return { node: { type: 'link', url: url[0], title: null, children }, end: close + 3 + url[0].length };
}
