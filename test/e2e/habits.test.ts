// less's habits, as a user sees them: more keys, marks and '', going back from a
// fragment jump, = and a selection that never acts from off screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const open = Session.lwl;

describe("less's habits", () => {
  it("marks a place with m, returns with ', and '' goes back to where a jump started", async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 1 of');
    await s.keys('5', '0', 'g', 'm', 'x');
    expect(s.status()).toBe('Mark x set');
    expect(s.rows()[0]).toBe('line 50 of a thousand numbered lines');
    await s.keys('G');
    expect(s.rows()[22]).toBe('line 1000 of a thousand numbered lines');
    await s.keys("'", 'x');
    expect(s.rows()[0]).toBe('line 50 of a thousand numbered lines');
    await s.keys("'", "'");
    expect(s.rows()[22]).toBe('line 1000 of a thousand numbered lines');
    // g, then ^F a screen and ^D half a screen.
    await s.keys('g', '\x06', '\x04');
    expect(s.rows()[0]).toBe('line 35 of a thousand numbered lines');
    // ^Y and ^P: a line up each.
    await s.keys('\x19', '\x10');
    expect(s.rows()[0]).toBe('line 33 of a thousand numbered lines');
  });

  it('Backspace after a fragment jump returns to the link that was followed', async () => {
    const s = open(['samples/bro-page.md'], { rows: 12 });
    await s.waitForText('Retrieved from');
    for (let i = 0; i < 12 && !s.status().endsWith('#section-2'); i++) await s.keys('n');
    const before = s.rows();
    await s.keys('\r');
    expect(s.rows()[0]).toBe('## [2]. Reading links');
    await s.keys('\x7f');
    expect(s.rows()).toEqual(before);
    expect(s.status()).toMatch(/#section-2$/);
    const row = s.rows().findIndex((r) => r.startsWith('Contents:'));
    expect(s.cell(row, s.column(row, '[2]')).isInverse()).toBeTruthy();
  });

  it('never follows a link that scrolled off screen: Enter then moves a line, as in less', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-habits-'));
    const doc = path.join(dir, 'doc.lwl');
    fs.writeFileSync(doc, ['[first](https://example.org/first)', ...Array.from({ length: 100 }, (_, i) => `filler ${i + 2}`)].join('\n'));
    const s = open([doc], { cwd: dir, env: { LWL_BROWSER: 'touch RAN' } });
    await s.waitForText('[first]');
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/first');
    await s.keys('5', '0', 'g');
    expect(s.status()).toBe(': lines 50-72 of 101 (70%)');
    await s.keys('\r');
    expect(s.rows()[0]).toBe('filler 51');
    expect(fs.readdirSync(dir)).toEqual(['doc.lwl']);
  });

  it('= says where you are', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 1 of');
    await s.keys('=');
    expect(s.status()).toMatch(/^test\/e2e\/fixtures\/numbered\.txt \(plain\): bytes 0-[\d,]+ of [\d,]+ \(\d+%\), 0 links$/);
  });
});

describe('help, configuration and starting commands', () => {
  it('h shows every key, searchable like a document, and q returns to where you were', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 1 of');
    await s.keys('3', '0', 'g', 'h');
    expect(s.rows()[0]).toMatch(/^lwl: every key, mode by mode/);
    expect(s.screen()).toContain('one line down');
    await s.keys('/', 'Shift-Tab', '\r');
    expect(s.status()).toBe('match 1 of 1');
    await s.keys('q');
    expect(s.rows()[0]).toBe('line 30 of a thousand numbered lines');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('reads key bindings and colours from the configuration file, and names a mistake by file and line', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-config-'));
    fs.mkdirSync(path.join(home, 'lwl'));
    fs.writeFileSync(path.join(home, 'lwl', 'config'), 'bind ground J scrollLines 10\ncolor message fg=yellow,bold\nbind ground x explode\n');
    const s = open(['test/e2e/fixtures/numbered.txt'], { env: { XDG_CONFIG_HOME: home } });
    // The status line is the frame's last row: waited for, as the frame may come in more than one read.
    await s.waitFor((x) => x.status().includes('explode'), 'the configuration error');
    expect(s.rows()[0]).toBe('line 1 of a thousand numbered lines');
    expect(s.status()).toBe(`${home}/lwl/config:3: 'explode' is not an action of ground mode …`);
    const last = s.rows().length - 1;
    expect(s.cell(last, 0).getFgColor()).toBe(3);
    expect(s.cell(last, 0).isBold()).toBeTruthy();
    await s.keys('J');
    expect(s.rows()[0]).toBe('line 11 of a thousand numbered lines');
  });

  it('+G starts at the end, +N at line N, +/pattern at its first match, and LESS is read first', async () => {
    const end = open(['+G', 'test/e2e/fixtures/numbered.txt']);
    await end.waitForText('line 1000 of');
    const line = open(['+500', 'test/e2e/fixtures/numbered.txt']);
    await line.waitFor((s) => s.rows()[0] === 'line 500 of a thousand numbered lines', 'line 500 at the top');
    const found = open(['test/e2e/fixtures/numbered.txt'], { env: { LESS: '-p777' } });
    await found.waitFor((s) => s.status() === 'match 1 of 1', 'the first match');
    expect(found.rows()).toContain('line 777 of a thousand numbered lines');
  });
});

