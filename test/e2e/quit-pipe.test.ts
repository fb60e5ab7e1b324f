// q ends lwl at once, whatever its input pipe does: a pipe, a FIFO or a
// process substitution whose writer has sent a little and then waits (here a
// sleep far longer than a test's wait for the exit) must not keep lwl alive.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-quit-pipe-'));
});
afterEach(() => {
  // The writer that never ends, named by the pid it wrote.
  const pid = Number(fs.readFileSync(path.join(dir, 'writer.pid'), 'utf8'));
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes two lines, then holds the pipe open without a word (its pid in writer.pid); its other descriptors leave the terminal alone. */
const writer = () => `printf 'a\\nb\\n'; echo $BASHPID > ${dir}/writer.pid; exec sleep 600 </dev/null 2>/dev/null`;

/** lwl as the terminal's own process (bash execs it), so the session ends when lwl does. */
const bash = (command: string) => new Session('/bin/bash', ['-c', command]);

describe('q with an input pipe that is open and silent', () => {
  it.each([
    ['a process substitution', () => bash(`exec ${lwlShell} <(${writer()})`)],
    ['a pipe on standard input', () => bash(`exec ${lwlShell} < <(${writer()})`)],
    [
      'a named pipe',
      () => {
        execFileSync('mkfifo', [path.join(dir, 'fifo')]);
        return bash(`(${writer()}) > ${dir}/fifo & exec ${lwlShell} ${dir}/fifo`);
      },
    ],
  ])('%s: lwl exits', async (_, start) => {
    const s = start();
    await s.waitFor((x) => x.rows()[0] === 'a' && x.rows()[1] === 'b', 'the two lines');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('a compressed pipe (gzip) that goes silent after its text: lwl exits', async () => {
    const s = bash(`exec ${lwlShell} < <(printf 'a\\nb\\n' | gzip; echo $BASHPID > ${dir}/writer.pid; exec sleep 600 </dev/null 2>/dev/null)`);
    await s.waitFor((x) => x.rows()[0] === 'a' && x.rows()[1] === 'b', 'the two lines');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('after G waits for the pipe and ^C gives up the wait: lwl exits', async () => {
    const s = bash(`exec ${lwlShell} < <(${writer()})`);
    await s.waitFor((x) => x.rows()[1] === 'b', 'the two lines');
    // lwl is busy while G waits for the pipe (not idle): pressed, and the screen waited on.
    await s.press('G');
    await s.waitFor((x) => x.status().startsWith('Reading'), 'the wait for the pipe');
    await s.keys('\x03');
    await s.waitFor((x) => !x.status().startsWith('Reading'), 'the wait given up');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});

describe('q before the first screen, with a pipe that has sent nothing', () => {
  /** Holds the pipe open without a word; its pid in writer.pid. */
  const silent = () => `echo $BASHPID > ${dir}/writer.pid; exec sleep 600 </dev/null 2>/dev/null`;

  it.each([
    ['q', 'q'],
    ['^C', '\x03'],
  ])('%s ends lwl (the keys are read while it waits, in raw mode)', async (_, key) => {
    const s = bash(`exec ${lwlShell} < <(${silent()})`);
    // lwl's word that it reads keys: typed before, ^C would be the terminal's signal to the writer too.
    await s.settle();
    // Nothing is drawn while lwl waits: a key the terminal held in cooked mode would never reach it.
    await s.press(key);
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(s.output).not.toMatch(/\x1b\[\?1049h/);
  });

  it('keys typed while it waits are not lost: they act on the first screen', async () => {
    // The writer sends its lines once the test says so (the file go), after the keys.
    const s = bash(`exec ${lwlShell} < <(while [ ! -e ${dir}/go ]; do sleep 0.05; done; seq 100; ${silent()})`);
    await s.press('jj');
    fs.writeFileSync(path.join(dir, 'go'), '');
    await s.waitFor((x) => x.rows()[0] === '3' && x.status().includes('lines 3-'), 'the screen two lines down');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});
