// What the Markdown and HTML readers write to: a stream of text with links,
// styles and fragment targets opened and closed around it. The readers never
// build the document themselves; the DocumentBuilder (rich-readers.ts; or the collector
// below, for tests) turns the stream into text and spans.

/** How a run of text is shown. Styles nest; a link may hold styles and the reverse. */
export type Style =
  | 'heading1'
  | 'heading2'
  | 'heading3'
  | 'heading4'
  | 'heading5'
  | 'heading6'
  | 'strong'
  | 'emphasis'
  | 'strike'
  | 'code' // inline code
  | 'codeBlock' // fenced, indented and <pre> text
  | 'quote' // the bar in front of a block quote's lines
  | 'listMarker' // `•`, `1.`, `[x]`
  | 'image' // `[image: alt]`
  | 'tableRule' // the rule under a table's header and the column bars
  | 'rule' // a thematic break / <hr>
  | 'term' // a definition list's term
  | 'formControl'; // `[button: OK]`, `[input]`

export const HEADING_STYLES = ['heading1', 'heading2', 'heading3', 'heading4', 'heading5', 'heading6'] as const;

/** The stream a reader writes. Calls come in document order; every open has its close. */
export interface RenderTarget {
  /** Text to show as is: the reader has already laid it out (newlines, indents, no controls but \n). */
  text(s: string): void;
  /** A link to `href` (as written in the source, not yet resolved) starts here. Links do not nest. */
  openLink(href: string): void;
  closeLink(): void;
  openStyle(style: Style): void;
  closeStyle(): void;
  /**
   * A code block in `language` starts here (as openStyle('codeBlock'), closed by closeStyle):
   * its keywords, strings and comments are coloured. `linePrefix`: what the reader writes
   * before each of its lines but the first (a list's indent, a quote's bar), which is not code.
   */
  openCode?(language: string, linePrefix: string): void;
  /** A fragment target `#name` at the current position (heading slug, HTML id/name). */
  anchor(name: string): void;
  /** The document's title (HTML <title>); may come more than once, the first counts. */
  title(s: string): void;
  /** The base URL for relative hrefs (HTML's first <base href>), as written. */
  base?(href: string): void;
  /** A <meta http-equiv=refresh>: to `href` (as written; '' the page itself) after `seconds`; the first counts. */
  refresh?(seconds: number, href: string): void;
  /** The text from here to the close, at a line's start, is a hanging indent (quote bars, list markers, a definition's indent): the rows the line wraps to start behind it. */
  openHangingIndent?(): void;
  /** `cells`: the column the rows the line wraps to start at (the block's text; a task item's, under its box). */
  closeHangingIndent?(cells: number): void;
}

export interface CollectedLink {
  start: number;
  end: number;
  href: string;
}
export interface CollectedStyle {
  start: number;
  end: number;
  style: Style;
}
export interface CollectedHangingIndent {
  start: number;
  end: number;
  cells: number;
}
export interface CollectedAnchor {
  name: string;
  offset: number;
}

/**
 * A target that keeps everything in memory: the text, and spans in UTF-16
 * offsets into it. For tests, and for laying out a table cell before the
 * columns are known.
 */
export class RenderCollector implements RenderTarget {
  private parts: string[] = [];
  length = 0;
  readonly links: CollectedLink[] = [];
  /** Sorted by start, outer before inner. */
  readonly styles: CollectedStyle[] = [];
  readonly anchors: CollectedAnchor[] = [];
  readonly hangingIndents: CollectedHangingIndent[] = [];
  /** The code blocks that name a language: where each starts, its language and its lines' prefix. */
  readonly codeLanguages: { start: number; language: string; linePrefix: string }[] = [];
  private hangingFrom = -1;
  titleText: string | null = null;
  baseHref: string | null = null;
  private openLinkAt: { start: number; href: string } | null = null;
  private openStyles: { start: number; style: Style; index: number }[] = [];

