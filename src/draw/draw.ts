// Building a frame from the rows on screen: the cost is the screen's, never
// the document's. Spans are found by binary search, not by scanning them all.
import type { Frame } from '../../term/screen.ts';
import { filterStatus } from '../state/filter-status.ts';
import type { Size } from '../../term/tty.ts';
import { sgr, type Attrs } from '../../term/sgr.ts';
import { HYPERLINK_CLOSE, hyperlinkOpen } from '../../term/hyperlink.ts';
import { StyleLooks } from './textstyle.ts';
import type { Document } from '../document/document.ts';
import type { Spans } from '../document/spans.ts';
import type { LinkTargets, Target } from '../link/targets.ts';
import { isLocalFile } from '../link/local-file.ts';
import { renderUrl } from '../link/render.ts';
import { mayHyperlinkFrom } from '../link/follow-policy.ts';
import type { UrlRecord } from '../link/url/index.ts';
import { previewLines } from './preview.ts';
import type { Context, State } from '../state/state.ts';
import type { LoginAsk } from '../state/types.ts';
import type { Role, Theme } from './theme.ts';
import { forEachStringCluster, stringWidth } from '../text/width.ts';
import { fitRows, sanitize, truncate } from '../text/sanitize.ts';
import { isPlainAscii } from '../rows/wrap.ts';
import { shownClusters, WRAPPED, type RowLayout } from '../rows/cells.ts';
import { lineNumbers } from '../rows/gutter.ts';
import { placeLine, placeOf } from './status.ts';
import { screenEnd } from '../rows/viewport.ts';
import { describeField, fieldLook, type FieldLook } from '../document/forms.ts';
import { fieldOfLink } from '../state/fields.ts';
import { FieldCells } from './field-cells.ts';
import { fieldIndicator, optionRows, optionsHelp } from './options.ts';

interface Styled {
  text: string;
  cells: number;
}

/** Writes runs of text, switching attributes only where they change. */
class RowWriter implements Styled {
  text = '';
  cells = 0;
  private attrs: Attrs;
  /** The OSC 8 hyperlink open: its link number, -1 for none. */
  private link = -1;
  constructor(private readonly theme: Theme) {
    this.attrs = theme.text;
  }
  put(s: string, cells: number, role: Role): void {
    this.putIn(s, cells, this.theme[role]);
  }
  /** Writes text in these attributes. */
  putIn(s: string, cells: number, attrs: Attrs): void {
    if (attrs !== this.attrs) {
      this.text += sgr(attrs, this.attrs);
      this.attrs = attrs;
    }
    this.text += s;
    this.cells += cells;
  }
  /** What follows is inside link `link`'s hyperlink (`open` its sequence), or in none (-1). */
  hyperlink(link: number, open: () => string): void {
    if (link === this.link) return;
    if (this.link >= 0) this.text += HYPERLINK_CLOSE;
    this.link = -1;
    const sequence = link >= 0 ? open() : '';
    if (sequence) {
      this.text += sequence;
      this.link = link;
    }
  }
}

type Found = Array<[start: number, end: number, index: number]>;

/** The spans of a list that overlap [start, end). */
function spansIn(list: Spans, start: number, end: number): Found {
  const [from, to] = list.range(start, end);
  const found: Found = [];
  for (let i = from; i < to; i++) if (list.overlaps(i, start, end)) found.push([list.start(i), list.end(i), i]);
  return found;
}

/** What the rows need to know besides the text: the selection, the search, broken links. */
export interface Marks {
  selected: number | null;
  matches: Spans | null;
  /** Start offset of the current search match. */
  current: number | null;
  isBroken: (link: number) => boolean;
  /** Whether link i is drawn as one (a reference to a manual page man has not is text); none: every link is. */
  isShown?: (link: number) => boolean;
  /** How style spans look (SGR colours, markup roles); none: drawn as text. */
  looks?: StyleLooks | null;
  /** The OSC 8 sequence that opens link i's hyperlink ('' for none); none: no hyperlinks. */
  hyperlink?: ((link: number) => string) | null;
  /** How link i shows now if it is a form field whose look changes (its value drawn over its text); null otherwise. */
  fieldLook?: ((link: number) => FieldLook | null) | null;
}

/** How the document's styles look, per document: worked out once for each style number. */
const looksOf = new WeakMap<Document, StyleLooks>();

/** Drawing choices the terminal makes: colours, OSC 8 hyperlinks. */
export interface Looks {
  color: boolean;
  hyperlinks: boolean;
}

