// The ground-mode pager as a user sees it, in a real pty.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';

const keys = {
  up: '\x1b[A',
  down: '\x1b[B',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
  home: '\x1b[H',
  end: '\x1b[F',
  ctrlC: '\x03',
  ctrlL: '\x0c',
};

const open = Session.lwl;

/** A sample of numbered lines: row i of the screen shows "line i+top". */
function numbered(): Session {
  return open(['test/e2e/fixtures/numbered.txt']);
}
const firstLine = (s: Session) => Number(/^line (\d+)/.exec(s.rows()[0])?.[1]);

describe('opening a document', () => {
  it('shows the tour at 80x24 with the ground indicator', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome to lwl');
    const rows = s.rows();
    // samples/tour.md is Markdown: the heading's # and the table's pipes are gone, the heading is bold.
    expect(rows[0]).toBe('Welcome to lwl, less with links.');
    expect(s.cell(0, 0).isBold()).toBeTruthy();
    expect(rows[2]).toBe('lwl is a pager, like less, that shows a document with its links: the text of'); // the row breaks after a space, left blank
    expect(rows[11]).toBe('Try it here');
    expect(rows[13]).toBe('keys      │ what they do');
    expect(rows[15]).toBe('j / k     │ one line down / up (or the arrow keys)');
    await s.waitFor((x) => x.status() === ': samples/tour.md  lines 1-18 of 63 (31%)', 'the status line, the whole tour rendered');
    expect(s.onAlternateScreen).toBe(true);
  });

  it('shows links in blue, code in its colour, and escaped brackets bare', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome');
    const col = s.column(8, 'the markup');
    expect(s.cell(8, col).getFgColor()).toBe(4);
    expect(s.cell(8, col + 5).getFgColor()).toBe(4);
    expect(s.cell(8, col - 2).isFgDefault()).toBe(true);
    // `[text](href)` is code: shown as written, not a link.
    const code = s.column(8, '[text](href)');
    expect(s.cell(8, code).getFgColor()).toBe(6);
    await s.keys('/', 'escaped', '\r');
    await s.waitForText('and [escaped](brackets) show the bare characters.');
  });

  for (const env of [{ NO_COLOR: "1" }, { TERM: "vt100" }] as Array<Record<string, string>>) {
    it(`marks links with underline and no colour with ${JSON.stringify(env)}`, async () => {
      const s = open(['samples/controls.txt'], { env });
      await s.waitForText('hostile');
      const col = s.column(1, '<1b>');
      expect(s.cell(1, col).isInverse()).toBeTruthy();
      expect(s.cell(1, col).isFgDefault()).toBe(true);
      const t = open(['samples/tour.md'], { env });
      await t.waitForText('Welcome');
      const link = t.column(8, 'the markup');
      expect(t.cell(8, link).isUnderline()).toBeTruthy();
      expect(t.cell(8, link).isFgDefault()).toBe(true);
      expect(t.output).not.toMatch(/\x1b\[[0-9;]*3[0-7][;m]/);
    });
  }

  it('shows rows past the end as ~', async () => {
    const s = open(['samples/wide.txt'], { rows: 14 });
    await s.waitFor((x) => x.screen().includes('Characters of every width') && x.rows()[12] === '~', 'the end of the text, then ~');
    expect(s.rows().slice(10, 13)).toEqual(['~', '~', '~']);
  });
});

describe('paging with every ground key', () => {
  it('moves by lines, half screens, screens, and to the ends', async () => {
    const s = numbered();
    await s.waitForText('line 1 ');
    // 23 text rows at 80x24: a screen is 23 lines, half a screen 11.
    const steps: Array<[string, number]> = [
      ['j', 2],
      [keys.down, 3],
      ['k', 2],
      [keys.up, 1],
      [keys.up, 1], // already at the top
      ['d', 12],
      ['u', 1],
      [' ', 24],
      ['f', 47],
      [keys.pageDown, 70],
      ['b', 47],
      [keys.pageUp, 24],
      ['G', 978],
      ['j', 978], // already at the bottom
      ['g', 1],
      [keys.end, 978],
      [keys.home, 1],
      ['5j', 6],
      ['3k', 3],
      ['2 ', 49],
      ['<', 1],
      ['100g', 100],
      ['42G', 42],
    ];
    for (const [key, line] of steps) {
      await s.keys(key);
      expect({ key, line: firstLine(s) }).toEqual({ key, line });
    }
    expect(s.rows()[22]).toMatch(/^line 64 /);
  });

  it('ends on the last line at the bottom of the screen', async () => {
    const s = numbered();
    await s.waitForText('line 1 ');
    await s.keys('G');
    expect(s.rows()[22]).toMatch(/^line 1000 /);
    expect(s.status()).toBe(': lines 978-1,000 of 1,000 (END)');
  });

  it('redraws the whole screen on ^L', async () => {
    const s = numbered();
    await s.waitForText('line 1 ');
    const before = s.output.length;
    await s.keys(keys.ctrlL);
    expect(s.output.slice(before)).toContain('\x1b[2J');
    expect(firstLine(s)).toBe(1);
  });
});

