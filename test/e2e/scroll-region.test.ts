// Scrolling in a scroll region (DECSTBM): the text rows scroll, the status line
// stays, and `j` writes the new row and little else; leaving (quitting, ^Z)
// always gives the terminal back with no region set.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, root, samples, stoppedAndPrompted } from './session.ts';

const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');
/** What lwl wrote from `offset` on. */
const since = (s: Session, offset: number) => s.output.slice(offset);
/** Without SGR sequences and OSC 8 hyperlinks: the text as it shows. */
const visible = (bytes: string) => bytes.replace(/\x1b\[[0-9;]*m|\x1b\]8;[^\x1b]*\x1b\\/g, '');
/** The last DECSTBM lwl wrote: '\x1b[r' resets the region. */
const lastRegion = (s: Session) => s.output.match(/\x1b\[[0-9;]*r/g)?.at(-1);

/** Presses `key` and waits until its output has settled and `test` holds; returns what it wrote. */
async function written(s: Session, key: string, test: (s: Session) => boolean, what: string): Promise<string> {
  const before = s.output.length;
  await s.press(key);
  await s.waitFor(test, what);
  await s.settle();
  return since(s, before);
}

/** Numbers printed by `seq` on the screen, from top to bottom. */
const numbersShown = (s: Session) => s.rows().filter((row) => /^\d+$/.test(row)).map(Number);

describe('scrolling in a region', () => {
  it('sets a region above the status line', async () => {
    const s = Session.lwl([numbered]);
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
    expect(lastRegion(s)).toBe('\x1b[1;23r');
  });

  it('j with the status line unchanged writes the new row and 5 bytes more: up a row, a line feed', async () => {
    const s = Session.lwl([path.join(samples, 'tour.md')]);
    await s.waitFor((x) => x.rows()[0].startsWith('Welcome to lwl'), 'the tour');
    // A link selected: the status line shows where it goes, and a line down keeps it on screen.
    await s.press('n');
    await s.waitFor((x) => x.status().includes('://'), 'a link selected');
    await s.settle();
    const status = s.status();
    const newRows: string[] = [];
    for (let i = 0; i < 4; i++) {
      const top = s.rows()[1];
      const bytes = await written(s, 'j', (x) => x.rows()[0] === top, 'a line down');
      expect(s.status()).toBe(status);
      const row = s.rows()[22];
      newRows.push(row);
      // From the status row, up a row first; then from the row just written, a line feed alone.
      expect(visible(bytes)).toBe(`${i === 0 ? '\x1b[A' : ''}\r\n${row}`);
    }
    expect(newRows.filter((row) => row !== '').length).toBeGreaterThan(1);
  });

  it('j with the place on the status line writes the new row and only the characters of the place that changed', async () => {
    const s = Session.lwl([numbered]);
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
    // The first key replaces the file name with the place.
    await written(s, 'j', (x) => x.status().includes('lines 2-24'), 'the place');
    const bytes = await written(s, 'j', (x) => x.status().includes('lines 3-25'), 'a line down');
    expect(s.rows()[22]).toBe('line 25 of a thousand numbered lines');
    // The first j left the cursor at the text's bottom: a line feed there (the status line stays as the rows scroll), the row, then down to the place.
    expect(bytes).toMatch(/^\r\nline 25 of a thousand numbered lines\x1b\[24;\d+H3-25$/);
    // A line up, from the place: back along the status line to it, then a reverse index at the top and the row.
    const up = await written(s, 'k', (x) => x.status().includes('lines 2-24'), 'a line up');
    expect(s.rows()[0]).toBe('line 2 of a thousand numbered lines');
    expect(up).toMatch(/^\x1b\[\d+D2-24\x1b\[1H\x1bMline 2 of a thousand numbered lines$/);
  });

  it('gives the terminal back with no region when lwl ends, on the alternate screen and on the main one (-X)', async () => {
    for (const options of ['', '-X']) {
      // After lwl, 30 numbers: each line feed at the bottom scrolls the whole screen, so the last ones are on the rows above the prompt.
      const s = Session.shell(`${lwlShell} ${options} ${numbered}; seq 1 30; sleep 10`);
      await s.waitFor((x) => x.rows().some((row) => row.startsWith('line 1 of')), 'the first screen');
      await s.press('q');
      await s.waitFor((x) => numbersShown(x).includes(30), 'the numbers');
      expect(lastRegion(s)).toBe('\x1b[r');
      expect(numbersShown(s).slice(-5)).toEqual([26, 27, 28, 29, 30]);
      s.kill();
    }
  });

  it('gives the terminal back with no region on ^Z, and takes it again on fg', async () => {
    const s = new Session('/bin/sh', ['-i'], { env: { PS1: '$ ', ENV: '' } });
    await s.waitFor((x) => x.screen().includes('$'), 'the prompt');
    await s.press(`${lwlShell} -X ${numbered}\r`);
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first screen');
    const [pid] = fs.readFileSync(`/proc/${s.proc.pid}/task/${s.proc.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    await s.press('\x1a');
    await s.waitFor((x) => stoppedAndPrompted(x) && fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1][0] === 'T', 'lwl stopped, and the prompt');
    expect(lastRegion(s)).toBe('\x1b[r');
    await s.press('seq 1 30\r');
    await s.waitFor((x) => numbersShown(x).includes(30), 'the numbers');
    expect(numbersShown(s).slice(-5)).toEqual([26, 27, 28, 29, 30]);
    await s.press('fg\r');
    // SIGCONT takes the terminal again too (term/tty.ts continued), after ^Z's own return: its frame sets the region last.
    await s.waitFor((x) => x.rows()[0].startsWith('line 1 of') && lastRegion(x) === '\x1b[1;23r', 'lwl again, in its region');
    await s.press('j');
    await s.waitFor((x) => x.rows()[0].startsWith('line 2 of') && x.rows()[22].startsWith('line 24 of'), 'a line down');
    await s.press('q');
    await s.waitFor((x) => !fs.existsSync(`/proc/${pid}`), 'lwl to end');
  });
});
