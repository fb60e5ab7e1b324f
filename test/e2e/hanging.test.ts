// Hanging indents on screen (issue 27): the rows a list item or a definition
// wraps to start at the item's text, as w3m lays them out. Real pages: Python's
// documentation (a slice of library/functions.html, test/e2e/fixtures) and
// picomatch's README (samples/readmes), at 80 and 40 columns and with -N.
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const functions = 'test/e2e/fixtures/python-functions.html';
const picomatch = 'samples/readmes/picomatch-README.md';

/** The column of a row's first character that is not a space (or a line number's). */
const textColumn = (row: string, from = 0) => row.slice(from).search(/\S/) + from;

/** Brings `text` on screen with a search, three rows below it too; the row it is on. */
async function find(s: Session, text: string): Promise<number> {
  await s.keys('/', text, '\r');
  const rowOf = () => s.rows().findIndex((r) => r.includes(text));
  expect(rowOf(), s.screen()).toBeGreaterThanOrEqual(0);
  while (rowOf() > s.rows().length - 5) await s.keys('j');
  return rowOf();
}

describe("a <dd> that wraps (Python's functions.html)", () => {
  for (const cols of [80, 40]) {
    it(`starts its second row at its first row's text, at ${cols} columns`, async () => {
      // -j10: the match on the tenth row, the signature above it on screen (at 40 columns it wraps to several).
      const s = Session.lwl(['-j10', functions], { cols });
      await s.waitForText('Built-in Functions');
      const row = await find(s, 'Open file and');
      const rows = s.rows();
      expect(s.column(row, 'Open file')).toBe(4);
      for (let r = row + 1; r < row + 3; r++) expect(textColumn(rows[r]), rows.join('\n')).toBe(4);
      // The signature above it, the <dt>, is at the margin.
      const signature = rows.findIndex((r) => r.startsWith('open(file,'));
      expect(signature).toBeGreaterThanOrEqual(0);
      expect(signature).toBeLessThan(row);
    });
  }

  it('with -N: the wrapped rows start at the text column, after the line numbers', async () => {
    const s = Session.lwl(['-N', functions]);
    await s.waitForText('Built-in Functions');
    const row = await find(s, 'Return the absolute value');
    const rows = s.rows();
    const text = s.column(row, 'Return the absolute value');
    expect(text).toBeGreaterThan(4);
    expect(rows[row].slice(0, text).trim()).toMatch(/^\d+$/); // the line's number, then the indent
    expect(rows[row + 1].slice(0, text).trim()).toBe('');
    expect(textColumn(rows[row + 1])).toBe(text);
  });
});

describe("a wrapped Markdown bullet (picomatch's README)", () => {
  for (const cols of [80, 40]) {
    it(`starts its later rows at the bullet's text, at ${cols} columns`, async () => {
      const s = Session.lwl([picomatch], { cols });
      await s.waitForText('Why picomatch?');
      const rows = s.rows();
      const row = rows.findIndex((r) => r.startsWith('• Minimal - Tiny API surface.'));
      expect(row, rows.join('\n')).toBeGreaterThan(0);
      const next = rows.findIndex((r, i) => i > row && r.startsWith('•'));
      expect(next - row).toBeGreaterThan(1);
      for (let r = row + 1; r < next; r++) expect(textColumn(rows[r]), rows.join('\n')).toBe(2);
      expect(rows.slice(row + 1, next).map((r) => r.trim()).join(' ')).toContain('matcher function.');
    });
  }
});
