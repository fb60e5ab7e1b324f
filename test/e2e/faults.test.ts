// Faults end in a sentence, not a stack trace: bad input, a full disk, no
// terminal for keys, and links to files that are not regular files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, root } from './session.ts';


function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-faults-'));
}

/** The command line with $LWL for lwl. */
const withLwl = (command: string) => command.replace('$LWL', lwlShell);

/** Runs a shell command line without a terminal: lwl's status, output and errors. */
function sh(command: string) {
  const r = spawnSync('/bin/sh', ['-c', withLwl(command)], { cwd: root });
  return { status: r.status, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

describe('errors are sentences, with exit status 1', () => {
  it.each([
    ['a directory on standard input', '$LWL </tmp', 'lwl: standard input: Is a directory\n'],
    ['a file that fails to read', '$LWL /proc/self/mem', 'lwl: /proc/self/mem: Input/output error\n'],
    ['a full disk', '$LWL samples/tour.md >/dev/full', 'lwl: cannot write to standard output: No space left on device\n'],
    ['--links on a file that fails to read', '$LWL --links /proc/self/mem', 'lwl: /proc/self/mem: Input/output error\n'],
    ['a missing file, its name with an escape sequence', "$LWL \"$(printf 'a\\033]0;x\\007b')\"", 'lwl: a<1b>]0;x<07>b: No such file or directory\n'],
  ])('%s', (_what, command, message) => {
    const r = sh(command);
    expect(r.stderr).toBe(message);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
  });

  it('says so on the terminal too, before the first screen', async () => {
    for (const [command, message] of [
      ['$LWL </tmp', 'lwl: standard input: Is a directory'],
      ['$LWL /proc/self/mem', 'lwl: /proc/self/mem: Input/output error'],
    ]) {
      const s = Session.shell(`${withLwl(command)}; echo "status $?"`);
      await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
      expect(s.onAlternateScreen).toBe(false);
      expect(s.rows().slice(0, 2)).toEqual([message, 'status 1']);
    }
  });
});

describe('no controlling terminal (setsid)', () => {
  it('reads keys from standard error when it is the terminal, as less does', async () => {
    const s = Session.shell(`echo 'hi there' | setsid -w ${lwlShell}; echo "status $?"; stty -a`);
    await s.waitForText('hi there');
    expect(s.onAlternateScreen).toBe(true);
    await s.press('q');
    await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
    expect(s.output).toMatch(/status 0/);
    expect(s.output).toMatch(/[^-]icanon/);
  });

  it('says there is no terminal for keys when standard error is not one either', async () => {
    const dir = tempDir();
    const s = Session.shell(`echo hi | setsid -w ${lwlShell} 2>'${dir}/err'; echo "status $?"`);
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.screen()).toContain('status 1');
    expect(s.onAlternateScreen).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'err'), 'utf8')).toBe(
      'lwl: no terminal to read keys from: standard input is the document, /dev/tty cannot be opened, and standard error is not a terminal\n',
    );
  });
});

describe('file: links open regular files only', () => {
  it.each([
    ['a named pipe with no writer', (dir: string) => (spawnSync('mkfifo', [path.join(dir, 'fifo')]), `file://${dir}/fifo`), 'Not a regular file (a named pipe)'],
    ['the terminal', () => 'file:///dev/tty', 'Not a regular file (a device)'],
    ['a file that fails to read', () => 'file:///proc/self/mem', 'Input/output error'],
  ])('refuses %s with a message, and keys still work', async (_what, target, reason) => {
    const dir = tempDir();
    const url = target(dir);
    fs.writeFileSync(path.join(dir, 'doc.lwl'), `[there](${url})\n${'line\n'.repeat(40)}`);
    const s = Session.lwl([path.join(dir, 'doc.lwl')], { cols: 120 });
    await s.waitForText('[there]');
    await s.keys('n', '\r');
    await s.waitFor((x) => x.status() === `Cannot open ${url}: ${reason}`, 'the refusal');
    expect(s.rows()[0]).toBe('[there]');
    await s.press('j');
    await s.waitFor((x) => x.rows()[0] === 'line', 'a line down');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});

/** Whether a process is gone (or a zombie nobody reaped yet). */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z';
  } catch {
    return true;
  }
}

describe('a > command when lwl is ended', () => {
  it.each([
    ['SIGTERM', 'SIGHUP ends it', ''],
    ['SIGHUP', 'SIGHUP ends it', ''],
    ['SIGTERM', 'SIGTERM ends it when it ignores SIGHUP', "trap '' HUP; "],
  ])('%s: %s, and what it started', async (signal, _what, prelude) => {
    const dir = tempDir();
    const s = Session.shell(`${lwlShell} samples/tour.md & echo $! > '${dir}/lwl.pid'; wait $!; echo "status $?"`);
    await s.waitForText('Welcome');
    await s.keys('>', `${prelude}sleep 60 & echo $! > '${dir}/sleep.pid'; echo $$ > '${dir}/sh.pid'; echo run''ning; wait`);
    // Enter hands the terminal over: the command's output tells it runs (not the typed line's run''ning: after the pids are written).
    await s.press('\r');
    await s.waitFor((x) => x.screen().includes('running'), 'the command');
    const pid = (name: string) => Number(fs.readFileSync(path.join(dir, `${name}.pid`), 'utf8'));
    const [lwlPid, shPid, sleepPid] = [pid('lwl'), pid('sh'), pid('sleep')];
    expect(gone(shPid) || gone(sleepPid)).toBe(false);
    process.kill(lwlPid, signal);
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toMatch(new RegExp(`status ${128 + os.constants.signals[signal as 'SIGTERM']}`));
    await s.waitFor(() => gone(shPid) && gone(sleepPid), 'the command and its sleep to end');
    expect(s.onAlternateScreen).toBe(false);
  });

  it('SIGTERM while lwl waits for a key after a command leaves the terminal cooked', async () => {
    const dir = tempDir();
    const s = Session.shell(`${lwlShell} samples/tour.md & echo $! > '${dir}/lwl.pid'; wait $!; echo "status $?"; stty -a`);
    await s.waitForText('Welcome');
    await s.keys('>', 'true');
    await s.press('\r');
    await s.waitForText('[done]');
    const pid = Number(fs.readFileSync(path.join(dir, 'lwl.pid'), 'utf8'));
    process.kill(pid, 'SIGTERM');
    await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
    expect(s.output).toMatch(/status 143/);
    expect(s.output).toMatch(/[^-]icanon/);
    expect(s.output).toMatch(/[^-]echo /);
  });
});
