// Block layout for the readers: paragraphs apart by a blank line, list and
// quote prefixes at the start of every line, collapsed white space (HTML), and
// links and styles that hug their text. Writes to a RenderTarget.
import type { RenderTarget, Style } from './render-target.ts';

interface Indent {
  /** Written at the start of each line inside the block (after outer indents). */
  rest: string;
  restStyle: Style | null;
  /** Written instead of `rest` on the block's first line (a list marker), once. */
  first: string | null;
  firstStyle: Style | null;
}

/**
 * Indents (lists, quotes) drawn at a line's start, the outermost first: deeper
 * ones are not, but for the innermost list marker. A page of 10,000 nested
 * lists would otherwise write 10,000 indents on each of its 10,000 lines (it
 * ran out of memory); 32 levels are some 70 columns already.
 */
const DRAWN_INDENTS = 32;

/** What a block quote writes in front of each of its lines (a bar as wide as a cell, and a space). */
export const QUOTE_BAR = '│ ';

type Pending = { kind: 'link'; href: string } | { kind: 'style'; style: Style; language?: string } | { kind: 'anchor'; name: string };

export class BlockWriter {
  /** Nothing written yet: no break before the first block. */
  private atStart = true;
  /** Line breaks owed before the next text: 0, 1 (new line) or 2 (blank line). */
  private breaks = 0;
  /** At the start of a line, before its indent was written. */
  private lineStart = true;
  /** A collapsed space owed before the next text (HTML white space). */
  private space = false;
  private readonly indents: Indent[] = [];
  /** The outermost indent pushed since a line's indent was last written: those past DRAWN_INDENTS from it on may hold a marker not yet written. */
  private pushedFrom = 0;
  /** The indents changed since the last line's were taken (lastIndents). */
  private indentsChanged = true;
  /** Opens (and anchors) waiting for the text they start at, so spans never start with a break. */
  private pending: Pending[] = [];
  /** What is open in the target, innermost last: to know whether a close has an open to match. */
  private openedLink = false;
  /** Text written on the current line (after the indent), for callers that pad. */
  column = 0;

  constructor(readonly target: RenderTarget) {}

  /** A new block: what comes next starts after a blank line (or a line break, `blank` false). */
  block(blank = true): void {
    this.space = false;
    if (this.atStart) return;
    this.breaks = Math.max(this.breaks, blank ? 2 : 1);
  }

  /** The block that ended goes on in the next (a list cut between its items): a line break between them, not a blank line. */
  continueBlock(): void {
    this.breaks = Math.min(this.breaks, 1);
  }

  /** A hard line break (<br>, a markdown hard break). */
  lineBreak(): void {
    this.space = false;
    if (this.breaks > 0 || this.atStart) return; // a break is owed already
    this.target.text('\n');
    this.lineStart = true;
    this.column = 0;
  }

  pushIndent(rest: string, restStyle: Style | null = null, first: string | null = null, firstStyle: Style | null = null): void {
    this.pushedFrom = Math.min(this.pushedFrom, this.indents.length);
    this.indents.push({ rest, restStyle, first, firstStyle });
    this.indentsChanged = true;
  }

  popIndent(): void {
    this.indents.pop();
    this.indentsChanged = true;
  }

  /** A space between words, collapsed with others and dropped at the start and end of a line. */
  softSpace(): void {
    if (!this.lineStart || this.breaks === 0) this.space = true;
  }

  /** Text with its own line breaks (code, pre, or a markdown paragraph's lines): written as is, indent after each \n. */
  write(s: string): void {
    let from = 0;
    for (;;) {
      const nl = s.indexOf('\n', from);
      const line = nl < 0 ? s.slice(from) : s.slice(from, nl);
      if (line.length > 0) this.writeLine(line);
      if (nl < 0) break;
      this.lineBreak();
      from = nl + 1;
    }
  }

  /** HTML text: runs of white space become one space, none at a line's start. */
  writeCollapsed(s: string): void {
    const words = s.split(/[ \t\n\r\f]+/);
    for (let i = 0; i < words.length; i++) {
      if (i > 0) this.softSpace();
      if (words[i].length > 0) this.writeLine(words[i]);
    }
  }

  private writeLine(line: string): void {
    const target = this.target;
    if (this.breaks > 0) {
      if (!this.lineStart) target.text('\n');
      if (this.breaks === 2) {
        this.writeQuoteBars();
        target.text('\n');
      }
      this.breaks = 0;
      this.lineStart = true;
      this.column = 0;
      this.space = false;
    }
    if (this.lineStart) {
      this.writeIndent();
      this.lineStart = false;
      this.space = false;
    }
    if (this.space) {
      target.text(' ');
      this.column++;
      this.space = false;
    }
    this.flushPending();
    target.text(line);
    if (this.indentsChanged) this.lastIndents = this.indents.slice(0, DRAWN_INDENTS);
    this.indentsChanged = false;
    this.column += line.length;
    this.atStart = false;
  }

