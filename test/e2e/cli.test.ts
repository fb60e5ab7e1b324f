// The command line: options, bad input, pipes, and output that is not a terminal.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwl, lwlCommand, lwlIsScript, lwlShell, root } from './session.ts';

/** Runs lwl without a terminal. */
function runPlain(args: string[], input?: string | Buffer, env: Record<string, string> = {}) {
  const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), ...args], { cwd: root, input, env: { ...process.env, ...env } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}


describe('several files', () => {
  it('copies each in turn when the output is not a terminal, and --links names the file on each line', () => {
    const copied = runPlain(['test/e2e/fixtures/numbered.txt', 'samples/markup.lwl']);
    expect(copied.stdout.toString()).toBe(fs.readFileSync('test/e2e/fixtures/numbered.txt', 'utf8') + fs.readFileSync('samples/markup.lwl', 'utf8'));
    const links = runPlain(['--links', 'samples/markup.lwl', 'samples/bro-page.md']).stdout.toString().split('\n');
    expect(links[0]).toMatch(/^samples\/markup\.lwl\t1\t/);
    expect(links.some((l) => l.startsWith('samples/bro-page.md\t1\t'))).toBe(true);
  });
});

describe('options', () => {
  it('prints help and the version', () => {
    const help = runPlain(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout.toString()).toMatch(/^usage: lwl \[options\] \[FILE\|URL...\]/);
    const version = runPlain(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.toString()).toMatch(/^lwl \d+\.\d+\.\d+\n$/);
  });

  it('rejects an unknown option with usage and status 2', () => {
    const r = runPlain(['--frobnicate', 'samples/tour.md']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^lwl: unknown option '--frobnicate'\nusage: lwl/);
    expect(r.stdout.length).toBe(0);
  });
});

