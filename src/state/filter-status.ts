// A filter (&pattern) in words, for the status line and for =.
import type { LineFilter } from '../document/linefilter.ts';
import { formatCount } from '../text/count.ts';

/** `&pattern: 1,204 lines`, `+` and `…` while it is still looking; `&!pattern: the lines without a match`. */
export function filterStatus(filter: LineFilter): string {
  // &!: runs of lines, not lines, are counted: the words say what is shown.
  if (filter.query.invert) return `&!${filter.query.regex ? 're:' : ''}${filter.query.text}: the lines without a match${filter.complete ? '' : '…'}`;
  const lines = `${formatCount(filter.count)}${filter.complete ? '' : '+'} ${filter.count === 1 && filter.complete ? 'line' : 'lines'}`;
  return `&${filter.query.regex ? 're:' : ''}${filter.query.text}: ${lines}${filter.complete ? '' : '…'}`;
}