  text(s: string): void {
    if (s.length === 0) return;
    this.parts.push(s);
    this.length += s.length;
  }

  openLink(href: string): void {
    if (this.openLinkAt) this.closeLink();
    this.openLinkAt = { start: this.length, href };
  }

  closeLink(): void {
    const open = this.openLinkAt;
    if (!open) return;
    this.openLinkAt = null;
    this.links.push({ start: open.start, end: this.length, href: open.href });
  }

  openStyle(style: Style): void {
    // Kept in start order: a placeholder now, its end filled in at the close.
    this.openStyles.push({ start: this.length, style, index: this.styles.length });
    this.styles.push({ start: this.length, end: this.length, style });
  }

  closeStyle(): void {
    const open = this.openStyles.pop();
    if (open) this.styles[open.index].end = this.length;
  }

  openCode(language: string, linePrefix: string): void {
    this.codeLanguages.push({ start: this.length, language, linePrefix });
    this.openStyle('codeBlock');
  }

  anchor(name: string): void {
    this.anchors.push({ name, offset: this.length });
  }

  openHangingIndent(): void {
    this.hangingFrom = this.length;
  }

  closeHangingIndent(cells: number): void {
    if (this.hangingFrom >= 0) this.hangingIndents.push({ start: this.hangingFrom, end: this.length, cells });
    this.hangingFrom = -1;
  }

  title(s: string): void {
    if (this.titleText === null) this.titleText = s;
  }

  base(href: string): void {
    if (this.baseHref === null) this.baseHref = href;
  }

  /** All the text so far. */
  get textContent(): string {
    if (this.parts.length > 1) this.parts = [this.parts.join('')];
    return this.parts[0] ?? '';
  }

  /** The text each link covers, with its href: what tests compare. */
  linkTexts(): { text: string; href: string }[] {
    const t = this.textContent;
    return this.links.map((l) => ({ text: t.slice(l.start, l.end), href: l.href }));
  }

  /** The text of every span of `style`. */
  styled(style: Style): string[] {
    const t = this.textContent;
    return this.styles.filter((s) => s.style === style).map((s) => t.slice(s.start, s.end));
  }

  /**
   * Writes the text [start, end) to `target` with the links and styles that
   * cover it (cut at the edges): how a laid-out table cell's line reaches the
   * real target. Anchors inside the range go along.
   */
  replay(target: RenderTarget, start: number, end: number): void {
    const t = this.textContent;
    type Edge = { at: number; open: boolean; order: number; apply: () => void };
    const edges: Edge[] = [];
    let order = 0;
    for (const s of this.styles) {
      if (s.end <= start || s.start >= end || s.start === s.end) continue;
      const o = order++;
      edges.push({ at: Math.max(s.start, start), open: true, order: o, apply: () => target.openStyle(s.style) });
      edges.push({ at: Math.min(s.end, end), open: false, order: -o, apply: () => target.closeStyle() });
    }
    for (const l of this.links) {
      if (l.end <= start || l.start >= end || l.start === l.end) continue;
      edges.push({ at: Math.max(l.start, start), open: true, order: -1, apply: () => target.openLink(l.href) });
      edges.push({ at: Math.min(l.end, end), open: false, order: 1e9, apply: () => target.closeLink() });
    }
    for (const a of this.anchors) {
      if (a.offset >= start && a.offset < end) edges.push({ at: a.offset, open: true, order: -2, apply: () => target.anchor(a.name) });
    }
    // At one place: closes first (inner before outer), then opens (outer before inner).
    edges.sort((a, b) => a.at - b.at || (a.open === b.open ? a.order - b.order : a.open ? 1 : -1));
    let at = start;
    for (const e of edges) {
      if (e.at > at) target.text(t.slice(at, e.at));
      at = Math.max(at, e.at);
      e.apply();
    }
    if (end > at) target.text(t.slice(at, end));
  }
}
