// The style spans of a document as the screen asks for them: the spans readers
// add (markup roles, overstrike), and those found from the SGR in the text's
// runs when asked (program output: readers/sgr-runs.ts), never stored one by
// one. As Spans it is a window, as TextTokens is: range() finds the spans of
// [start, end), and count, indices and tag() then name those.
import { WindowSpans, type SpanList } from './spans.ts';

/** Spans found when asked: [start, end, style number], in order. */
export interface StyleSource {
  within(start: number, end: number): Array<[number, number, number]>;
}

export class StyleSpans extends WindowSpans<[number, number, number]> {
  constructor(
    private readonly added: SpanList,
    private readonly found: () => StyleSource | null,
  ) {
    super();
  }

  /** The spans that overlap [start, end), in order of start; adjacent ones of one style joined. */
  within(start: number, end: number): Array<[number, number, number]> {
    const out: Array<[number, number, number]> = [];
    const [from, to] = this.added.range(start, end);
    for (let i = from; i < to; i++) if (this.added.overlaps(i, start, end)) out.push([this.added.start(i), this.added.end(i), this.added.tag(i)]);
    const source = this.found();
    if (source) {
      const more = source.within(start, end);
      if (out.length === 0) out.push(...more);
      else {
        out.push(...more);
        out.sort((a, b) => a[0] - b[0]);
      }
    }
    // A run's spans end where it does: a colour that goes on into the next run is one span.
    const joined: Array<[number, number, number]> = [];
    for (const span of out) {
      const last = joined[joined.length - 1];
      if (last && last[1] === span[0] && last[2] === span[2]) last[1] = span[1];
      else joined.push(span);
    }
    return joined;
  }

  tag(i: number): number {
    return this.window[i][2];
  }
}
