// Turning runs into the Markdown that goes into README.md as is.
import { COLOURED, type Input } from './inputs.ts';
import type { Machine } from './machine.ts';
import { MEASUREMENTS, type Figure, type Floor, type Measurement, type RunResult } from './measure.ts';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The median over runs; a timeout or a missing feature in any run is reported as such. */
export type Summary = number | 'n/a' | 'timeout' | 'not run';

export function summarize(runs: RunResult[], m: Measurement): Summary {
  const figures = runs.map((r) => r[m]).filter((f): f is Figure => f !== undefined);
  if (figures.length === 0) return 'not run';
  if (figures.includes('n/a')) return 'n/a';
  if (figures.includes('timeout')) return 'timeout';
  return median(figures as number[]);
}

const LABELS: Record<Measurement, string> = {
  firstScreen: 'first screen',
  searchMiss: 'search that finds nothing (`/xyzzy`)',
  searchHit: 'search `/e`: first match shown (it is on screen)',
  searchCount: 'search `/e`: every match counted',
  bottom: '`G` (last line on screen)',
  scrollBytes: 'bytes written for one line of scrolling (`j`, the mean of 10)',
  peakMemory: 'peak memory (VmHWM)',
};

const thousands = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function format(m: Measurement, value: Summary): string {
  if (typeof value !== 'number') return value;
  if (m === 'scrollBytes') return `${thousands(Math.round(value))} B`;
  if (m === 'peakMemory') return `${thousands(value / 2 ** 20, 1)} MiB`;
  return `${thousands(value, value < 10 ? 1 : 0)} ms`;
}

function ratio(a: Summary, b: Summary): string {
  if (typeof a !== 'number' || typeof b !== 'number' || b === 0) return '–';
  const r = a / b;
  return thousands(r, r >= 10 ? 0 : r >= 1 ? 1 : 2);
}

export function header(m: Machine, less: string | null, nodeStartupMs: number, timeoutS: number, baseline: string | null): string {
  return [
    `Measured on ${m.date}: ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.kernel}; Node ${m.node}; ${less ?? 'less not found on PATH'}.`,
    `Each pager runs in a pseudo-terminal of 80x24; figures are medians of several runs (timeout ${timeoutS} s per step).`,
    `Node's own start-up (\`node -e 0\`, median of 11): ${thousands(nodeStartupMs)} ms, which lwl pays on every start and less does not.`,
    ...(baseline ? [`"base" is the baseline build ${baseline}, run in turn with this one.`] : []),
  ].join('\n');
}

/** Each pager's runs on one file, by name: lwl first, then "base" and "exe" if they ran, less last. */
export type Results = Map<string, RunResult[]>;

export function table(input: Input, runs: number, results: Results): string {
  const title = `### ${input.label}: ${thousands(input.bytes)} bytes, ${thousands(input.lines)} lines, ${thousands(input.links)} links (median of ${runs} run${runs === 1 ? '' : 's'})`;
  const names = [...results.keys()];
  const less = results.get('less');
  const lwl = results.get('lwl')!;
  const rows = MEASUREMENTS.map((m) => {
    const cells = names.map((name) => format(m, summarize(results.get(name)!, m)));
    if (less) cells.push(ratio(summarize(lwl, m), summarize(less, m)));
    return `| ${LABELS[m]} | ${cells.join(' | ')} |`;
  });
  const columns = [...names, ...(less ? ['lwl / less'] : [])];
  const head = [`| measurement | ${columns.join(' | ')} |`, `| :-- |${columns.map(() => ' --: |').join('')}`];
  return [title, '', ...head, ...rows].join('\n');
}

/** Node's floor over a file's runs, each taken in the same round as the pagers' runs. */
export type Floors = Floor[];

/** One row of issue 28's table of targets: a figure, what it must be within, and the floor or peer it is measured against. */
export interface Target {
  label: string;
  goal: string;
  /** The figure for a build (lwl, base, exe), or null where that build did not run. */
  figure: (pager: string) => Summary | null;
  /** The bound the figure must be within, or null when it cannot be known (less absent). */
  bound: number | null;
  /** The floor or peer's figure, to give a ratio. */
  peer: Summary | null;
  unit: 'ms' | 'bytes' | 'memory';
}

export interface FileRuns {
  input: Input;
  results: Results;
  floors: Floors;
}

