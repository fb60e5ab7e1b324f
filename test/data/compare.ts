// How many cases of each URL test data file pass with lwl's parser, Node's URL and the
// whatwg-url package (the reference implementation's npm release). Run from the
// repository root: npx tsx test/data/compare.ts

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as url from '../../src/link/url/index.ts';

interface Case {
  input: string;
  base: string | null;
  failure?: true;
  [component: string]: unknown;
}

// whatwg-url ships no types; only its URL class is used.
const { URL: WhatwgURL } = createRequire(import.meta.url)('whatwg-url') as { URL: new (i: string, b?: string) => Record<string, unknown> };

const COMPONENTS = ['href', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
type Parsed = Record<(typeof COMPONENTS)[number], string> | null;

function ours(input: string, base: string | null): Parsed {
  let b = null;
  if (base !== null) {
    const r = url.parseUrl(base);
    if (!r.ok) return null;
    b = r.url;
  }
  const r = url.parseUrl(input, b);
  if (!r.ok) return null;
  const u = r.url;
  return {
    href: url.href(u), protocol: url.protocol(u), username: url.username(u), password: url.password(u),
    host: url.host(u), hostname: url.hostname(u), port: url.port(u), pathname: url.pathname(u),
    search: url.search(u), hash: url.hash(u),
  };
}

function viaApi(Ctor: new (input: string, base?: string) => Record<string, unknown>) {
  return (input: string, base: string | null): Parsed => {
    try {
      const u = base === null ? new Ctor(input) : new Ctor(input, base);
      return Object.fromEntries(COMPONENTS.map((k) => [k, String(u[k])])) as Parsed;
    } catch {
      return null;
    }
  };
}

function passes(parse: (input: string, base: string | null) => Parsed, c: Case): boolean {
  const got = parse(c.input, c.base);
  if (c.failure) return got === null;
  if (got === null) return false;
  return COMPONENTS.every((k) => typeof c[k] !== 'string' || c[k] === got[k]);
}

const parsers = {
  lwl: ours,
  'node URL': viaApi(URL as unknown as new (i: string, b?: string) => Record<string, unknown>),
  'whatwg-url': viaApi(WhatwgURL),
};

for (const file of ['urltestdata.json', 'urltestdata-2026-07.json']) {
  const cases = (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as unknown[]).filter(
    (c): c is Case => typeof c === 'object' && c !== null,
  );
  const row = Object.entries(parsers).map(([name, parse]) => `${name} ${cases.filter((c) => passes(parse, c)).length}`);
  console.log(`${file} (${cases.length} cases): ${row.join(', ')}`);
}
console.log(`Node ${process.version}`);
