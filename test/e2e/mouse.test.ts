// The mouse, opt in (--mouse, as less): the wheel scrolls, a click on a link
// selects it, a second click on it follows it. The terminal reports the mouse
// only while lwl pages: not after it ends, nor while a command runs, nor when
// --mouse was not asked for. Reports are written to the pty as a terminal
// sends them (SGR, mode 1006: CSI < button ; column ; row M, m on release).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, root, stoppedAndPrompted } from './session.ts';

const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');

/** SGR reports, with a 0-based row and column as the screen's. */
const press = (row: number, col: number) => `\x1b[<0;${col + 1};${row + 1}M`;
const release = (row: number, col: number) => `\x1b[<0;${col + 1};${row + 1}m`;
const click = (row: number, col: number) => press(row, col) + release(row, col);
const wheelDown = '\x1b[<65;10;5M';
const wheelUp = '\x1b[<64;10;5M';

/** A document with two links on its second row, and another file the first one leads to. */
function documents(): { page: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-mouse-'));
  const filler = Array.from({ length: 40 }, (_, i) => `filler line ${i + 1}`).join('\n');
  // lwl's own markup (.lwl): each line a row, as written.
  fs.writeFileSync(path.join(dir, 'page.lwl'), `Mouse test: the top line.\nSee [the other page](other.md) or [a site](https://example.com/a/page) here.\n${filler}\n`);
  fs.writeFileSync(path.join(dir, 'other.md'), 'The other page, reached by two clicks.\n');
  return { page: path.join(dir, 'page.lwl') };
}

const mouseMode = (s: Session) => s.term.modes.mouseTrackingMode;

async function opened(args: string[]): Promise<Session> {
  const s = Session.lwl(args);
  await s.waitFor((x) => x.rows()[0].startsWith('Mouse test') || x.rows()[0].startsWith('line 1 of'), 'the first screen');
  return s;
}

/** After `keys` bring lwl back (from a command, from ^Z): its screen again with `top` on top, the mouse reported again, and the wheel scrolling to `scrolled`. */
async function takenAgain(s: Session, keys: string, top: string, scrolled: string): Promise<void> {
  await s.press(keys);
  await s.waitFor((x) => x.rows()[0].startsWith(top), 'lwl again');
  expect(mouseMode(s)).toBe('vt200');
  await s.press(wheelDown);
  await s.waitFor((x) => x.rows()[0].startsWith(scrolled), 'the wheel works again');
}