/** The innermost link at each offset of a row (-1 for none). */
function linkFinder(doc: Document, start: number, end: number): (offset: number) => number {
  const links = spansIn(doc.links, start, end);
  return (offset) => {
    let link = -1;
    for (const found of links) if (found[0] <= offset && offset < found[1]) link = found[2];
    return link;
  };
}

/** How the markup at an offset looks: every style span over it, merged (the inner one's over the outer's). */
interface Markup {
  attrs: Attrs;
  /** One of them is a role of markup (not a colour the input chose): a link in it keeps its weight and slant. */
  role: boolean;
  /** Names the merge: the style numbers, outermost first. */
  key: string;
}

/**
 * The markup at each offset of a row (null for none): the looks of all the style spans over
 * it, outermost first, so `***both***` (emphasis in strong) is bold and italic.
 */
function markupFinder(doc: Document, looks: StyleLooks, start: number, end: number): (offset: number) => Markup | null {
  // Outer spans first: of two starting together, the longer.
  const styles = spansIn(doc.styleSpans, start, end).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  if (styles.length === 0) return () => null;
  const merged = new Map<string, Markup | null>();
  return (offset) => {
    const numbers: number[] = [];
    for (const found of styles) if (found[0] <= offset && offset < found[1]) numbers.push(doc.styleSpans.tag(found[2]));
    const key = numbers.join(',');
    let markup = merged.get(key);
    if (markup === undefined) {
      let attrs: Attrs = {};
      let role = false;
      for (const n of numbers) {
        attrs = { ...attrs, ...looks.get(doc.styleTable, n) };
        role ||= doc.styleTable.get(n).role !== undefined;
      }
      markup = numbers.length === 0 ? null : { attrs, role, key };
      merged.set(key, markup);
    }
    return markup;
  };
}

/** The role of each offset of a row: an active span wins over an inactive one, the innermost link over outer ones. */
function roleFinder(doc: Document, start: number, end: number, marks: Marks): (offset: number) => Role {
  const shown = marks.isShown;
  const links = spansIn(doc.links, start, end).filter((found) => !shown || shown(found[2]));
  const tokens = spansIn(doc.tokens, start, end);
  const matches = marks.matches ? spansIn(marks.matches, start, end) : [];
  const covers = (found: Found, offset: number) => found.find(([s, e]) => s <= offset && offset < e);
  return (offset) => {
    if (covers(tokens, offset)) return 'token';
    const match = covers(matches, offset);
    if (match && match[0] === marks.current) return 'matchCurrent';
    let link: Found[number] | undefined;
    for (const found of links) if (found[0] <= offset && offset < found[1]) link = found;
    if (link && link[2] === marks.selected) return 'linkSelected';
    if (match) return 'match';
    if (link) return marks.isBroken(link[2]) ? 'linkBroken' : secondOfTouching(doc.links, link[2]) ? 'linkAdjacent' : 'link';
    return 'text';
  };
}

/**
 * Whether link i is the second of two links with nothing between them
 * (`[4](#p4)[1.1](#s1.1)` in Markdown): counted back along the run of touching
 * links, every other one is drawn unlike its neighbours, so each shows where it
 * ends with or without colour.
 */
function secondOfTouching(links: Spans, i: number): boolean {
  let run = 0;
  while (i - run > 0 && run < 1000 && links.end(i - run - 1) === links.start(i - run)) run++;
  return run % 2 === 1;
}

/** The row is printable ASCII with nothing on it: no link, token, match or style span. */
function isBare(doc: Document, bytes: Uint8Array, start: number, end: number, marks: Marks): boolean {
  const none = (list: Spans | null) => list === null || spansIn(list, start, end).length === 0;
  return isPlainAscii(bytes) && none(doc.links) && none(doc.tokens) && none(marks.matches) && (marks.looks == null || none(doc.styleSpans));
}

/**
 * Where the look of [start, end) may change: its ends, and every edge inside
 * it of a span drawn (link, token, match, style), sorted, each once.
 */
function spanEdges(doc: Document, start: number, end: number, marks: Marks): number[] {
  const edges = [start, end];
  const add = (list: Spans | null) => {
    if (list === null) return;
    for (const [s, e] of spansIn(list, start, end)) {
      if (s > start && s < end) edges.push(s);
      if (e > start && e < end) edges.push(e);
    }
  };
  add(doc.links);
  add(doc.tokens);
  add(marks.matches);
  if (marks.looks) add(doc.styleSpans);
  edges.sort((a, b) => a - b);
  return edges.filter((x, i) => i === 0 || x !== edges[i - 1]);
}

