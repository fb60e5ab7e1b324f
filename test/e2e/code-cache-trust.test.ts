// A code cache is code lwl runs (V8 checks little more than the source's
// length), so dist/lwl uses one only when it is its own (src/startup/code-cache.ts).
// Here a poisoned cache, made from another source of the same length, is put
// where dist/lwl looks: it runs when the file is lwl's own (which shows the
// poison works), and is ignored in every other case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { root } from './session.ts';

const script = path.join(root, 'dist/lwl');
const POISON = 'POISONED CACHE RAN';

/** The bundle's source as src/boot.ts compiles it, and the line it starts on. */
function bundle(): { source: string; line: number } {
  const text = fs.readFileSync(script, 'latin1');
  const mark = text.indexOf('/*lwl-bundle ') + '/*lwl-bundle '.length;
  const start = text.indexOf('\n', mark) + 1;
  return { source: text.slice(start, text.lastIndexOf('*/')), line: Number(text.slice(mark, start - 1)) };
}

/** V8's cache of a script that says POISON, of the bundle's length, compiled as boot.ts compiles the bundle (by a plain node, as dist/lwl runs). */
function poisonedData(): Buffer {
  const { source, line } = bundle();
  const code = `process.stdout.write(${JSON.stringify(POISON + '\n')});process.exit(0);`;
  const poison = code + '\n'.repeat(source.length - code.length);
  const made = spawnSync(
    process.execPath,
    ['-e', `const vm=require('vm');const fs=require('fs');const s=new vm.Script(fs.readFileSync(0,'latin1'),{filename:${JSON.stringify(script)},lineOffset:${line}});process.stdout.write(s.createCachedData())`],
    { input: Buffer.from(poison, 'latin1'), maxBuffer: 64 * 1024 * 1024 },
  );
  expect(made.status).toBe(0);
  return made.stdout;
}

let key: string;
let data: Buffer;
beforeAll(() => {
  // The cache's name (and its head) carry the bundle's hash: a first run makes one, which says it.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-trust-'));
  expect(spawnSync(process.execPath, [script, '--version'], { env: { PATH: process.env.PATH, XDG_CACHE_HOME: home } }).status).toBe(0);
  const [name] = fs.readdirSync(path.join(home, 'lwl'));
  key = name.split('-')[0];
  data = poisonedData();
});

/** A cache directory with the poisoned cache of the bundle in it, as lwl names and heads its own. */
function poisoned(): { home: string; dir: string; file: string } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-trust-'));
  const dir = path.join(home, 'lwl');
  fs.mkdirSync(dir, { mode: 0o700 });
  const file = path.join(dir, `${key}-${process.version}-${process.arch}.v8`);
  fs.writeFileSync(file, Buffer.concat([Buffer.of(1, key.length), Buffer.from(key), data]), { mode: 0o600 });
  return { home, dir, file };
}

/** What lwl --version prints, having ended by itself with status 0. */
function lwlVersion(home: string): string {
  const r = spawnSync(process.execPath, [script, '--version'], { env: { PATH: process.env.PATH, XDG_CACHE_HOME: home }, encoding: 'utf8', timeout: 10000 });
  expect(r.signal).toBeNull();
  expect(r.status).toBe(0);
  return r.stdout;
}

describe('a code cache lwl did not make', () => {
  it('runs when it is in every way lwl\'s own: the poison is real', () => {
    expect(lwlVersion(poisoned().home)).toContain(POISON);
  });

  it('is ignored when the file is group- or other-writable', () => {
    const { home, file } = poisoned();
    fs.chmodSync(file, 0o666);
    expect(lwlVersion(home)).toMatch(/^lwl \S+\n$/);
  });

  it('is ignored when its head names another source', () => {
    const { home, file } = poisoned();
    const bytes = fs.readFileSync(file);
    bytes[2] ^= 1;
    fs.writeFileSync(file, bytes);
    expect(lwlVersion(home)).toMatch(/^lwl \S+\n$/);
  });

  it('is ignored when it is a link to a file elsewhere', () => {
    const { home, file } = poisoned();
    fs.renameSync(file, `${file}.elsewhere`);
    fs.symlinkSync(`${file}.elsewhere`, file);
    expect(lwlVersion(home)).toMatch(/^lwl \S+\n$/);
  });

  it('in a directory others can write: the directory is made 0700, and the cache not trusted while others could write it', () => {
    const { home, dir, file } = poisoned();
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(file, 0o646);
    expect(lwlVersion(home)).toMatch(/^lwl \S+\n$/);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('a named pipe where the cache should be is not waited for', () => {
    const { home, file } = poisoned();
    fs.rmSync(file);
    expect(spawnSync('mkfifo', [file]).status).toBe(0);
    expect(lwlVersion(home)).toMatch(/^lwl \S+\n$/);
  });

  it('XDG_CACHE_HOME=/proc costs nothing but the cache', () => {
    expect(lwlVersion('/proc')).toMatch(/^lwl \S+\n$/);
  });
});
