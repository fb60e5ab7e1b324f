// less's search habits, as a user sees them: a match shown whole, a pattern
// not found that n tries again, incremental search, and & that shows only
// the lines that match.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-search-habits-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);

describe('a search at the last row', () => {
  it('scrolls so that all of a match that wraps past the last row is on screen', async () => {
    // Line 31 wraps at 80 columns; "needle of the long" starts at its column 71 and runs onto its second row.
    const lines = numbered(1, 40);
    lines[30] = 'x'.repeat(70) + ' needle of the long line here';
    const s = Session.lwl([tempFile('last.txt', lines.join('\n') + '\n')]);
    await s.waitForText('line 1');
    // Lines 1-23 are on screen: the match's line is 8 lines below, on two rows.
    await s.keys('/', 'needle of the long', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the one match');
    // Both rows of the match are on screen: its line's first row is the next to last.
    expect(s.rows()[21]).toBe('x'.repeat(70) + ' needle of');
    expect(s.rows()[22]).toBe(' the long line here');
    expect(s.cell(21, 71).isInverse()).toBeTruthy();
    expect(s.cell(22, 0).isInverse()).toBeTruthy();
    expect(s.cell(22, 8).isInverse()).toBeTruthy();
    expect(s.cell(22, 9).isInverse()).toBeFalsy();
    // Scrolled no further than that.
    expect(s.rows()[0]).toBe('line 10');
  });
});

describe('a pattern not found', () => {
  it('says so as less does, and stays the search: n looks again once the text has grown', async () => {
    const file = tempFile('grows.txt', numbered(1, 30).join('\n') + '\n');
    const s = Session.lwl([file]);
    await s.waitForText('line 1');
    await s.keys('/', 'needle', '\r');
    expect(s.status()).toBe('Pattern not found');
    // n searches again instead of stepping through links.
    await s.keys('j', 'n');
    expect(s.status()).toBe('Pattern not found');
    fs.appendFileSync(file, 'the needle arrived\n');
    // F reads what was added (^C stops following), then n finds it.
    await s.press('F');
    await s.waitForText('the needle arrived');
    await s.keys('\x03', 'g', 'n');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the match found by n');
    const row = s.rows().indexOf('the needle arrived');
    expect(row).toBeGreaterThanOrEqual(0);
    expect(s.cell(row, 4).isInverse()).toBeTruthy();
  });
});
