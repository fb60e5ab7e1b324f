// Saving and bookmarks: S saves the page shown (its source) or the selected
// link's target to the file typed, never over a file without asking, never
// outside the directory typed whatever name the server gives; a page that is
// not text asks save, text or cancel (s/t/c); a adds the page or the link to
// the bookmarks, which B and lwl --bookmarks open.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const PAGE = `<!doctype html>
<html><head><title>Files to fetch</title></head>
<body><h1>Downloads</h1>
<p><a href="/files/report.txt">the report</a></p>
<p><a href="/dl">the named download</a></p>
<p><a href="/big.bin">the big file</a></p>
</body></html>
`;
const BIG = Buffer.alloc(1024 * 1024, 0x01);

let origin: string;
let server: http.Server;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const send = (type: string, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body), ...headers });
      res.end(body);
    };
    if (req.url === '/page.html') send('text/html; charset=utf-8', PAGE);
    else if (req.url === '/files/report.txt') send('text/plain', 'report body\n');
    // A server that names a file outside the directory it is saved in.
    else if (req.url === '/dl') send('application/octet-stream', 'named body\n', { 'Content-Disposition': 'attachment; filename="../../x"' });
    else if (req.url === '/big.bin') send('application/octet-stream', BIG);
    // A download that never ends: its first bytes, then nothing.
    else if (req.url === '/endless.bin') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.write(BIG.subarray(0, 4096));
    }
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-save-'));
  fs.mkdirSync(path.join(dir, 'a', 'b', 'into'), { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** lwl in `dir/a/b`, its bookmarks in `dir/data`. */
function lwl(args: string[], env: Record<string, string> = {}): Session {
  return Session.lwl(args, { cols: 120, cwd: path.join(dir, 'a', 'b'), env: { HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), LWL_BROWSER: '', BROWSER: '', ...env } });
}
const here = (name: string) => path.join(dir, 'a', 'b', name);

/** Selects the link whose text is `text` with n. */
async function select(s: Session, text: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await s.keys('n');
    const row = s.rows().findIndex((r) => r.includes(text));
    if (row >= 0 && s.cell(row, s.column(row, text)).isInverse()) return;
  }
  throw new Error(`no link ${text}`);
}

const saved = (s: Session, file: string) => s.waitFor((x) => x.status().startsWith(`Saved ${file}`), `Saved ${file}`);

describe('S', () => {
  it('saves the page shown, its source, and asks before overwriting', async () => {
    const s = lwl([`${origin}/page.html`]);
    await s.waitForText('Downloads');
    await s.keys('S');
    expect(s.status()).toBe('Save to: page.html');
    await s.keys('\r');
    await saved(s, 'page.html');
    expect(fs.readFileSync(here('page.html'), 'utf8')).toBe(PAGE);
    // Again: the file is there, and lwl asks; n leaves it.
    fs.writeFileSync(here('page.html'), 'mine\n');
    await s.keys('S', '\r');
    expect(s.status()).toBe('page.html exists: overwrite it? (y/n)');
    await s.keys('n');
    expect(s.status()).toBe('Not saved');
    expect(fs.readFileSync(here('page.html'), 'utf8')).toBe('mine\n');
    await s.keys('S', '\r', 'y');
    await saved(s, 'page.html');
    expect(fs.readFileSync(here('page.html'), 'utf8')).toBe(PAGE);
  });

  it("saves the selected link's target, under its URL's name or the name typed", async () => {
    const s = lwl([`${origin}/page.html`]);
    await s.waitForText('Downloads');
    await select(s, 'the report');
    await s.keys('S');
    expect(s.status()).toBe('Save to: report.txt');
    await s.keys('\r');
    await saved(s, 'report.txt');
    expect(fs.readFileSync(here('report.txt'), 'utf8')).toBe('report body\n');
    await s.keys('S', '\x15');
    await s.press('other.txt\r');
    await saved(s, 'other.txt');
    expect(fs.readFileSync(here('other.txt'), 'utf8')).toBe('report body\n');
  });

  it("keeps a server's name inside the directory typed", async () => {
    const s = lwl([`${origin}/page.html`]);
    await s.waitForText('Downloads');
    await select(s, 'the named download');
    await s.keys('S', '\x15');
    await s.press('into/\r');
    await saved(s, 'into/x');
    expect(fs.readFileSync(here('into/x'), 'utf8')).toBe('named body\n');
    // Not where ../../x would have gone.
    expect(fs.existsSync(path.join(dir, 'a', 'x'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'x'))).toBe(false);
  });

  it('saves a local file shown, and lwl text as text', async () => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'some notes\n');
    const s = lwl([path.join(dir, 'notes.txt')]);
    await s.waitForText('some notes');
    await s.keys('S');
    expect(s.status()).toBe('Save to: notes.txt');
    await s.keys('\x15');
    await s.press('into\r');
    await s.waitFor((x) => x.status().startsWith('Saved to into/notes.txt'), 'saved');
    expect(fs.readFileSync(here('into/notes.txt'), 'utf8')).toBe('some notes\n');
  });

  it('saves nothing in secure mode, and bookmarks nothing', async () => {
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'some notes\n');
    const s = lwl([path.join(dir, 'notes.txt')], { LWL_SECURE: '1' });
    await s.waitForText('some notes');
    await s.keys('S');
    expect(s.status()).toBe('S is disabled in secure mode');
    await s.keys('a');
    expect(s.status()).toBe('a is disabled in secure mode');
    await s.keys('B');
    expect(s.status()).toBe('B is disabled in secure mode');
  });
});

describe('a page that is not text', () => {
  const question = 'This page is application/octet-stream (1.0 MiB): save it to big.bin, see it as text, or cancel? (s/t/c)';

  /** lwl on the page, Enter on the big file's link, and its question asked. */
  async function asked(): Promise<Session> {
    const s = lwl([`${origin}/page.html`]);
    await s.waitForText('Downloads');
    await select(s, 'the big file');
    await s.keys('\r');
    await s.waitFor((x) => x.status() === question, 'the question');
    return s;
  }

  it('asks save, text or cancel: s saves it, with progress', async () => {
    const s = await asked();
    await s.keys('s');
    await saved(s, 'big.bin');
    expect(s.status()).toBe('Saved big.bin (1.0 MiB)');
    expect(fs.readFileSync(here('big.bin')).equals(BIG)).toBe(true);
    expect(s.screen()).toContain('Downloads');
    // Saving said so on the way (its progress, as the bytes come, when a frame falls between them).
    expect(s.output).toContain('Saving big.bin: ');
  });

  it('c cancels, t shows it as text', async () => {
    const s = await asked();
    await s.keys('c');
    await s.waitFor((x) => x.status() === 'Not shown', 'cancelled');
    expect(s.screen()).toContain('Downloads');
    await s.keys('\r');
    await s.waitFor((x) => x.status() === question, 'the question again');
    await s.keys('t');
    await s.waitFor((x) => !x.screen().includes('Downloads'), 'the text');
    expect(fs.existsSync(here('big.bin'))).toBe(false);
  });

  it('q during a download leaves no part of it behind', async () => {
    const s = lwl([`${origin}/endless.bin`]);
    await s.waitFor((x) => x.status().endsWith('(s/t/c)'), 'the question');
    await s.keys('s');
    await s.waitFor(() => fs.existsSync(here('endless.bin.part')), 'the part being written');
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(fs.readdirSync(here('.'))).toEqual(['into']);
  });

  it('on the command line, s saves it and lwl stays', async () => {
    const s = lwl([`${origin}/big.bin`]);
    await s.waitFor((x) => x.status() === question, 'the question');
    await s.keys('s');
    await saved(s, 'big.bin');
    expect(fs.statSync(here('big.bin')).size).toBe(BIG.length);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});

describe('bookmarks', () => {
  it('a adds the page and a link; B and lwl --bookmarks open them', async () => {
    const file = path.join(dir, 'data', 'lwl', 'bookmarks.md');
    const s = lwl([`${origin}/page.html`]);
    await s.waitForText('Downloads');
    await s.keys('a');
    expect(s.status()).toBe(`Bookmarked: ${origin}/page.html`);
    await select(s, 'the report');
    await s.keys('a');
    expect(s.status()).toBe(`Bookmarked: ${origin}/files/report.txt`);
    await s.keys('a');
    expect(s.status()).toBe(`Already in the bookmarks: ${origin}/files/report.txt`);
    expect(fs.readFileSync(file, 'utf8')).toBe(`# Bookmarks\n\n- [Files to fetch](${origin}/page.html)\n- [the report](${origin}/files/report.txt)\n`);
    await s.keys('B');
    await s.waitForText('Files to fetch');
    expect(s.rows()[0]).toBe('Bookmarks');
    // Its entries are links: the report's, followed.
    await select(s, 'the report');
    await s.keys('o');
    await s.waitForText('report body');
    await s.keys('q');
    await s.waitExit();
    const t = lwl(['--bookmarks']);
    await t.waitForText('Files to fetch');
    expect(t.screen()).toContain('the report');
  });

  it('lwl --bookmarks says when there are none yet', async () => {
    const s = lwl(['--bookmarks']);
    expect((await s.waitExit()).exitCode).toBe(1);
    expect(s.output).toContain('no bookmarks yet');
  });
});
