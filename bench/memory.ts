// Memory bounded by what is read (issue 29): HTML that nests deep or shows
// nothing, in lwl in a pseudo-terminal.
//
// - 10 MB of nested <div>, no key pressed: lwl's peak (VmHWM) once it has
//   gone idle; target under 4 x the size + 64 MiB.
// - 50,000 nested <ul><li> (450 KB): G, until the status line says (END);
//   target within 1 s.
// - A single token of 10 MB (a comment, an attribute, a tag's name): G, to
//   (END); target within twice 10 MB of paragraphs (linear in the token).
// - An endless page over http (a server on 127.0.0.1 started here), of nested
//   divs and of paragraphs, no key pressed: resident memory once the page has
//   arrived as far as the read-ahead (16 MiB), and its most over the next
//   seconds; target flat (the network waits).
//
// lwl is run as a user runs it: the file, whose first lines start node with
// the flags build.mjs gives it.
//
//   npx tsx bench/memory.ts [--timeout S] [--watch S]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { which } from './machine.ts';
import { PtySession, killAll } from './pty.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lwl = path.join(root, 'dist/lwl');
const { values } = parseArgs({ options: { timeout: { type: 'string', default: '120' }, watch: { type: 'string', default: '5' } } });
const timeoutMs = Number(values.timeout) * 1000;
const watchMs = Number(values.watch) * 1000;
const MB = 1e6;
const MiB = 2 ** 20;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bench-memory-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});

