// G on a big regular file shows its last lines at once, read on their own,
// while the rest is read; the file's own page takes their place, at the same
// line, once it is all read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const LINES = 1_000_000;
/** About 40 MB: far more than lwl reads ahead of the first screen. */
function bigFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-end-'));
  const file = path.join(dir, 'big.txt');
  const fd = fs.openSync(file, 'w');
  const pad = '.'.repeat(26);
  for (let from = 1; from <= LINES; from += 100_000) {
    const part = Array.from({ length: 100_000 }, (_, i) => `line ${String(from + i).padStart(7, '0')} ${pad}\n`).join('');
    fs.writeSync(fd, part);
  }
  fs.closeSync(fd);
  return file;
}

const last = (n: number) => `line ${String(n).padStart(7, '0')} ${'.'.repeat(26)}`;

describe('G on a file not yet read', () => {
  it('shows the last lines without waiting for the whole file, then the file itself at the same line', async () => {
    const s = Session.lwl([bigFile()]);
    await s.waitForText(last(1));
    await s.keys('G');
    await s.waitForText(last(LINES));
    // Never "Reading...": the window was shown, not the whole file awaited.
    expect(s.output).not.toContain('Reading');
    expect(s.rows()[22]).toBe(last(LINES));
    // Up within the window.
    await s.keys('k', 'k');
    expect(s.rows()[22]).toBe(last(LINES - 2));
    // Once all is read, the lines are numbered: the same place in the file's own page.
    await s.waitFor((x) => x.status().includes(`lines 999,976-999,998 of ${(1_000_000).toLocaleString('en')}`), 'the numbered status line', 20000);
    expect(s.rows()[22]).toBe(last(LINES - 2));
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  }, 30000);

  it('says ? for the place while on the window; g goes to the top at once, and a search waits for the file', async () => {
    const s = Session.lwl([bigFile()]);
    await s.waitForText(last(1));
    // The file is read on behind the window, so lwl is busy: the screen tells.
    await s.press('G');
    await s.waitFor((x) => x.screen().includes(last(LINES)) && x.status() !== '', 'the window at the end');
    expect(s.status()).toBe(': lines ?-? of ? (END)');
    await s.keys('g');
    expect(s.rows()[0]).toBe(last(1));
    await s.keys('G');
    await s.waitForText(last(LINES));
    await s.keys('/', 'line 0000005 ', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of 1'), 'the match from the top', 20000);
    expect(s.rows()).toContain(last(5));
  }, 30000);
});
