// less's search habits, as a user sees them: a match on the top row, a pattern
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

/** About 24 MB, two million numbered lines: made once, for the tests of a big file. */
let big: string | null = null;
const bigFile = () => (big ??= tempFile('big.txt', numbered(1, 2_000_000).join('\n') + '\n'));

describe("a search's match on the top row", () => {
  it("puts the line of a match below the screen on the top row (less's -j default), all of the match shown", async () => {
    // Line 31 wraps at 80 columns; "needle of the long" starts at its column 71 and runs onto its second row.
    const lines = numbered(1, 80);
    lines[30] = 'x'.repeat(70) + ' needle of the long line here';
    const s = Session.lwl([tempFile('last.txt', lines.join('\n') + '\n')]);
    await s.waitForText('line 1');
    // Lines 1-23 are on screen: the match's line is 8 lines below, on two rows.
    await s.keys('/', 'needle of the long', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the one match');
    // Both rows of the match are on screen: its line's first row is the top one.
    expect(s.rows()[0]).toBe('x'.repeat(70) + ' needle of');
    // The row breaks after "of " (word wrap; the space goes past the edge).
    expect(s.rows()[1]).toBe('the long line here');
    expect(s.cell(0, 71).isInverse()).toBeTruthy();
    expect(s.cell(1, 0).isInverse()).toBeTruthy();
    expect(s.cell(1, 7).isInverse()).toBeTruthy();
    expect(s.cell(1, 8).isInverse()).toBeFalsy();
    expect(s.rows()[2]).toBe('line 32');
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
    await s.waitFor((x) => x.screen().includes('the needle arrived'), 'the text grown');
    await s.keys('\x03', 'g', 'n');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the match found by n');
    const row = s.rows().indexOf('the needle arrived');
    expect(row).toBeGreaterThanOrEqual(0);
    expect(s.cell(row, 4).isInverse()).toBeTruthy();
  });
});

const thousand = 'test/e2e/fixtures/numbered.txt';
const numberedLine = (n: number) => `line ${n} of a thousand numbered lines`;

describe('incremental search', () => {
  it('follows the first match while the pattern is typed; Escape returns, Enter stays', async () => {
    const s = Session.lwl([thousand]);
    await s.waitForText('line 1 of');
    await s.keys('1', '0', 'g');
    expect(s.rows()[0]).toBe(numberedLine(10));
    await s.press('/line 1');
    // The first match from where the typing began is on screen, at its top: nothing moves.
    await s.waitFor((x) => x.status() === '/line 1' && Boolean(x.cell(0, 5).isInverse()), 'line 10 highlighted');
    expect(s.rows()[0]).toBe(numberedLine(10));
    expect(s.cell(0, 6).isInverse()).toBeFalsy();
    await s.press('00');
    // Line 100 on the top row (less's -j default), the current match in reverse.
    await s.waitFor((x) => x.rows()[0] === numberedLine(100), 'line 100 at the top');
    expect(s.status()).toBe('/line 100');
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    expect(s.cell(0, 7).isInverse()).toBeTruthy();
    expect(s.cell(0, 8).isInverse()).toBeFalsy();
    // Backspace: "line 10" again, found where the typing began.
    await s.press('\x7f');
    await s.waitFor((x) => x.rows()[0] === numberedLine(10), 'back to where the search began');
    await s.press('0');
    await s.waitFor((x) => x.rows()[0] === numberedLine(100), 'line 100 again');
    await s.press('\x1b');
    await s.waitFor((x) => x.status().startsWith(': '), 'the search left');
    expect(s.rows()[0]).toBe(numberedLine(10));
    expect(s.status()).toMatch(/^: lines 10-32 of 1,000/);
    // Nothing stays highlighted after Escape.
    expect(s.cell(0, 0).isInverse()).toBeFalsy();
    await s.press('/line 100\r');
    await s.waitFor((x) => x.status() === 'match 1 of 2', 'the search kept (line 100 and line 1000)');
    expect(s.rows()[0]).toBe(numberedLine(100));
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    // '' goes back to where the search was typed.
    await s.keys("'", "'");
    expect(s.rows()[0]).toBe(numberedLine(10));
  });

  it('goes back to where it began while nothing matches, and is off with --no-incsearch', async () => {
    const s = Session.lwl([thousand]);
    await s.waitForText('line 1 of');
    await s.press('/line 99');
    await s.waitFor((x) => x.rows()[0] === numberedLine(99), 'line 99 at the top');
    await s.press('x');
    await s.waitFor((x) => x.rows()[0] === numberedLine(1), 'the top again: line 99x matches nothing');
    expect(s.status()).toBe('/line 99x');
    await s.keys('\r');
    expect(s.status()).toBe('Pattern not found');
    expect(s.rows()[0]).toBe(numberedLine(1));

    const off = Session.lwl(['--no-incsearch', thousand]);
    await off.waitForText('line 1 of');
    await off.press('/line 99');
    await off.waitFor((x) => x.status() === '/line 99', 'the pattern typed');
    // A key more, answered after any search it would have started: the screen has stayed.
    await off.keys('\x1b[D');
    expect(off.rows()[0]).toBe(numberedLine(1));
    await off.keys('\r');
    await off.waitFor((x) => x.status() === 'match 1 of 11', 'the search on Enter');
    expect(off.rows()[0]).toBe(numberedLine(99));
  });

  it('keeps the keys working on a big file where the pattern is not', async () => {
    // About 24 MB: each key's search runs in slices between keys, and the next key stops it.
    const s = Session.lwl([bigFile()]);
    await s.waitForText('line 1');
    // Typed as fast as a paste: each key stops the last key's search.
    await s.press('/no such text');
    await s.waitFor((x) => x.status() === '/no such text', 'the pattern typed');
    // Escape alone (a key after it at once would make Alt-key): wait for the ground status line.
    await s.press('\x1b');
    await s.waitFor((x) => x.status().startsWith(': '), 'the search left');
    await s.keys('j');
    expect(s.rows()[0]).toBe('line 2');
    await s.press('/line 1999999');
    // As near the top as the end allows: the last screen, line 1999999 next to last.
    await s.waitFor((x) => x.rows()[21] === 'line 1999999', 'the match near the end');
    expect(s.cell(21, 0).isInverse()).toBeTruthy();
  });
});

describe('&pattern', () => {
  /** 100 lines: every tenth keeps a link; line 15 has a link but no "keep". */
  function linkedLines(): string {
    const lines = Array.from({ length: 100 }, (_, i) => (i + 1) % 10 === 0 ? `keep ${i + 1} [to ${i + 1}](https://example.org/${i + 1})` : `filler ${i + 1}`);
    lines[14] = 'filler 15 [hidden](https://example.org/hidden)';
    return lines.join('\n') + '\n';
  }

  it('follows the case setting as a search does: -I, and -i typed while paging', async () => {
    const file = tempFile('case.txt', 'Keep one\nfiller\nkeep two\nKEEP three\n');
    const s = Session.lwl(['-I', file], { rows: 8 });
    await s.waitForText('Keep one');
    await s.keys('&', ...'Keep', '\r');
    await s.waitFor((x) => x.status().startsWith(': &Keep: 3 lines'), 'every case, with -I');
    expect(s.rows().slice(0, 3)).toEqual(['Keep one', 'keep two', 'KEEP three']);
    // -i: a capital in the pattern matches case (lwl's default), so only the line as typed.
    await s.keys('-', 'i');
    await s.waitFor((x) => /case/i.test(x.status()), 'the toggle said');
    await s.keys('&', ...'Keep', '\r');
    await s.waitFor((x) => x.status().startsWith(': &Keep: 1 line'), 'case matched');
    expect(s.rows()[0]).toBe('Keep one');
    expect(s.rows()[1]).toBe('~');
  });

  it('shows only the lines that match, their links still work, and & alone shows all again where you were', async () => {
    const file = tempFile('links.lwl', linkedLines());
    const dir = path.dirname(file);
    const s = Session.lwl(['links.lwl'], { cwd: dir, rows: 8, cols: 100, env: { LWL_BROWSER: 'printf %s > FOLLOWED' } });
    await s.waitForText('filler 1');
    await s.keys('&');
    expect(s.status()).toBe('&');
    await s.keys(...'keep', '\r');
    await s.waitFor((x) => x.status().startsWith(': &keep: 10 lines'), 'the filter complete');
    await s.keys('=');
    expect(s.status()).toMatch(/^links\.lwl \(markup\): bytes .*, 11 links, showing &keep: 10 lines$/);
    expect(s.rows().slice(0, 7)).toEqual(Array.from({ length: 7 }, (_, i) => `keep ${10 * (i + 1)} [to ${10 * (i + 1)}]`));
    // n steps through the links shown, passing over the one on a line not shown.
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/10');
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/20');
    expect(s.cell(1, s.column(1, '[to 20]')).isInverse()).toBeTruthy();
    await s.keys('\t');
    expect(s.status()).toBe(': https://example.org/30');
    await s.keys('\r');
    await s.waitForText('[done]');
    expect(fs.readFileSync(path.join(dir, 'FOLLOWED'), 'utf8')).toBe('https://example.org/30');
    await s.press('q');
    await s.waitFor((x) => x.status() === ': https://example.org/30' && x.rows()[0] === 'keep 10 [to 10]', 'the filtered view again');
    // & alone: every line again, from the line at the top.
    await s.keys('j', 'j');
    expect(s.rows()[0]).toBe('keep 30 [to 30]');
    expect(s.rows()[6]).toBe('keep 90 [to 90]');
    await s.keys('&', '\r');
    expect(s.rows()[0]).toBe('keep 30 [to 30]');
    expect(s.rows()[1]).toBe('filler 31');
    expect(s.status()).toBe(': https://example.org/30');
  });

  it('with nothing matching shows no lines, and says so on the status line', async () => {
    const s = Session.lwl([tempFile('plain.txt', numbered(1, 50).join('\n') + '\n')], { cols: 40 });
    await s.waitForText('line 1');
    await s.keys('&', ...'nothing', '\r');
    await s.waitFor((x) => x.status().startsWith(': &nothing: 0 lines'), 'the empty filter');
    expect(s.rows()[0]).toBe('~');
    await s.keys('&', '\r');
    expect(s.rows()[0]).toBe('line 1');
  });

  it('belongs to its file: :n shows the next file whole, :p the first filtered again', async () => {
    const first = tempFile('first.txt', numbered(1, 30).join('\n') + '\n');
    const second = tempFile('second.txt', numbered(101, 130).join('\n') + '\n');
    const s = Session.lwl([first, second]);
    await s.waitForText('line 1');
    await s.press('&line 2\r');
    await s.waitFor((x) => x.status().startsWith(': &line 2: 11 lines'), 'the filter of the first file');
    expect(s.rows().slice(0, 3)).toEqual(['line 2', 'line 20', 'line 21']);
    await s.keys(':', 'n');
    expect(s.rows()[0]).toBe('line 101');
    expect(s.rows()[1]).toBe('line 102');
    await s.keys(':', 'p');
    expect(s.rows().slice(0, 3)).toEqual(['line 2', 'line 20', 'line 21']);
  });

  it('filters a big file a slice at a time and counts what it found; G and k move through the lines shown', async () => {
    // About 24 MB, two million lines: 1,111 of them hold "line 1999".
    const s = Session.lwl([bigFile()]);
    await s.waitForText('line 1');
    await s.press('&line 1999\r');
    await s.waitFor((x) => x.status().startsWith(': &line 1999: 1,111 lines '), 'every line found', 20_000);
    expect(s.rows().slice(0, 3)).toEqual(['line 1999', 'line 19990', 'line 19991']);
    await s.keys('G');
    expect(s.rows()[22]).toBe('line 1999999');
    expect(s.status()).toMatch(/\(END\)$/);
    await s.keys('k');
    expect(s.rows()[22]).toBe('line 1999998');
  });
});

describe('habits the search relies on', () => {
  it("a selected link that scrolls off gives way to the first link on screen going down, the last going up", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ((i + 1) % 5 === 0 ? `line ${i + 1} [to ${i + 1}](https://example.org/${i + 1})` : `line ${i + 1}`));
    const s = Session.lwl([tempFile('links.lwl', lines.join('\n') + '\n')], { rows: 8 });
    await s.waitForText('line 1');
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/5');
    // A screen down: link 5 is off; the first link on screen (lines 8-14) is 10's.
    await s.keys(' ');
    expect(s.rows()[0]).toBe('line 8');
    expect(s.status()).toBe(': https://example.org/10');
    expect(s.cell(2, s.column(2, '[to 10]')).isInverse()).toBeTruthy();
    // Three lines down (lines 11-17): 10 is off again; 15 is the first on screen.
    await s.keys('3', 'j');
    expect(s.status()).toBe(': https://example.org/15');
    // A screen up (lines 4-10): the last link on screen, 10's.
    await s.keys('b');
    expect(s.rows()[0]).toBe('line 4');
    expect(s.status()).toBe(': https://example.org/10');
  });

  it("'' after a fragment jump goes back to where it started, as Backspace does", async () => {
    const s = Session.lwl(['samples/bro-page.md'], { rows: 12 });
    await s.waitForText('Retrieved from');
    for (let i = 0; i < 12 && !s.status().endsWith('#section-2'); i++) await s.keys('n');
    const before = s.rows();
    await s.keys('\r');
    expect(s.rows()[0]).toBe('## [2]. Reading links');
    await s.keys("'", "'");
    expect(s.rows()).toEqual(before);
    // And '' again: back to the fragment, as less's '' goes to and fro.
    await s.keys("'", "'");
    expect(s.rows()[0]).toBe('## [2]. Reading links');
  });
});
