// Compressed input: the format by magic bytes or name, the name inside, the
// Loader reading a decompressor's stream, and where a corrupt one stopped.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressionOf, findOnPath, innerName } from '../src/input/decompress.ts';
import { Loader, OpenError, openFile, type Source } from '../src/input/load.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-decompress-'));
const write = (name: string, data: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};
const textOf = (loader: Loader) => loader.doc.text.text(0, loader.doc.text.length);
const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('innerName', () => {
  it('drops the ending of a compressed format', () => {
    expect(innerName('README.md.gz')).toBe('README.md');
    expect(innerName('/usr/share/doc/git/changelog.gz')).toBe('/usr/share/doc/git/changelog');
    expect(innerName('notes.markdown.BR')).toBe('notes.markdown');
    expect(innerName('a.txt.bz2')).toBe('a.txt');
    expect(innerName('a.md.xz')).toBe('a.md');
    expect(innerName('a.md.zst')).toBe('a.md');
  });

  it('leaves other names, and a name that is only the ending, as they are', () => {
    expect(innerName('README.md')).toBe('README.md');
    expect(innerName('-')).toBe('-');
    expect(innerName('.gz')).toBe('.gz');
    expect(innerName('dir/.gz')).toBe('dir/.gz');
    expect(innerName('archive.tgz')).toBe('archive.tgz');
  });
});

describe('compressionOf', () => {
  const gz = zlib.gzipSync('hello');
  it('tells gzip, bzip2, xz and zstd by their magic bytes, whatever the name', () => {
    expect(compressionOf('-', gz)?.name).toBe('gzip');
    expect(compressionOf('x.txt', Buffer.from('BZh91AY&SY'))?.name).toBe('bzip2');
    expect(compressionOf('-', Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))?.name).toBe('xz');
    expect(compressionOf('-', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0]))?.name).toBe('zstd');
  });

  it('tells brotli, which has no magic bytes, by the name', () => {
    expect(compressionOf('a.md.br', Buffer.from([0x1b, 0x04]))?.name).toBe('brotli');
    expect(compressionOf('-', Buffer.from([0x1b, 0x04]))).toBeNull();
  });

  it('reads a file named like a format with magic bytes but without them as it is', () => {
    expect(compressionOf('plain.gz', Buffer.from('hello\n'))).toBeNull();
    expect(compressionOf('empty.xz', Buffer.alloc(0))).toBeNull();
    expect(compressionOf('BZh.txt', Buffer.from('BZh is not enough'))).toBeNull();
  });
});

