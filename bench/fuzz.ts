// Fuzzing the pager in a real pty: random documents (random bytes, hostile
// markup, controls, bidi, long lines) paged with random keys and resizes.
// Counts what must never happen: foreign bytes reaching the terminal (any
// escape sequence outside lwl's own set, any C0/C1 or bidi control, a title
// set), crashes (exit status other than 0, or "internal error"), and hangs
// (no exit within 5 s of q). The keys include `:e` onto special files (a named
// pipe, the terminal, devices, a directory) and pastes of up to 100,000
// characters into the typing lines. Not part of `make test`.
//
//   npx tsx bench/fuzz.ts [--seconds 300] [--seed N]
//   npx tsx bench/fuzz.ts --replay DOC    (a kept document, with its size and keys)
//
// Failing documents and their keys are kept in $TMPDIR/lwl-fuzz-<seed>/.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { foreignBytes } from '../test/e2e/foreign.ts';

const root = path.resolve(import.meta.dirname, '..');
const lwl = path.join(root, 'dist/lwl');

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('--seconds', 300);
const seed = arg('--seed', Date.now() % 1e9);

// Mulberry32: a small seeded generator, so a failure can be run again.
let state = seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]): T => list[int(list.length)];

const hostile = [
  '\x1b]0;PWNED\x07', '\x1b]52;c;cHduZWQ=\x07', '\x1b[2J', '\x1b[31m', '\x1bP+q\x1b\\', '\x1b]8;;http://x/\x1b\\', '\x1bc',
  '\u009b2J', '\u009d0;T\u009c', '\u0090q\u009c', '\x07', '\x08', '\r', '\x00', '\x7f',
  '\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u180e', '\u3164',
  '\ufe0f', '\u0301', '👨‍👩‍👧', '🇰🇷', '한', '日本', 'e\u0301', '\t', '\n', '\n\n', ' ',
];
const markup = ['[', ']', '(', ')', '](', '\\', '<', '>', '#', '`', '[a](', '[link](https://example.com/', '[x](#', '[f](file:///tmp/', '[j](javascript:', '](http://a\u202eb/'];
const words = ['lorem', 'ipsum', 'https://evil.example/', 'www.bank.example', 'a', 'the', '%1b', '%e2%80%ae'];

function randomBytes(n: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = int(256);
  return b;
}

/** A document of one of several kinds. */
function document(): { kind: string; bytes: Buffer } {
  const kind = pick(['bytes', 'markup', 'controls', 'long', 'mixed'] as const);
  const parts: Array<string | Buffer> = [];
  const size = int(4) === 0 ? 20000 + int(200000) : 200 + int(5000);
  let length = 0;
  const push = (p: string | Buffer) => {
    parts.push(p);
    length += p.length;
  };
  while (length < size) {
    if (kind === 'bytes') push(randomBytes(64));
    else if (kind === 'markup') push(pick([...markup, ...markup, ...hostile, ...words]));
    else if (kind === 'controls') push(pick([...hostile, ...words, ' ']));
    else if (kind === 'long') push(pick([...hostile, ...words, ...markup]).replace(/\n/g, '').repeat(1 + int(2000)));
    else push(int(3) === 0 ? randomBytes(1 + int(8)) : pick([...hostile, ...markup, ...words, ' ', '\n']));
  }
  return { kind, bytes: Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))) };
}

/** A named pipe no one writes to (made in main): `:e` onto it must be refused, not block lwl in its open. */
let fifo = '';
/** Special files `:e` must refuse without blocking or reading them: a named pipe, the terminal, devices, a directory. */
const specials = () => [fifo, '/dev/tty', '/dev/stdin', '/dev/zero', '/dev/null', '/proc/self/fd/1', os.tmpdir()];

/** A paste's text: words and hostile characters, `length` code units or so. */
function pasteText(length: number): string {
  const parts: string[] = [];
  for (let n = 0; n < length; ) {
    // One line, as a paste into a typing line is: no Enter in it (which would act on the line, and the rest be keys).
    const part = pick([...words, ...hostile.filter((h) => !/[\x1b\r\n]/.test(h)), ' ']);
    parts.push(part);
    n += part.length;
  }
  return parts.join('');
}

