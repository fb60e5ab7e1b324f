// Turning runs into the Markdown that goes into README.md as is.
import type { Input } from './inputs.ts';
import type { Machine } from './machine.ts';
import { MEASUREMENTS, type Figure, type Measurement, type RunResult } from './measure.ts';

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
  scrollBytes: 'bytes written for one line of scrolling (`j`)',
  peakMemory: 'peak memory (VmHWM)',
};

const thousands = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function format(m: Measurement, value: Summary): string {
  if (typeof value !== 'number') return value;
  if (m === 'scrollBytes') return `${thousands(value)} B`;
  if (m === 'peakMemory') return `${thousands(value / 2 ** 20, 1)} MiB`;
  return `${thousands(value, value < 10 ? 1 : 0)} ms`;
}

function ratio(a: Summary, b: Summary): string {
  if (typeof a !== 'number' || typeof b !== 'number' || b === 0) return '–';
  const r = a / b;
  return thousands(r, r >= 10 ? 0 : r >= 1 ? 1 : 2);
}

export function header(m: Machine, less: string | null, nodeStartupMs: number, timeoutS: number): string {
  return [
    `Measured on ${m.date}: ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.kernel}; Node ${m.node}; ${less ?? 'less not found on PATH'}.`,
    `Each pager runs in a pseudo-terminal of 80x24; figures are medians of several runs (timeout ${timeoutS} s per step).`,
    `Node's own start-up (\`node -e 0\`, median of 11): ${thousands(nodeStartupMs)} ms, which lwl pays on every start and less does not.`,
  ].join('\n');
}

export function table(input: Input, runs: number, lwl: RunResult[], less: RunResult[] | null): string {
  const title = `### ${input.label}: ${thousands(input.bytes)} bytes, ${thousands(input.lines)} lines, ${thousands(input.links)} links (median of ${runs} run${runs === 1 ? '' : 's'})`;
  const rows = MEASUREMENTS.map((m) => {
    const a = summarize(lwl, m);
    if (!less) return `| ${LABELS[m]} | ${format(m, a)} |`;
    const b = summarize(less, m);
    return `| ${LABELS[m]} | ${format(m, a)} | ${format(m, b)} | ${ratio(a, b)} |`;
  });
  const head = less ? ['| measurement | lwl | less | lwl / less |', '| :-- | --: | --: | --: |'] : ['| measurement | lwl |', '| :-- | --: |'];
  return [title, '', ...head, ...rows].join('\n');
}
