// Directories as pages: lwl DIR, :e DIR and a file: link to one show a
// listing (directories first, .. on top, name, size and date), whose entries
// are links; file: URLs name files; a name that is no file but looks like a
// host is guessed to be a web address, and the status line says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { Session, lwlCommand } from './session.ts';
import { startServer, type TestServer } from '../http-server.ts';

/** A directory made for the test: two subdirectories, three files, with known sizes and dates. */
function makeTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-dir-'));
  fs.mkdirSync(path.join(dir, 'zeta'));
  fs.mkdirSync(path.join(dir, 'alpha'));
  fs.writeFileSync(path.join(dir, 'alpha', 'inner.txt'), 'inside alpha\n');
  fs.writeFileSync(path.join(dir, 'beta.txt'), 'the beta file\n');
  fs.writeFileSync(path.join(dir, 'Apple (1).txt'), 'x'.repeat(2048));
  fs.writeFileSync(path.join(dir, 'empty'), '');
  const when = Date.UTC(2026, 0, 2, 3, 4) / 1000;
  for (const name of ['zeta', 'alpha', 'beta.txt', 'Apple (1).txt', 'empty']) fs.utimesSync(path.join(dir, name), when, when);
  return dir;
}

const env = { TZ: 'UTC' };

describe('a directory listing', () => {
  let dir: string;
  beforeAll(() => (dir = makeTree()));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('lists directories first, .. on top, with size and date columns', async () => {
    const s = Session.lwl([dir], { env });
    await s.waitForText('beta.txt');
    const rows = s.rows();
    expect(rows[0]).toBe(`Directory ${dir}/`);
    const lines = rows.slice(2, 8);
    // Each name in a link's brackets, as lwl shows links; the columns line up.
    expect(lines[0]).toMatch(/^\[\.\.\/\] {17}-  \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(lines.slice(1)).toEqual([
      '[alpha/]              -  2026-01-02 03:04',
      '[zeta/]               -  2026-01-02 03:04',
      '[Apple (1).txt]    2.0K  2026-01-02 03:04',
      '[beta.txt]           14  2026-01-02 03:04',
      '[empty]               0  2026-01-02 03:04',
    ]);
    // Each entry is a link: Tab walks them, .. first.
    await s.keys('\t');
    expect(s.status()).toContain(`file://${path.dirname(dir)}/`);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('opens a subdirectory and a file with Enter, and Backspace comes back', async () => {
    const s = Session.lwl([dir], { env });
    await s.waitForText('beta.txt');
    // .., then alpha/.
    await s.keys('\t', '\t', '\r');
    await s.waitForText('inner.txt');
    expect(s.rows()[0]).toBe(`Directory ${dir}/alpha/`);
    await s.keys('\t', '\t', '\r');
    await s.waitForText('inside alpha');
    expect(s.rows()[0]).toBe('inside alpha');
    await s.keys('\x7f');
    await s.waitForText('inner.txt');
    expect(s.rows()[0]).toBe(`Directory ${dir}/alpha/`);
    await s.keys('\x7f');
    await s.waitFor((x) => x.rows()[0] === `Directory ${dir}/`, 'the first listing');
    expect(s.screen()).toContain('beta.txt');
  });

  it('opens a directory at :e, and r reads it again', async () => {
    const s = Session.lwl([path.join(dir, 'beta.txt')], { env });
    await s.waitForText('the beta file');
    await s.keys(':', 'e');
    await s.press(`${dir}/alpha\r`);
    await s.waitForText('inner.txt');
    fs.writeFileSync(path.join(dir, 'alpha', 'new.txt'), 'new\n');
    await s.keys('r');
    await s.waitForText('new.txt');
    expect(s.status()).toBe(`${dir}/alpha/: read again`);
    fs.rmSync(path.join(dir, 'alpha', 'new.txt'));
  });

  it('answers keys while a directory of many entries is read', async () => {
    const big = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bigdir-'));
    for (let i = 0; i < 6000; i++) fs.writeFileSync(path.join(big, `f${String(i).padStart(5, '0')}`), '');
    try {
      const s = Session.lwl([big], { env });
      await s.waitForText(`Directory ${big}/`);
      // q is answered whether or not the listing is all there.
      await s.keys('q');
      expect((await s.waitExit()).exitCode).toBe(0);
      const t = Session.lwl([big], { env });
      await t.waitForText('f00000');
      // A directory this big says how far its reading is, and then how many entries it has.
      expect(t.status()).toBe(`${big}: 6,000 entries`);
      await t.keys('G');
      await t.waitForText('f05999');
    } finally {
      fs.rmSync(big, { recursive: true, force: true });
    }
  });

  it('opens a file: link to a directory from a document', async () => {
    const doc = path.join(dir, 'alpha', 'links.lwl');
    fs.writeFileSync(doc, `[the tree](file://${dir}/)\n`);
    try {
      const s = Session.lwl([doc], { env });
      await s.waitForText('[the tree]');
      await s.keys('n', '\r');
      await s.waitForText('beta.txt');
      expect(s.rows()[0]).toBe(`Directory ${dir}/`);
    } finally {
      fs.rmSync(doc);
    }
  });

  it('prints the listing when the output is not a terminal, and --links lists its entries', () => {
    const printed = execFileSync(lwlCommand[0], [...lwlCommand.slice(1), dir], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(printed.split('\n').slice(0, 4)).toEqual([`Directory ${dir}/`, '', expect.stringMatching(/^\[\.\.\/\]/), expect.stringMatching(/^\[alpha\/\] {14}-  /)]);
    const links = execFileSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', dir], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(links.split('\n')[2]).toBe(`3\tzeta/\tfile://${dir}/zeta/`);
    expect(links).toContain(`\tApple (1).txt\tfile://${dir}/Apple%20%281%29.txt\n`);
  });

  it('opens a file: URL named on the command line', async () => {
    const s = Session.lwl([`file://${dir}/beta.txt`], { env });
    await s.waitForText('the beta file');
    const t = Session.lwl([`file://${dir}/`], { env });
    await t.waitForText('beta.txt');
    expect(t.rows()[0]).toBe(`Directory ${dir}/`);
  });

  it('refuses a file: URL of another host', async () => {
    const s = Session.lwl(['file://elsewhere/etc/hostname'], { env });
    expect((await s.waitExit()).exitCode).toBe(1);
    expect(s.output).toContain('File URL host must be');
  });
});

describe('a name that looks like a host', () => {
  let server: TestServer;
  beforeAll(async () => (server = await startServer()));
  afterAll(() => server.close());

  it('is fetched as http:// from the command line, and the status line says so', async () => {
    const name = `127.0.0.1:${server.port}/page.html`;
    const s = Session.lwl([name], { env, cols: 120 });
    await s.waitForText("Hello from lwl's test server");
    expect(s.status()).toBe(`${name} is not a file: opened as http://${name}`);
  });

  it('is fetched as http:// at :e', async () => {
    const dir = makeTree();
    try {
      const s = Session.lwl([path.join(dir, 'beta.txt')], { env, cwd: dir });
      await s.waitForText('the beta file');
      await s.keys(':', 'e');
      await s.press(`127.0.0.1:${server.port}/page.html\r`);
      await s.waitForText("Hello from lwl's test server");
      // A file of that name is a file: no guess.
      await s.keys('\x7f');
      await s.waitForText('the beta file');
      await s.keys(':', 'e');
      await s.press('beta.txt\r');
      await s.waitFor((x) => x.status().startsWith('beta.txt (file'), 'the file');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