const settings = { cols: 80, rows: 24, cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', HOME: os.homedir(), LWL_BROWSER: '', BROWSER: '' } };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A field of /proc/PID/status (VmHWM, VmRSS), in bytes. */
function status(pid: number, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

/** The processor time the process has used, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until the process has used no processor time for a second: it has read and rendered what it will. */
async function idle(pid: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (let last = -1, still = 0; performance.now() < deadline; await sleep(250)) {
    const now = cpuTicks(pid);
    still = now === last ? still + 1 : 0;
    last = now;
    if (still >= 4) return true;
  }
  return false;
}

/** Once the first screen is up and quiet, G: the ms until the status line says (END), or null (a timeout). */
async function gToEnd(s: PtySession): Promise<number | null> {
  if ((await s.waitFor((t) => t.status() !== '', timeoutMs)) === null) return null;
  await s.quiet(200, timeoutMs);
  const pressed = performance.now();
  s.type('G');
  const end = await s.waitFor((t) => t.status().includes('(END)'), timeoutMs);
  return end === null ? null : end - pressed;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;

/** Python's documentation page of the built-in types, where python3-doc is installed. */
const PYTHON_STDTYPES = '/usr/share/doc/python3/html/library/stdtypes.html';
/** Node's own changelog, where Debian's nodejs package put it. */
const NODE_CHANGELOG = '/usr/share/doc/nodejs/changelogs/CHANGELOG_V12.md';
const READMES = fs
  .readdirSync(path.join(root, 'samples/readmes'))
  .filter((name) => name.endsWith('README.md'))
  .map((name) => fs.readFileSync(path.join(root, 'samples/readmes', name), 'utf8'));

/** w3m's most resident memory dumping `file` as text: the kernel's count of a child's peak, asked by python3 (where it is). */
function w3mPeak(w3m: string, file: string): string {
  const asked = 'import resource, subprocess, sys; subprocess.run([sys.argv[1], "-dump"] + (["-T", "text/html"] if sys.argv[2].endswith(".html") else []) + [sys.argv[2]], stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)';
  const r = spawnSync('python3', ['-c', asked, w3m, file], { encoding: 'utf8' });
  return r.status === 0 ? mib(Number(r.stdout) * 1024) : 'not measured (no python3)';
}

/** `size` bytes, about, of `line(i)` for i = 0, 1, ... */
function filled(size: number, line: (i: number) => string): string {
  const parts: string[] = [];
  for (let i = 0, n = 0; n < size; i++) {
    const next = line(i);
    parts.push(next);
    n += next.length;
  }
  return parts.join('');
}

/** A generated documentation page of about `size` bytes: headings with ids, paragraphs with links and code, small lists and tables. */
function generatedPage(size: number): string {
  return `<html><body>${filled(size, (i) => `<h2 id="s${i}">Section ${i}</h2><p>Some <b>text</b> with <a href="page${i}.html#x">a link ${i}</a> and <code>code</code> and more words to fill the line up nicely.</p><ul><li>item <a href="/a/${i}">one</a></li><li>item two</li></ul><table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr></table>\n`)}`;
}
const verdict = (ok: boolean) => (ok ? 'yes' : 'NO');

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

console.log('| input | measured | figure | target | met |');
console.log('| :-- | :-- | --: | --: | :-- |');

// 10 MB of nested divs, no key.
{
  const size = 10 * MB;
  const file = write('divs.html', '<div>'.repeat(size / 5));
  const s = new PtySession(lwl, [file], settings);
  const limit = 4 * size + 64 * MiB;
  const settled = await idle(s.pid);
  const peak = settled ? status(s.pid, 'VmHWM') : NaN;
  console.log(`| 10 MB of nested \`<div>\`, no key | peak (VmHWM) | ${settled ? mib(peak) : 'timeout'} | ${mib(limit)} | ${verdict(peak < limit)} |`);
  await s.close('q');
}

// 50,000 nested lists, G.
{
  const file = write('lists.html', '<ul><li>x'.repeat(50_000));
  const s = new PtySession(lwl, [file], settings);
  const shown = await s.waitFor((t) => t.row(0).includes('x'), timeoutMs);
  let figure = 'timeout';
  let ok = false;
  if (shown !== null) {
    await s.quiet(200, timeoutMs);
    const pressed = performance.now();
    s.type('G');
    const end = await s.waitFor((t) => t.status().includes('(END)'), timeoutMs);
    if (end !== null) {
      figure = `${((end - pressed) / 1000).toFixed(2)} s`;
      ok = end - pressed < 1000;
    }
  }
  console.log(`| 50,000 nested \`<ul><li>\` (450 KB) | G to (END) | ${figure} | 1 s | ${verdict(ok)} |`);
  await s.close('q');
}

// A single token of 10 MB (a comment, an attribute's value, a tag's name) beside 10 MB of paragraphs: G, to (END).
{
  const size = 10 * MB;
  const inputs: Array<[string, string]> = [
    ['paragraphs', '<p>a few words\n'.repeat(size / 16)],
    ['a comment', `<p>before<!--${'a'.repeat(size)}-->after`],
    ["an attribute's value", `<p><a href="${'a'.repeat(size)}">link</a>after`],
    ["a tag's name", `<p><x${'a'.repeat(size)}>inside</x>after`],
  ];
  let paragraphs = NaN;
  for (const [what, text] of inputs) {
    const s = new PtySession(lwl, [write('token.html', text)], settings);
    const figure = (await gToEnd(s)) ?? NaN;
    if (what === 'paragraphs') paragraphs = figure;
    const shown = Number.isNaN(figure) ? 'timeout' : `${(figure / 1000).toFixed(2)} s`;
    const target = what === 'paragraphs' ? '' : `${((2 * paragraphs) / 1000).toFixed(2)} s (2x paragraphs)`;
    console.log(`| 10 MB: ${what} | G to (END) | ${shown} | ${target} | ${what === 'paragraphs' ? '' : verdict(figure < 2 * paragraphs)} |`);
    await s.close('q');
  }
}

// Documents that cost memory for their structure (issue 27): each opened, G to (END), idle; the
// peak beside 4 x the source + 64 MiB, and w3m's (-dump, its most resident) where it is installed.
{
  const w3m = which('w3m');
  const documents: Array<[string, () => string]> = [
    ['a generated page of 6.9 MB (headings, paragraphs with links, small lists and tables)', () => write('generated.html', generatedPage(6.9 * MB))],
    ["Python's library/stdtypes.html (python3-doc)", () => PYTHON_STDTYPES],
    ['20 MB of Markdown reference definitions', () => write('refs.md', filled(20 * MB, (i) => `[ref${i}]: https://example.com/some/long/path/${i} "Title ${i}"\n`))],
    ['10 MB of Markdown paragraphs', () => write('paragraphs.md', filled(10 * MB, () => 'Some *text* with [a link](http://x.org/a) and `code` here.\n\n'))],
    ["Node.js's CHANGELOG_V12.md (long commit lists, escapes, links labelled with code)", () => NODE_CHANGELOG],
    ['10 MB of the vendored READMEs, repeated (lists, tables, code, references)', () => write('readmes.md', filled(10 * MB, (i) => `${READMES[i % READMES.length]}\n\n`))],
    ['a 10 MB unclosed `<script>`', () => write('script.html', `<p>before</p><script>${'var a = 1;\n'.repeat(MB)}`)],
    ['a 5 MB `<pre>`', () => write('pre.html', `<pre>${'some preformatted text line here ok\n'.repeat((5 * MB) / 36)}</pre>`)],
    ['a 10 MB paragraph', () => write('paragraph.html', `<p>${'word '.repeat(2 * MB)}</p>`)],
  ];
  for (const [what, make] of documents) {
    const file = make();
    if (!fs.existsSync(file)) {
      console.log(`| ${what} | G, then peak (VmHWM) | not installed | | |`);
      continue;
    }
    const size = fs.statSync(file).size;
    const limit = 4 * size + 64 * MiB;
    const s = new PtySession(lwl, [file], settings);
    let figure = 'timeout';
    let ok = false;
    const took = await gToEnd(s);
    if (took !== null && (await idle(s.pid))) {
      const peak = status(s.pid, 'VmHWM');
      figure = `${mib(peak)} (G ${(took / 1000).toFixed(1)} s)`;
      ok = peak < limit;
    }
    await s.close('q');
    const theirs = w3m ? `; w3m ${w3mPeak(w3m, file)}` : '';
    console.log(`| ${what}, ${(size / MB).toFixed(1)} MB | G, then peak (VmHWM)${theirs} | ${figure} | ${mib(limit)} | ${verdict(ok)} |`);
  }
}

// Endless pages over http.
const pages: Record<string, (n: number) => string> = {
  '/divs.html': (n) => (n === 0 ? '<p>an endless page</p>' : '<div>'.repeat(2000)),
  '/paragraphs.html': () => '<p>an endless paragraph, with some words in it</p>\n'.repeat(200),
};
const server = http.createServer((req, res) => {
  const block = pages[req.url ?? ''];
  if (!block) return void res.writeHead(404).end();
  res.writeHead(200, { 'Content-Type': 'text/html' });
  let n = 0;
  const more = () => {
    while (!res.destroyed) if (!res.write(block(n++))) return void res.once('drain', more);
  };
  more();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
for (const [page, what] of [['/divs.html', 'nested `<div>`'], ['/paragraphs.html', 'paragraphs']]) {
  const s = new PtySession(lwl, [origin + page], settings);
  // The read-ahead arrived: 16 MiB and on.
  const ahead = await s.waitFor((t) => /Loading 127\.0\.0\.1: (1[6-9]|[2-9]\d|\d{3,})(\.\d+)? MiB/.test(t.status()), timeoutMs);
  let figure = 'timeout';
  let ok = false;
  if (ahead !== null && (await idle(s.pid))) {
    const at = status(s.pid, 'VmRSS');
    let most = at;
    for (const until = performance.now() + watchMs; performance.now() < until; await sleep(250)) most = Math.max(most, status(s.pid, 'VmRSS'));
    const arrived = /([\d.]+ MiB)/.exec(s.status())?.[1] ?? '?';
    figure = `${mib(at)}, then ${mib(most)} over ${values.watch} s (${arrived} arrived)`;
    ok = most - at < 8 * MiB;
  }
  console.log(`| an endless page of ${what} over http, no key | resident memory after the read-ahead | ${figure} | flat | ${verdict(ok)} |`);
  await s.close('q');
}
server.closeAllConnections();
server.close();
process.exit(0);
