// Every case of web-platform-tests' urltestdata.json through our parser: the href and
// each component the case gives, and failure where it says failure.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as url from '../src/link/url/index.ts';

interface Case {
  input: string;
  base: string | null;
  failure?: true;
  href?: string;
  origin?: string;
  protocol?: string;
  username?: string;
  password?: string;
  host?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
}

function load(name: string): Case[] {
  const data: (string | Case)[] = JSON.parse(readFileSync(new URL(`./data/${name}`, import.meta.url), 'utf8'));
  return data.filter((c): c is Case => typeof c !== 'string');
}

/** The test data of 2026-01 (rust-url's copy): 869 cases. */
const cases = load('urltestdata.json');
/** The newest WPT suite, of 2026-07: 891 cases, after the standard's IDNA changes. */
const current = load('urltestdata-2026-07.json');

const key = (c: Case): string => JSON.stringify([c.input, c.base]);
const currentByKey = new Map(current.map((c) => [key(c), c]));
const expectation = (c: Case): string => JSON.stringify({ ...c, input: undefined, base: undefined, comment: undefined });

const getters = {
  href: url.href,
  origin: url.origin,
  protocol: url.protocol,
  username: url.username,
  password: url.password,
  host: url.host,
  hostname: url.hostname,
  port: url.port,
  pathname: url.pathname,
  search: url.search,
  hash: url.hash,
} as const;

/** The API's URL parser: the base string is parsed first, and its failure fails the input. */
function parseWithBase(input: string, base: string | null): url.ParseResult {
  if (base === null) return url.parseUrl(input);
  const b = url.parseUrl(base);
  if (!b.ok) return b;
  return url.parseUrl(input, b.url);
}

const title = (c: Case, i: number): string =>
  `#${i} ${JSON.stringify(c.input)}` + (c.base === null ? '' : ` against ${JSON.stringify(c.base)}`);

/** One case: the href and each component it gives, or failure where it says failure. */
function check(c: Case): void {
  const r = parseWithBase(c.input, c.base);
  if (c.failure) {
    expect(r.ok, 'must fail').toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/\S/);
    return;
  }
  expect(r.ok, r.ok ? '' : r.reason).toBe(true);
  if (!r.ok) return;
  const got: Record<string, string> = {};
  const want: Record<string, string> = {};
  for (const [name, get] of Object.entries(getters)) {
    const expected = (c as unknown as Record<string, unknown>)[name];
    if (typeof expected !== 'string') continue;
    want[name] = expected;
    got[name] = get(r.url);
  }
  expect(got).toEqual(want);
  // Parsing the serialization again gives the same URL (the standard's idempotence goal).
  const again = url.parseUrl(url.serializeUrl(r.url));
  expect(again.ok && url.serializeUrl(again.url)).toBe(url.serializeUrl(r.url));
}

describe('urltestdata.json (2026-01)', () => {
  it('has 869 cases', () => {
    expect(cases.length).toBe(869);
  });

  cases.forEach((c, i) => {
    const newer = currentByKey.get(key(c));
    if (newer !== undefined && expectation(newer) !== expectation(c)) {
      // The standard changed its answer for this input (IDNA: ASCII "xn--" labels, the
      // forbidden code point check after ToASCII): the 2026-07 suite's answer is the one
      // checked, here and below.
      it(`${title(c, i)}: superseded by the 2026-07 suite`, () => check(newer));
    } else {
      it(title(c, i), () => check(c));
    }
  });
});

describe('urltestdata-2026-07.json', () => {
  it('has 891 cases', () => {
    expect(current.length).toBe(891);
  });

  current.forEach((c, i) => it(title(c, i), () => check(c)));
});

describe('the parser never throws', () => {
  it('takes every case as input against every case that parses as base', () => {
    const bases = cases.map((c) => url.parseUrl(c.input)).flatMap((r) => (r.ok ? [r.url] : []));
    const thrown: string[] = [];
    for (const b of bases) {
      for (const c of cases) {
        try {
          const r = url.parseUrl(c.input, b);
          if (r.ok) url.serializeUrl(r.url);
        } catch (e) {
          thrown.push(`${c.input} against ${url.serializeUrl(b)}: ${e}`);
        }
      }
    }
    expect(thrown).toEqual([]);
  });

  it('takes random strings built from the characters URLs break on', () => {
    const alphabet = ['a', 'Z', '0', '9', ':', '/', '\\', '?', '#', '@', '[', ']', '.', '%', '%2e', '%zz', ' ', '\t', '\n', '\u0000',
      '\u00ad', 'ß', '\u202e', '\ud800', '\udc00', '💩', 'xn--', '0x', '|', '^', 'file:', 'http:', 'sc:', '//', '..', 'C:', '[::'];
    let seed = 1;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const base = url.parseUrl('https://user:pw@example.com:8080/a/b/c?q#f');
    const fileBase = url.parseUrl('file:///C:/dir/file');
    const thrown: string[] = [];
    for (let i = 0; i < 20000; i++) {
      let input = '';
      const n = Math.floor(random() * 12);
      for (let k = 0; k < n; k++) input += alphabet[Math.floor(random() * alphabet.length)];
      for (const b of [null, base.ok ? base.url : null, fileBase.ok ? fileBase.url : null]) {
        try {
          const r = url.parseUrl(input, b);
          if (r.ok) {
            // What the parser gives, serialized, parses again to the same.
            const href = url.serializeUrl(r.url);
            const again = url.parseUrl(href);
            if (!again.ok || url.serializeUrl(again.url) !== href) thrown.push(`not idempotent: ${JSON.stringify(input)} → ${href}`);
          } else if (r.reason === '') {
            thrown.push(`no reason: ${JSON.stringify(input)}`);
          }
        } catch (e) {
          thrown.push(`${JSON.stringify(input)}: ${e}`);
        }
      }
    }
    expect(thrown.slice(0, 10)).toEqual([]);
  });
});