// Keys that page, step links, preview, search; never Enter on a link, `!`, `>` or `|`, which run things.
const keys = ['j', 'k', 'd', 'u', ' ', 'b', 'g', 'G', 'n', 'N', '\t', '\x1b[Z', 'v', 'x', '\x1b[A', '\x1b[B', '\x1b[5~', '\x1b[6~', '\x1b[H', '\x1b[F', '\x0c', '5', '0', '\x15'];
function key(): string {
  const r = int(20);
  if (r === 0) return `/${pick(['a', 'e', '\u202e', '<1b>', 're:a+', 'zz', '\x1b]0;T\x07'])}\r`;
  if (r === 1) return `?${pick(['a', 'lorem'])}\r`;
  if (r === 2) return `:e${pick(specials())}\r`;
  // A paste into a typing line (up to 100,000 characters), then Escape.
  if (r === 3) return `${pick(['/', '&', '?'])}${pasteText(1000 + int(100000))}\x1b`;
  return pick(keys);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Result {
  keys: number;
  foreign: string[];
  titles: number;
  crash: string | null;
  hang: boolean;
  /** Exited only after a second q, 5 s later. */
  slow: boolean;
}

function screenText(term: xterm.Terminal): string {
  const buffer = term.buffer.active;
  const rows: string[] = [];
  for (let i = 0; i < term.rows; i++) rows.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
  return rows.join('\n');
}

const LEAVE_SCREEN = '\x1b[?1049l';

/** How many times `output` sets the terminal's title, read by a terminal of its own. */
async function titlesSet(output: string, cols: number, rows: number): Promise<number> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  let titles = 0;
  term.onTitleChange(() => titles++);
  await new Promise<void>((resolve) => term.write(output, resolve));
  term.dispose();
  return titles;
}

async function session(file: string, log: string[], replay: string[] | null = null): Promise<Result> {
  let cols = 20 + int(120);
  let rows = 4 + int(40);
  if (replay) [cols, rows] = replay.shift()!.slice('size '.length).split('x').map(Number);
  log.push(`size ${cols}x${rows}`);
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  // lwl's word that it has acted on every byte typed (term/idle-signal.ts): the quit keys wait for it, so that a
  // key typed while lwl is still busy with a paste is not read with the next as one (Escape and q as Alt-q).
  const signal = `${file}.signal`;
  fs.writeFileSync(signal, '');
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.tmpdir(), TERM: 'xterm-256color', LANG: 'C.UTF-8', BROWSER: '/bin/true', LWL_TEST_SIGNAL: signal };
  let written = 0;
  const write = (keys: string) => {
    written += Buffer.byteLength(keys);
    proc.write(keys);
  };
  /** Waits until lwl says it has acted on all that was written (or it ended); how long that took, or Infinity past `limitMs`. */
  const caughtUp = async (limitMs: number): Promise<number> => {
    const start = performance.now();
    for (;;) {
      const last = fs.readFileSync(signal, 'utf8').trimEnd().split('\n').at(-1) ?? '';
      if (exit !== null || Number(last.split(' ')[1] ?? -1) >= written) return performance.now() - start;
      if (performance.now() - start > limitMs) return Infinity;
      await sleep(10);
    }
  };
  // -f: no binary question (test/e2e/binary-input.test.ts tests it): keys typed after its answer ends lwl would be echoed by the tty, not written by lwl.
  const proc = pty.spawn(process.execPath, [lwl, '-f', file], { name: env.TERM, cols, rows, cwd: os.tmpdir(), env, encoding: null });
  const chunks: Buffer[] = [];
  let lastOutput = performance.now();
  proc.onData((data: string | Buffer) => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    chunks.push(bytes);
    lastOutput = performance.now();
    term.write(bytes);
  });
  let exit: { exitCode: number; signal?: number } | null = null;
  proc.onExit((e) => (exit = e));
  const settle = async (max: number) => {
    const until = performance.now() + max;
    while (performance.now() < until && performance.now() - lastOutput < 40) await sleep(10);
    while (performance.now() < until && performance.now() - lastOutput < 40) await sleep(10);
  };
  // Keys typed before lwl takes the terminal would be echoed by the tty: wait for its first screen.
  const started = performance.now();
  while (!Buffer.concat(chunks).includes('\x1b[?1049h') && exit === null && performance.now() - started < 10000) await sleep(10);
  await settle(3000);
  const count = replay ? replay.length : 5 + int(60);
  let sent = 0;
  for (; sent < count && exit === null; sent++) {
    const step = replay ? replay[sent] : null;
    if (step ? step.startsWith('resize') : int(12) === 0) {
      [cols, rows] = step ? step.slice('resize '.length).split('x').map(Number) : [10 + int(130), 3 + int(45)];
      log.push(`resize ${cols}x${rows}`);
      proc.resize(cols, rows);
      term.resize(cols, rows);
    } else {
      const k = step ? (JSON.parse(step) as string) : key();
      log.push(JSON.stringify(k));
      write(k);
    }
    await settle(2000);
  }
  // Escape leaves a prompt; a first q may close the preview; the second quits. Each once lwl has caught up.
  const catchUp = await caughtUp(30000);
  if (catchUp > 1000) log.push(`caught up with the keys ${catchUp === Infinity ? 'not in 30 s' : `in ${Math.round(catchUp)} ms`}`);
  write('\x1b');
  await caughtUp(5000);
  write('q');
  await caughtUp(5000);
  if (exit === null) write('q');
  const deadline = performance.now() + 5000;
  while (exit === null && performance.now() < deadline) await sleep(20);
  const hang = exit === null;
  let slow = false;
  if (hang) {
    // Tell a true hang from a machine too busy: one more q, five more seconds.
    log.push(`no exit 5 s after q; screen:\n${screenText(term)}`);
    write('q');
    const later = performance.now() + 5000;
    while (exit === null && performance.now() < later) await sleep(20);
    slow = exit !== null;
    if (!slow) proc.kill('SIGKILL');
  }
  while (exit === null) await sleep(20);
  // node-pty may hand over the last output after the exit: wait until it stops.
  await settle(1000);
  const output = Buffer.concat(chunks).toString("utf8");
  if (process.env.FUZZ_DEBUG) fs.writeFileSync(`${file}.out`, output);
  const finished = exit as { exitCode: number; signal?: number };
  const crash = output.includes('internal error')
    ? 'internal error'
    : !hang && (finished.exitCode !== 0 || finished.signal)
      ? `exit ${finished.exitCode} signal ${finished.signal ?? 0}`
      : null;
  term.dispose();
  fs.rmSync(signal, { force: true });
  // What came after lwl gave the screen back for the last time is the tty's echo of keys typed once it had
  // quit (a paste with a q in it, whose rest arrives in cooked mode), not lwl's output.
  const left = output.lastIndexOf(LEAVE_SCREEN);
  const lwls = left >= 0 ? output.slice(0, left + LEAVE_SCREEN.length) : output;
  return { keys: sent, foreign: foreignBytes(lwls), titles: await titlesSet(lwls, cols, rows), crash, hang: hang && !slow, slow };
}

