// The pager driven without a pty: a fake terminal takes its frames (read back
// through @xterm/headless, as a person would see them) and hands it keys; the
// background work is queued on vitest's fake immediates, and runs when the test says.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import xterm from '@xterm/headless';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Loader, openFile } from '../src/input/load.ts';
import { filePage } from '../src/navigator/page.ts';
import { Pager, type PagerTerminal } from '../src/pager.ts';
import type { PagerSettings } from '../src/pager/settings.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { themeFor } from '../src/draw/theme.ts';
import type { TerminalEvents } from '../term/tty.ts';

const COLS = 80;
const ROWS = 10;

/** A terminal that keeps what the pager writes in an emulator, and lets the test type. */
class FakeTerminal implements PagerTerminal {
  // A pty turns a line feed into a new line (ONLCR), as lwl's frames expect.
  readonly screen = new xterm.Terminal({ cols: COLS, rows: ROWS, allowProposedApi: true, convertEol: true });
  events: TerminalEvents | null = null;
  closed = false;
  keysWaiting = false;
  private written = Promise.resolve();

  size() {
    return { cols: COLS, rows: ROWS };
  }
  workDone() {}
  start(events: TerminalEvents) {
    this.events = events;
  }
  write(data: string) {
    this.written = this.written.then(() => new Promise<void>((resolve) => this.screen.write(data, resolve)));
  }
  suspend() {}
  async handOver<T>(run: () => Promise<T>): Promise<T> {
    return run();
  }
  async announceEnd() {}
  takeBack() {}
  close() {
    this.closed = true;
  }

  /** Types keys, each handled as the terminal hands them over, then runs what they left to do. */
  async type(...keys: string[]) {
    for (const key of keys) {
      this.events!.key(key);
      this.events!.keysDone?.();
    }
    await vi.runAllTimersAsync();
  }

  async rows(): Promise<string[]> {
    await this.written;
    const buffer = this.screen.buffer.active;
    return Array.from({ length: ROWS }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
  }
}

let dir: string;
beforeEach(() => {
  // The background work (setImmediate) runs when the test says; the emulator keeps its own timers.
  vi.useFakeTimers({ toFake: ['setImmediate', 'clearImmediate'] });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-pager-'));
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, lines: number): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, Array.from({ length: lines }, (_, i) => `${name} line ${i + 1}\n`).join(''));
  return at;
}

function settings(files: string[]): PagerSettings {
  return { secure: false, bindings: defaultBindings, theme: themeFor(false), browser: null, startKeys: [], message: null, files, base: null };
}

/** The pager on the first of `files`, started; its exit status when it ends. */
async function pager(files: string[]) {
  const term = new FakeTerminal();
  const loader = new Loader(openFile(files[0]));
  loader.readFirst(ROWS);
  const status = new Pager(term, filePage(loader), settings(files)).run();
  await vi.runAllTimersAsync();
  return { term, status };
}

