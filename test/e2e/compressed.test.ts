// Compressed input, read as it decompresses: gzip (by name or magic bytes, file
// or pipe) and brotli through Node's zlib; bzip2, xz and zstd through their
// commands, which this machine has (and a clear message where PATH has none);
// corrupt and truncated data; copy-through keeps the compressed bytes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session, lwlCommand, lwlShell, root } from './session.ts';

// Markdown: a heading, a link, a list (one item a row, in the source and as rendered).
const text = ['# Notes', '', 'See [the tour](tour.md) first.', '', ...Array.from({ length: 60 }, (_, i) => `- line ${i + 1}`)].join('\n') + '\n';
let dir = '';
const file = (name: string) => path.join(dir, name);

/** Compresses with a command of this machine (the tests need bzip2, xz and zstd on PATH). */
function compressWith(command: string, input: string | Buffer): Buffer {
  const r = spawnSync(command, ['-c'], { input });
  if (r.status !== 0) throw new Error(`${command} -c failed: ${r.stderr}`);
  return r.stdout;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-compressed-'));
  fs.writeFileSync(file('notes.md'), text);
  fs.writeFileSync(file('notes.md.gz'), zlib.gzipSync(text));
  fs.writeFileSync(file('notes-gzip-unnamed'), zlib.gzipSync(text));
  fs.writeFileSync(file('notes.md.br'), zlib.brotliCompressSync(text));
  fs.writeFileSync(file('notes.md.bz2'), compressWith('bzip2', text));
  fs.writeFileSync(file('notes.md.xz'), compressWith('xz', text));
  fs.writeFileSync(file('notes.md.zst'), compressWith('zstd', text));
  fs.writeFileSync(file('plain.gz'), 'not compressed at all\n');
  // 2 MiB of numbered lines; cut in the middle, and with a byte flipped.
  const big = Array.from({ length: 200_000 }, (_, i) => `row ${i + 1}`).join('\n') + '\n';
  const gz = zlib.gzipSync(big);
  fs.writeFileSync(file('cut.txt.gz'), gz.subarray(0, Math.floor(gz.length / 2)));
  const corrupt = Buffer.from(gz);
  corrupt[Math.floor(gz.length / 2)] ^= 0xff;
  fs.writeFileSync(file('corrupt.txt.gz'), corrupt);
  // A PATH with none of the commands.
  fs.mkdirSync(file('empty-path'));
});

/** The first screen of a document made from `text`: read as Markdown (by the name inside), or as plain text (no name says it is Markdown). */
async function expectNotes(s: Session, kind: 'markdown' | 'plain' = 'markdown'): Promise<void> {
  const markdown = kind === 'markdown';
  // The last row looked at: the screen may come in more than one frame as the text is read.
  await s.waitForText(markdown ? '• line 19' : '- line 19');
  const rows = s.rows();
  expect(rows[0]).toBe(markdown ? 'Notes' : '# Notes');
  expect(rows[2]).toBe(markdown ? 'See the tour first.' : 'See [the tour](tour.md) first.');
  expect(rows[4]).toBe(markdown ? '• line 1' : '- line 1');
  expect(rows[22]).toBe(markdown ? '• line 19' : '- line 19');
}

