// Memory has a bound: ^C on "Reading..." stops the reading of an input that
// never ends, so memory stops growing (a memory assertion: VmRSS read twice,
// a second apart, once lwl has stopped and gone idle; reading on would keep
// it busy).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, lwlShell, sleep } from './session.ts';
import { startServer, type TestServer } from '../http-server.ts';

const MiB = 1024 * 1024;

/** A field of /proc/PID/status, in bytes (VmRSS is in kB). */
function rss(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
  return Number(kb) * 1024;
}

/**
 * Waits until the process reads nothing for a while: the chunk read last is
 * parsed. (It may still use the processor: lines are counted between keys.)
 */
async function idle(pid: number, waitMs = 8000): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (let last = bytesRead(pid); ; ) {
    await sleep(250);
    const now = bytesRead(pid);
    if (now === last) return;
    if (Date.now() > deadline) throw new Error('lwl never stopped reading');
    last = now;
  }
}

/** Bytes the process has read so far, from any file. */
function bytesRead(pid: number): number {
  return Number(/^rchar: (\d+)/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
}

describe('reading an input that never ends', () => {
  it('lwl </dev/zero, G, ^C: the reading stops, and memory stops growing', async () => {
    const s = Session.shell(`exec ${lwlShell} -f </dev/zero`); // -f: no question about a binary input
    const pid = s.proc.pid;
    await s.waitForText('<00>');
    await s.press('G');
    await s.waitFor((x) => /^Reading\.\.\. [1-9]\d* MiB/.test(x.status()), 'reading on');
    await s.keys('\x03');
    await s.waitFor((x) => !x.status().startsWith('Reading'), 'the reading stopped');
    // Work under way at ^C (the chunk read last) may still finish; then nothing more may come.
    await idle(pid);
    const [rss0, read0] = [rss(pid), bytesRead(pid)];
    await sleep(1000);
    const [rss1, read1] = [rss(pid), bytesRead(pid)];
    expect(read1 - read0).toBeLessThanOrEqual(MiB);
    expect(rss1 - rss0).toBeLessThan(4 * MiB);
    // Keys still work, and q ends it.
    await s.keys('g', 'q');
    expect((await s.waitExit()).exitCode).toBe(0);
    // Its waits add up on a loaded machine (the suite runs two files at once): time for all of them.
  }, 45_000);
});

describe('an endless web page, with no key pressed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each([
    ['of nested divs (it shows nothing past its first line)', '/endless-divs.html', 'an endless page'],
    ['of paragraphs', '/endless-paragraphs.html', 'an endless paragraph'],
  ])('%s: read as far as the read-ahead, then the network waits; keys work and q ends lwl', async (_, page, first) => {
    const s = Session.lwl([server.origin + page], { env: { PATH: '/usr/bin:/bin', LWL_BROWSER: '', BROWSER: '' } });
    const pid = s.proc.pid;
    // Not waited for idle: lwl reads on (and, on a loaded machine, for longer than a wait for a key's answer).
    await s.waitFor((x) => x.screen().includes(first), 'the first text');
    // The read-ahead is 16 MiB of the page, wherever its text ends.
    await s.waitFor((x) => /Loading 127\.0\.0\.1: (1[6-9]|[2-9]\d)(\.\d+)? MiB/.test(x.status()), 'the read-ahead read', 40_000);
    await idle(pid, 30_000);
    const arrived = Number(/([\d.]+) MiB/.exec(s.status())![1]);
    expect(arrived).toBeLessThan(24);
    expect(rss(pid)).toBeLessThan(400 * MiB);
    await s.keys('g', 'q');
    expect((await s.waitExit()).exitCode).toBe(0);
  }, 90_000);
});
