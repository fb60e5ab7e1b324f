// What the document layer promises, seen in a real pty: hostile markup reads in
// linear time, and a file changed under lwl never reaches the terminal raw.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-document-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('hostile documents', () => {
  it('opens 1 MB of unclosed [a]( and goes to its end', async () => {
    const file = path.join(dir, 'brackets.txt');
    // About 1 MB (not a power of two: the wrap has an empty row after a line of exactly 1 MiB, a matter for rows/wrap.ts).
    fs.writeFileSync(file, '[a]('.repeat(262_000) + '\nthe last line\n');
    const s = Session.lwl([file]);
    await s.waitForText('[a]([a](');
    await s.press('G');
    // The last line at the bottom, the end of the long one above it.
    await s.waitFor((t) => {
      const rows = t.rows();
      return rows[rows.length - 2] === 'the last line' && /^(\[a\]\()+$/.test(rows[rows.length - 3]);
    }, 'the last line at the bottom');
  });

  it('shows a file rewritten in place with controls as blanks, never raw', async () => {
    const file = path.join(dir, 'rewritten.txt');
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i + 1} of the file as it was when opened\n`);
    fs.writeFileSync(file, lines.join(''));
    const s = Session.lwl([file]);
    await s.waitForText('line 1 of the file');
    // Every line counted: all of the file as it was has been read, so that reading it back finds the change.
    await s.waitFor((x) => x.status().includes('of 40,000'), 'the lines counted');
    await s.settle();
    const before = s.output.length;
    // cat new > file: the same file, truncated and written again.
    const hostile = Array.from({ length: 40_000 }, (_, i) => `\x1b]0;PWNED\x07\x1b]52;c;cHdu\x07\x1b[2J rewritten ${i}\n`);
    fs.writeFileSync(file, hostile.join(''));
    await s.press('35000g');
    await s.waitForText('PWNED');
    await s.settle();
    const after = s.output.slice(before);
    expect(s.title).toBe('');
    expect(after).not.toContain('\x1b]');
    expect(after).not.toContain('\x1b[2J');
    expect(after).not.toContain('\x07');
    // The screen was drawn, not cleared: rows of text from the file as it is now, and the status line says so.
    expect(s.rows().filter((row) => row.includes('PWNED')).length).toBeGreaterThan(5);
    expect(s.status()).toMatch(/rewritten\.txt changed since lwl read it/);
  });
});
