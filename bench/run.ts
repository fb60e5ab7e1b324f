// `make bench`: lwl against less on generated files of 5 MiB, 100 MiB and 1 GiB.
// Progress goes to stderr; the report (Markdown, for README.md) to stdout.
//
//   npx tsx bench/run.ts [--no-1g] [--coloured] [--runs N] [--timeout SECONDS] [--baseline DIST] [--exe EXE]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { COLOURED, generate, generateColoured, SIZES, type InputSpec } from './inputs.ts';
import { lessVersion, machine, nodeStartup, which } from './machine.ts';
import { measureFloor, measureRun, type Floor, type Pager, type Settings } from './measure.ts';
import { killAll } from './pty.ts';
import { header, table, targets, targetTable, type FileRuns, type Results } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lwlBin = path.join(root, 'dist/lwl');

const usage = `usage: npx tsx bench/run.ts [--no-1g] [--coloured] [--runs N] [--timeout SECONDS] [--baseline DIST] [--exe EXE]
  --no-1g         skip the 1 GiB file
  --coloured      only the 100 MiB prose and the 100 MiB coloured log (program output, SGR on most lines)
  --runs N        runs per pager and file (default: 5 for 5 MiB, 3 for the bigger ones)
  --timeout S     give up a step after S seconds and print "timeout" (default: 120)
  --baseline DIST another build of dist/lwl (from another commit), run in turn with this one as "base"
  --exe EXE       the standalone executable (make exe), run in turn on the 5 MiB file as "exe"`;

function options() {
  try {
    const { values } = parseArgs({
      options: {
        'no-1g': { type: 'boolean', default: false },
        coloured: { type: 'boolean', default: false },
        runs: { type: 'string' },
        timeout: { type: 'string', default: '120' },
        baseline: { type: 'string' },
        exe: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    const runs = values.runs === undefined ? null : Number(values.runs);
    const timeout = Number(values.timeout);
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    if ((runs !== null && !(Number.isInteger(runs) && runs > 0)) || !(timeout > 0)) throw new Error('--runs takes a whole number, --timeout a number of seconds');
    for (const file of [values.baseline, values.exe]) if (file !== undefined && !fs.existsSync(file)) throw new Error(`${file}: no such file`);
    return { skip1g: values['no-1g'], onlyColoured: values.coloured, runs, timeoutS: timeout, baseline: values.baseline ?? null, exe: values.exe ?? null };
  } catch (err) {
    console.error(`bench: ${(err as Error).message}\n${usage}`);
    process.exit(2);
  }
}

const log = (line: string) => process.stderr.write(line + '\n');

/** A build of lwl, run as a user runs it: dist/lwl (the file, whose first lines start node), or the standalone executable. */
const lwlPager = (name: string, script: string | null, exe: string | null = null): Pager => ({
  name,
  command: exe ?? script!,
  // As less runs (its incremental search is off unless asked for): the search is timed from Enter.
  args: (file) => ['--no-incsearch', file],
  missMessage: 'Pattern not found',
  afterMiss: '',
  cancelPrompt: '\x1b',
  hitStatus: /^match 1 of /,
  countStatus: /^match 1 of [\d,]+$/,
  readStatus: / of [\d,]+ \(/,
  // A code-cache folder of each build's own: two builds in turn in one folder would each remove the other's cache.
  env: { XDG_CACHE_HOME: path.join(os.tmpdir(), `lwl-bench-cache-${name}`) },
});

function lessPager(command: string): Pager {
  return {
    name: 'less',
    command,
    // -R: SGR in the coloured log shown as colours (it changes nothing in the prose).
    args: (file) => ['-R', file],
    missMessage: 'Pattern not found',
    afterMiss: '\r', // "Pattern not found  (press RETURN)"
    cancelPrompt: '\x7f'.repeat(10), // backspacing past the "/" leaves the prompt
    hitStatus: null,
    countStatus: null,
    readStatus: null,
  };
}

async function main(): Promise<void> {
  const opts = options();
  if (!fs.existsSync(lwlBin)) {
    console.error(`bench: ${lwlBin} is missing: run make first`);
    process.exit(1);
  }
  // The pagers get a small, fixed environment: no LESS, LESSOPEN or NODE_OPTIONS from the caller's.
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    LESSHISTFILE: '-', // the benchmark's searches stay out of the user's ~/.lesshst
  };
  const lessBin = which('less');
  const less = lessBin ? lessPager(lessBin) : null;
  const lessName = lessBin ? `${lessVersion(lessBin)} at ${lessBin}` : null;
  log(lessBin ? `less: ${lessName}` : 'less is not on PATH: measuring lwl alone');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bench-'));
  const cleanup = () => {
    killAll();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }

  const settings: Settings = { cols: 80, rows: 24, env, cwd: dir, timeoutMs: opts.timeoutS * 1000 };
  const started = performance.now();
  try {
    const startup = nodeStartup(env);
    const sections = [header(machine(), lessName, startup, opts.timeoutS, opts.baseline)];
    const noSearch = new Set<string>();
    const specs: Array<[InputSpec, typeof generate]> = SIZES.map((spec) => [spec, generate]);
    if (!opts.onlyColoured) specs.push([COLOURED, generateColoured]);
    else specs.splice(0, specs.length, [SIZES[1], generate], [COLOURED, generateColoured]);
    const lwl = lwlPager('lwl', lwlBin);
    const base = opts.baseline ? lwlPager('base', opts.baseline) : null;
    const exe = opts.exe ? lwlPager('exe', null, path.resolve(opts.exe)) : null;
    const files: FileRuns[] = [];
    for (const [spec, make] of specs) {
      if (opts.skip1g && spec.bytes >= 2 ** 30) continue;
      let t = performance.now();
      const input = make(spec, dir);
      log(`${spec.label}: generated in ${Math.round(performance.now() - t)} ms`);
      const runs = opts.runs ?? (spec.bytes <= 10 * 2 ** 20 ? 5 : 3);
      // The executable's figure that matters is its start: it runs on the small file only.
      const pagers = [lwl, base, spec.bytes <= 10 * 2 ** 20 ? exe : null, less].filter((p): p is Pager => p !== null);
      const results: Results = new Map(pagers.map((p) => [p.name, []]));
      const floors: Floor[] = [];
      for (let i = 0; i < runs; i++) {
        // Node's own start and memory, in the same round as the pagers it is the floor of.
        const floor = await measureFloor(settings);
        if (floor) floors.push(floor);
        log(`${spec.label}: node -e run ${i + 1}/${runs} ${JSON.stringify(floor, round)}`);
        // Alternating the pagers, in an order that turns from round to round, spreads any drift of the machine over all.
        for (let k = 0; k < pagers.length; k++) {
          const pager = pagers[(i + k) % pagers.length];
          t = performance.now();
          const result = await measureRun(pager, input, settings, noSearch);
          results.get(pager.name)!.push(result);
          log(`${spec.label}: ${pager.name} run ${i + 1}/${runs} in ${((performance.now() - t) / 1000).toFixed(1)} s ${JSON.stringify(result, round)}`);
        }
      }
      fs.rmSync(input.path);
      files.push({ input, results, floors });
      sections.push(table(input, runs, results));
    }
    sections.splice(1, 0, targetTable(targets(files), base ? ['lwl', 'base'] : ['lwl']));
    console.log(sections.join('\n\n'));
    log(`bench: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    cleanup();
  }
}

/** JSON.stringify replacer: whole milliseconds in the progress lines. */
function round(_key: string, value: unknown): unknown {
  return typeof value === 'number' ? Math.round(value * 10) / 10 : value;
}

await main();
