// ^Z and SIGTSTP under a shell with job control: lwl gives the terminal back
// (main screen, cooked, cursor shown) and stops; fg takes raw mode and the
// alternate screen again, redraws, and keys work at once.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, stoppedAndPrompted } from './session.ts';

const firstRow = 'Welcome to lwl, less with links.';

/** The processes the shell started. */
function children(pid: number): number[] {
  return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
}

/** A process's state letter: R, S, T (stopped), Z... */
function processState(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0];
}

/** An interactive sh (dash: job control, and no saving of the terminal's modes for a job) running lwl: the screen tells what each key did (the shell writes too). */
async function lwlUnderShell(args = 'samples/tour.md', first = firstRow): Promise<{ s: Session; pid: number }> {
  const s = new Session('/bin/sh', ['-i'], { env: { PS1: '$ ', ENV: '' } });
  await s.waitFor((x) => x.screen().includes('$'), 'the prompt');
  await s.press(`${lwlShell} ${args}\r`);
  await s.waitFor((x) => x.onAlternateScreen && x.rows()[0].startsWith(first), 'the first screen');
  const [pid] = children(s.proc.pid);
  return { s, pid };
}

/** lwl stopped with the terminal given back; then fg brings it back, and keys work. */
async function checkStoppedThenFg(s: Session, pid: number): Promise<void> {
  await s.waitFor((x) => !x.onAlternateScreen && processState(pid) === 'T' && stoppedAndPrompted(x), 'lwl stopped on the main screen, and the prompt');
  // The last word on the cursor was to show it.
  expect(s.output.lastIndexOf('\x1b[?25h')).toBeGreaterThan(s.output.lastIndexOf('\x1b[?25l'));
  const before = s.output.length;
  await s.press('stty -a\r');
  await s.waitFor((x) => /\bisig\b/.test(x.output.slice(before)), 'stty -a');
  const modes = s.output.slice(before);
  expect(modes).toMatch(/[^-]icanon/);
  expect(modes).toMatch(/[^-]echo /);
  await s.press('fg\r');
  await s.waitFor((x) => x.onAlternateScreen && x.rows()[0] === firstRow && processState(pid) !== 'T', 'the tour redrawn');
  await s.press('j');
  await s.waitFor((x) => x.rows()[0] !== firstRow, 'a line down');
  await s.press('q');
  await s.waitFor((x) => !x.onAlternateScreen && !fs.existsSync(`/proc/${pid}`), 'lwl to end');
}

describe('suspending', () => {
  it('^Z gives the terminal back and stops; fg resumes', async () => {
    const { s, pid } = await lwlUnderShell();
    await s.press('\x1a');
    await checkStoppedThenFg(s, pid);
  });

  it('SIGTSTP from outside does the same', async () => {
    const { s, pid } = await lwlUnderShell();
    process.kill(pid, 'SIGTSTP');
    await checkStoppedThenFg(s, pid);
  });

  it('^Z while reading (G on an endless input) suspends, and the reading goes on after fg until ^C', async () => {
    const { s, pid } = await lwlUnderShell('-f </dev/zero', '<00>'); // -f: no question about a binary input
    await s.press('G');
    await s.waitFor((x) => x.status().startsWith('Reading...'), 'reading');
    await s.press('\x1a');
    await s.waitFor((x) => !x.onAlternateScreen && processState(pid) === 'T' && stoppedAndPrompted(x), 'lwl stopped on the main screen, and the prompt');
    await s.press('fg\r');
    await s.waitFor((x) => x.onAlternateScreen && x.status().startsWith('Reading...'), 'reading again');
    await s.press('\x03');
    await s.waitFor((x) => x.rows()[0].startsWith('<00>') && !x.status().startsWith('Reading'), 'the reading stopped');
  });

  it('^Z where nothing could continue lwl (an orphaned process group) leaves it running, screen and keys as they were', async () => {
    const s = Session.lwl(['samples/tour.md']);
    await s.waitFor((x) => x.rows()[0] === firstRow, 'the tour');
    await s.keys('\x1a');
    await s.waitFor((x) => x.onAlternateScreen && x.rows()[0] === firstRow, 'the tour');
    expect(processState(s.proc.pid)).not.toBe('T');
    await s.press('j');
    await s.waitFor((x) => x.rows()[0] !== firstRow, 'a line down');
  });

  it('SIGCONT after a SIGSTOP takes raw mode and the screen again', async () => {
    const s = Session.lwl(['samples/tour.md']);
    await s.waitFor((x) => x.rows()[0] === firstRow, 'the tour');
    const pid = s.proc.pid;
    process.kill(pid, 'SIGSTOP');
    await s.waitFor(() => processState(pid) === 'T', 'lwl stopped');
    // Meanwhile something else takes the terminal: cooked mode, and text on lwl's screen.
    const tty = (s.proc as unknown as { ptsName: string }).ptsName;
    expect(spawnSync('stty', ['-F', tty, 'sane']).status).toBe(0);
    fs.writeFileSync(tty, '\x1b[HSCRIBBLE\r\n');
    await s.waitFor((x) => x.screen().includes('SCRIBBLE'), 'the scribble');
    process.kill(pid, 'SIGCONT');
    await s.waitFor((x) => x.rows()[0] === firstRow && !x.screen().includes('SCRIBBLE'), 'the tour redrawn');
    expect(spawnSync('stty', ['-F', tty, '-a']).stdout.toString()).toMatch(/-icanon/);
    // A key arrives at once, without Enter.
    await s.press('j');
    await s.waitFor((x) => x.rows()[0] !== firstRow, 'a line down');
  });
});
