// A long paste into a typing line (issue 29's target: 100,000 characters
// answered within 0.5 s, ^C within 100 ms after it): lwl in a real pty, the
// screen read through @xterm/headless, the time from the paste's write to
// the status line showing its end, then from ^C to the line gone.
//
//   npx tsx bench/typing.ts [--runs 5]
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import pty from 'node-pty';
import xterm from '@xterm/headless';

const root = path.resolve(import.meta.dirname, '..');
const lwl = path.join(root, 'dist/lwl');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(process.argv[runsAt + 1]) : 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(test: () => boolean, what: string, limitMs = 60000): Promise<number> {
  const start = performance.now();
  while (!test()) {
    if (performance.now() - start > limitMs) throw new Error(`no ${what} in ${limitMs} ms`);
    await sleep(1);
  }
  return performance.now() - start;
}

async function once(mode: string, paste: string): Promise<{ typed: number; left: number }> {
  const file = path.join(os.tmpdir(), 'lwl-typing.txt');
  fs.writeFileSync(file, Array.from({ length: 100 }, (_, i) => `line ${i + 1}\n`).join(''));
  const term = new xterm.Terminal({ cols: 100, rows: 30, allowProposedApi: true });
  const proc = pty.spawn(process.execPath, [lwl, file], { name: 'xterm-256color', cols: 100, rows: 30, env: { PATH: process.env.PATH, TERM: 'xterm-256color', LANG: 'C.UTF-8' } });
  proc.onData((d) => term.write(d));
  const status = () => term.buffer.active.getLine(term.buffer.active.viewportY + 29)?.translateToString(true) ?? '';
  await until(() => status().includes('lines 1-'), 'first screen');
  proc.write(mode);
  await until(() => status().startsWith(mode), 'prompt');
  const wrote = performance.now();
  proc.write(paste);
  await until(() => status().includes('THE-END'), 'end of the paste');
  const typed = performance.now() - wrote;
  const interrupted = performance.now();
  proc.write('\x03');
  await until(() => !status().includes('THE-END'), 'line gone');
  const left = performance.now() - interrupted;
  proc.kill();
  term.dispose();
  return { typed, left };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const cases: Array<[string, string, string]> = [
    ['/ 100,000 characters', '/', 'ab'.repeat(49_996) + 'THE-END'],
    ['& 100,000 characters', '&', 'ab'.repeat(49_996) + 'THE-END'],
    ['/ 100,000 with 2,000 Backspaces', '/', 'ab'.repeat(47_996) + 'x\x7f'.repeat(2_000) + 'THE-END'],
  ];
  console.log('| paste | typed (median ms) | ^C after it (median ms) | runs |');
  console.log('| :-- | --: | --: | --: |');
  for (const [name, mode, paste] of cases) {
    const typed: number[] = [];
    const left: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await once(mode, paste);
      typed.push(r.typed);
      left.push(r.left);
    }
    console.log(`| ${name} | ${median(typed).toFixed(0)} | ${median(left).toFixed(0)} | ${runs} |`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