describe('several files', () => {
  function threeFiles(): { dir: string; names: string[] } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-files-'));
    const names = ['a.txt', 'b.txt', 'c.txt'];
    for (const name of names) fs.writeFileSync(path.join(dir, name), Array.from({ length: 60 }, (_, i) => `${name} line ${i + 1}`).join('\n'));
    return { dir, names };
  }

  it(':n and :p go through the files named, each where it was left; Backspace goes back; :x to the first', async () => {
    const { dir, names } = threeFiles();
    const s = open(names, { cwd: dir });
    await s.waitForText('a.txt line 1');
    expect(s.status()).toBe('a.txt (file 1 of 3)');
    await s.keys('1', '0', 'j', ':', 'n');
    expect(s.status()).toBe('b.txt (file 2 of 3)');
    expect(s.rows()[0]).toBe('b.txt line 1');
    await s.keys(':', 'n');
    expect(s.status()).toBe('c.txt (file 3 of 3)');
    await s.keys(':', 'n');
    expect(s.status()).toBe('No next file');
    await s.keys(':', 'p', ':', 'p');
    expect(s.status()).toBe('a.txt (file 1 of 3)');
    expect(s.rows()[0]).toBe('a.txt line 11');
    await s.keys('\x7f');
    expect(s.rows()[0]).toBe('b.txt line 1');
    await s.keys(':', 'x');
    expect(s.rows()[0]).toBe('a.txt line 11');
  });

  it(':e opens another file after this one, and :d drops one from the list', async () => {
    const { dir, names } = threeFiles();
    fs.writeFileSync(path.join(dir, 'extra.txt'), 'the extra file\n');
    const s = open(names.slice(0, 2), { cwd: dir });
    await s.waitForText('a.txt line 1');
    await s.keys(':', 'e');
    expect(s.status()).toBe('Examine: ');
    await s.keys('extra.txt', '\r');
    expect(s.rows()[0]).toBe('the extra file');
    expect(s.status()).toBe('extra.txt (file 2 of 3)');
    await s.keys(':', 'd');
    expect(s.status()).toBe('extra.txt dropped: b.txt (file 2 of 2)');
    await s.keys(':', 'e', 'missing.txt', '\r');
    expect(s.status()).toBe('missing.txt: No such file or directory');
  });
});

describe('where you are, on the status line', () => {
  it('names the file at the top, then says the lines, the total and how far down, and (END) at the end', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitFor((x) => x.status() === ': test/e2e/fixtures/numbered.txt  lines 1-23 of 1,000 (2%)', 'the place');
    await s.keys('5', '0', '0', 'g');
    expect(s.status()).toBe(': lines 500-522 of 1,000 (52%)');
    await s.keys('G');
    expect(s.status()).toBe(': lines 978-1,000 of 1,000 (END)');
  });

  it('keeps it short at 40 columns, and a selected link\'s URL comes first', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt'], { cols: 40 });
    await s.waitFor((x) => x.status() === ': lines 1-23 of 1,000 (2%)', 'the place');
    await s.keys('5', '0', '0', 'g');
    expect(s.status()).toBe(': lines 500-522 of 1,000 (52%)');
    const links = open(['samples/bro-page.md'], { cols: 40 });
    await links.waitForText('Retrieved from');
    await links.keys('n');
    expect(links.status()).toBe(': https://example.org/guide/intro.html');
  });
});