describe('the built file', () => {
  // dist/lwl needs Node.js on PATH and nothing else; the executable (LWL_BIN) needs nothing at all.
  it(lwlIsScript ? 'runs on its own, copied to an empty folder, with Node.js alone' : 'runs on its own, copied to an empty folder, with no PATH to anything', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-alone-'));
    fs.copyFileSync(lwl, path.join(dir, 'lwl'));
    fs.chmodSync(path.join(dir, 'lwl'), 0o755);
    const PATH = lwlIsScript ? path.dirname(process.execPath) : '/nonexistent';
    // As `env -i PATH=...`: no other variable either.
    const r = spawnSync(path.join(dir, 'lwl'), ['--links', path.join(root, 'samples/tour.md')], { cwd: dir, env: { PATH } });
    expect(r.stderr.toString()).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toContain(`1\tthe markup guide\tfile://${root}/samples/markup.lwl`);
    const start = fs.readFileSync(path.join(dir, 'lwl')).subarray(0, 20).toString('latin1');
    expect(start.slice(0, lwlIsScript ? 10 : 4)).toBe(lwlIsScript ? '#!/bin/sh\n' : '\x7fELF');
  });

  // dist/lwl's own, whichever build the suite runs (make builds dist/lwl for the executable too).
  it("dist/lwl starts node with the flags of its launcher (its first two lines) when run as a user runs it, the file itself", async () => {
    const script = path.join(root, 'dist/lwl');
    // Copying standard input to a pipe, it waits for more: its command line is read meanwhile.
    const child = spawn(script, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    const copied = new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    child.stdin!.write('hello\n');
    expect(await copied).toBe('hello\n');
    const args = fs.readFileSync(`/proc/${child.pid}/cmdline`, 'latin1').split('\0');
    const environ = fs.readFileSync(`/proc/${child.pid}/environ`, 'latin1');
    child.stdin!.end();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(path.basename(args[0])).toBe('node');
    expect(args.slice(1, 6)).toEqual(['--max-semi-space-size=2', '--no-allocation-site-pretenuring', '--heap-growing-percent=50', '--no-turbo-inlining', script]);
    expect(environ).toContain('MALLOC_ARENA_MAX=1');
    expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
  });

  it("gives node one malloc arena and a fixed mmap threshold, unless the user chose them, and the commands lwl runs the user's environment", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-arena-'));
    const script = path.join(root, 'dist/lwl');
    const seen = async (env: Record<string, string>) => {
      const out = path.join(dir, `env-${Object.keys(env).length}`);
      const s = new Session(script, ['samples/tour.md'], { env });
      await s.waitForText('Welcome');
      const environ = fs.readFileSync(`/proc/${s.proc.pid}/environ`, 'latin1').split('\0');
      await s.keys('!', `env > ${out}`, '\r');
      await s.waitFor(() => fs.existsSync(out) && fs.readFileSync(out, 'utf8').includes('PATH='), 'the command');
      s.kill();
      const ours = /^(MALLOC_ARENA_MAX|LWL_ONE_ARENA|MALLOC_MMAP_THRESHOLD_|LWL_MMAP_THRESHOLD)=/;
      return { node: environ.filter((v) => ours.test(v)).sort(), command: fs.readFileSync(out, 'utf8').split('\n').filter((v) => ours.test(v)).sort() };
    };
    expect(await seen({})).toEqual({ node: ['LWL_MMAP_THRESHOLD=1', 'LWL_ONE_ARENA=1', 'MALLOC_ARENA_MAX=1', 'MALLOC_MMAP_THRESHOLD_=131072'], command: [] });
    expect(await seen({ MALLOC_ARENA_MAX: '4' })).toEqual({ node: ['LWL_MMAP_THRESHOLD=1', 'MALLOC_ARENA_MAX=4', 'MALLOC_MMAP_THRESHOLD_=131072'], command: ['MALLOC_ARENA_MAX=4'] });
    expect(await seen({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({ node: ['LWL_ONE_ARENA=1', 'MALLOC_ARENA_MAX=1', 'MALLOC_MMAP_THRESHOLD_=65536'], command: ['MALLOC_MMAP_THRESHOLD_=65536'] });
  });
});

describe('--links', () => {
  it('prints every link in document order: number, text, resolved URL', () => {
    const r = runPlain(['--links', 'samples/markup.lwl']);
    expect(r.status).toBe(0);
    const lines = r.stdout.toString().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('1\tlink\thttps://example.com/');
    expect(lines[2]).toBe(`3\tone more\tfile://${root}/third`);
    expect(lines[3]).toBe(`4\tlink whose href has spaces\tfile://${root}/samples/some%20file%20name.md`);
    expect(lines[5]).toBe(`6\tan outer link with [an inner one] inside\tfile://${root}/samples/outer.md`);
    expect(lines[6]).toBe(`7\tan inner one\tfile://${root}/samples/inner.md`);
    expect(lines[10]).toBe(`11\ttwo lines of text\tfile://${root}/samples/multiline.md`);
  });

  it('honours --base, and says why a link cannot resolve', () => {
    const r = runPlain(['--base', 'https://example.net/docs/', '--links', 'samples/markup.lwl']);
    expect(r.stdout.toString().split('\n')[1]).toBe('2\ta second link\thttps://example.net/docs/second.md');
    const bro = runPlain(['--links', '--base=https://other.example/', 'samples/bro-page.md']).stdout.toString();
    expect(bro).toContain('installation notes\thttps://other.example/install/notes.html?os=linux#debian');
  });

  it('reads the base of a piped bro page from its Retrieved from line', () => {
    const r = runPlain(['--links'], fs.readFileSync(path.join(root, 'samples/bro-page.md')));
    const lines = r.stdout.toString().trimEnd().split('\n');
    expect(lines[0]).toBe('1\thttps://example.org/guide/intro.html\thttps://example.org/guide/intro.html');
    expect(lines).toContain('4\tNext: Chapter 2\thttps://example.org/guide/chapter2.html');
    expect(lines).toContain('20\ta broken one\terror: invalid domain name');
  });

  it('uses the current directory as the base of a plain pipe', () => {
    const r = runPlain(['--links', '--kind=markup'], '[x](sub/y.md)\n');
    expect(r.stdout.toString()).toBe(`1\tx\tfile://${root}/sub/y.md\n`);
  });

  it('rejects a --base that is not a URL as a usage error', () => {
    const r = runPlain(['--base', 'not a url', 'samples/tour.md']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^lwl: --base: 'not a url' is not a URL \(.*\)\nusage:/);
  });
});

describe('bad paths', () => {
  it.each([
    ['no/such/file.md', 'No such file or directory'],
    ['samples/tour.md/x', 'Not a directory'],
  ])('%s: one line on stderr, status 1, the terminal untouched', async (file, reason) => {
    const s = Session.shell(`${lwlShell} ${file}; echo "status $?"`);
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toBe(`lwl: ${file}: ${reason}\r\nstatus 1\r\n`);
  });

  it('reports an unreadable file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-'));
    const file = path.join(dir, 'secret.md');
    fs.writeFileSync(file, 'secret');
    fs.chmodSync(file, 0);
    // root reads anything: run as nobody where we can, to make the file unreadable for real.
    const asNobody = process.getuid?.() === 0 ? `setpriv --reuid=65534 --regid=65534 --clear-groups ` : '';
    fs.chmodSync(dir, 0o755);
    const s = Session.shell(`${asNobody}${lwlShell} ${file}; echo "status $?"`);
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toBe(`lwl: ${file}: Permission denied\r\nstatus 1\r\n`);
  });
});