/** Bytes up to the line break, if there is one. */
function lineLength(bytes: Uint8Array): number {
  const lf = bytes.indexOf(0x0a);
  return lf < 0 ? bytes.length : lf;
}

/** Draws the text of one row; what the walk turns into a token is drawn as one. */
export function drawRow(doc: Document, start: number, end: number, width: number, theme: Theme, marks: Marks, layout: RowLayout = WRAPPED): Styled {
  const out = new RowWriter(theme);
  if (layout.number) out.put(layout.number, layout.number.length, 'lineNumber');
  if (layout.hang) {
    // Quote bars in the quote's look; the blank under a list marker as text.
    const bars = layout.hang.trimEnd();
    const quote = marks.looks && bars ? doc.styleTable.numberOf({ role: 'quote' }) : -1;
    if (quote >= 0) out.putIn(bars, bars.length, marks.looks!.get(doc.styleTable, quote));
    else out.put(bars, bars.length, 'text');
    out.put(layout.hang.slice(bars.length), layout.hang.length - bars.length, 'text');
    width -= layout.hang.length;
  }
  const bytes = doc.text.bytes(start, end);
  if (!layout.chop && !layout.labels?.length && isBare(doc, bytes, start, end, marks)) {
    // Most rows of most text: one run, with no walk of its clusters (the first screen's code is not compiled yet).
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1', 0, Math.min(lineLength(bytes), width));
    out.put(text, text.length, 'text');
    return out;
  }
  // Printable ASCII with spans on it (links, matches): a cell a byte, drawn in runs between the spans' edges
  // (not with link numbers, which are cells of their own, nor a form's fields, drawn over a cluster at a time).
  const ascii = !layout.chop && !layout.labels?.length && !marks.fieldLook && isPlainAscii(bytes);
  const shown = ascii ? null : shownClusters(bytes, start, width, layout).shown;
  const offsets = shown?.filter((s) => s.offset >= 0) ?? null;
  if (shown && offsets!.length === 0 && shown.length === 0) return out;
  const asciiLength = ascii ? Math.min(lineLength(bytes), width) : 0;
  // Spans are looked up over what shows, not the whole row: a chopped row may be long.
  const from = offsets ? (offsets.length ? offsets[0].offset : start) : start;
  const to = offsets ? (offsets.length ? offsets[offsets.length - 1].offset + 1 : start) : start + asciiLength;
  const roleAt = roleFinder(doc, from, to, marks);
  const looks = marks.looks ?? null;
  const markupAt = looks ? markupFinder(doc, looks, from, to) : () => null;
  const hyperlink = marks.hyperlink ?? null;
  const fields = marks.fieldLook ? new FieldCells(doc, marks.fieldLook) : null;
  const linkAt = hyperlink || fields ? linkFinder(doc, from, to) : () => -1;
  const merged = new Map<string, Attrs>();
  if (!shown) {
    const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const edges = spanEdges(doc, from, to, marks);
    for (let k = 0; k + 1 < edges.length; k++) put(latin1.toString('latin1', edges[k] - start, edges[k + 1] - start), edges[k + 1] - edges[k], edges[k], false);
    if (hyperlink) out.hyperlink(-1, () => '');
    return out;
  }
  for (const { shown: text, cells, offset, token, label } of shown) {
    if (offset < 0) {
      if (hyperlink) out.hyperlink(-1, () => '');
      out.put(text, cells, offset === -2 ? 'chopMark' : 'text');
      continue;
    }
    // A link's number (#), in the link colour whatever the link's state, as lynx draws it.
    if (label) {
      if (hyperlink) {
        const link = linkAt(offset);
        out.hyperlink(link, () => hyperlink(link));
      }
      out.put(text, cells, 'link');
      continue;
    }
    put(text, cells, offset, token);
  }
  if (hyperlink) out.hyperlink(-1, () => '');
  return out;

  /** Text from `offset` on that is all in one look: in its link's hyperlink, in the role and markup there. */
  function put(text: string, cells: number, offset: number, token: boolean): void {
    if (hyperlink) {
      const link = linkAt(offset);
      out.hyperlink(link, () => hyperlink(link));
    }
    let role: Role = token ? 'token' : roleAt(offset);
    // A form field: the value it holds now, over its text.
    const field = fields && !token ? fields.at(linkAt(offset), offset, cells, text) : null;
    if (field) {
      text = field.text;
      if (field.dim && role !== 'linkSelected') role = 'placeholder';
    }
    // A span lwl marks (match, token, the selected link) wins over the style the input chose;
    // a link keeps the weight and slant of the markup around it (a bold link, an image),
    // and in program output the program's own colours, underlined (a diff's + and - lines).
    const isLink = role === 'link' || role === 'linkAdjacent';
    const markup = role === 'text' || isLink ? markupAt(offset) : null;
    if (markup && !isLink) out.putIn(text, cells, markup.attrs);
    else if (markup?.role) out.putIn(text, cells, linkInMarkup(role, markup));
    else if (markup) out.putIn(text, cells, linkInColours(role, markup));
    else out.put(text, cells, role);
  }

  /** A link in the program's own look (SGR, overstrike): that look, underlined, in the link's colour only where the program chose none. */
  function linkInColours(role: Role, { attrs: own, key: style }: Markup): Attrs {
    const key = `${role} own ${style}`;
    let attrs = merged.get(key);
    if (!attrs) {
      attrs = { ...own, underline: true };
      if (attrs.fg === undefined && theme[role].fg !== undefined) attrs.fg = theme[role].fg;
      merged.set(key, attrs);
    }
    return attrs;
  }

  /** A link's look with the bold, italic and strike of the markup it is in; one object per look, so the writer sees no change within a run. */
  function linkInMarkup(role: Role, { attrs: markup, key: style }: Markup): Attrs {
    const key = `${role} ${style}`;
    let attrs = merged.get(key);
    if (!attrs) {
      attrs = { ...theme[role] };
      if (markup.bold) attrs.bold = true;
      if (markup.italic) attrs.italic = true;
      if (markup.strike) attrs.strike = true;
      merged.set(key, attrs);
    }
    return attrs;
  }
}

