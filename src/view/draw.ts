// Building a frame from the rows on screen: the cost is the screen's, never
// the document's. Spans are found by binary search, not by scanning them all.
import type { Frame } from '../../term/screen.ts';
import type { Size } from '../../term/tty.ts';
import { sgr } from '../../term/sgr.ts';
import type { Document } from '../document/document.ts';
import type { Spans } from '../document/spans.ts';
import type { LinkTargets } from '../link/targets.ts';
import { renderUrl } from '../link/render.ts';
import { previewLines } from './preview.ts';
import type { Context, State } from '../state/state.ts';
import type { Role, Theme } from './theme.ts';
import { forEachCluster, forEachStringCluster, stringWidth } from '../text/width.ts';
import { fitRows, truncate } from '../text/sanitize.ts';
import { tabCells } from './wrap.ts';

interface Styled {
  text: string;
  cells: number;
}

/** Writes runs of text, switching attributes only where the role changes. */
class RowWriter implements Styled {
  text = '';
  cells = 0;
  private role: Role = 'text';
  constructor(private readonly theme: Theme) {}
  put(s: string, cells: number, role: Role): void {
    if (role !== this.role) {
      this.text += sgr(this.theme[role], this.theme[this.role]);
      this.role = role;
    }
    this.text += s;
    this.cells += cells;
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
  current: number | null;
  isBroken: (link: number) => boolean;
}

/** The role of each offset of a row: an active span wins over an inactive one, the innermost link over outer ones. */
function roleFinder(doc: Document, start: number, end: number, marks: Marks): (offset: number) => Role {
  const links = spansIn(doc.links, start, end);
  const tokens = spansIn(doc.tokens, start, end);
  const matches = marks.matches ? spansIn(marks.matches, start, end) : [];
  const covers = (found: Found, offset: number) => found.find(([s, e]) => s <= offset && offset < e);
  return (offset) => {
    if (covers(tokens, offset)) return 'token';
    const match = covers(matches, offset);
    if (match && match[2] === marks.current) return 'matchCurrent';
    let link: Found[number] | undefined;
    for (const found of links) if (found[0] <= offset && offset < found[1]) link = found;
    if (link && link[2] === marks.selected) return 'linkSelected';
    if (match) return 'match';
    if (link) return marks.isBroken(link[2]) ? 'linkBroken' : 'link';
    return 'text';
  };
}

/** Draws the text of one row; what the walk turns into a token is drawn as one. */
export function drawRow(doc: Document, start: number, end: number, width: number, theme: Theme, marks: Marks): Styled {
  const roleAt = roleFinder(doc, start, end, marks);
  const out = new RowWriter(theme);
  const bytes = doc.text.bytes(start, end);
  let offset = start;
  const place = (shown: string, bytesLength: number, cells: number, token: boolean) => {
    if (shown === '\n') return false;
    if (shown === '\t') {
      cells = tabCells(out.cells, width);
      shown = ' '.repeat(cells);
    }
    if (out.cells + cells > width) return false;
    out.put(shown, cells, token ? 'token' : roleAt(offset));
    offset += bytesLength;
    return true;
  };
  forEachCluster(bytes, place);
  return out;
}

const indicators = { search: '/', fork: '>', exec: '!', examine: 'Examine: ' } as const;

/** The typing line: indicator and text, scrolled sideways to keep the cursor on screen. */
function drawTyping(state: State, width: number, theme: Theme): { styled: Styled; cursor: number } {
  const indicator = state.mode === 'search' && state.searchBackward ? '?' : indicators[state.mode as keyof typeof indicators];
  // The typed text as drawn (tokens for what is not printable), with where each cluster starts in it.
  const clusters: Array<{ shown: string; at: number; cells: number }> = [];
  let at = 0;
  forEachStringCluster(state.line.text, 'trust', (shown, length, cells) => {
    clusters.push({ shown, at, cells });
    at += length;
    return true;
  });
  let cursorIndex = 0;
  while (cursorIndex < clusters.length && clusters[cursorIndex].at < state.line.cursor) cursorIndex++;
  const room = Math.max(1, width - 1 - indicator.length);
  let first = 0;
  let before = 0;
  for (let k = 0; k < cursorIndex; k++) before += clusters[k].cells;
  while (before >= room && first < cursorIndex) before -= clusters[first++].cells;
  const out = new RowWriter(theme);
  out.put(indicator, indicator.length, 'indicator');
  const shown = truncate(clusters.slice(first).map((c) => c.shown).join(''), width - indicator.length);
  out.put(shown.text, shown.cells, 'indicator');
  return { styled: out, cursor: indicator.length + before };
}

/** The ground status line: the indicator, and where the selected link goes. */
function drawGroundStatus(state: State, links: LinkTargets, width: number, theme: Theme): Styled {
  const out = new RowWriter(theme);
  out.put(':', 1, 'indicator');
  if (state.selected !== null && width > 2) {
    const target = links.get(state.selected);
    // The rendered URL passes the sanitizer too: nothing reaches the frame around it.
    const shown = truncate(target.ok ? renderUrl(target.url, width - 2) : `cannot follow: ${target.reason}`, width - 2);
    out.put(' ' + shown.text, 1 + shown.cells, 'text');
  }
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

/** The frame for the current state: text rows, `~` past the end, the status line. */
export function draw(ctx: Pick<Context, 'doc' | 'wrap' | 'links'>, state: State, size: Size, theme: Theme): Frame {
  const { doc, wrap, links } = ctx;
  const height = Math.max(0, size.rows - 1);
  let styled: Styled[];
  if (state.mode === 'preview' && state.selected !== null) {
    styled = drawPreview(doc, links, state, size, height, theme);
  } else {
    const marks: Marks = {
      selected: state.selected,
      matches: state.matches?.spans ?? null,
      current: state.match,
      isBroken: (i) => !links.get(i).ok,
    };
    styled = wrap.visibleRows(state.top, height).map((row) => drawRow(doc, row.start, row.end, size.cols, theme, marks));
  }
  while (styled.length < height) styled.push({ text: state.mode === 'preview' ? '' : '~', cells: 1 });
  let cursor: Frame['cursor'] = null;
  const notice = state.message ?? state.busy;
  if (notice !== null) {
    const out = new RowWriter(theme);
    const { text, cells } = truncate(notice, size.cols);
    out.put(text, cells, 'message');
    styled.push(out);
  } else if (state.mode !== 'ground' && state.mode !== 'preview') {
    const typing = drawTyping(state, size.cols, theme);
    styled.push(typing.styled);
    cursor = { row: height, col: typing.cursor };
  } else if (state.mode === 'preview') {
    const out = new RowWriter(theme);
    const text = 'press any key to close the preview';
    out.put(text, stringWidth(text), 'message');
    styled.push(out);
  } else {
    styled.push(drawGroundStatus(state, links, size.cols, theme));
  }
  return { rows: styled.map((s) => s.text), widths: styled.map((s) => s.cells), cols: size.cols, cursor };
}
