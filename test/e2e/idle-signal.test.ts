// The idle signal (LWL_TEST_SIGNAL, term/idle-signal.ts) that `keys` waits for:
// it goes to its file only, never to the screen; its byte counts are exact; it
// says idle after a key that draws nothing and after a resize; and without the
// variable lwl opens no such file.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const numbered = 'test/e2e/fixtures/numbered.txt';

/** The files lwl holds open (/proc/PID/fd), by path. */
function openFiles(pid: number): string[] {
  const dir = `/proc/${pid}/fd`;
  return fs.readdirSync(dir).flatMap((fd) => {
    try {
      return [fs.readlinkSync(path.join(dir, fd))];
    } catch {
      return []; // closed meanwhile
    }
  });
}

describe('the idle signal', () => {
  it('never reaches the screen, and counts exactly the bytes read and delivered', async () => {
    const s = Session.lwl([numbered]);
    await s.waitForText('line 23 of');
    const keys = ['j', ' ', '/', 'line 4', '\r', 'n', 'G', 'g', 'é'];
    await s.keys(...keys);
    const lines = fs.readFileSync(s.signalFile, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(keys.length);
    for (const line of lines) expect(line).toMatch(/^idle \d+ \d+$/);
    expect(s.output).not.toContain('idle ');
    expect(s.screen()).not.toContain('idle');
    // Every key read; every byte lwl wrote is every byte the terminal got (each line feed as CR LF).
    expect(s.lastIdle!.in).toBe(Buffer.byteLength(keys.join('')));
    expect(s.received).toBe(s.lastIdle!.out);
    expect(s.output).toContain('\n');
  });

  it('answers a key that draws nothing, and says idle again after a resize', async () => {
    const s = Session.lwl([numbered]);
    await s.waitForText('line 23 of');
    const shown = s.screen();
    const before = s.lastIdle!;
    // k at the top: nothing moves.
    await s.keys('k');
    expect(s.lastIdle!.in).toBe(before.in + 1);
    expect(s.screen()).toBe(shown);
    const answered = s.lastIdle!;
    s.resize(60, 10);
    await s.waitFor((x) => x.lastIdle!.out > answered.out, 'idle after the resize');
    await s.settle();
    expect(s.rows()[8]).toBe('line 9 of a thousand numbered lines');
  });

  it('is a file lwl opens only when LWL_TEST_SIGNAL names it', async () => {
    const told = Session.lwl([numbered]);
    await told.waitForText('line 23 of');
    expect(openFiles(told.proc.pid)).toContain(told.signalFile);
    const untold = Session.lwl([numbered], { signal: false });
    await untold.waitFor((x) => x.screen().includes('line 23 of'), 'the first screen');
    await untold.press('j');
    await untold.waitFor((x) => x.rows()[0].startsWith('line 2 of'), 'a line down');
    const dir = path.dirname(untold.signalFile);
    expect(openFiles(untold.proc.pid).filter((file) => file.startsWith(dir))).toEqual([]);
    expect(fs.readFileSync(untold.signalFile, 'utf8')).toBe('');
  });
});