describe('the pager', () => {
  it('draws the first screen and its status line', async () => {
    const { term } = await pager([file('a.txt', 100)]);
    const rows = await term.rows();
    expect(rows[0]).toBe('a.txt line 1');
    expect(rows[8]).toBe('a.txt line 9');
    expect(rows[9]).toContain('lines 1-9 of 100');
  });

  it('moves by the keys, one frame after keys read together', async () => {
    const { term } = await pager([file('a.txt', 100)]);
    await term.type('j', 'j', 'd');
    expect((await term.rows())[0]).toBe('a.txt line 7');
    await term.type('G');
    expect((await term.rows())[8]).toBe('a.txt line 100');
  });

  it('q ends it with status 0 and gives the terminal back', async () => {
    const { term, status } = await pager([file('a.txt', 3)]);
    await term.type('q');
    await expect(status).resolves.toBe(0);
    expect(term.closed).toBe(true);
  });

  it('the help screen is a page of its own: q comes back to the document where it was', async () => {
    const { term, status } = await pager([file('a.txt', 100)]);
    await term.type('5', 'j', 'H');
    expect((await term.rows()).join('\n')).toMatch(/quit/);
    await term.type('q');
    expect((await term.rows())[0]).toBe('a.txt line 6');
    expect(term.closed).toBe(false);
    await term.type('q');
    await expect(status).resolves.toBe(0);
  });

  it(':n and :p go through the files, each where it was left', async () => {
    const { term } = await pager([file('a.txt', 100), file('b.txt', 100)]);
    await term.type('3', 'j', ':', 'n');
    let rows = await term.rows();
    expect(rows[0]).toBe('b.txt line 1');
    expect(rows[9]).toContain('(file 2 of 2)');
    await term.type(':', 'p');
    expect((await term.rows())[0]).toBe('a.txt line 4');
    await term.type(':', 'p');
    rows = await term.rows();
    expect(rows[9]).toContain('No previous file');
  });

  it('a missing file of the list is said and left out, and paging goes on', async () => {
    const { term } = await pager([file('a.txt', 100), path.join(dir, 'missing.txt'), file('c.txt', 100)]);
    await term.type(':', 'n');
    const rows = await term.rows();
    expect(rows[0]).toBe('a.txt line 1');
    expect(rows[9]).toContain('missing.txt');
    await term.type(':', 'n');
    expect((await term.rows())[0]).toBe('c.txt line 1');
  });

  it('a search shows its first match and counts the rest in the background', async () => {
    const { term } = await pager([file('a.txt', 1000)]);
    await term.type('/', ...'line 50', '<Enter>');
    const rows = await term.rows();
    expect(rows.some((r) => r === 'a.txt line 50')).toBe(true);
    expect(rows[9]).toMatch(/match 1 of 11\b/);
  });

  it("G on a big file still being read shows its end at once, and g goes back to its top", async () => {
    const big = path.join(dir, 'big.txt');
    // 20 MiB: more than G's window waits for (16 MiB unread).
    fs.writeFileSync(big, Array.from({ length: 2_000_000 }, (_, i) => `row ${String(i + 1).padStart(6, '0')}\n`).join(''));
    const term = new FakeTerminal();
    const loader = new Loader(openFile(big));
    loader.readFirst(ROWS);
    void new Pager(term, filePage(loader), settings([big])).run();
    term.events!.key('G');
    term.events!.keysDone?.();
    let rows = await term.rows();
    expect(rows[8]).toBe('row 2000000');
    expect(rows[9]).toContain('?');
    term.events!.key('g');
    term.events!.keysDone?.();
    rows = await term.rows();
    expect(rows[0]).toBe('row 000001');
  });
});

describe('a link to a place in another file', () => {
  /** A page linking to big.html#far-away, whose heading comes after some 20,000 paragraphs; the pager on it, the link selected. */
  async function onTheLink() {
    const big = path.join(dir, 'big.html');
    fs.writeFileSync(big, `<h1>Big</h1>${Array.from({ length: 20_000 }, (_, i) => `<p>Paragraph ${i + 1}.</p>\n`).join('')}<h2 id="far-away">Far away</h2><p>The far text.</p>`);
    const from = path.join(dir, 'from.html');
    fs.writeFileSync(from, '<p>See <a href="big.html#far-away">the far part</a>.</p>');
    const { term } = await pager([from]);
    await term.type('n');
    // Keys from here on are handed over with no background work run between them, until the test runs it.
    const press = (key: string) => {
      term.events!.key(key);
      term.events!.keysDone?.();
    };
    press('<Enter>');
    return { term, press };
  }

  it('reads the file on, with progress, then shows the place on the top row', async () => {
    const { term } = await onTheLink();
    let rows = await term.rows();
    expect(rows[0]).toBe('Big');
    expect(rows[9]).toMatch(/^Reading to #far-away\.\.\. \d+% \(\^C to stop\)/);
    await vi.runAllTimersAsync();
    rows = await term.rows();
    expect(rows[0]).toBe('Far away');
    expect(rows[2]).toBe('The far text.');
  });

  it('stays at the top of the file when ^C stops the reading, and Backspace comes back to the link', async () => {
    const { term, press } = await onTheLink();
    press('<C-c>');
    await vi.runAllTimersAsync();
    let rows = await term.rows();
    expect(rows[0]).toBe('Big');
    expect(rows[9]).not.toMatch(/Reading/);
    await term.type('<Backspace>');
    rows = await term.rows();
    expect(rows[0]).toBe('See the far part.');
    expect(rows[9]).toMatch(/big\.html#far-away$/);
  });
});