const indicators = { search: '/', filter: '&', fork: '>', exec: '!', examine: 'Examine: ', save: 'log file: ', pipe: '|' } as const;

/** A login's prompt: the user name's, then the password's (whose text is never drawn). */
function loginPrompt(login: LoginAsk): string {
  // The user name as typed (a paste may hold anything): its controls drawn as tokens.
  if (login.user !== null) return `Password for ${sanitize(login.user.slice(0, 40))} (not shown): `;
  const realm = login.realm ? ` "${login.realm.slice(0, 40)}"` : '';
  return `${login.refused ? 'Login refused. ' : ''}User name for ${login.site}${realm}: `;
}

/** The typing line: indicator and text, scrolled sideways to keep the cursor on screen. */
function drawTyping(state: State, width: number, theme: Theme, fieldName: string): { styled: Styled; cursor: number } {
  const login = state.mode === 'login' ? state.login : null;
  // S's save mode asks where to save; less's s, for its log file.
  const named = state.mode === 'field' ? fieldName : state.mode === 'search' && state.searchBackward ? '?' : state.mode === 'save' && state.saveTarget ? 'Save to: ' : indicators[state.mode as keyof typeof indicators];
  const prompt = login ? loginPrompt(login) : named;
  // A prompt wider than the screen leaves room for the cursor.
  const fitted = truncate(prompt, Math.max(0, width - 1));
  const indicator = { text: fitted.text, length: fitted.cells };
  // A password shows as a `*` a character.
  const typedClusters = state.editing?.masked ? maskedClusters : typedClustersOf;
  const room = Math.max(1, width - 1 - indicator.length);
  const { text, cursor } = login?.user != null ? { text: '', cursor: 0 } : state.line;
  // Only the text near the cursor can show, so only it is looked at: a line of any length (a paste) costs a screen's width.
  let before: TypedCluster[] = [];
  let cells = 0;
  for (let near = 4 * width + 64; ; near *= 2) {
    const from = Math.max(0, cursor - near);
    before = typedClusters(text.slice(from, cursor));
    // Cut from the middle of the line, the first may be the tail of a cluster: it is scrolled off anyway.
    if (from > 0) before.shift();
    cells = before.reduce((sum, c) => sum + c.cells, 0);
    if (from === 0 || cells >= room) break;
  }
  let first = 0;
  while (cells >= room && first < before.length) cells -= before[first++].cells;
  const after = typedClusters(text.slice(cursor, Math.min(text.length, cursor + 4 * width + 64)));
  const out = new RowWriter(theme);
  out.put(indicator.text, indicator.length, 'indicator');
  const shown = truncate([...before.slice(first), ...after].map((c) => c.shown).join(''), width - indicator.length);
  out.put(shown.text, shown.cells, 'indicator');
  return { styled: out, cursor: indicator.length + cells };
}