describe('output that is not a terminal', () => {
  it('copies a file through unchanged, hostile bytes and all', () => {
    const r = runPlain(['samples/controls.txt']);
    expect(r.status).toBe(0);
    expect(r.stdout.equals(fs.readFileSync(path.join(root, 'samples/controls.txt')))).toBe(true);
  });

  it('copies a pipe through unchanged', () => {
    const r = runPlain([], '[a](b) \x1b[2J\n');
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toBe('[a](b) \x1b[2J\n');
  });
});

describe('piped input', () => {
  it('pages text from a pipe and reads keys from the terminal', async () => {
    const s = Session.shell(`cat test/e2e/fixtures/numbered.txt | ${lwlShell}; echo "status $?"`);
    await s.waitForText('line 1 of');
    await s.keys('j');
    expect(s.rows()[0]).toMatch(/^line 2 /);
    await s.keys('G');
    expect(s.rows()[22]).toMatch(/^line 1000 /);
    await s.press('q');
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toMatch(/status 0/);
    expect(s.onAlternateScreen).toBe(false);
  });

  it('shows the first screen while the input is still arriving', async () => {
    const s = Session.shell(`(echo first line; sleep 3; echo later) | ${lwlShell}`);
    await s.waitForText('first line', 2000);
    expect(s.screen()).not.toContain('later');
    await s.waitForText('later', 5000);
  });

  it('quits when asked while the input has not ended', async () => {
    // The shell waits for the whole pipeline, so watch lwl leave the screen instead.
    const s = Session.shell(`(echo waiting; sleep 30) | ${lwlShell}`);
    await s.waitForText('waiting');
    await s.press('q');
    await s.waitFor((x) => !x.onAlternateScreen, 'the main screen');
  });

  it('says what is wrong when there is no input at all', async () => {
    const s = Session.shell(`${lwlShell}; echo "status $?"`);
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toMatch(/^lwl: no input: name a FILE or pipe text in\r\nusage:/);
    expect(s.output).toMatch(/status 2/);
  });
});

describe('limited terminals', () => {
  it('prints the document as shown, safely, on a dumb terminal', async () => {
    const s = Session.lwl(['samples/controls.txt'], { env: { TERM: 'dumb' } });
    await s.waitExit();
    expect(s.output).toContain('Clear the screen: <1b>[2J and home');
    expect(s.output).not.toContain('\x1b');
  });
});
