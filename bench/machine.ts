// What the figures were measured on: the machine, the versions, and the cost
// of starting Node (which lwl pays on every start and less does not).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './report.ts';

export interface Machine {
  date: string;
  cpu: string;
  cores: number;
  ramGiB: number;
  kernel: string;
  node: string;
}

export function machine(): Machine {
  let cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpu;
  } catch {
    // not Linux: os.cpus() said what it could
  }
  return {
    date: new Date().toISOString().slice(0, 10),
    cpu,
    cores: os.cpus().length,
    ramGiB: Math.round(os.totalmem() / 2 ** 30),
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** The first executable `name` on PATH, or null. */
export function which(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not here
    }
  }
  return null;
}

/** "less 590 (GNU regular expressions)", from `less --version`. */
export function lessVersion(less: string): string {
  const out = spawnSync(less, ['--version'], { encoding: 'utf8' });
  return out.stdout?.split('\n')[0]?.trim() || 'less (version unknown)';
}

/** Median wall time of `node -e 0`, in ms. */
export function nodeStartup(env: Record<string, string>, runs = 11): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', '0'], { env, stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return median(times);
}
