// Column widths of a table wider than the screen: the widest columns give way
// first, one column at a time, down to 6 cells.
import { describe, expect, it } from 'vitest';
import { columnWidths } from '../src/document/readers/table.ts';
import { seeded } from './random.ts';

/** The rule itself, a cell at a time: the first of the widest columns gives way, until the table fits or none is wider than 6. */
function givingWay(natural: number[], maxWidth: number): number[] {
  const widths = [...natural];
  const budget = maxWidth - 3 * Math.max(0, widths.length - 1);
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > budget) {
    let widest = 0;
    for (let c = 1; c < widths.length; c++) if (widths[c] > widths[widest]) widest = c;
    if (widths[widest] <= 6) break;
    widths[widest]--;
    total--;
  }
  return widths;
}

describe('columnWidths', () => {
  it('gives the widths the rule gives, cell by cell', () => {
    const pick = seeded(5);
    for (let round = 0; round < 3000; round++) {
      const natural = Array.from({ length: 1 + pick(12) }, () => 1 + pick(pick(2) ? 10 : 200));
      const maxWidth = 10 + pick(150);
      expect(columnWidths(natural, maxWidth), `${natural} in ${maxWidth}`).toEqual(givingWay(natural, maxWidth));
    }
  });

  it('fits a thousand columns of 300 cells', () => {
    const widths = columnWidths(new Array(1000).fill(300), 100);
    expect(widths).toEqual(new Array(1000).fill(6));
    expect(columnWidths([300, 300, 300], 100)).toEqual([31, 31, 32]);
  });
});
