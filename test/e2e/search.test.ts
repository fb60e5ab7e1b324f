// Searching as a user sees it: the first match at once, the count after,
// keys working all the while, and a regex that never ends stopped by ^C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwl, lwlIsScript, lwlShell } from './session.ts';

function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-search-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join('');
/** A line that makes (a+)+$ backtrack for minutes. */
const redos = 'a'.repeat(30) + 'b\n';

describe('a regex search', () => {
  it('that backtracks for ever is stopped by ^C: the keys work again and q quits', async () => {
    const s = Session.lwl([tempFile('redos.txt', redos + numbered(1, 100))]);
    await s.waitForText('line 1');
    // The search (and the incremental one while it is typed) never ends, so lwl is never idle: the screen tells.
    await s.keys('/');
    await s.press('re:(a+)+$\r');
    await s.waitFor((x) => x.status().startsWith('Searching'), 'the search under way');
    await s.press('\x03');
    await s.waitFor((x) => /^: \S*redos.txt  lines 1-23 of 101/.test(x.status()), 'the usual status line');
    expect(s.rows()[0]).toBe(redos.trim());
    await s.keys('j');
    expect(s.rows()[0]).toBe('line 1');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('lets the worker started while a regular expression is typed go when the prompt is left with no search', async () => {
    const s = Session.lwl([tempFile('n.txt', numbered(1, 50))]);
    await s.waitForText('line 1');
    const threads = () => Number(/^Threads:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${s.proc.pid}/status`, 'utf8'))![1]);
    /** Looks at lwl's threads until `test` holds (no output to wait for: a thread starts or ends unseen). */
    const threadsUntil = async (test: (n: number) => boolean, what: string) => {
      for (const deadline = Date.now() + 20_000; !test(threads()); await new Promise((resolve) => setTimeout(resolve, 20))) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${threads()} threads`);
      }
    };
    const before = threads();
    await s.keys('/', 're:');
    await threadsUntil((n) => n > before, 'the worker to start');
    await s.keys('\x1b');
    await threadsUntil((n) => n === before, 'the worker to end');
    // A search typed after it starts one again, and finds.
    await s.keys('/', 're:^line 4\\d$', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 10', 'the count of line 40 to 49');
  });

  it('runs from dist/lwl copied alone to an empty folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-alone-'));
    fs.copyFileSync(lwl, path.join(dir, 'lwl'));
    const copy = path.join(dir, 'lwl');
    const s = lwlIsScript ? new Session(process.execPath, [copy, tempFile('n.txt', numbered(1, 50))], { cwd: dir }) : new Session(copy, [tempFile('n.txt', numbered(1, 50))], { cwd: dir });
    await s.waitForText('line 1');
    await s.keys('/', 're:^line 4\\d$', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 10', 'the count of line 40 to 49');
    expect(s.rows()).toContain('line 40');
  });
});

describe('the first match', () => {
  it('shows at once, while the count goes on and keys work', async () => {
    // The first match is in the first block of the text; the second block holds a
    // line that the pattern backtracks on for minutes, so the count never ends.
    const filler = numbered(1, 120_000).slice(0, 1_100_000);
    const s = Session.lwl([tempFile('slow.txt', 'the hit\n' + filler.slice(filler.indexOf('\n') + 1) + redos + 'last\n')]);
    await s.waitForText('the hit');
    // The count never ends, so lwl is never idle: the screen tells what each key did.
    await s.keys('/');
    await s.press('re:hit|(a+)+$\r');
    await s.waitFor((x) => x.status() === 'match 1 of ≥1…', 'the first match, still counting');
    expect(s.cell(0, 4).isInverse()).toBeTruthy();
    await s.press('j');
    await s.waitFor((x) => !x.rows()[0].includes('the hit'), 'a line down');
    await s.press('n');
    await s.waitFor((x) => x.status() === 'Still searching there: try again in a moment', 'n told to wait');
    await s.press('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('is the nearest after the screen for /, before it for ?, found and counted across blocks', async () => {
    // About 4.5 MB: several blocks, searched from the screen on.
    const s = Session.lwl([tempFile('big.txt', numbered(1, 500_000))]);
    await s.waitForText('line 1');
    await s.keys('/', 'line 400000', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the one match');
    // On the top row, as less's -j default puts it.
    expect(s.rows()[0]).toBe('line 400000');
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    // No line after the screen starts with "line 2": the search goes around from the top.
    await s.keys('/', 'line 2', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 111,111 (from the top)', 'the first of line 2, 20-29, 200-299, ...');
    expect(s.rows()[0]).toBe('line 2');
    await s.keys('n', 'n');
    expect(s.status()).toBe('match 3 of 111,111');
    // line 2, line 20, then line 21: on the top row.
    expect(s.rows()[0]).toBe('line 21');
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    await s.keys('g', '?', 'line 499999', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1 (from the bottom)', 'the match from the bottom');
    expect(s.rows()).toContain('line 499999');
    await s.keys('N');
    expect(s.status()).toBe('No more');
  });
});

describe('a search of input still arriving', () => {
  it('shows the first match and counts what has come, without waiting for the end', async () => {
    // The pipe stays open: a search that waited for the whole input would never answer.
    const s = Session.shell(`(printf 'one\\ntwo hit\\nthree\\nfour hit\\n'; sleep 30) | ${lwlShell}`);
    await s.waitForText('four hit');
    await s.keys('/', 'hit', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of ≥2…', 'the first match, the count so far');
    expect(s.cell(1, 4).isInverse()).toBeTruthy();
    await s.keys('n');
    expect(s.status()).toBe('match 2 of ≥2…');
    expect(s.cell(3, 5).isInverse()).toBeTruthy();
    // Past what has come: not known yet, rather than "No more".
    await s.keys('n');
    expect(s.status()).toBe('Still searching there: try again in a moment');
    // The shell waits for the pipe's writer, which has not ended: the screen tells that lwl has.
    await s.press('q');
    await s.waitFor((x) => !x.onAlternateScreen, 'the main screen');
  });
});
