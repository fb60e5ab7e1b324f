// A file or pipe that looks binary: lwl asks first, as less does, on the main
// screen; y shows it as tokens, anything else ends lwl with status 0 and
// leaves no alternate screen behind. Not asked with -f, with --links, or when
// the output is not a terminal.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session, lwlCommand, lwlShell, root } from './session.ts';

const question = (name: string) => `${name} may be a binary file. See it anyway? `;

/** Bytes as an executable might start: a header, NULs, and a name among them. */
const binary = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(40), Buffer.from('visible name\n'), Buffer.alloc(200, 0x01), Buffer.alloc(100)]);
let dir = '';
let bin = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-binary-'));
  bin = path.join(dir, 'program.bin');
  fs.writeFileSync(bin, binary);
  fs.writeFileSync(path.join(dir, 'program.bin.gz'), zlib.gzipSync(binary));
});

describe('a binary file', () => {
  it('asks before showing it, on the main screen; y shows it as tokens', async () => {
    const s = Session.lwl([bin]);
    await s.waitForText(question(bin).trimEnd());
    expect(s.onAlternateScreen).toBe(false);
    await s.press('y');
    await s.waitForText('visible name');
    expect(s.onAlternateScreen).toBe(true);
    expect(s.rows()[0]).toMatch(/^<7f>ELF<02><01><01><00><00>/);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
    // The question was erased once answered.
    expect(s.screen()).not.toContain('may be a binary file');
  });

  it('ends with status 0 on n, without taking the screen', async () => {
    const s = Session.shell(`${lwlShell} '${bin}'; echo "status $?"`);
    await s.waitForText(question(bin).trimEnd());
    await s.press('n');
    await s.waitForText('status 0');
    expect(s.output).not.toContain('\x1b[?1049h');
    expect(s.onAlternateScreen).toBe(false);
    expect(s.screen()).not.toContain('visible name');
  });

  it('ends on ^C and on q as on n, leaving the terminal in cooked mode', async () => {
    for (const key of ['\x03', 'q']) {
      const s = Session.shell(`${lwlShell} '${bin}'; echo "status $?"; stty -a`);
      await s.waitForText(question(bin).trimEnd());
      await s.press(key);
      await s.waitFor((x) => /\bisig\b/.test(x.output), "stty's modes", 20_000);
      expect(s.output).toContain('status 0');
      expect(s.output).not.toContain('\x1b[?1049h');
      expect(s.output).toMatch(/ icanon /);
    }
  });

  it('asks about a pipe by its first bytes', async () => {
    const s = Session.shell(`cat '${bin}' | ${lwlShell}; echo "status $?"`);
    await s.waitForText(question('Standard input').trimEnd());
    await s.press('n');
    await s.waitForText('status 0');
    const y = Session.shell(`cat '${bin}' | ${lwlShell}`);
    await y.waitForText(question('Standard input').trimEnd());
    await y.press('Y');
    await y.waitForText('visible name');
  });

  it('asks about a compressed file by what it decompresses to', async () => {
    const file = path.join(dir, 'program.bin.gz');
    const s = Session.lwl([file]);
    await s.waitForText(question(file).trimEnd());
    await s.press('y');
    await s.waitForText('visible name');
  });

  it('does not ask with -f, nor about text', async () => {
    const s = Session.lwl(['-f', bin]);
    await s.waitForText('visible name');
    expect(s.output).not.toContain('may be a binary file');
    const text = Session.lwl(['samples/controls.txt']);
    await text.waitFor((x) => x.onAlternateScreen && x.status() !== '', 'the first screen');
    expect(text.output).not.toContain('may be a binary file');
  });

  it('does not ask when the output is not a terminal, nor with --links', () => {
    const copied = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), bin], { cwd: root });
    expect(copied.status).toBe(0);
    expect(Buffer.compare(copied.stdout, binary)).toBe(0);
    const links = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', bin], { cwd: root });
    expect(links.status).toBe(0);
    expect(links.stdout.length).toBe(0);
    expect(links.stderr.toString()).toBe('');
  });
});