/** A typed cluster as drawn (a token for what is not printable) and its cells. */
interface TypedCluster {
  shown: string;
  cells: number;
}

function maskedClusters(text: string): TypedCluster[] {
  return typedClustersOf(text).map(() => ({ shown: '*', cells: 1 }));
}

function typedClustersOf(text: string): TypedCluster[] {
  const clusters: TypedCluster[] = [];
  forEachStringCluster(text, 'trust', (shown, _length, cells) => {
    clusters.push({ shown, cells });
    return true;
  });
  return clusters;
}

/** The ground status line: the indicator, and where the selected link goes. */
/** The ground status line: the indicator, and where the selected link goes, or else where the screen is. */
function drawGroundStatus(ctx: Drawn, state: State, width: number, theme: Theme): Styled {
  const out = new RowWriter(theme);
  out.put(':', 1, 'indicator');
  if (width <= 2) return out;
  let words: string;
  const field = fieldOfLink(ctx, state.selected);
  if (field !== null) {
    // A form field says what it is: `text field q`, `checkbox exact`, `submit button Go`.
    words = describeField(ctx.doc.forms!, state.fields ?? {}, field);
  } else if (state.selected !== null) {
    const target = ctx.links.get(state.selected);
    words = target.ok ? renderUrl(target.url, width - 2) : `cannot follow: ${target.reason}`;
  } else {
    const place = placeOf(ctx.doc, ctx.lines, state.top, screenEnd(ctx, state.top));
    // &pattern: what it shows comes first.
    const filter = state.filter ? filterStatus(state.filter) + '  ' : '';
    words = filter + placeLine(state.top === 0 && !filter ? ctx.doc.name : null, place, width - 2 - filter.length);
    if (words === '') return out;
  }
  // What is written here passes the sanitizer too: a file name, a rendered URL.
  const shown = truncate(words, width - 2);
  out.put(' ' + shown.text, 1 + shown.cells, 'text');
  return out;
}

/** The preview of the selected link, filling at most `height` text rows: long values are laid out only as far as they show. */
function drawPreview(doc: Document, links: LinkTargets, state: State, size: Size, height: number, theme: Theme): Styled[] {
  const rows: Styled[] = [];
  for (const { label, value, role } of previewLines(doc, links, state.selected!)) {
    if (rows.length >= height) break;
    const labelCells = Math.min(label.length, size.cols);
    const indent = size.cols > 2 ? 2 : 0;
    // On a screen too narrow for the label and some of the value, the value starts on the next row.
    const first = size.cols - labelCells > 0 ? size.cols - labelCells : 0;
    const fitted = fitRows(value, first || size.cols - indent, size.cols - indent, height - rows.length - (first ? 0 : 1));
    if (!first) fitted.unshift({ text: '', cells: 0 });
    fitted.forEach((part, k) => {
      const out = new RowWriter(theme);
      if (k === 0) out.put(label.slice(0, labelCells), labelCells, 'heading');
      else out.put(' '.repeat(indent), indent, 'text');
      out.put(part.text, part.cells, role);
      rows.push(out);
    });
  }
  return rows;
}

/** How link `link` shows now, if it is a form field whose look changes. */
function fieldLookOf(ctx: Drawn, state: State, link: number): FieldLook | null {
  const field = fieldOfLink(ctx, link);
  return field === null ? null : fieldLook(ctx.doc.forms!, state.fields ?? {}, field);
}

/** A select's options, listed in place of the text (options mode). */
function drawOptionList(doc: Document, state: State, cols: number, height: number, theme: Theme): Styled[] {
  return optionRows(doc.forms!, state.choosing!, cols, height).map(({ text, role }) => {
    const out = new RowWriter(theme);
    const fitted = truncate(text, cols);
    out.put(fitted.text, fitted.cells, role);
    return out;
  });
}

function lookOf(doc: Document, theme: Theme, color: boolean): StyleLooks {
  let looks = looksOf.get(doc);
  if (!looks) looksOf.set(doc, (looks = new StyleLooks(theme, color)));
  return looks;
}

/**
 * Link i's hyperlink on the page at `page` (null: not from the web): its serialized URL, with an id
 * that keeps its pieces on several rows one link; none for a link lwl would refuse or ask about.
 */
