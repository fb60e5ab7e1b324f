// Link numbers (lynx's -number_links, lwl's #): `[n]` before link n, part of
// the row's layout. The text is not changed (search, copy and --links see the
// document's text); the wrap gives each label its cells, glued to the link's
// first character, and the drawing and hit-testing lay the row out with them.
import type { Spans } from '../document/spans.ts';

/** A label drawn in front of the character at `offset` (every link that starts there, numbered from 1). */
export interface Label {
  offset: number;
  text: string;
}

/** Link n's label: its number in the document's link store, counted from 1. */
export const labelText = (index: number): string => `[${index + 1}]`;

export class LinkLabels {
  constructor(private readonly links: Spans) {}

  /** How many links there are: the labels of rows laid out with fewer may be stale (links arrived, or a nested one moved the numbers). */
  get count(): number {
    return this.links.count;
  }

  /** The labels of the links that start in [start, end), in order; links that start together share one. */
  within(start: number, end: number): Label[] {
    const labels: Label[] = [];
    const links = this.links;
    for (let i = links.firstStartingAt(start); i < links.count && links.start(i) < end; i++) {
      const offset = links.start(i);
      const last = labels[labels.length - 1];
      if (last?.offset === offset) last.text += labelText(i);
      else labels.push({ offset, text: labelText(i) });
    }
    return labels;
  }
}

/** A walk's cursor over a row's labels: the cells of the label at each offset, asked in increasing order. */
export class LabelCursor {
  private next = 0;
  constructor(
    private readonly labels: readonly Label[],
    /** Added to the offsets asked for: the walk counts from the row's (or segment's) start. */
    private readonly base = 0,
  ) {}

  /** The label in front of `at` (relative to the base), or null; labels before it are passed. */
  at(at: number): Label | null {
    const labels = this.labels;
    while (this.next < labels.length && labels[this.next].offset < this.base + at) this.next++;
    return this.next < labels.length && labels[this.next].offset === this.base + at ? labels[this.next] : null;
  }
}
