// `make bench`'s Markdown and HTML rows: the first screen of a 100 MB Markdown
// file against the same bytes read as plain text (the issue's target: the same
// time), and of a 20 MB HTML page (target: within 0.5 s); and of the same
// Markdown and HTML once (some tens of KB), which shows whether the first
// screen grows with the file's size. The first screen is timed from spawn until
// the document's first words are at the top and the status line is drawn; each
// file is opened afresh for every run, the documents in turn within a round (so
// that the machine's drift falls on all of them), after a round not counted
// (the code caches written), medians shown.
//
//   npx tsx bench/markdown.ts [--runs N] [--mb N] [--html-mb N] [--timeout S]
//
// The Markdown is the project's vendored READMEs (samples/readmes/) repeated:
// headings, lists, tables, code, badges, reference links and raw HTML. The HTML
// is the URL Standard's (test/data/, from shared/seeds/) repeated, inside one
// <html> so that it is one page of 20 MB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PtySession, killAll } from './pty.ts';
import { median } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lwl = path.join(root, 'dist/lwl');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    mb: { type: 'string', default: '100' },
    'html-mb': { type: 'string', default: '20' },
    timeout: { type: 'string', default: '60' },
  },
});
const runs = Number(values.runs);
const MB = 1e6;
const timeoutMs = Number(values.timeout) * 1000;
const log = (line: string) => process.stderr.write(line + '\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-bench-markdown-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});

const FIRST = 'lwl benchmark: a big Markdown file';

/** `unit` repeated to about `bytes` (once at least), between `head` and `tail`, written to `name`. */
function repeated(name: string, head: string, unit: string, tail: string, bytes: number): string {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, 'w');
  const buf = Buffer.from(unit);
  let written = fs.writeSync(fd, head);
  do written += fs.writeSync(fd, buf);
  while (written < bytes);
  fs.writeSync(fd, tail);
  fs.closeSync(fd);
  return file;
}

const readmes = fs
  .readdirSync(path.join(root, 'samples/readmes'))
  .filter((f) => f.endsWith('README.md'))
  .map((f) => fs.readFileSync(path.join(root, 'samples/readmes', f), 'utf8'))
  .join('\n\n');
const markdown = repeated('big.md', `${FIRST}\n\n`, readmes + '\n\n', '\nThe end.\n', Number(values.mb) * MB);
const smallMarkdown = repeated('small.md', `${FIRST}\n\n`, readmes + '\n\n', '\nThe end.\n', 0);
// The same bytes named .txt: read as plain text, the file's bytes shown as they are.
const plain = path.join(dir, 'big.txt');
fs.linkSync(markdown, plain);

const spec = fs.readFileSync(path.join(root, 'test/data/url-standard-2016-partial.html'), 'utf8');
const body = spec.slice(spec.indexOf('<body'));
const bodyEnd = body.lastIndexOf('</body>');
const htmlHead = spec.slice(0, spec.indexOf('<body')) + '<body>';
const htmlBody = body.slice(body.indexOf('>') + 1, bodyEnd > 0 ? bodyEnd : undefined) + '\n';
const html = repeated('big.html', htmlHead, htmlBody, '</body></html>\n', Number(values['html-mb']) * MB);
const smallHtml = repeated('small.html', htmlHead, htmlBody, '</body></html>\n', 0);

const settings = { cols: 80, rows: 24, cwd: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', HOME: os.homedir() } };

/** Milliseconds from spawn to a first screen whose top row passes `top`, or null. */
async function firstScreen(file: string, top: (row: string) => boolean): Promise<number | null> {
  const s = new PtySession(process.execPath, [lwl, file], settings);
  const at = await s.waitFor((x) => top(x.row(0)) && x.status().trim() !== '', timeoutMs);
  await s.close('q');
  return at === null ? null : at - s.startedAt;
}

/** A size for the table: MB for the big files, KB for the small. */
const size = (file: string) => {
  const bytes = fs.statSync(file).size;
  return bytes >= MB ? `${(bytes / MB).toFixed(0)} MB` : `${(bytes / 1000).toFixed(0)} KB`;
};

const markdownTop = (row: string) => row === FIRST;
const htmlTop = (row: string) => row.startsWith('[image: WHATWG]');
const documents = [
  { name: 'Markdown (.md)', file: markdown, top: markdownTop },
  { name: 'the same bytes as plain text (.txt)', file: plain, top: markdownTop },
  { name: 'Markdown (.md), the READMEs once', file: smallMarkdown, top: markdownTop },
  { name: "HTML (the URL Standard's, repeated)", file: html, top: htmlTop },
  { name: "HTML, the URL Standard's once", file: smallHtml, top: htmlTop },
];

if (!fs.existsSync(lwl)) throw new Error(`bench/markdown: ${lwl} is missing: run make first`);
const times: (number | null)[][] = documents.map(() => []);
// One round first that is not counted: a new build's first start writes its code caches (src/boot.ts).
for (const { file, top } of documents) await firstScreen(file, top);
for (let i = 0; i < runs; i++) {
  for (const [d, { name, file, top }] of documents.entries()) {
    if (times[d].includes(null)) continue;
    const t = await firstScreen(file, top);
    times[d].push(t);
    log(`${name}: run ${i + 1}: ${t === null ? 'timeout' : `${t.toFixed(0)} ms`}`);
  }
}
console.log(`\nFirst screen at 80x24, median of ${runs} runs (spawn to the first row and the status line drawn; Node's start-up included):\n`);
console.log('| document | size | first screen |');
console.log('| :-- | --: | --: |');
for (const [d, { name, file }] of documents.entries()) {
  const all = times[d];
  console.log(`| ${name} | ${size(file)} | ${all.includes(null) ? 'timeout' : `${median(all as number[]).toFixed(0)} ms`} |`);
}