describe('the mouse (--mouse)', () => {
  it('is reported to lwl only while it pages, and only with --mouse', async () => {
    const s = await opened(['--mouse', numbered]);
    expect(s.output).toContain('\x1b[?1000h\x1b[?1006h');
    expect(mouseMode(s)).toBe('vt200');
    await s.press('q');
    await s.waitExit();
    expect(mouseMode(s)).toBe('none');

    const without = await opened([numbered]);
    expect(without.output).not.toContain('\x1b[?1000h');
    expect(mouseMode(without)).toBe('none');
  });

  it('the wheel scrolls three lines down and up', async () => {
    const s = await opened(['--mouse', numbered]);
    await s.press(wheelDown);
    await s.waitFor((x) => x.rows()[0].startsWith('line 4 of'), 'three lines down');
    await s.press(wheelDown + wheelDown);
    await s.waitFor((x) => x.rows()[0].startsWith('line 10 of'), 'six more');
    await s.press(wheelUp);
    await s.waitFor((x) => x.rows()[0].startsWith('line 7 of'), 'three lines up');
  });

  it('a click on a link selects it, a second click on it follows it; a click elsewhere does nothing', async () => {
    const { page } = documents();
    const s = await opened(['--mouse', page]);
    const row = 1;
    const col = s.column(row, 'the other page');
    const site = s.column(row, 'a site');
    expect(col).toBeGreaterThan(0);
    // Nowhere near a link: nothing selected.
    await s.keys(click(0, 3), click(5, 2));
    expect(s.status()).not.toContain('other.md');
    // On the second link's last letter: that one is selected, drawn selected.
    await s.press(click(row, site + 'a site'.length - 1));
    await s.waitFor((x) => x.status().includes('example.com'), 'the second link selected');
    expect(s.cell(row, site).isInverse()).toBeTruthy();
    // On the first link: it is selected instead; clicked again, followed.
    await s.press(click(row, col + 2));
    await s.waitFor((x) => x.status().includes('other.md'), 'the first link selected');
    expect(s.cell(row, col).isInverse()).toBeTruthy();
    expect(s.cell(row, site).isInverse()).toBeFalsy();
    await s.press(click(row, col + 2));
    await s.waitFor((x) => x.rows()[0] === 'The other page, reached by two clicks.', 'the other page');
    // Backspace comes back, as after Enter.
    await s.press('\x7f');
    await s.waitFor((x) => x.rows()[0].startsWith('Mouse test'), 'back');
  });

  it('a click finds its link past the line numbers (-N) and on a line scrolled sideways (-S)', async () => {
    const { page } = documents();
    const s = Session.lwl(['--mouse', '-N', page]);
    await s.waitForText('Mouse test');
    const row = 1;
    // The numbers' column is left of the text: the click's column is the link's as drawn.
    const site = s.column(row, 'a site');
    expect(site).toBeGreaterThan(10);
    await s.press(click(row, site + 1));
    await s.waitFor((x) => x.status().includes('example.com'), 'the link past the numbers selected');
    expect(s.cell(row, site).isInverse()).toBeTruthy();

    const wide = path.join(path.dirname(page), 'wide.lwl');
    fs.writeFileSync(wide, `top\n${'x'.repeat(90)} [far link](https://example.com/far) end\n`);
    const chopped = Session.lwl(['--mouse', '-S', wide]);
    await chopped.waitForText('top');
    await chopped.press('l');
    await chopped.waitForText('far link');
    const link = chopped.column(row, 'far link');
    expect(link).toBeLessThan(80 - 'far link'.length);
    await chopped.press(click(row, link + 2));
    await chopped.waitFor((x) => x.status().includes('example.com/far'), 'the link under the click selected');
    expect(chopped.cell(row, link).isInverse()).toBeTruthy();
  });

  it('is given back while a command runs (>), and taken again after', async () => {
    const { page } = documents();
    const s = await opened(['--mouse', page]);
    await s.press(click(1, s.column(1, 'the other page')));
    await s.waitFor((x) => x.status().includes('other.md'), 'a link selected');
    await s.press('>echo child-ran\r');
    // A row of its own: the command's output, not the typed line on the status line.
    await s.waitFor((x) => x.rows().includes('child-ran'), 'the command');
    // Its output came after lwl turned the mouse off: the command had a terminal that reports no mouse.
    expect(mouseMode(s)).toBe('none');
    await s.waitFor((x) => x.screen().includes('[done]'), 'lwl waiting for a key');
    expect(mouseMode(s)).toBe('none');
    await takenAgain(s, ' ', 'Mouse test', 'filler line 2');
  });

  it('is given back on ^Z, and taken again on fg', async () => {
    const s = new Session('/bin/sh', ['-i'], { env: { PS1: '$ ', ENV: '' } });
    await s.waitFor((x) => x.screen().includes('$'), 'the prompt');
    await s.press(`${lwlShell} --mouse ${numbered}\r`);
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of') && mouseMode(x) === 'vt200', 'the first screen');
    await s.press('\x1a');
    await s.waitFor((x) => !x.onAlternateScreen && stoppedAndPrompted(x), 'lwl stopped, and the prompt');
    expect(mouseMode(s)).toBe('none');
    await takenAgain(s, 'fg\r', 'line 1 of', 'line 4 of');
  });

  it('a report is never read as typed keys, with --mouse or without', async () => {
    for (const args of [['--mouse', numbered], [numbered]]) {
      const s = await opened(args);
      // A release, a right click and a drag (SGR), and X10 reports whose bytes would be `!`, `>` and `/` typed: nothing.
      // Then j: had any been typed, j would be typed after it (or move elsewhere) instead of one line down.
      await s.press(`${release(3, 3)}\x1b[<2;4;4M\x1b[<32;4;4M\x1b[M#!>\x1b[M#/!j`);
      await s.waitFor((x) => x.rows()[0].startsWith('line 2 of'), 'j, one line down');
      await s.settle();
      expect(s.rows()[0]).toBe('line 2 of a thousand numbered lines');
      expect(s.status()).not.toMatch(/^[!>/]/);
      s.kill();
    }
  });
});
