// `make bench`'s start-up row: what starting lwl costs as dist/lwl (node runs the
// script) and as the standalone executable (make exe), next to Node's own start-up.
// Each round runs every command once, in turn, so that the machine's drift falls on
// all of them alike; the table gives medians, and the median of each round's ratio
// to `node -e 0` in that round.
//
//   npx tsx bench/startup.ts [EXECUTABLE] [--runs N]     (default: dist/lwl-<platform>-<arch>, 15 runs)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generate, SIZES } from './inputs.ts';
import { PtySession } from './pty.ts';
import { median } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '15' } }, allowPositionals: true });
const runs = Number(values.runs);
const exe = path.resolve(root, positionals[0] ?? `dist/lwl-${process.platform}-${process.arch}`);
const script = path.join(root, 'dist/lwl');
const log = (line: string) => process.stderr.write(line + '\n');

// As bench/run.ts: a small fixed environment, no NODE_OPTIONS from the caller's.
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8' };

interface Contender {
  name: string;
  command: string[];
}

const node: Contender = { name: '`node -e 0`', command: [process.execPath, '-e', '0'] };
const contenders: Contender[] = [{ name: 'dist/lwl', command: [process.execPath, script] }];
if (fs.existsSync(exe)) contenders.push({ name: path.relative(root, exe), command: [exe] });
else log(`bench/startup: no ${exe} (make exe): measuring dist/lwl alone`);
if (!fs.existsSync(script)) throw new Error(`bench/startup: ${script} is missing: run make first`);

/** Wall time of one run to its exit, in ms. */
function exitTime(command: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(command[0], command.slice(1), { env, stdio: 'ignore' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${command.join(' ')} exited with ${r.status}`);
  return ms;
}

/** Time to the first screen of `file` (its first line on top, a status line), and the peak memory then. */
async function firstScreen(command: string[], file: string, firstLine: string): Promise<{ ms: number; peak: number }> {
  const s = new PtySession(command[0], [...command.slice(1), file], { cols: 80, rows: 24, env, cwd: os.tmpdir() });
  try {
    const at = await s.waitFor((x) => x.row(0) === firstLine && x.status().trim() !== '', 20_000);
    if (at === null) throw new Error(`${command.join(' ')}: no first screen within 20 s`);
    return { ms: at - s.startedAt, peak: s.peakMemory() ?? NaN };
  } finally {
    await s.close('q');
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-startup-'));
try {
  const input = generate(SIZES[0], dir); // 5 MiB
  const times = { node: [] as number[], version: contenders.map(() => [] as number[]), screen: contenders.map(() => [] as number[]) };
  const ratios = { version: contenders.map(() => [] as number[]), screen: contenders.map(() => [] as number[]) };
  const peaks = contenders.map(() => [] as number[]);
  for (const c of contenders) exitTime([...c.command, '--version']); // warm the page cache
  for (let round = 0; round < runs; round++) {
    // The quick runs back to back, then the sessions; each in an order that turns from round to round.
    const turn = <T>(list: T[]) => list.map((_, i) => list[(i + round) % list.length]);
    const version: number[] = [];
    let base = 0;
    for (const k of turn([-1, ...contenders.keys()])) {
      if (k < 0) base = exitTime(node.command);
      else version[k] = exitTime([...contenders[k].command, '--version']);
    }
    times.node.push(base);
    for (const k of turn([...contenders.keys()])) {
      const screen = await firstScreen(contenders[k].command, input.path, input.firstLine);
      times.version[k].push(version[k]);
      times.screen[k].push(screen.ms);
      ratios.version[k].push(version[k] / base);
      ratios.screen[k].push(screen.ms / base);
      peaks[k].push(screen.peak);
    }
    log(`startup: round ${round + 1}/${runs}`);
  }

  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const cell = (values: number[], ratio: number[]) => `${ms(median(values))} (${median(ratio).toFixed(2)}x)`;
  const lines = [
    `### Start-up: ${runs} rounds, medians; in brackets, the median of each round's ratio to \`node -e 0\``,
    '',
    `| | ${node.name} | ${contenders.map((c) => c.name).join(' | ')} |`,
    `| :-- | --: | ${contenders.map(() => '--:').join(' | ')} |`,
    `| start and exit (\`--version\`) | ${ms(median(times.node))} | ${contenders.map((_, k) => cell(times.version[k], ratios.version[k])).join(' | ')} |`,
    `| first screen of ${input.label} | | ${contenders.map((_, k) => cell(times.screen[k], ratios.screen[k])).join(' | ')} |`,
    `| peak memory at the first screen | | ${contenders.map((_, k) => `${(median(peaks[k]) / 2 ** 20).toFixed(1)} MiB`).join(' | ')} |`,
    `| file size | | ${contenders.map((c) => `${(fs.statSync(c.command[c.command.length - 1]).size / 1e6).toFixed(c === contenders[0] ? 2 : 1)} MB`).join(' | ')} |`,
  ];
  console.log(lines.join('\n'));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
