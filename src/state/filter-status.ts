// A filter (&pattern) in words, for the status line and for =.
import type { LineFilter } from '../document/linefilter.ts';
import { formatCount } from '../text/count.ts';

/** `&pattern: 1,204 lines`, `+` and `…` while it is still looking. */
export function filterStatus(filter: LineFilter): string {
  const lines = `${formatCount(filter.count)}${filter.complete ? '' : '+'} ${filter.count === 1 && filter.complete ? 'line' : 'lines'}`;
  return `&${filter.query.regex ? 're:' : ''}${filter.query.text}: ${lines}${filter.complete ? '' : '…'}`;
}
