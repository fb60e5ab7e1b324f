// Compressed input: the first screen of a 100 MiB text gzipped (about 30 MiB),
// and G (decompressing all of it), against the same text uncompressed, and
// against less reading `zcat FILE.gz |` (what LESSOPEN's lesspipe does).
// Markdown to stdout, progress to stderr.
//
//   npx tsx bench/compressed.ts [--runs N]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generate } from './inputs.ts';
import { which } from './machine.ts';
import { killAll, PtySession } from './pty.ts';
import { median } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lwlBin = path.join(root, 'dist/lwl');
const TIMEOUT_MS = 120_000;
const log = (line: string) => process.stderr.write(line + '\n');

interface Case {
  name: string;
  command: string;
  args: string[];
}

interface Figures {
  firstScreen: number;
  bottom: number;
}

async function run(c: Case, firstLine: string, lastLine: string, env: Record<string, string>): Promise<Figures> {
  const s = new PtySession(c.command, c.args, { cols: 80, rows: 24, env, cwd: root });
  try {
    const first = await s.waitFor((x) => x.row(0) === firstLine && x.status().trim() !== '', TIMEOUT_MS);
    if (first === null) throw new Error(`${c.name}: no first screen`);
    if ((await s.quiet(300, TIMEOUT_MS)) === null) throw new Error(`${c.name}: never settled`);
    const bottom = s.waitFor((x) => x.rows().includes(lastLine) && !x.status().includes('Reading'), TIMEOUT_MS);
    const t0 = performance.now();
    s.type('G');
    const end = await bottom;
    if (end === null) throw new Error(`${c.name}: G never showed the end`);
    return { firstScreen: first - s.startedAt, bottom: end - t0 };
  } finally {
    await s.close('q');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  if (!fs.existsSync(lwlBin)) throw new Error(`${lwlBin} is missing: run make first`);
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8', LESSHISTFILE: '-' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bench-gz-'));
  process.on('SIGINT', () => {
    killAll();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(130);
  });
  try {
    log('generating 100 MiB of text and gzipping it...');
    const input = generate({ label: '100 MiB', bytes: 100 * 1024 * 1024 }, dir);
    const gz = `${input.path}.gz`;
    const gzip = spawnSync('sh', ['-c', `gzip -c '${input.path}' > '${gz}'`]);
    if (gzip.status !== 0) throw new Error(`gzip failed: ${gzip.stderr}`);
    const cases: Case[] = [
      { name: 'lwl FILE', command: process.execPath, args: [lwlBin, input.path] },
      { name: 'lwl FILE.gz', command: process.execPath, args: [lwlBin, gz] },
      { name: 'gzip -dc FILE.gz | lwl', command: '/bin/sh', args: ['-c', `gzip -dc '${gz}' | '${process.execPath}' '${lwlBin}'`] },
    ];
    const less = which('less');
    if (less) cases.push({ name: 'zcat FILE.gz | less', command: '/bin/sh', args: ['-c', `zcat '${gz}' | '${less}'`] });
    const rows: string[] = [];
    for (const c of cases) {
      const results: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        log(`${c.name}: run ${i + 1} of ${runs}`);
        results.push(await run(c, input.firstLine, input.lastLine, env));
      }
      const ms = (f: (r: Figures) => number) => `${Math.round(median(results.map(f)))} ms`;
      rows.push(`| ${c.name.replaceAll("|", "\\|")} | ${ms((r) => r.firstScreen)} | ${ms((r) => r.bottom)} |`);
    }
    const size = (file: string) => `${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB`;
    console.log(`100 MiB of text (${size(gz)} gzipped), 80x24, median of ${runs} runs:\n`);
    console.log('| input | first screen | G |\n| :-- | --: | --: |');
    console.log(rows.join('\n'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  killAll();
  console.error(`bench: ${(err as Error).message}`);
  process.exit(1);
});