describe('resizing', () => {
  it('re-wraps the text and keeps the same text at the top', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome');
    await s.keys('1', '1', 'j'); // "Try it here" at the top
    expect(s.rows()[0]).toBe('Try it here');
    s.resize(30, 12);
    await s.waitFor((x) => x.rows()[3] === '──────────┼───────────────────', 'the re-wrapped screen');
    expect(s.rows()[0]).toBe('Try it here');
    expect(s.rows()[2]).toBe('keys      │ what they do');
    s.resize(100, 30);
    await s.waitFor((x) => x.rows()[3] === '──────────┼───────────────────────────────────────────', 'the wider screen');
    expect(s.rows()[0]).toBe('Try it here');
  });
});

describe('leaving', () => {
  for (const [how, key] of [
    ['q', 'q'],
    ['^C', keys.ctrlC],
  ]) {
    it(`quits on ${how} and restores the terminal`, async () => {
      // The shell stays until the test has read its last words (node-pty can drop a process's last output once it has ended).
      const s = Session.shell(`${lwlShell} samples/tour.md; echo "status $?"; stty -a`);
      await s.waitForText('Welcome');
      await s.press(key);
      await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
      expect(s.onAlternateScreen).toBe(false);
      expect(s.output).toMatch(/status 0/);
      expect(s.output).toMatch(/[^-]icanon/);
      expect(s.output).toMatch(/[^-]echo /);
      // The last word on the cursor was to show it.
      expect(s.output.lastIndexOf('\x1b[?25h')).toBeGreaterThan(s.output.lastIndexOf('\x1b[?25l'));
    });
  }

  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT', 'SIGQUIT']) {
    it(`restores the terminal when killed by ${signal}`, async () => {
      // Killed once its first screen is drawn: the pid comes through a file.
      const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-signal-')), 'pid');
      const s = Session.shell(`${lwlShell} samples/tour.md & echo $! > '${pidFile}'; wait $!; echo "status $?"; stty -a`);
      await s.waitForText('Welcome');
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), signal as NodeJS.Signals);
      await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
      fs.rmSync(path.dirname(pidFile), { recursive: true, force: true });
      expect(s.onAlternateScreen).toBe(false);
      expect(s.output).toMatch(/[^-]icanon/);
      expect(s.output.lastIndexOf('\x1b[?25h')).toBeGreaterThan(s.output.lastIndexOf('\x1b[?25l'));
      expect(s.output).toMatch(/status 1[2-4][0-9]/);
    });
  }

  it('restores the terminal, then prints the error, when lwl crashes', async () => {
    const s = Session.shell(`${lwlShell} samples/tour.md; echo "status $?"; stty -a`, {
      env: { LWL_TEST_CRASH_KEY: 'x' },
    });
    await s.waitForText('Welcome');
    await s.press('x');
    await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
    expect(s.onAlternateScreen).toBe(false);
    expect(s.output).toMatch(/[^-]icanon/);
    const left = s.output.lastIndexOf('\x1b[?1049l');
    expect(s.output.indexOf('lwl: internal error: Error: crash asked for')).toBeGreaterThan(left);
    expect(s.output).toMatch(/status 70/);
  });

  it('leaves when the terminal hangs up', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome');
    s.proc.kill('SIGHUP');
    const { exitCode, signal } = await s.waitExit();
    expect(exitCode !== 0 || signal !== undefined).toBe(true);
  });
});

describe('hostile bytes', () => {
  it('shows escape sequences as tokens and leaves the screen and title alone', async () => {
    const s = open(['samples/controls.txt']);
    await s.waitForText('This file is hostile');
    // The whole frame (it may reach the terminal in more than one read): its last line of text too.
    await s.waitForText('this line ended with CRLF.');
    const rows = s.rows();
    expect(rows[1]).toBe('Clear the screen: <1b>[2J and home the cursor: <1b>[H (shown as tokens).');
    expect(rows[2]).toBe('Set the window title: <1b>]0;pwned<07> (an OSC sequence).');
    expect(rows[3]).toBe('A C1 control, CSI as one character: <c29b>31m, and a NEL: <c285>.');
    expect(rows[4]).toBe('Bell <07>, backspace <08>, DEL <7f>, NUL <00>, a lone CR <0d> in a line.');
    expect(rows[5]).toBe('Invalid UTF-8: <ff><fe>, a cut sequence <e2><82>, a surrogate <ed><a0><80>.');
    expect(rows[6]).toBe('Windows line ends are fine:');
    expect(rows[7]).toBe('this line ended with CRLF.');
    expect(s.title).toBe('');
    // The token is red and inverse.
    const col = s.column(1, '<1b>');
    expect(s.cell(1, col).isInverse()).toBeTruthy();
    expect(s.cell(1, col).getFgColor()).toBe(1);
    // No raw ESC from the file reached the terminal.
    expect(s.output).not.toContain('\x1b[2J and');
    expect(s.output).not.toContain('\x1b]0;');
  });
});