  /** The indents of the last line written: a blank line inside a block quote keeps the quote's bar. */
  private lastIndents: Indent[] = [];

  private writeQuoteBars(): void {
    let common = 0;
    while (common < Math.min(this.indents.length, DRAWN_INDENTS) && this.indents[common] === this.lastIndents[common]) common++;
    let last = -1;
    for (let i = 0; i < common; i++) if (this.indents[i].restStyle === 'quote') last = i;
    for (let i = 0; i <= last; i++) {
      const indent = this.indents[i];
      const s = i === last ? indent.rest.trimEnd() : indent.rest;
      if (indent.restStyle) this.target.openStyle(indent.restStyle);
      this.target.text(s);
      if (indent.restStyle) this.target.closeStyle();
    }
  }

  private writeIndent(): void {
    const pieces: Array<{ s: string; style: Style | null }> = [];
    // The column the block's next line starts at (its indents' `rest`): where the rows this line wraps to start.
    let hang = 0;
    const innermost = this.indents.length - 1;
    // Past DRAWN_INDENTS only the indents pushed since the last line can hold a marker: the others are not looked at.
    const skipTo = Math.max(DRAWN_INDENTS, this.pushedFrom);
    this.pushedFrom = this.indents.length;
    for (let i = 0; i <= innermost; i++) {
      if (i === DRAWN_INDENTS && i < skipTo) i = Math.min(skipTo, innermost);
      const indent = this.indents[i];
      const first = indent.first;
      indent.first = null;
      // Past DRAWN_INDENTS only the innermost's list marker shows.
      if (i >= DRAWN_INDENTS && (i < innermost || first === null)) continue;
      if (i < DRAWN_INDENTS) hang += indent.rest.length;
      const s = first ?? indent.rest;
      if (s.length > 0) pieces.push({ s, style: first !== null ? indent.firstStyle : indent.restStyle });
    }
    // The whole prefix (quote bars, list markers, a definition's indent) is a hanging indent: the
    // rows the line wraps to start at the item's text, behind the quote's bars (Rows.hangAt).
    const hanging = pieces.length > 0 && hang > 0;
    if (hanging) this.target.openHangingIndent?.();
    for (const { s, style } of pieces) {
      if (style) this.target.openStyle(style);
      this.target.text(s);
      if (style) this.target.closeStyle();
      this.column += s.length;
    }
    if (hanging) this.target.closeHangingIndent?.(hang);
  }

  private flushPending(): void {
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) {
      if (p.kind === 'anchor') this.target.anchor(p.name);
      else if (p.kind === 'style') {
        if (p.language !== undefined && this.target.openCode) this.target.openCode(p.language, this.linePrefix());
        else this.target.openStyle(p.style);
      } else {
        this.target.openLink(p.href);
        this.openedLink = true;
      }
    }
  }

  openLink(href: string): void {
    this.pending.push({ kind: 'link', href });
  }

  closeLink(): void {
    const i = this.pending.findIndex((p) => p.kind === 'link');
    if (i >= 0) {
      // No text in the link: nothing to show or visit. Styles opened inside it stay pending.
      this.pending.splice(i, 1);
      return;
    }
    if (!this.openedLink) return;
    this.target.closeLink();
    this.openedLink = false;
  }

  get inLink(): boolean {
    return this.openedLink || this.pending.some((p) => p.kind === 'link');
  }

  openStyle(style: Style): void {
    this.pending.push({ kind: 'style', style });
  }

  /** A code block (closed by closeStyle): in `language`, when it names one, highlighted (RenderTarget.openCode). */
  openCode(language: string | null): void {
    this.pending.push(language === null ? { kind: 'style', style: 'codeBlock' } : { kind: 'style', style: 'codeBlock', language });
  }

  /** Names the language of the code block opened last, if none of its text is written yet (HTML's <pre><code class>): whether it could. */
  nameCodeLanguage(language: string): boolean {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const p = this.pending[i];
      if (p.kind === 'style' && p.style === 'codeBlock') {
        p.language = language;
        return true;
      }
    }
    return false;
  }

  /** What writeIndent writes before a line of the innermost block that is not its first: each indent's `rest`. */
  private linePrefix(): string {
    return this.indents
      .slice(0, DRAWN_INDENTS)
      .map((indent) => indent.rest)
      .join('');
  }

  closeStyle(): void {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      if (this.pending[i].kind === 'style') {
        this.pending.splice(i, 1); // opened with no text: dropped with its close
        return;
      }
    }
    this.target.closeStyle();
  }

  anchor(name: string): void {
    this.pending.push({ kind: 'anchor', name });
  }

  /** RenderTarget's text, so a laid-out collector can be replayed into the writer. */
  text(s: string): void {
    this.write(s);
  }

  title(): void {}

  /** At the end: anchors still waiting are set where the text ends. */
  finish(): void {
    for (const p of this.pending) if (p.kind === 'anchor') this.target.anchor(p.name);
    this.pending = [];
    if (!this.atStart) this.target.text('\n');
    this.atStart = true;
  }
}
