// The fetch layer's speed: a 5 MiB page served on 127.0.0.1, plain, gzip and
// brotli; the time from the request to the answer's headers, to the first
// chunk delivered, and to the end, medians of several runs. Then lwl itself in
// a pseudo-terminal (`lwl http://127.0.0.1:PORT/...`): the time from the
// server's sending the answer's first bytes to lwl's first screen of the page,
// and from lwl's start. Markdown on stdout.
//
//   npx tsx bench/fetch.ts [--runs N]
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import path from 'node:path';
import { fetchPage } from '../src/web/fetch.ts';
import { PtySession, killAll } from './pty.ts';

const root = path.resolve(import.meta.dirname, '..');
const lwl = path.join(root, 'dist/lwl');

const SIZE = 5 * 1024 * 1024;

function page(): Buffer {
  const parts: string[] = ['<!doctype html><html><head><title>Bench</title></head><body>\n'];
  let size = parts[0].length;
  for (let i = 0; size < SIZE; i++) {
    const line = `<p>Paragraph ${i}: some prose with <a href="/p/${i}">a link</a> and more words to fill the line.</p>\n`;
    parts.push(line);
    size += line.length;
  }
  return Buffer.from(parts.join('')).subarray(0, SIZE);
}

interface Run {
  headers: number;
  first: number;
  end: number;
  bytes: number;
}

async function once(url: string): Promise<Run> {
  const start = performance.now();
  const result = await fetchPage(url, { version: 'bench' });
  if (!result.ok) throw new Error(`${result.title}: ${result.detail}`);
  const headers = performance.now() - start;
  let first = 0;
  let bytes = 0;
  for await (const chunk of result.body) {
    if (bytes === 0) first = performance.now() - start;
    bytes += chunk.length;
  }
  const end = performance.now() - start;
  if ((await result.body.ended).reason !== 'complete') throw new Error('the body did not complete');
  return { headers, first, end, bytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
  const runs = Number(values.runs);
  const body = page();
  const bodies: Record<string, { bytes: Buffer; encoding: string | null }> = {
    identity: { bytes: body, encoding: null },
    gzip: { bytes: zlib.gzipSync(body), encoding: 'gzip' },
    br: { bytes: zlib.brotliCompressSync(body), encoding: 'br' },
  };
  /** When the answer to the last request began to go out (performance.now()). */
  let sentAt = 0;
  const server = http.createServer((req, res) => {
    const which = bodies[(req.url ?? '/').slice(1)] ?? bodies.identity;
    sentAt = performance.now();
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': which.bytes.length,
      ...(which.encoding ? { 'Content-Encoding': which.encoding } : {}),
    });
    res.end(which.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ms = (n: number) => n.toFixed(1);
  console.log(`Fetch of a ${SIZE / 1024 / 1024} MiB HTML page from 127.0.0.1, median of ${runs} runs (ms from the request):\n`);
  console.log('| coding | wire bytes | headers | first chunk | end | MiB/s |');
  console.log('| :-- | --: | --: | --: | --: | --: |');
  for (const [name, { bytes }] of Object.entries(bodies)) {
    await once(`${origin}/${name}`); // warm-up
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await once(`${origin}/${name}`));
    const end = median(results.map((r) => r.end));
    console.log(`| ${name} | ${bytes.length} | ${ms(median(results.map((r) => r.headers)))} | ${ms(median(results.map((r) => r.first)))} | ${ms(end)} | ${(SIZE / 1024 / 1024 / (end / 1000)).toFixed(0)} |`);
  }
  console.log(`\nlwl showing the same page (\`lwl ${origin}/CODING\`) in a pseudo-terminal of 80x24, median of ${runs} runs (ms):\n`);
  console.log("| coding | server's first bytes to the first screen | lwl's start to the request | lwl's start to the first screen |");
  console.log('| :-- | --: | --: | --: |');
  for (const name of Object.keys(bodies)) {
    const screens: number[] = [];
    const startups: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i <= runs; i++) {
      sentAt = 0;
      const session = new PtySession(process.execPath, [lwl, `${origin}/${name}`], { cols: 80, rows: 24, cwd: root, env: { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', LANG: 'C.UTF-8', LWL_BROWSER: 'lwl', HOME: os.homedir() } }); // HOME: lwl's code caches, as a user has them
      const shown = await session.waitFor((s) => s.row(0).includes('Paragraph 0:'), 20_000);
      await session.close('q');
      if (shown === null || sentAt === 0) throw new Error(`lwl did not show the page (${name})`);
      // The first run warms the disk cache.
      if (i === 0) continue;
      screens.push(shown - sentAt);
      startups.push(sentAt - session.startedAt);
      totals.push(shown - session.startedAt);
    }
    console.log(`| ${name} | ${ms(median(screens))} | ${ms(median(startups))} | ${ms(median(totals))} |`);
  }
  server.close();
}

try {
  await main();
} finally {
  killAll();
}
