// G's window on a big file's end, made ahead of G between keys (src/navigator/end-window.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openListed } from '../src/navigator/open.ts';
import { openEndWindow, prepareEndWindow } from '../src/navigator/end-window.ts';
import { initialState } from '../src/state/state.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-end-window-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** 20 MB of coloured lines: more unread after the first screen than G waits for. */
function bigLog(): string {
  const file = path.join(dir, `log-${Math.random()}.txt`);
  const line = (i: number) => `\x1b[2m${String(i).padStart(8, '0')}\x1b[m \x1b[32mINFO\x1b[m some words to make a line of a log\n`;
  const lines = Array.from({ length: 20_000 }, (_, i) => line(i)).join('');
  const fd = fs.openSync(file, 'w');
  for (let part = 0; part < 20; part++) fs.writeSync(fd, lines);
  fs.closeSync(fd);
  return file;
}

const lastLine = (text: { length: number; text(from: number, to: number): string }) => text.text(0, text.length).trimEnd().split('\n').at(-1);

describe("G's window made ahead", () => {
  it('is the one G shows: the file as it was when it was made, its last line and its styles', () => {
    const file = bigLog();
    const page = openListed(file, 24, null, null);
    prepareEndWindow(page);
    // The file's last line changed in place after: G shows what was made ahead.
    const size = fs.statSync(file).size;
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, 'CHANGED', size - 12);
    fs.closeSync(fd);
    const window = openEndWindow(page, initialState, null)!;
    expect(lastLine(window.doc.text)).toBe('00019999 INFO some words to make a line of a log');
    const { text, styleSpans } = window.doc;
    const [from, to] = styleSpans.range(text.length - 40, text.length);
    expect(to - from).toBeGreaterThan(0);
    // Not made ahead: read when G comes.
    const again = openEndWindow(page, initialState, null)!;
    expect(lastLine(again.doc.text)).toBe('00019999 INFO some words to make a liCHANGED log');
  });

  it('is not made for a file with little left to read', () => {
    const file = path.join(dir, 'small.txt');
    fs.writeFileSync(file, 'a few lines\n'.repeat(1000));
    const page = openListed(file, 24, null, null);
    prepareEndWindow(page);
    expect(openEndWindow(page, initialState, null)).toBeNull();
  });
});
