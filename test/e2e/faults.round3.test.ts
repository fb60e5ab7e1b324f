// Hostile input and faults, round 3 (issue 29), as a user meets them: :e and
// :n onto special files, a name typed as in less, a terminal's reply arriving
// as input.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';
import { startServer } from '../http-server.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-r3-'));
  fs.writeFileSync(path.join(dir, 'a.txt'), 'the first file\n');
  fs.writeFileSync(path.join(dir, 'b.txt'), 'the second file\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe(':e, :n and :p onto special files', () => {
  it.each([
    ['a named pipe', 'fifo', 'named pipe'],
    ['the terminal', '/dev/tty', 'device'],
    ['standard input', '/dev/stdin', 'device'],
  ])(':e onto %s is refused with a message, and q is answered', async (_, name, said) => {
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    const s = Session.lwl(['a.txt'], { cwd: dir });
    await s.waitForText('the first file');
    await s.keys(':', 'e', ...name, '\r');
    await s.waitFor((t) => t.status().toLowerCase().includes(said), `a message that says ${said}`);
    expect(s.rows()[0]).toBe('the first file');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it(':n onto a named pipe named on the command line after the first: refused, and paging goes on', async () => {
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    const s = Session.lwl(['a.txt', 'fifo', 'b.txt'], { cwd: dir });
    await s.waitForText('the first file');
    await s.keys(':', 'n');
    await s.waitFor((t) => t.status().includes('named pipe'), 'the pipe refused');
    await s.keys(':', 'n');
    await s.waitForText('the second file');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});

describe('a name typed at :e, as less reads it', () => {
  it('drops the spaces around it and expands ~', async () => {
    const home = path.join(dir, 'home');
    fs.mkdirSync(home);
    fs.writeFileSync(path.join(home, 'notes.txt'), 'notes at home\n');
    const s = Session.lwl(['a.txt'], { cwd: dir, env: { HOME: home } });
    await s.waitForText('the first file');
    await s.keys(':', 'e', ...'  ~/notes.txt ', '\r');
    await s.waitForText('notes at home');
    await s.keys(':', 'e', ...' b.txt', '\r');
    await s.waitForText('the second file');
  });
});

describe("a terminal's reply on input", () => {
  it('is dropped: no search starts, the keys after it act', async () => {
    fs.writeFileSync(path.join(dir, 'long.txt'), Array.from({ length: 100 }, (_, i) => `line ${i + 1}\n`).join(''));
    const s = Session.lwl(['long.txt'], { cwd: dir });
    await s.waitForText('line 1');
    // What a terminal answers to OSC 11 (its background colour), then j.
    await s.keys('\x1b]11;rgb:0000/0000/0000\x1b\\j');
    await s.waitFor((t) => t.rows()[0] === 'line 2', 'j acted on');
    expect(s.status()).not.toContain('/');
    expect(s.status()).toContain('lines 2-');
  });
});

describe('taking the terminal back from a command', () => {
  it.each([
    ['the line-drawing set in G0', "printf '\\033(0'"],
    ['the line-drawing set in G1, shifted out', "printf '\\033)0\\016'"],
    ['origin mode in a scroll region', "printf '\\033[5;10r\\033[?6h'"],
    ['insert mode', "printf '\\033[4h'"],
  ])('after a command that leaves %s, the frame and status line are as before', async (_, command) => {
    fs.writeFileSync(path.join(dir, 'long.txt'), Array.from({ length: 100 }, (_, i) => `line_${i + 1} ok\n`).join(''));
    const s = Session.lwl(['long.txt'], { cwd: dir });
    await s.waitForText('line_1 ok');
    const before = s.rows();
    await s.keys('>', ...command, '\r');
    // The command wrote too: the screen tells.
    await s.waitFor((x) => x.screen().includes('[done]'), 'the command ended');
    await s.keys(' ');
    await s.waitFor((t) => t.rows()[0] === 'line_1 ok', 'the page drawn again');
    await s.keys('j', 'k');
    expect(s.rows()).toEqual(before);
    expect(s.status()).toContain('long.txt');
  });
});

describe('-F (LESS=FRX, as git sets it) on every kind', () => {
  it.each([
    ['Markdown', 'short.md', '# A title\n\nSome *text* with a [link](https://example.org/).\n', 'Some text with a link.'],
    ['HTML', 'short.html', '<h1>A title</h1><p>Some <em>text</em> with a <a href="https://example.org/">link</a>.</p>', 'Some text with a link.'],
    ['lwl markup', 'short.lwl', 'Some text with a [link](https://example.org/).\n', 'Some text with a link.'],
    ['plain text', 'short.txt', 'Some text with a link.\n', 'Some text with a link.'],
  ])('%s that fits on one screen is printed and lwl ends at once', async (_, name, text, shown) => {
    fs.writeFileSync(path.join(dir, name), text);
    // The shell waits for a line after saying lwl's status: a pty whose process has ended may lose what was still unread.
    const s = Session.shell(`LESS=FRX ${lwlShell} ${name}; echo "status $?"`, { cwd: dir });
    await s.waitFor((x) => x.output.includes('status 0'), 'lwl to end with status 0');
    // As shown (styles as the terminal draws them; lwl's markup prints a link's text in brackets).
    expect(s.screen().replace(/[[\]]/g, '')).toContain(shown);
    expect(s.output).not.toContain('\x1b[?1049h');
    await s.press('\r', { lwlReads: false });
  });
});

describe('a long paste into a typing line', () => {
  it('100,000 characters pasted into the search line (2,000 Backspaces among them) are all typed, and ^C leaves it', async () => {
    fs.writeFileSync(path.join(dir, 'long.txt'), Array.from({ length: 100 }, (_, i) => `line ${i + 1}\n`).join(''));
    const s = Session.lwl(['long.txt'], { cwd: dir });
    await s.waitForText('line 1');
    await s.keys('/');
    // Backspaces among the characters: each an edit at the end of a long line.
    const paste = 'ab'.repeat(49_995) + 'x\x7f'.repeat(2_000) + 'THE-END';
    await s.press(paste);
    await s.waitFor((t) => t.status().includes('THE-END'), 'the end of the paste on the search line', 20000);
    await s.keys('\x03');
    await s.waitFor((t) => !t.status().includes('THE-END'), 'the search line left');
    expect(s.rows()[0]).toBe('line 1');
  });
});

describe('numbers from the environment', () => {
  it('a LWL_FETCH_TIMEOUT longer than a timer waits is clamped, with a note; the page loads, and no Node warning reaches the screen', async () => {
    const server = await startServer();
    try {
      const s = Session.lwl([`${server.origin}/page.html`], { env: { LWL_FETCH_TIMEOUT: '2147484', LWL_BROWSER: '', BROWSER: '' } });
      await s.waitFor((t) => t.screen().includes('LWL_FETCH_TIMEOUT'), 'the note on the clamp');
      await s.waitFor((t) => !t.screen().includes('Timed out') && t.rows()[0] !== '', 'the page');
      expect(s.screen()).not.toContain('Timed out');
      expect(s.output).not.toContain('TimeoutOverflowWarning');
    } finally {
      await server.close();
    }
  });
});
