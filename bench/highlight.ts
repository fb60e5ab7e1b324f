// What highlighted code costs the first screen: a README whose first screen
// holds a code block in a language (node-addon-api's, ```shell), against the
// same README with the fence's language taken out (the same text, drawn in the
// code colour, lowlight never loaded); and the piped and gzipped Markdown of
// issue 27 (Node's api/fs.md when it is installed: read from a file, from
// gzip, from a pipe). Timed from spawn until the first row and the status line
// are drawn, and the CPU time lwl took to it (LWL_STARTUP_TIMES: steadier than
// the clock on a busy machine); the documents in turn within a round, after a
// round not counted (the code caches written), medians shown.
//
//   npx tsx bench/highlight.ts [--runs N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PtySession, killAll } from './pty.ts';
import { median } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lwl = path.join(root, 'dist/lwl');
const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' } } });
const runs = Number(values.runs);
const log = (line: string) => process.stderr.write(line + '\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bench-highlight-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});

const readme = fs.readFileSync(path.join(root, 'samples/readmes/node-addon-api-README.md'), 'utf8');
const highlighted = path.join(dir, 'README.md');
fs.writeFileSync(highlighted, readme);
const plainCode = path.join(dir, 'plain-code', 'README.md');
fs.mkdirSync(path.dirname(plainCode));
fs.writeFileSync(plainCode, readme.replace(/^```[a-z]+$/gm, '```'));

const nodeDocs = '/usr/share/doc/nodejs/api/fs.md';
const fsMd = path.join(dir, 'fs.md');
if (fs.existsSync(nodeDocs)) {
  fs.copyFileSync(nodeDocs, fsMd);
  fs.writeFileSync(`${fsMd}.gz`, zlib.gzipSync(fs.readFileSync(nodeDocs)));
}

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', HOME: os.homedir(), XDG_CACHE_HOME: path.join(dir, 'cache') };
const settings = { cols: 80, rows: 24, cwd: dir, env };

interface Case {
  name: string;
  command: string;
  args: string[];
  top: string;
}
const cases: Case[] = [
  { name: 'README, its ```shell highlighted', command: process.execPath, args: [lwl, highlighted], top: 'NOTE: The default branch has been renamed!' },
  { name: 'the same, no language named (code colour)', command: process.execPath, args: [lwl, plainCode], top: 'NOTE: The default branch has been renamed!' },
];
if (fs.existsSync(fsMd)) {
  cases.push(
    { name: "Node's api/fs.md (250 KB), a file", command: process.execPath, args: [lwl, fsMd], top: 'File system' },
    { name: 'fs.md.gz', command: process.execPath, args: [lwl, `${fsMd}.gz`], top: 'File system' },
    { name: 'cat fs.md | lwl --kind markdown', command: '/bin/sh', args: ['-c', `cat '${fsMd}' | '${process.execPath}' '${lwl}' --kind markdown`], top: 'File system' },
  );
}

const timesFile = path.join(dir, 'times');

/** Milliseconds from spawn to the first screen, and lwl's CPU time to it; null on a timeout. */
async function firstScreen({ command, args, top }: Case): Promise<{ wall: number; cpu: number } | null> {
  fs.rmSync(timesFile, { force: true });
  const s = new PtySession(command, args, { ...settings, env: { ...env, LWL_STARTUP_TIMES: timesFile } });
  const at = await s.waitFor((x) => x.row(0).startsWith(top) && x.status().trim() !== '', 30_000);
  await s.close('q');
  if (at === null) return null;
  const times = JSON.parse(fs.readFileSync(timesFile, 'utf8').trim().split('\n')[0]) as { cpuFirstScreen: number };
  return { wall: at - s.startedAt, cpu: times.cpuFirstScreen };
}

if (!fs.existsSync(lwl)) throw new Error(`bench/highlight: ${lwl} is missing: run make first`);
for (const c of cases) await firstScreen(c);
const times: ({ wall: number; cpu: number } | null)[][] = cases.map(() => []);
for (let i = 0; i < runs; i++) {
  for (const [k, c] of cases.entries()) {
    const t = await firstScreen(c);
    times[k].push(t);
    log(`${c.name}: run ${i + 1}: ${t === null ? 'timeout' : `${t.wall.toFixed(0)} ms, cpu ${t.cpu.toFixed(0)} ms`}`);
  }
}
console.log(`\nFirst screen at 80x24, median of ${runs} runs (spawn to the first row and the status line drawn, Node's start-up included; lwl's CPU time to it):\n`);
console.log('| document | first screen | CPU |');
console.log('| :-- | --: | --: |');
for (const [k, c] of cases.entries()) {
  const all = times[k];
  if (all.includes(null)) console.log(`| ${c.name} | timeout | |`);
  else console.log(`| ${c.name} | ${median(all.map((t) => t!.wall)).toFixed(0)} ms | ${median(all.map((t) => t!.cpu)).toFixed(0)} ms |`);
}