/** A link drawn as broken: its URL is not one, or it names a file on another machine (file://otherhost/). */
function isBroken(target: Target): boolean {
  return !target.ok || (target.url.scheme === 'file' && !isLocalFile(target.url));
}

function hyperlinkFor(links: LinkTargets, i: number, page: UrlRecord | null): string {
  const target = links.get(i);
  return target.ok && mayHyperlinkFrom(page, target.url) ? hyperlinkOpen(target.href, `lwl${process.pid}-${i}`) : '';
}

/** The frame for the current state: text rows, `~` past the end, the status line. */
/** What a frame is drawn from, besides the state. */
type Drawn = Pick<Context, 'doc' | 'rows' | 'links' | 'lines' | 'height' | 'web' | 'secure'>;

export function draw(ctx: Drawn, state: State, size: Size, theme: Theme, look: Looks = { color: true, hyperlinks: false }): Frame {
  const { doc, rows, links } = ctx;
  const height = Math.max(0, size.rows - 1);
  let styled: Styled[];
  if (state.mode === 'preview' && state.selected !== null) {
    styled = drawPreview(doc, links, state, size, height, theme);
  } else if (state.mode === 'options' && state.choosing && doc.forms) {
    styled = drawOptionList(doc, state, size.cols, height, theme);
  } else {
    const marks: Marks = {
      selected: state.selected,
      matches: state.matches?.spans ?? null,
      current: state.match,
      isBroken: (i) => isBroken(links.get(i)),
      isShown: (i) => links.shown(i),
      looks: doc.styleTable.size > 0 ? lookOf(doc, theme, look.color) : null,
      // Secure mode follows no link out of the document: a click in the terminal may not either.
      // A form field is no hyperlink: its href is its form's action, which Enter sends, not follows.
      hyperlink: look.hyperlinks && !ctx.secure ? (i) => (fieldOfLink(ctx, i) !== null ? '' : hyperlinkFor(links, i, ctx.web?.url ?? null)) : null,
      fieldLook: doc.forms && doc.forms.fields.length > 0 ? (i) => fieldLookOf(ctx, state, i) : null,
    };
    const visible = rows.visibleRows(state.top, height);
    // The line-number column: what the screen has besides the text's width.
    const gutter = Math.max(0, size.cols - rows.width);
    const numbers = gutter > 0 ? lineNumbers(doc, ctx.lines, visible) : null;
    styled = visible.map((row, i) => {
      const number = numbers === null ? '' : numbers[i] === null ? ' '.repeat(gutter) : `${String(numbers[i]).padStart(gutter - 1)} `;
      const labels = rows.labels?.within(row.start, row.end);
      return drawRow(doc, row.start, row.end, rows.width, theme, marks, { chop: rows.chop, shift: state.shift, number, hang: rows.hangOfRow(row.start), labels });
    });
  }
  while (styled.length < height) styled.push({ text: state.mode === 'preview' ? '' : '~', cells: 1 });
  let cursor: Frame['cursor'] = null;
  // A question waits for y or n; a page loading shows its progress unless a link's URL is shown.
  const asked = state.mode === 'question' ? (state.question?.text ?? null) : null;
  const loading = state.mode === 'ground' && state.selected === null ? (ctx.web?.progress ?? null) : null;
  const notice = state.message ?? state.busy ?? asked ?? loading;
  if (notice !== null) {
    const out = new RowWriter(theme);
    const { text, cells } = truncate(notice, size.cols);
    out.put(text, cells, 'message');
    styled.push(out);
  } else if (state.mode === 'options') {
    const out = new RowWriter(theme);
    const text = truncate(optionsHelp(doc.forms, state.choosing), size.cols);
    out.put(text.text, text.cells, 'message');
    styled.push(out);
  } else if (state.mode !== 'ground' && state.mode !== 'preview') {
    const typing = drawTyping(state, size.cols, theme, fieldIndicator(doc.forms, state.editing));
    styled.push(typing.styled);
    cursor = { row: height, col: typing.cursor };
  } else if (state.mode === 'preview') {
    const out = new RowWriter(theme);
    const text = 'press any key to close the preview';
    out.put(text, stringWidth(text), 'message');
    styled.push(out);
  } else {
    styled.push(drawGroundStatus(ctx, state, size.cols, theme));
  }
  return { rows: styled.map((s) => s.text), widths: styled.map((s) => s.cells), cols: size.cols, cursor };
}
