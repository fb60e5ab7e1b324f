// URL parsing benchmark: ours against Node's URL, on the WPT inputs and on ~100k realistic
// hrefs resolved against a document base. Run: npx tsx bench/url.ts
//
// Node's URL takes the base as a string and parses it again on every call; ours takes the
// base already parsed (as lwl does: one base per document). Both figures are printed: the
// "base parsed every time" row makes ours re-parse the base too, as Node must. Every
// figure includes serializing the result (Node's href). Node throws on failure, which
// makes the WPT set (with its ~150 failures) slower for it.

import { readFileSync } from 'node:fs';
import { parseUrl, serializeUrl, type UrlRecord } from '../src/link/url/index.ts';
import { prng as rng } from '../test/random.ts';

interface Case {
  input: string;
  base: string | null;
}

const wpt: Case[] = (JSON.parse(readFileSync(new URL('../test/data/urltestdata.json', import.meta.url), 'utf8')) as unknown[])
  .filter((c): c is Case => typeof c === 'object' && c !== null);

const WORDS = ['docs', 'api', 'guide', 'index', 'images', 'blog', '2024', 'release-notes', 'intro', 'faq',
  'user', 'settings', 'search', 'static', 'v2', 'assets', 'css', 'js', 'download', 'about', 'café', 'naïve', 'über'];
const EXTS = ['.html', '.htm', '.png', '.css', '.js', '.pdf', '', '/', '.md'];
const HOSTS = ['example.com', 'www.example.org', 'cdn.example.net', 'en.wikipedia.org', 'github.com',
  'news.ycombinator.com', 'docs.python.org', 'localhost:8080', '127.0.0.1', 'sub.domain.example.co.uk'];

function realisticHrefs(count: number): string[] {
  const r = rng(42);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)]!;
  const segs = (k: number) => Array.from({ length: k }, () => pick(WORDS)).join('/');
  const query = () => '?' + Array.from({ length: 1 + Math.floor(r() * 3) }, () => `${pick(WORDS)}=${pick(WORDS)}`).join('&');
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const k = 1 + Math.floor(r() * 4);
    switch (Math.floor(r() * 10)) {
      case 0: out.push('#' + pick(WORDS)); break;                                   // fragment
      case 1: out.push(query()); break;                                             // query only
      case 2: out.push(segs(k) + pick(EXTS)); break;                                // relative path
      case 3: out.push('../' + segs(k) + pick(EXTS) + (r() < 0.3 ? '#' + pick(WORDS) : '')); break;
      case 4: out.push('/' + segs(k) + pick(EXTS) + (r() < 0.5 ? query() : '')); break; // absolute path
      case 5: out.push(`https://${pick(HOSTS)}/${segs(k)}${pick(EXTS)}`); break;        // absolute URL
      case 6: out.push(`http://${pick(HOSTS)}/${segs(k)}${query()}#${pick(WORDS)}`); break;
      case 7: out.push(`//${pick(HOSTS)}/${segs(k)}${pick(EXTS)}`); break;              // scheme-relative
      case 8: out.push(`./${segs(k)}${pick(EXTS)}${query()}`); break;
      default: out.push(r() < 0.5 ? `mailto:${pick(WORDS)}@${pick(HOSTS)}` : `${segs(k)} with space${pick(EXTS)}`);
    }
  }
  return out;
}

/** Runs fn once over `count` inputs; returns parses per second. */
function timeOnce(count: number, fn: () => void): number {
  const start = performance.now();
  fn();
  return count / ((performance.now() - start) / 1000);
}

/**
 * Rates of each contender, measured in interleaved rounds of about `ms` each, keeping each
 * one's best round: the machine may be shared, and the best round is the least disturbed.
 */
function rates(count: number, fns: (() => void)[], rounds = 7, ms = 300): number[] {
  for (const fn of fns) fn(); // warm up
  const best = fns.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, i) => {
      const until = performance.now() + ms;
      let total = 0;
      let n = 0;
      while (performance.now() < until) {
        total += timeOnce(count, fn);
        n++;
      }
      best[i] = Math.max(best[i]!, total / n);
    });
  }
  return best;
}

let sink = 0; // keeps results alive so nothing is optimized away

function benchSet(name: string, inputs: string[], bases: (string | null)[]): void {
  const parsedBases = new Map<string, UrlRecord | null>();
  for (const b of bases) {
    if (b !== null && !parsedBases.has(b)) {
      const r = parseUrl(b);
      parsedBases.set(b, r.ok ? r.url : null);
    }
  }
  const oursParsedBase = (): void => {
    for (let i = 0; i < inputs.length; i++) {
      const b = bases[i]!;
      const r = parseUrl(inputs[i]!, b === null ? null : parsedBases.get(b));
      if (r.ok) sink += serializeUrl(r.url).length;
    }
  };
  const oursStringBase = (): void => {
    for (let i = 0; i < inputs.length; i++) {
      const b = bases[i]!;
      let base: UrlRecord | null = null;
      if (b !== null) {
        const rb = parseUrl(b);
        if (!rb.ok) continue;
        base = rb.url;
      }
      const r = parseUrl(inputs[i]!, base);
      if (r.ok) sink += serializeUrl(r.url).length;
    }
  };
  const node = (): void => {
    for (let i = 0; i < inputs.length; i++) {
      const b = bases[i]!;
      try {
        sink += new URL(inputs[i]!, b ?? undefined).href.length;
      } catch {
        // a failure, as ours returns
      }
    }
  };
  const [nodeRate, oursRate, sameRate] = rates(inputs.length, [node, oursParsedBase, oursStringBase]) as [number, number, number];
  const fmt = (x: number): string => `${Math.round(x).toLocaleString('en-US').padStart(10)} parses/s`;
  const vs = (x: number): string => `ours/Node ${(x / nodeRate).toFixed(2)} (Node ${(nodeRate / x).toFixed(2)}x ours)`;
  console.log(`${name} (${inputs.length} inputs)`);
  console.log(`  Node URL: new URL(input, baseString).href     ${fmt(nodeRate)}`);
  console.log(`  ours: base parsed once, parse + serialize      ${fmt(oursRate)}   ${vs(oursRate)}`);
  console.log(`  ours: base parsed every time (Node's work)     ${fmt(sameRate)}   ${vs(sameRate)}`);
}

const hrefs = realisticHrefs(100_000);
const BASE = 'https://www.example.org/docs/guide/index.html?lang=en#top';
console.log(`node ${process.version}`);
benchSet('WPT urltestdata inputs', wpt.map((c) => c.input), wpt.map((c) => c.base));
benchSet('realistic hrefs against one base', hrefs, hrefs.map(() => BASE));
if (sink === 0) console.log('');
