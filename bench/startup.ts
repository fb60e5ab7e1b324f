// `make bench`'s start-up rows: what starting lwl costs as dist/lwl (node runs the
// script; with V8's code cache from an earlier run, and without, as on the first
// run after an update) and as the standalone executable (make exe), next to Node's
// own start-up: to exit (--version), and to the first screen of a text with
// links, of the same text as plain text, and of a Markdown README. Each round
// runs every command once, in turn, so that the machine's drift falls on all of
// them alike; the table gives medians, and in brackets the median of each
// round's difference to `node -e 0` in that round. Then where each build of
// dist/lwl spends its time to each first screen (LWL_STARTUP_TIMES, see
// src/boot.ts), with the processor time, which other work on the machine
// changes less than the wall clock.
//
//   npx tsx bench/startup.ts [EXECUTABLE] [--runs N] [--script OTHER_BUILD ...]
//     (default: dist/lwl-<platform>-<arch>, 15 runs; --script adds another build of
//     dist/lwl, an older one say, to compare with)
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
const { values, positionals } = parseArgs({ options: { runs: { type: 'string', default: '15' }, script: { type: 'string', multiple: true, default: [] } }, allowPositionals: true });
const runs = Number(values.runs);
const exe = path.resolve(root, positionals[0] ?? `dist/lwl-${process.platform}-${process.arch}`);
const script = path.join(root, 'dist/lwl');
const log = (line: string) => process.stderr.write(line + '\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-startup-'));
// As bench/run.ts: a small fixed environment, no NODE_OPTIONS from the caller's; the code cache in a directory of its own.
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8', XDG_CACHE_HOME: path.join(dir, 'cache') };

interface Contender {
  name: string;
  command: string[];
  env: Record<string, string>;
  /** Reports where its time goes (dist/lwl's LWL_STARTUP_TIMES), to files named from this one. */
  times?: string;
}

const nodeCommand = [process.execPath, '-e', 'process.stdout.write(/VmHWM:\\s+(\\d+)/.exec(require("fs").readFileSync("/proc/self/status", "utf8"))[1])'];
// Each build run as a user runs it, the file itself: its first lines start node with the launcher's flags (build.mjs).
const contenders: Contender[] = [
  { name: 'dist/lwl', command: [script], env, times: path.join(dir, 'times-cached') },
  { name: 'dist/lwl, no code cache', command: [script], env: { ...env, LWL_CODE_CACHE: '0' }, times: path.join(dir, 'times-cold') },
  // Each build its own cache directory: a build removes other builds' caches from its directory, so sharing one would leave neither a cache.
  ...values.script.map((other, i) => ({
    name: path.relative(root, path.resolve(other)),
    command: [path.resolve(other)],
    env: { ...env, XDG_CACHE_HOME: path.join(dir, `cache-script-${i}`) },
    times: path.join(dir, `times-script-${i}`),
  })),
];
if (fs.existsSync(exe)) contenders.push({ name: path.relative(root, exe), command: [exe], env });
else log(`bench/startup: no ${exe} (make exe): measuring dist/lwl alone`);
if (!fs.existsSync(script)) throw new Error(`bench/startup: ${script} is missing: run make first`);
/** The environment of a run of `c`, which reports its times to a file of its own for each input (`what`: the input's number, or 'version'). */
const envOf = (c: Contender, what: number | 'version') => (c.times ? { ...c.env, LWL_STARTUP_TIMES: `${c.times}-${what}` } : c.env);
const timesOf = (c: Contender, what: number) => `${c.times}-${what}`;