async function main(): Promise<void> {
  if (!fs.existsSync(lwl)) throw new Error('dist/lwl is missing: run make first');
  const replayAt = process.argv.indexOf('--replay');
  if (replayAt >= 0) {
    // --replay DOC: the document again, with the size and keys of DOC.log.
    const file = process.argv[replayAt + 1];
    const steps = fs.readFileSync(`${file}.log`, 'utf8').split('\n').filter((l) => /^(size|resize|")/.test(l));
    const r = await session(file, [], steps);
    console.log(JSON.stringify({ ...r, output: undefined }, null, 1));
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lwl-fuzz-${seed}-`));
  fifo = path.join(dir, 'fifo');
  execFileSync('mkfifo', [fifo]);
  const end = performance.now() + seconds * 1000;
  const totals = { documents: 0, keys: 0, foreign: 0, titles: 0, crashes: 0, hangs: 0, slow: 0 };
  const kinds: Record<string, number> = {};
  while (performance.now() < end) {
    const doc = document();
    kinds[doc.kind] = (kinds[doc.kind] ?? 0) + 1;
    // Each reader in turn: lwl's markup (.lwl), Markdown (.md), HTML (.html), plain (.txt).
    const file = path.join(dir, `doc-${totals.documents}.${['lwl', 'md', 'html', 'txt'][totals.documents % 4]}`);
    fs.writeFileSync(file, doc.bytes);
    const log: string[] = [];
    const r = await session(file, log);
    totals.documents++;
    totals.keys += r.keys;
    totals.foreign += r.foreign.length;
    totals.titles += r.titles;
    if (r.crash) totals.crashes++;
    if (r.hang) totals.hangs++;
    if (r.slow) totals.slow++;
    const bad = r.foreign.length > 0 || r.titles > 0 || r.crash !== null || r.hang || r.slow;
    if (bad) {
      fs.writeFileSync(`${file}.log`, [`kind ${doc.kind}`, `crash ${r.crash}`, `hang ${r.hang}`, `slow ${r.slow}`, `titles ${r.titles}`, ...r.foreign.map((f) => `foreign ${f}`), ...log].join('\n') + '\n');
      process.stderr.write(`doc ${totals.documents - 1} (${doc.kind}): foreign ${r.foreign.length}, titles ${r.titles}, crash ${r.crash}, hang ${r.hang}, slow ${r.slow}\n`);
    } else fs.rmSync(file);
    if (totals.documents % 10 === 0) process.stderr.write(`${totals.documents} documents, ${totals.keys} keys\n`);
  }
  console.log(`seed ${seed}, ${seconds} s: ${totals.documents} documents (${Object.entries(kinds).map(([k, n]) => `${k} ${n}`).join(', ')}), ${totals.keys} keys`);
  console.log(`foreign bytes ${totals.foreign}, titles set ${totals.titles}, crashes ${totals.crashes}, hangs ${totals.hangs} (and ${totals.slow} that quit only on a second q, 5 s later)`);
  console.log(`failing documents kept in ${dir}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