const MiB = 2 ** 20;

/**
 * Issue 28's targets, from the runs of every file: the first screen and peak
 * memory over Node's own start and memory taken in the same rounds, /e's first
 * match and j's bytes on every size, G on the coloured log.
 */
export function targets(files: FileRuns[]): Target[] {
  const byLabel = (label: string) => files.find((f) => f.input.label === label);
  const prose = files.filter((f) => f.input.label !== COLOURED.label);
  const figure = (f: FileRuns | undefined, m: Measurement) => (pager: string) => {
    const runs = f?.results.get(pager);
    return runs ? summarize(runs, m) : null;
  };
  const floorStart = (f: FileRuns) => median(f.floors.map((x) => x.start));
  const floorMemory = (f: FileRuns) => median(f.floors.map((x) => x.memory));
  const out: Target[] = [];
  const small = byLabel('5 MiB');
  if (small && small.floors.length) {
    const node = floorStart(small);
    out.push({ label: 'first screen, 5 MiB (dist/lwl)', goal: 'node + 20 ms', figure: figure(small, 'firstScreen'), bound: node + 20, peer: node, unit: 'ms' });
    if (small.results.has('exe')) out.push({ label: 'first screen, 5 MiB (the executable)', goal: 'node + 10 ms', figure: (p) => (p === 'lwl' ? figure(small, 'firstScreen')('exe') : null), bound: node + 10, peer: node, unit: 'ms' });
  }
  for (const f of prose) {
    out.push({ label: `\`/e\`, first match on screen, ${f.input.label}`, goal: '8 ms', figure: figure(f, 'searchHit'), bound: 8, peer: f.results.get('less') ? summarize(f.results.get('less')!, 'searchHit') : null, unit: 'ms' });
  }
  const log = byLabel(COLOURED.label);
  if (log) out.push({ label: 'G, 100 MiB coloured log', goal: '15 ms', figure: figure(log, 'bottom'), bound: 15, peer: log.results.get('less') ? summarize(log.results.get('less')!, 'bottom') : null, unit: 'ms' });
  const memory: Array<[FileRuns | undefined, string, number]> = [
    [small, 'peak memory, 5 MiB open', 16],
    [log, 'peak memory, 100 MiB coloured log', 32],
    [byLabel('1 GiB'), 'peak memory, 1 GiB after G, g, a missed search and /e', 64],
  ];
  for (const [f, label, over] of memory) {
    if (!f || !f.floors.length) continue;
    const node = floorMemory(f);
    out.push({ label, goal: `node + ${over} MiB`, figure: figure(f, 'peakMemory'), bound: node + over * MiB, peer: node, unit: 'memory' });
  }
  for (const f of files) {
    const less = f.results.get('less');
    const peer = less ? summarize(less, 'scrollBytes') : null;
    out.push({ label: `bytes for one \`j\`, ${f.input.label}`, goal: "at most less's", figure: figure(f, 'scrollBytes'), bound: typeof peer === 'number' ? peer : null, peer, unit: 'bytes' });
  }
  return out;
}

const UNIT_MEASURE: Record<Target['unit'], Measurement> = { ms: 'firstScreen', bytes: 'scrollBytes', memory: 'peakMemory' };

/** The targets as a table: each build's figure, met or not, and its ratio to the floor or peer. */
export function targetTable(rows: Target[], builds: string[]): string {
  const head = ['| target | goal | floor or peer | ' + builds.map((b) => `${b} | met | ${b} / floor`).join(' | ') + ' |', '| :-- | :-- | --: |' + builds.map(() => ' --: | :-: | --: |').join('')];
  const lines = rows.map((t) => {
    const m = UNIT_MEASURE[t.unit];
    const cells = builds.map((b) => {
      const value = t.figure(b);
      if (value === null) return '– | | ';
      const met = typeof value !== 'number' || t.bound === null ? '?' : value <= t.bound ? 'yes' : 'no';
      const peer = t.peer ?? 'n/a';
      return `${format(m, value)} | ${met} | ${ratio(value, peer)}`;
    });
    return `| ${t.label} | ${t.goal} | ${t.peer === null ? '–' : format(m, t.peer)} | ${cells.join(' | ')} |`;
  });
  return ["### Issue 28's targets", '', ...head, ...lines].join('\n');
}