/** Wall time of one run to its exit, in ms, and what it printed. */
function exitTime(command: string[], runEnv: Record<string, string>): { ms: number; out: string } {
  const t0 = performance.now();
  const r = spawnSync(command[0], command.slice(1), { env: runEnv, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${command.join(' ')} exited with ${r.status}`);
  return { ms, out: r.stdout };
}

/** Time to the first screen of `file` (its first line on top, a status line), and the peak memory then. */
async function firstScreen(c: Contender, file: string, firstLine: string, runEnv: Record<string, string>): Promise<{ ms: number; peak: number }> {
  const s = new PtySession(c.command[0], [...c.command.slice(1), file], { cols: 80, rows: 24, env: runEnv, cwd: os.tmpdir() });
  try {
    const at = await s.waitFor((x) => x.row(0) === firstLine && x.status().trim() !== '', 20_000);
    if (at === null) throw new Error(`${c.command.join(' ')}: no first screen within 20 s`);
    return { ms: at - s.startedAt, peak: s.peakMemory() ?? NaN };
  } finally {
    await s.close('q');
  }
}

try {
  const links = generate(SIZES[0], dir); // 5 MiB, a link every 300 bytes or so
  // The same text as plain text: lwl reads a .txt file as it is.
  const plain = { ...links, path: path.join(dir, 'plain.txt'), label: `${links.label} plain` };
  fs.copyFileSync(links.path, plain.path);
  // A README (the tour), whose first screen compiles and runs the Markdown reader's packages.
  const markdown = { path: path.join(root, 'samples/tour.md'), label: 'samples/tour.md', firstLine: 'Welcome to lwl, less with links.' };
  const inputs = [links, plain, markdown];
  type Row = { version: number[]; screen: number[][]; peak: number[][]; versionDiff: number[]; screenDiff: number[][] };
  const rows: Row[] = contenders.map(() => ({ version: [], screen: inputs.map(() => []), peak: inputs.map(() => []), versionDiff: [], screenDiff: inputs.map(() => []) }));
  const node = { ms: [] as number[], peak: [] as number[] };
  // Warm the page cache, and make dist/lwl's code cache as a first run does (at its first screen).
  for (const c of contenders) {
    exitTime([...c.command, '--version'], c.env);
    await firstScreen(c, plain.path, plain.firstLine, c.env);
    // A start that renders keeps a code cache of its own (src/boot.ts), and each package its own, written by this run.
    await firstScreen(c, markdown.path, markdown.firstLine, c.env);
  }
  for (let round = 0; round < runs; round++) {
    // The quick runs back to back, then the sessions; each in an order that turns from round to round.
    const turn = <T>(list: T[]) => list.map((_, i) => list[(i + round) % list.length]);
    const version: number[] = [];
    let base = 0;
    for (const k of turn([-1, ...contenders.keys()])) {
      if (k >= 0) version[k] = exitTime([...contenders[k].command, '--version'], envOf(contenders[k], 'version')).ms;
      else {
        const run = exitTime(nodeCommand, env);
        base = run.ms;
        node.peak.push(Number(run.out) * 1024);
      }
    }
    node.ms.push(base);
    for (const k of turn([...contenders.keys()])) {
      rows[k].version.push(version[k]);
      rows[k].versionDiff.push(version[k] - base);
      for (const [i, input] of inputs.entries()) {
        const screen = await firstScreen(contenders[k], input.path, input.firstLine, envOf(contenders[k], i));
        rows[k].screen[i].push(screen.ms);
        rows[k].screenDiff[i].push(screen.ms - base);
        rows[k].peak[i].push(screen.peak);
      }
    }
    log(`startup: round ${round + 1}/${runs}`);
  }

  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const signed = (v: number) => `${v < 0 ? '−' : '+'}${ms(Math.abs(v))}`;
  const cell = (values: number[], diffs: number[]) => `${ms(median(values))} (${signed(median(diffs))})`;
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
  const nodePeak = median(node.peak);
  const lines = [
    `### Start-up: ${runs} rounds, medians; in brackets, the median of each round's difference to \`node -e 0\``,
    '',
    `| | \`node -e 0\` | ${contenders.map((c) => c.name).join(' | ')} |`,
    `| :-- | --: | ${contenders.map(() => '--:').join(' | ')} |`,
    `| start and exit (\`--version\`) | ${ms(median(node.ms))} | ${rows.map((r) => cell(r.version, r.versionDiff)).join(' | ')} |`,
    ...inputs.map((input, i) => `| first screen of ${input.label} | | ${rows.map((r) => cell(r.screen[i], r.screenDiff[i])).join(' | ')} |`),
    ...inputs.map((input, i) => `| peak memory at the first screen of ${input.label} | ${mib(nodePeak)} | ${rows.map((r) => `${mib(median(r.peak[i]))} (+${mib(median(r.peak[i]) - nodePeak)})`).join(' | ')} |`),
    `| file size | | ${contenders.map((c) => `${(fs.statSync(c.command[c.command.length - 1]).size / 1e6).toFixed(2)} MB`).join(' | ')} |`,
  ];

  // Where the time goes: for each input, medians of each step over the runs, and the processor time spent by the first screen.
  const steps: Array<[string, string, string]> = [
    ['node', '', "Node's start, and its loading of dist/lwl"],
    ['read', 'node', 'reading the bundle'],
    ['compiled', 'read', 'compiling it (with the code cache: loading that)'],
    ['ran', 'compiled', "running its top level (every module's start)"],
    ['firstScreen', 'ran', 'main, to the first screen drawn'],
    ['firstScreen', '', 'all of it: the first screen, ms since Node started'],
    ['cpuFirstScreen', '', 'processor time spent by then, every thread'],
  ];
  const timed = contenders.filter((c) => c.times);
  for (const [i, input] of inputs.entries()) {
    const reports = timed.map((c) =>
      fs
        .readFileSync(timesOf(c, i), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, number>)
        .filter((t) => t.firstScreen !== undefined),
    );
    lines.push('', `Where dist/lwl's time goes, to the first screen of ${input.label} (medians of ${reports[0].length} runs, ms since Node started):`, '');
    lines.push(`| step | ${timed.map((c) => c.name).join(' | ')} |`, `| :-- | ${timed.map(() => '--:').join(' | ')} |`);
    for (const [step, from, what] of steps) {
      lines.push(`| ${what} | ${reports.map((r) => ms(median(r.map((t) => t[step] - (from ? t[from] : 0))))).join(' | ')} |`);
    }
  }
  console.log(lines.join('\n'));
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