describe('findOnPath', () => {
  it('finds an executable file in a folder of PATH, and nothing in an empty PATH', () => {
    const bin = fs.mkdtempSync(path.join(dir, 'bin-'));
    fs.writeFileSync(path.join(bin, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(bin, 'data'), '', { mode: 0o644 });
    fs.mkdirSync(path.join(bin, 'folder'));
    expect(findOnPath('tool', `/nonexistent:${bin}`)).toBe(path.join(bin, 'tool'));
    expect(findOnPath('data', bin)).toBeNull();
    expect(findOnPath('folder', bin)).toBeNull();
    expect(findOnPath('tool', '')).toBeNull();
    expect(findOnPath('tool', undefined)).toBeNull();
  });
});

describe('Loader over compressed input', () => {
  const text = Array.from({ length: 50_000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

  it('reads a gzip file as its text, held in memory, with no size known', async () => {
    const loader = new Loader(openFile(write('t.txt.gz', zlib.gzipSync(text))));
    expect(loader.source.isFile).toBe(false);
    expect(loader.doc.bytesTotal).toBeNull();
    await loader.readStart();
    expect(loader.head.subarray(0, 7).toString()).toBe('line 1\n');
    await loader.readAll();
    expect(textOf(loader)).toBe(text);
    expect(loader.doc.complete).toBe(true);
  });

  it('reads brotli, and bzip2 and xz through their commands', async () => {
    for (const [name, data] of [
      ['t.txt.br', zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })],
      ['t.txt.bz2', spawnSync('bzip2', ['-c'], { input: text }).stdout],
      ['t.txt.xz', spawnSync('xz', ['-0', '-c'], { input: text }).stdout],
    ] as const) {
      const loader = new Loader(openFile(write(name, data)));
      await loader.readAll();
      expect(textOf(loader), name).toBe(text);
    }
  });

  it('reads a pipe whose first bytes were read already (source.head)', async () => {
    const small = text.slice(0, 20_000); // its gzip fits in the pipe's buffer
    const gz = zlib.gzipSync(small);
    const [readEnd, writeEnd] = pipe();
    fs.writeSync(writeEnd, gz.subarray(3));
    fs.closeSync(writeEnd);
    const source: Source = { name: '-', fd: readEnd, isFile: false, size: null, head: Buffer.from(gz.subarray(0, 3)) };
    const loader = new Loader(source);
    await loader.readAll();
    expect(textOf(loader)).toBe(small);
  });

  it('ends a truncated gzip where the data did, and says so', async () => {
    const gz = zlib.gzipSync(text);
    const loader = new Loader(openFile(write('cut.txt.gz', gz.subarray(0, gz.length - 100))));
    await expect(loader.readAll()).rejects.toThrow(OpenError);
    expect(loader.error?.userMessage).toMatch(/^gzip data truncated after \d+(\.\d)? KiB$/);
    expect(text.startsWith(textOf(loader))).toBe(true);
    expect(loader.doc.text.length).toBeGreaterThan(text.length / 2);
    expect(loader.doc.complete).toBe(true);
  });

  it('says a corrupt gzip is corrupt, with zlib\'s reason', async () => {
    const gz = zlib.gzipSync(text);
    gz[gz.length - 6] ^= 0xff; // the CRC
    const loader = new Loader(openFile(write('bad.txt.gz', gz)));
    await expect(loader.readAll()).rejects.toThrow(OpenError);
    expect(loader.error?.userMessage).toMatch(/^gzip data corrupt after \d+ KiB \(incorrect data check\)$/);
  });

  it('says what the command said when it stops, and where', async () => {
    const xz = spawnSync('xz', ['-0', '-c'], { input: text }).stdout;
    const loader = new Loader(openFile(write('cut.txt.xz', xz.subarray(0, xz.length - 40))));
    await expect(loader.readAll()).rejects.toThrow(OpenError);
    expect(loader.error?.userMessage).toMatch(/^xz -dc stopped (at its start|after .*): Unexpected end of input$/);
  });

  it('refuses, naming what to install, when the command is not on PATH', () => {
    const file = write('t.txt.bz2', spawnSync('bzip2', ['-c'], { input: text }).stdout);
    process.env.PATH = path.join(dir, 'nothing-here');
    expect(() => new Loader(openFile(file))).toThrow(
      new OpenError(file, 'compressed with bzip2; lwl reads it through "bzip2 -dc", which is not on PATH: install bzip2'),
    );
  });

  it('stops reading ahead of the screen, as for a pipe', async () => {
    const big = 'x'.repeat(99) + '\n';
    const xz = spawnSync('xz', ['-0', '-c'], { input: big.repeat(100_000), maxBuffer: 1 << 30 }).stdout;
    const loader = new Loader(openFile(write('big.txt.xz', xz)));
    await loader.readStart();
    loader.rest();
    const rested = loader.doc.text.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // A chunk or two in flight at most: far from the 10 MB there are.
    expect(loader.doc.text.length).toBeLessThan(rested + 2 * 1024 * 1024);
    expect(loader.doc.complete).toBe(false);
    loader.stop();
    expect(loader.source.stream?.destroyed).toBe(true);
  });
});

/** A pipe's two ends, as descriptors. */
function pipe(): [number, number] {
  const fifo = path.join(dir, `fifo-${Math.random().toString(36).slice(2)}`);
  spawnSync('mkfifo', [fifo]);
  const readEnd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  const writeEnd = fs.openSync(fifo, fs.constants.O_WRONLY);
  return [readEnd, writeEnd];
}