describe('compressed files', () => {
  it('reads a .gz file as its text, with the links of the name inside (README.md.gz reads as .md)', async () => {
    const s = Session.lwl([file('notes.md.gz')]);
    await expectNotes(s);
    // The link is a link: n selects it.
    await s.keys('n');
    expect(s.status()).toContain('tour.md');
    await s.keys('G');
    expect(s.rows()[22]).toBe('• line 60');
  });

  it('knows gzip by its magic bytes, whatever the name', async () => {
    await expectNotes(Session.lwl([file('notes-gzip-unnamed')]), 'plain');
  });

  it('shows a file named .gz that holds plain text as it is', async () => {
    const s = Session.lwl([file('plain.gz')]);
    await s.waitForText('not compressed at all');
  });

  it('reads a gzipped pipe', async () => {
    await expectNotes(Session.shell(`gzip -c '${file('notes.md')}' | ${lwlShell}`), 'plain');
  });

  it('shows a gzipped pipe as it decompresses, before the input ends', async () => {
    // The writer flushes a first part, then waits: the first part is shown, the end is not there yet.
    const writer = `const z = require('zlib').createGzip(); z.pipe(process.stdout); z.write('first part\\n'); z.flush(); setTimeout(() => z.end('second part\\n'), 60000);`;
    const s = Session.shell(`'${process.execPath}' -e "${writer}" | ${lwlShell}`);
    await s.waitForText('first part');
    expect(s.screen()).not.toContain('second part');
    // The shell waits for the writer, which has not ended: the screen tells that lwl has.
    await s.press('q');
    await s.waitFor((x) => !x.onAlternateScreen, 'the main screen');
  });

  it('reads brotli (.br) through zlib', async () => {
    await expectNotes(Session.lwl([file('notes.md.br')]));
  });

  it('reads bzip2, xz and zstd through their commands', async () => {
    for (const name of ['notes.md.bz2', 'notes.md.xz', 'notes.md.zst']) await expectNotes(Session.lwl([file(name)]));
  });

  it('reads an xz pipe through xz', async () => {
    await expectNotes(Session.shell(`cat '${file('notes.md.xz')}' | ${lwlShell}`), 'plain');
  });

  it('names the command to install when it is not on PATH, and ends with status 1', async () => {
    const env = { PATH: file('empty-path') };
    const bz = Session.lwl([file('notes.md.bz2')], { env });
    expect((await bz.waitExit()).exitCode).toBe(1);
    expect(bz.output).toContain(`lwl: ${file('notes.md.bz2')}: compressed with bzip2; lwl reads it through "bzip2 -dc", which is not on PATH: install bzip2`);
    expect(bz.output).not.toContain('\x1b[?1049h');
    const xz = Session.shell(`cat '${file('notes.md.xz')}' | PATH='${file('empty-path')}' ${lwlShell}; echo "status $?"`);
    await xz.waitExit();
    expect(xz.output).toContain('lwl: standard input: compressed with xz; lwl reads it through "xz -dc", which is not on PATH: install xz-utils');
    expect(xz.output).toContain('status 1');
  });

  it('shows what a truncated gzip file held, and says on the status line where it stopped', async () => {
    const s = Session.lwl([file('cut.txt.gz')]);
    await s.waitFor((x) => /gzip data truncated after \d+(\.\d)? [KM]iB$/.test(x.status()), 'the status line to say where the data stopped');
    expect(s.rows()[0]).toBe('row 1');
    await s.keys('G');
    // The text ends where the data did: in the middle of a row, far past the first screen.
    const last = /^row (\d+)$/.exec(s.rows()[21]);
    expect(last).not.toBeNull();
    expect(Number(last![1])).toBeGreaterThan(1000);
    expect(Number(last![1])).toBeLessThan(200_000);
    expect(s.rows()[22]).toMatch(/^(row ?)?\d*$/);
  });

  it('shows what a corrupt gzip file held, and says it is corrupt', async () => {
    const s = Session.lwl([file('corrupt.txt.gz')]);
    await s.waitFor((x) => /gzip data corrupt after \d+(\.\d)? [KM]iB \(.+\)/.test(x.status()), 'the status line to say the data is corrupt');
  });

  it('copies a compressed file as it is when the output is not a terminal, as less and cat do', () => {
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), file('notes.md.gz')], { cwd: root });
    expect(r.status).toBe(0);
    expect(Buffer.compare(r.stdout, fs.readFileSync(file('notes.md.gz')))).toBe(0);
  });

  it('lists the links of a compressed file with --links', () => {
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file('notes.md.bz2')], { cwd: root });
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toMatch(/^1\tthe tour\tfile:\/\/.*\/tour\.md\n$/);
  });
});
