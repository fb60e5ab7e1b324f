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
import { clusterWidth, forEachCluster, graphemes, stringWidth } from '../text/width.ts';
import { sanitize, truncate } from '../text/sanitize.ts';
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
  /** Start offset of the current search match. */
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
    if (match && match[0] === marks.current) return 'matchCurrent';
    let link: Found[number] | undefined;
    for (const found of links) if (found[0] <= offset && offset < found[1]) link = found;
    if (link && link[2] === marks.selected) return 'linkSelected';
    if (match) return 'match';
    if (link) return marks.isBroken(link[2]) ? 'linkBroken' : 'link';
    return 'text';
  };
}

/** Draws the text of one row. */
export function drawRow(doc: Document, start: number, end: number, width: number, theme: Theme, marks: Marks): Styled {
  const roleAt = roleFinder(doc, start, end, marks);
  const out = new RowWriter(theme);
  const bytes = doc.text.bytes(start, end);
  let offset = start;
  const place = (cluster: string, bytesLength: number) => {
    if (cluster === '\n') return false;
    let cells: number;
    let shown = cluster;
    if (cluster === '\t') {
      cells = tabCells(out.cells, width);
      shown = ' '.repeat(cells);
    } else cells = clusterWidth(cluster);
    if (out.cells + cells > width) return false;
    out.put(shown, cells, roleAt(offset));
    offset += bytesLength;
    return true;
  };
  forEachCluster(bytes, place);
  return out;
}

const indicators = { search: '/', fork: '>', exec: '!' } as const;

/** The typing line: indicator and text, scrolled sideways to keep the cursor on screen. */
function drawTyping(state: State, width: number, theme: Theme): { styled: Styled; cursor: number } {
  const indicator = state.mode === 'search' && state.searchBackward ? '?' : indicators[state.mode as keyof typeof indicators];
  const clusters = graphemes(sanitize(state.line.text));
  // The cursor's cluster index: clusters before it.
  let cursorIndex = 0;
  for (let at = 0; cursorIndex < clusters.length && at < state.line.cursor; cursorIndex++) at += clusters[cursorIndex].length;
  const room = Math.max(1, width - 1 - indicator.length);
  let first = 0;
  let before = clusters.slice(0, cursorIndex).reduce((n, c) => n + clusterWidth(c), 0);
  while (before >= room && first < cursorIndex) before -= clusterWidth(clusters[first++]);
  const out = new RowWriter(theme);
  out.put(indicator, indicator.length, 'indicator');
  const shown = truncate(clusters.slice(first).join(''), width - indicator.length);
  out.put(shown.text, shown.cells, 'indicator');
  return { styled: out, cursor: indicator.length + before };
}

/** The ground status line: the indicator, and where the selected link goes. */
function drawGroundStatus(state: State, links: LinkTargets, width: number, theme: Theme): Styled {
  const out = new RowWriter(theme);
  out.put(':', 1, 'indicator');
  if (state.selected !== null && width > 2) {
    const target = links.get(state.selected);
    const text = target.ok ? renderUrl(target.url, width - 2) : truncate(sanitize(`cannot follow: ${target.reason}`), width - 2).text;
    out.put(' ' + text, 1 + stringWidth(text), 'text');
  }
  return out;
}

/** The preview of the selected link, filling the text rows. */
function drawPreview(doc: Document, links: LinkTargets, state: State, size: Size, theme: Theme): Styled[] {
  const rows: Styled[] = [];
  for (const { label, value, role } of previewLines(doc, links, state.selected!)) {
    const clusters = graphemes(sanitize(value));
    let out = new RowWriter(theme);
    out.put(label, label.length, 'heading');
    for (const cluster of clusters) {
      const w = clusterWidth(cluster);
      if (out.cells + w > size.cols) {
        rows.push(out);
        out = new RowWriter(theme);
        out.put('  ', 2, 'text');
      }
      out.put(cluster, w, role);
    }
    rows.push(out);
  }
  return rows;
}

/** The frame for the current state: text rows, `~` past the end, the status line. */
export function draw(ctx: Pick<Context, 'doc' | 'wrap' | 'links'>, state: State, size: Size, theme: Theme): Frame {
  const { doc, wrap, links } = ctx;
  const height = Math.max(0, size.rows - 1);
  let styled: Styled[];
  if (state.mode === 'preview' && state.selected !== null) {
    styled = drawPreview(doc, links, state, size, theme).slice(0, height);
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
    const { text, cells } = truncate(sanitize(notice), size.cols);
    out.put(text, cells, 'message');
    styled.push(out);
  } else if (state.mode === 'search' || state.mode === 'fork' || state.mode === 'exec') {
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
