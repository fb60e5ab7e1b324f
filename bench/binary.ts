// Memory for binary input: 50 MB of NULs and 50 MB of random bytes, opened and
// taken to the end (G), as a regular file and through a pipe. Every byte is a
// hex token, or most are: the runs are kept as their raw bytes and rendered
// when read, so the target is a peak (VmHWM) under 1.25 x size + 60 MiB.
// Run: make && npx tsx bench/binary.ts [--mb N] [--timeout S]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PtySession, killAll } from './pty.ts';
import { prng } from '../test/random.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const MB = 1024 * 1024;
const SIZE = arg('--mb', 50) * 1e6;
const TIMEOUT = arg('--timeout', 120) * 1000;
const END = 'END-OF-BINARY';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lwl = path.join(root, 'dist/lwl');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-binary-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});

function write(name: string, fill: (buf: Buffer) => void): string {
  const file = path.join(dir, name);
  const data = Buffer.alloc(SIZE);
  fill(data);
  fs.writeFileSync(file, Buffer.concat([data, Buffer.from(`\n${END}\n`)]));
  return file;
}

const files = [
  { name: 'NULs', file: write('nuls.bin', () => {}) },
  {
    name: 'random bytes',
    file: write('random.bin', (buf) => {
      const r = prng(7);
      for (let i = 0; i < buf.length; i++) buf[i] = (r() * 256) | 0;
    }),
  },
];

/** The pid of lwl's node process: the session's own, or, through a shell, its child's. */
function lwlPid(pid: number): number {
  const runsLwl = (p: number) => fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[1] === lwl;
  if (runsLwl(pid)) return pid;
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const child = children.find(runsLwl);
  if (child === undefined) throw new Error('lwl is not running');
  return child;
}

function peak(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)![1]) * 1024;
}

const settings = { cols: 80, rows: 24, cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', HOME: os.homedir() } };
const limit = 1.25 * SIZE + 60 * MB;
console.log(`${(SIZE / 1e6).toFixed(0)} MB each; target: peak under 1.25 x size + 60 MiB = ${(limit / MB).toFixed(0)} MiB\n`);
console.log(`| input | how | open to G shown | peak (VmHWM) | under target |`);
console.log(`| :-- | :-- | --: | --: | :-- |`);
for (const { name, file } of files) {
  for (const how of ['file', 'pipe'] as const) {
    const s =
      how === 'file'
        ? new PtySession(process.execPath, [lwl, file], settings)
        : new PtySession('/bin/sh', ['-c', `cat '${file}' | '${process.execPath}' '${lwl}'`], settings);
    const start = performance.now();
    const shown = await s.waitFor((t) => t.rows().some((row) => row.length > 0), TIMEOUT);
    let result = 'timeout';
    let memory = NaN;
    if (shown !== null) {
      const pid = lwlPid(s.pid);
      s.type('G');
      const end = await s.waitFor((t) => t.rows().includes(END) && !t.status().includes('Reading'), TIMEOUT);
      if (end !== null) {
        result = `${((end - start) / 1000).toFixed(1)} s`;
        memory = peak(pid);
      }
    }
    await s.close('q');
    const ok = memory < limit ? 'yes' : 'NO';
    console.log(`| ${name} | ${how} | ${result} | ${(memory / MB).toFixed(0)} MiB | ${ok} |`);
  }
}
process.exit(0);
