// LESSOPEN and LESSCLOSE (issue 25), as less runs them: an input pipe (|), one
// whose empty output counts when it exits 0 (||), a replacement file with
// LESSCLOSE after, standard input with |-; a file name the shell never reads
// as code; off in secure mode and with -L. The preprocessor is a script each
// test writes: for a tar and a Debian package it prints what Debian's lesspipe
// printed for them (fixtures/lesspipe/), so no lesspipe, tar or dpkg is needed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, root } from './session.ts';

const fixtures = path.join(root, 'test/e2e/fixtures/lesspipe');

/** A directory for one test, with an executable script `name` holding `body`; returns the directory. */
function withScript(name: string, body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-lessopen-'));
  fs.writeFileSync(path.join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return dir;
}

/** A stand-in for Debian's lesspipe: its captured output for the fixtures, capitals for a .shout file, a coloured and overstruck line for .sgr; nothing (status 1) for the rest. */
const lesspipe = `case "$1" in
  *.tar.gz|*.deb) cat "${fixtures}/$(basename "$1").lesspipe" ;;
  *.shout) tr a-z A-Z < "$1" ;;
  *.sgr) printf 'B\\bBo\\bol\\bld and \\033[31mred\\033[0m\\n' ;;
  *) exit 1 ;;
esac`;

describe('LESSOPEN as an input pipe', () => {
  it('a .tar.gz pages as the listing the preprocessor writes, with no binary question, under its own name', async () => {
    const dir = withScript('lesspipe', lesspipe);
    const s = Session.lwl([path.join(fixtures, 'pkg.tar.gz')], { env: { LESSOPEN: `| ${dir}/lesspipe %s` } });
    await s.waitForText('pkg/docs/notes.txt');
    expect(s.rows()[0]).toBe('drwxr-xr-x lwl/lwl           0 2026-01-02 03:04 pkg/');
    expect(s.screen()).not.toContain('binary');
    await s.keys('=');
    expect(s.status()).toContain('pkg.tar.gz');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('a .deb pages as its description and contents', async () => {
    const dir = withScript('lesspipe', lesspipe);
    const s = Session.lwl([path.join(fixtures, 'lwl-demo_1.0_all.deb')], { env: { LESSOPEN: `|${dir}/lesspipe %s` } });
    await s.waitForText('*** Contents:');
    expect(s.screen()).toContain(' Description: a package made to test LESSOPEN');
    expect(s.screen()).toContain('./usr/share/doc/lwl-demo/README');
  });

  it('a file the pipe writes nothing for is read as it is: a Markdown file is rendered', async () => {
    const dir = withScript('lesspipe', lesspipe);
    fs.writeFileSync(path.join(dir, 'notes.md'), '# Heading\n\nSome *text* here.\n');
    const s = Session.lwl([path.join(dir, 'notes.md')], { env: { LESSOPEN: `|${dir}/lesspipe %s` } });
    await s.waitForText('Some text here.');
    expect(s.screen()).not.toContain('# Heading');
  });

  it("the pipe's output is program output: its SGR colour and overstrike are shown as such", async () => {
    const dir = withScript('lesspipe', lesspipe);
    fs.writeFileSync(path.join(dir, 'x.sgr'), 'not this\n');
    const s = Session.lwl([path.join(dir, 'x.sgr')], { env: { LESSOPEN: `|${dir}/lesspipe %s` } });
    await s.waitForText('Bold and red');
    expect(s.cellOf('Bold').isBold()).toBeTruthy();
    expect(s.cellOf('red').getFgColor()).toBe(1);
  });

  it('q ends lwl at once while the pipe is silent after its first text (the preprocessor is ended with it)', async () => {
    const dir = withScript('pre', `echo first words; exec sleep 30`);
    fs.writeFileSync(path.join(dir, 'x.txt'), 'not shown\n');
    const s = Session.lwl([path.join(dir, 'x.txt')], { env: { LESSOPEN: `|${dir}/pre %s` } });
    await s.waitForText('first words');
    await s.keys('q');
    expect((await s.waitExit(3000)).exitCode).toBe(0);
  });

  it(':n opens the next file through the pipe too, and Backspace comes back', async () => {
    const dir = withScript('lesspipe', lesspipe);
    fs.writeFileSync(path.join(dir, 'a.txt'), 'first file\n');
    fs.writeFileSync(path.join(dir, 'b.shout'), 'quiet words\n');
    const s = Session.lwl([path.join(dir, 'a.txt'), path.join(dir, 'b.shout')], { env: { LESSOPEN: `|${dir}/lesspipe %s` } });
    await s.waitForText('first file');
    await s.keys(':', 'n');
    await s.waitForText('QUIET WORDS');
    await s.keys('\x7f');
    await s.waitForText('first file');
  });

  it('||: an empty output with status 0 is an empty text; with another status the file is read as it is', async () => {
    const dir = withScript('pre', 'case "$1" in *.empty) exit 0 ;; *) exit 3 ;; esac');
    fs.writeFileSync(path.join(dir, 'x.empty'), 'hidden text\n');
    fs.writeFileSync(path.join(dir, 'y.txt'), 'shown text\n');
    const empty = Session.lwl([path.join(dir, 'x.empty')], { env: { LESSOPEN: `||${dir}/pre %s` } });
    await empty.waitFor((x) => x.status() !== '', 'the status line');
    await empty.settle();
    expect(empty.screen()).not.toContain('hidden text');
    const shown = Session.lwl([path.join(dir, 'y.txt')], { env: { LESSOPEN: `||${dir}/pre %s` } });
    await shown.waitForText('shown text');
    // One bar: an empty output is the file, whatever the status.
    const one = Session.lwl([path.join(dir, 'x.empty')], { env: { LESSOPEN: `|${dir}/pre %s` } });
    await one.waitForText('hidden text');
  });

  it('|- runs on standard input, named -; without the dash standard input is read as it is', async () => {
    const dir = withScript('pre', '[ "$1" = - ] && tr a-z A-Z');
    const dashed = Session.shell(`echo piped words | LESSOPEN='|-${dir}/pre %s' ${lwlShell}`);
    await dashed.waitForText('PIPED WORDS');
    const plain = Session.shell(`echo piped words | LESSOPEN='|${dir}/pre %s' ${lwlShell}`);
    await plain.waitForText('piped words');
  });

  it('secure mode and -L (--no-lessopen) run no preprocessor', async () => {
    const dir = withScript('pre', `touch ${'"$0.ran"'}; tr a-z A-Z < "$1"`);
    fs.writeFileSync(path.join(dir, 'x.txt'), 'lower case\n');
    const file = path.join(dir, 'x.txt');
    for (const [args, env] of [
      [[file], { LESSSECURE: '1' }],
      [['-L', file], {}],
      [['--no-lessopen', file], {}],
    ] as const) {
      const s = Session.lwl([...args], { env: { ...env, LESSOPEN: `|${dir}/pre %s` } });
      await s.waitForText('lower case');
      await s.keys('q');
      await s.waitExit();
    }
    expect(fs.existsSync(path.join(dir, 'pre.ran'))).toBe(false);
    // LESSSECURE_ALLOW=lessopen: it runs in secure mode after all.
    const allowed = Session.lwl([file], { env: { LESSSECURE: '1', LESSSECURE_ALLOW: 'lessopen', LESSOPEN: `|${dir}/pre %s` } });
    await allowed.waitForText('LOWER CASE');
  });
});

describe('LESSOPEN naming a replacement file, and LESSCLOSE', () => {
  it('the replacement is paged under the name given; LESSCLOSE gets both names when lwl ends, and removes it', async () => {
    const dir = withScript('open', `out=$(mktemp "${'${TMPDIR:-/tmp}'}/lwl-replacement.XXXXXX"); tr a-z A-Z < "$1" > "$out"; echo "$out"`);
    fs.writeFileSync(path.join(dir, 'close'), `#!/bin/sh\nprintf '%s\\n' "$1" "$2" > "${dir}/closed"; rm -f "$2"\n`, { mode: 0o755 });
    const file = path.join(dir, 'words.txt');
    fs.writeFileSync(file, 'replaced words\n');
    const s = Session.lwl([file], { env: { LESSOPEN: `${dir}/open %s`, LESSCLOSE: `${dir}/close %s %s` } });
    await s.waitForText('REPLACED WORDS');
    await s.keys('=');
    expect(s.status()).toContain('words.txt');
    await s.keys('q');
    await s.waitExit();
    const [original, replacement] = fs.readFileSync(path.join(dir, 'closed'), 'utf8').split('\n');
    expect(original).toBe(file);
    expect(replacement).toMatch(/lwl-replacement\./);
    expect(fs.existsSync(replacement)).toBe(false);
  });

  it('an input pipe is closed with LESSCLOSE too, its replacement named -', async () => {
    const dir = withScript('pre', 'tr a-z A-Z < "$1"');
    fs.writeFileSync(path.join(dir, 'close'), `#!/bin/sh\nprintf '%s\\n' "$1" "$2" > "${dir}/closed"\n`, { mode: 0o755 });
    const file = path.join(dir, 'x.txt');
    fs.writeFileSync(file, 'piped\n');
    const s = Session.lwl([file], { env: { LESSOPEN: `|${dir}/pre %s`, LESSCLOSE: `${dir}/close %s %s` } });
    await s.waitForText('PIPED');
    await s.keys('q');
    await s.waitExit();
    expect(fs.readFileSync(path.join(dir, 'closed'), 'utf8')).toBe(`${file}\n-\n`);
  });
});

describe('a hostile file name', () => {
  const names = ['$(touch PWNED)', '`touch PWNED`', 'a;touch PWNED', 'new\nline $(touch PWNED)', "it's $(touch PWNED)"];
  it.each(names)('%j reaches the preprocessor as itself, and runs nothing', async (name) => {
    const dir = withScript('pre', 'printf "name=[%s]\\n" "$1"; cat -- "$1"');
    fs.writeFileSync(path.join(dir, name), 'its text\n');
    // As written in the wild: bare, in double quotes, in single quotes.
    for (const command of [`|${dir}/pre %s`, `|${dir}/pre "%s"`, `|${dir}/pre '%s'`]) {
      const s = Session.lwl([name], { cwd: dir, env: { LESSOPEN: command } });
      await s.waitForText('its text');
      expect(s.screen()).toContain(`name=[${name.split('\n')[0]}`);
      await s.keys('q');
      await s.waitExit();
    }
    expect(fs.readdirSync(dir).filter((f) => f.includes('PWNED') && f !== name)).toEqual([]);
  });
});
