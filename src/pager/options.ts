// The options `-` turns on and off while paging (-S, -N, -i, -I), as in less,
// and the link numbers (#): they outlast a document, so the pager keeps them
// here, not in a page's state.
import type { Query } from '../document/search.ts';
import type { ToggledOption } from '../state/types.ts';
import { gutterWidth } from '../rows/gutter.ts';
import { Wrap } from '../rows/wrap.ts';
import { LinkLabels } from '../rows/link-labels.ts';
import type { PageText } from '../navigator/page.ts';

export type Caseless = 'smart' | 'always' | 'never';

const caseWords: Record<Caseless, string> = {
  smart: 'Searches ignore case unless the pattern has a capital (-i)',
  always: 'Searches ignore case (-I)',
  never: 'Searches match case',
};

export class PagingOptions {
  /** -S: long lines chopped, not wrapped. */
  chop: boolean;
  /** -N: line numbers. */
  lineNumbers: boolean;
  /** -i, -I: case in searches. */
  caseless: Caseless;
  /** #: a number before every link (lynx's -number_links). */
  linkNumbers = false;

  constructor(given: { chop?: boolean; lineNumbers?: boolean; caseless?: Caseless }) {
    this.chop = given.chop ?? false;
    this.lineNumbers = given.lineNumbers ?? false;
    this.caseless = given.caseless ?? 'smart';
  }

  /** The option on or off: what it is now, in words, and whether the rows are to be made anew. */
  toggle(option: ToggledOption): { said: string; rewrap: boolean } {
    if (option === '#') {
      this.linkNumbers = !this.linkNumbers;
      return { said: this.linkNumbers ? 'Link numbers on (#): a number then Enter follows that link' : 'Link numbers off', rewrap: true };
    }
    if (option === 'N') {
      this.lineNumbers = !this.lineNumbers;
      return { said: this.lineNumbers ? 'Line numbers on (-N)' : 'Line numbers off', rewrap: true };
    }
    if (option === 'S') {
      this.chop = !this.chop;
      return { said: this.chop ? 'Long lines chopped (-S): h and l scroll sideways' : 'Long lines wrap', rewrap: true };
    }
    const on = option === 'i' ? 'smart' : 'always';
    this.caseless = this.caseless === on ? (option === 'i' ? 'never' : 'smart') : on;
    return { said: caseWords[this.caseless], rewrap: false };
  }

  /** A query as typed, with the case setting: every search, filter and incremental search alike. */
  withCase(query: Query): Query {
    return { ...query, caseless: this.caseless };
  }

  /** The rows of a page `cols` wide: wrapped or chopped, beside the line numbers if they show (`largest`: the widest number). */
  wrapFor(page: PageText, cols: number, largest = page.lines.total ?? 0): Wrap {
    const labels = this.linkNumbers ? new LinkLabels(page.doc.links) : null;
    return new Wrap(page.doc, cols - gutterWidth(cols, this.lineNumbers, largest), this.chop, labels);
  }

  /** Whether line numbers up to `largest` need a wider column than rows `width` wide leave beside them. */
  numbersOverflow(cols: number, width: number, largest: number): boolean {
    return cols - gutterWidth(cols, true, largest) < width;
  }
}
