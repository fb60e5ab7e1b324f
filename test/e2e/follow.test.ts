// Input that is still arriving: waiting for it with progress, giving up the
// wait with ^C, and following a growing file or pipe with F.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';


const shell = (command: string) => Session.shell(command);

describe('waiting for input', () => {
  it('shows progress while G waits for a pipe, and ^C gives up the wait where it was', async () => {
    const s = shell(`(seq 1 100; sleep 30; echo never) | ${lwlShell}`);
    await s.waitForText('23');
    await s.keys('j');
    expect(s.rows()[0]).toBe('2');
    // G waits for the pipe's end, which is not coming: the screen tells.
    await s.press('G');
    await s.waitFor((x) => /^Reading\.\.\. \d+ MiB \(\^C to stop\)$/.test(x.status()), 'the wait');
    await s.keys('\x03');
    expect(s.status()).toBe(': lines 2-24 of ? (?%)');
    expect(s.rows()[0]).toBe('2');
    // The wait is over: keys work again.
    await s.keys('j');
    expect(s.rows()[0]).toBe('3');
  });

  it('goes to the bottom once the pipe ends', async () => {
    const s = shell(`(seq 1 100; sleep 1; seq 101 200) | ${lwlShell}`);
    await s.waitForText('23');
    await s.keys('G');
    await s.waitFor((x) => x.rows()[22] === '200', 'the last line at the bottom');
    expect(s.status()).toBe(': lines 178-200 of 200 (END)');
  });
});

describe('F', () => {
  it('follows a growing file, showing its end, until ^C', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-follow-'));
    const file = path.join(dir, 'log.lwl');
    fs.writeFileSync(file, Array.from({ length: 50 }, (_, i) => `entry ${i + 1}\n`).join(''));
    const s = shell(`${lwlShell} ${file}`);
    await s.waitForText('entry 1');
    // F follows until ^C: lwl waits on the file, and the screen tells.
    await s.press('F');
    await s.waitFor((x) => x.status() === 'Waiting for data... (^C to stop)', 'following');
    expect(s.rows()[22]).toBe('entry 50');
    fs.appendFileSync(file, 'entry 51 [a link](x.md)\n');
    await s.waitFor((x) => x.rows()[22] === 'entry 51 [a link]', 'the new line at the bottom');
    fs.appendFileSync(file, 'entry 52\nentry 53\n');
    await s.waitFor((x) => x.rows()[22] === 'entry 53', 'the newer lines');
    await s.keys('\x03');
    expect(s.status()).toMatch(/^: lines \d+-53 of 53 \(END\)$/);
    fs.appendFileSync(file, 'entry 54\n');
    await s.keys('k', 'j');
    expect(s.rows()[22]).toBe('entry 53');
  });

  it.each([
    ['renamed, and a new file made in its place', (file: string) => (fs.renameSync(file, `${file}.1`), fs.writeFileSync(file, 'rotated 1\nrotated 2\n'))],
    ['cut short and written again (copytruncate)', (file: string) => fs.writeFileSync(file, 'rotated 1\nrotated 2\n')],
  ])('with --follow-name (less\'s), follows the file its name names once the log is %s', async (_, rotate) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-follow-name-'));
    const file = path.join(dir, 'app.log');
    fs.writeFileSync(file, Array.from({ length: 50 }, (_, i) => `entry ${i + 1}\n`).join(''));
    const s = Session.shell(`LESS=--follow-name ${lwlShell} ${file}`);
    await s.waitForText('entry 1');
    await s.press('F');
    await s.waitFor((x) => x.status() === 'Waiting for data... (^C to stop)', 'following');
    rotate(file);
    await s.waitFor((x) => x.rows().includes('rotated 2') && x.status().includes('app.log was replaced: following the new file'), 'the new file, followed');
    fs.appendFileSync(file, 'rotated 3\n');
    await s.waitFor((x) => x.rows().includes('rotated 3'), 'what the new file gets');
    await s.keys('\x03');
    expect(s.status()).toMatch(/of 3 \(END\)$/);
  });

  it('follows a pipe', async () => {
    const s = shell(`(seq 1 30; sleep 1; echo later; sleep 30) | ${lwlShell}`);
    await s.waitForText('23');
    await s.press('F');
    await s.waitFor((x) => x.status() === 'Waiting for data... (^C to stop)', 'following');
    expect(s.rows()[22]).toBe('30');
    await s.waitFor((x) => x.rows()[22] === 'later', 'the line that came later');
    expect(s.status()).toBe('Waiting for data... (^C to stop)');
  });
});
