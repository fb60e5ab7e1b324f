// The fast paths of loading against simple references: the SIMD scanner against the
// byte loop, and MarkupReader (its UTF-8 fast path, its in-place output, its chunk
// seams) against a one-pass reference parser written here from the markup rules.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';
import {
  HREF_STOP, PLAIN_SPECIAL, PLAIN_SPECIAL_IN_UTF8, SPECIAL, SPECIAL_IN_UTF8, find, fixedClass, getScanner, scanner, searchClass, wasmLayout, type ByteClass, type Scanner,
} from '../src/document/scan.ts';
import { MODULE_BASE64, instantiate, instantiateScanner, moduleBytes, simdAvailable } from '../src/document/scan-wasm.ts';

import { seeded as rng } from './random.ts';
import { disassemble, readListing } from './wat.ts';
import { assembleFunction, moduleOf } from './wasm-asm.ts';

const CLASSES: Array<[string, ByteClass]> = [
  ['SPECIAL', SPECIAL],
  ['SPECIAL_IN_UTF8', SPECIAL_IN_UTF8],
  ['HREF_STOP', HREF_STOP],
  ['PLAIN_SPECIAL', PLAIN_SPECIAL],
  ['PLAIN_SPECIAL_IN_UTF8', PLAIN_SPECIAL_IN_UTF8],
];

// Node 20 has WebAssembly SIMD: the tests below need the SIMD scanner, and fail without it.
const simd = getScanner('wasm-simd')!;
const js = getScanner('js')!;
const scanners: Array<[string, Scanner]> = [['wasm-simd', simd], ['js', js]];

describe('byte classes', () => {
  it('have nibble tables that say the same as the byte tables', () => {
    for (const [, cls] of CLASSES) {
      for (let b = 0; b < 256; b++) {
        const inNibbles = (cls.nibbles[b & 15] & cls.nibbles[16 + (b >> 4)]) !== 0;
        expect([b, inNibbles]).toEqual([b, cls.table[b] === 1]);
      }
    }
  });

  it('hold what the parser looks at', () => {
    const members = (cls: ByteClass) => [...cls.table.keys()].filter((b) => cls.table[b]);
    const c0 = [...Array(32).keys()].filter((b) => b !== 9 && b !== 10);
    expect(members(SPECIAL_IN_UTF8)).toEqual([...c0, 0x5b, 0x5c, 0x5d, 0x7f, 0xc2]);
    expect(members(SPECIAL)).toEqual([...c0, 0x5b, 0x5c, 0x5d, ...Array.from({ length: 129 }, (_, k) => 0x7f + k)]);
    expect(members(HREF_STOP)).toEqual([0x0a, 0x0d, 0x28, 0x29, 0x5c]);
  });
});

describe('the WebAssembly module', () => {
  it('validates and instantiates on Node 20, and is the scanner loading uses', () => {
    expect(simdAvailable()).toBe(true);
    const wasm = instantiateScanner();
    expect(typeof wasm?.scan).toBe('function');
    expect(wasm?.memory.buffer.byteLength).toBe(65536);
    expect(simd.kind).toBe('wasm-simd');
    expect(scanner).toBe('wasm-simd');
  });

  it('is scan.wat assembled, and holds what that file lists, instruction for instruction', () => {
    const wat = readFileSync(new URL('../src/document/scan.wat', import.meta.url), 'utf8');
    const assembled = Buffer.from(moduleOf('scan', assembleFunction(wat))).toString('base64');
    expect(MODULE_BASE64, `scan-wasm.ts's MODULE_BASE64 must be the listing assembled, now ${assembled}`).toBe(assembled);
    const listing = readListing(wat);
    const code = disassemble(moduleBytes);
    expect(code.body.length).toBeGreaterThan(100);
    expect(code).toEqual(listing);
  });

  it('throws when its bytes are broken, rather than leaving loading to the byte loop', () => {
    const broken = Uint8Array.from(moduleBytes);
    broken[broken.length - 1] = 0xff; // the function's `end`, now no instruction at all
    expect(() => instantiate(broken)).toThrow();
  });

  it('gives way to the byte loop only where WebAssembly is missing (node --jitless)', () => {
    const program = "import('./src/document/scan.ts').then((m) => console.log(m.scanner, m.getScanner('wasm-simd')))";
    const run = (flags: string[]) =>
      execFileSync(process.execPath, [...flags, '--no-warnings', '--import', 'tsx', '-e', program], { cwd: new URL('..', import.meta.url), encoding: 'utf8', stdio: 'pipe' });
    expect(run(['--jitless'])).toBe('js null\n');
  });
});

describe('wasm memory', () => {
  it('holds the tables of each class apart, before the window', () => {
    const search = searchClass([0x61, 0x41]);
    const parts = [...CLASSES.map(([, cls]) => cls.at), search.at]
      .map((at) => [at, at + wasmLayout.tables])
      .concat([[wasmLayout.windowAt, Infinity]])
      .sort((a, b) => a[0] - b[0]);
    expect(parts[0][0]).toBe(0);
    for (let k = 1; k < parts.length; k++) expect(parts[k - 1][1]).toBeLessThanOrEqual(parts[k][0]);
    expect(search.at).toBe(wasmLayout.searchAt);
  });

  it('has no place for a sixth fixed class: making one throws, rather than overwrite the search class', () => {
    expect(() => fixedClass((b) => b === 0x20)).toThrow(/holds 5 fixed byte classes/);
  });
});

describe('the SIMD scanner', () => {

  it('finds a byte at every position of a 16-byte block, and none past the end', () => {
    for (const [, cls] of CLASSES) {
      const hit = cls.table.indexOf(1);
      const miss = 0x61; // 'a' is in no class
      for (let length = 0; length <= 80; length++) {
        const buf = Buffer.alloc(length + 40, miss);
        buf.fill(hit, length); // class bytes right after the end must not be seen
        simd.forget();
        expect(simd.find(buf, 0, length, cls)).toBe(length);
        for (let at = 0; at < length; at++) {
          buf[at] = hit;
          simd.forget();
          for (const from of [0, at >> 1, at]) expect([length, at, from, simd.find(buf, from, length, cls)]).toEqual([length, at, from, at]);
          buf[at] = miss;
        }
      }
    }
  });

  it('agrees with the byte loop on random buffers and ranges, across its window', () => {
    const r = rng(1);
    for (let round = 0; round < 300; round++) {
      const length = round < 250 ? r(300) : 128 * 1024 + r(300 * 1024);
      const buf = Buffer.alloc(length);
      const density = [2, 50, 5000, 1e9][r(4)];
      for (let k = 0; k < length; k++) buf[k] = r(density) === 0 ? r(256) : 0x61 + r(26);
      simd.forget();
      for (let q = 0; q < 20; q++) {
        const cls = CLASSES[r(3)][1];
        const from = r(length + 1);
        const to = from + r(length - from + 1);
        expect(simd.find(buf, from, to, cls)).toBe(find(buf, from, to, cls));
      }
    }
  });

  it('is a wasm function that stops at its end, whatever lies past it', () => {
    const raw = instantiate(moduleBytes);
    const memory = new Uint8Array(raw.memory.buffer);
    memory.set(SPECIAL.nibbles, 0);
    for (let length = 0; length <= 70; length++) {
      for (const gap of [0, 1, 7]) {
        memory.fill(0x61, 64, 64 + length + gap);
        memory.fill(0x5b, 64 + length + gap, 64 + length + 64);
        for (let from = 0; from <= length; from++) expect(raw.scan(64 + from, 64 + length, 0)).toBe(64 + length);
      }
    }
  });

  it('finds a byte just before and just after the edge of its window', () => {
    const buf = Buffer.alloc(300 * 1024, 0x61);
    for (const at of [128 * 1024 - 1, 128 * 1024, 128 * 1024 + 1, 256 * 1024 - 17, 256 * 1024 + 15]) {
      buf[at] = 0x5b;
      for (const from of [0, 1, 17, at - 16, at]) {
        simd.forget();
        expect(simd.find(buf, from, buf.length, SPECIAL)).toBe(at);
        expect(simd.find(buf, from, at, SPECIAL)).toBe(at);
      }
      buf[at] = 0x61;
    }
  });
});

// ---- The reference parser: the markup rules, one byte at a time, whole input at once ----

interface Parsed {
  text: string; // latin1, byte for byte
  links: Array<[number, number, string]>;
  tokens: Array<[number, number]>;
}

/** Length of the valid UTF-8 sequence at buf[i], or 0 (not UTF-8, or cut off by the end). */
function sequenceLength(buf: Buffer, i: number): number {
  const b = buf[i];
  const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
  if (need === 0 || i + need >= buf.length) return 0;
  let cp = b & (0x3f >> need);
  for (let k = 1; k <= need; k++) {
    if ((buf[i + k] & 0xc0) !== 0x80) return 0;
    cp = (cp << 6) | (buf[i + k] & 0x3f);
  }
  const min = [0, 0x80, 0x800, 0x10000][need];
  return cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? 0 : need + 1;
}

const escapable = (b: number) => b === 0x5b || b === 0x5d || b === 0x28 || b === 0x29;

function reference(input: Buffer): Parsed {
  const out: number[] = [];
  const links: Array<[number, number, string]> = [];
  const tokens: Array<[number, number]> = [];
  const opens: number[] = [];
  const token = (at: number, n: number) => {
    const start = out.length;
    for (const c of Buffer.from('<' + input.subarray(at, at + n).toString('hex') + '>')) out.push(c);
    const last = tokens[tokens.length - 1];
    if (last && last[1] === start) last[1] = out.length; // adjacent tokens are one span
    else tokens.push([start, out.length]);
  };
  const href = (start: number): { text: string; next: number } | null => {
    let depth = 1;
    let escaped = false;
    for (let i = start; i < Math.min(input.length, start + 64 * 1024); i++) {
      const b = input[i];
      if (b === 0x0a || b === 0x0d) return null;
      if (b === 0x5c && i + 1 < input.length && escapable(input[i + 1])) (escaped = true), i++;
      else if (b === 0x28) depth++;
      else if (b === 0x29 && --depth === 0) {
        const text = input.toString('utf8', start, i);
        return { text: escaped ? text.replace(/\\([[\]()])/g, '$1') : text, next: i + 1 };
      }
    }
    return null;
  };
  let i = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  while (i < input.length) {
    const b = input[i];
    const next = i + 1 < input.length ? input[i + 1] : -1;
    if (b === 0x5b) {
      opens.push(out.length);
      if (opens.length > 256) opens.shift();
      out.push(b), i++;
    } else if (b === 0x5d && next === 0x28 && opens.length > 0) {
      const open = opens.pop()!;
      const h = href(i + 2);
      out.push(b);
      if (h) links.push([open, out.length, h.text]), (i = h.next);
      else i++;
    } else if (b === 0x5d) {
      opens.pop();
      out.push(b), i++;
    } else if (b === 0x5c && escapable(next)) {
      out.push(next), (i += 2);
    } else if (b === 0x0d && next === 0x0a) {
      i++;
    } else if ((b < 0x20 && b !== 0x09 && b !== 0x0a) || b === 0x7f) {
      token(i, 1), i++;
    } else if (b < 0x80) {
      out.push(b), i++;
    } else {
      const n = sequenceLength(input, i);
      if (n === 0) token(i, 1), i++;
      else if (b === 0xc2 && next < 0xa0) token(i, 2), (i += 2);
      else for (const end = i + n; i < end; i++) out.push(input[i]);
    }
  }
  links.sort((a, b) => a[0] - b[0]);
  return { text: Buffer.from(out).toString('latin1'), links, tokens };
}

function result(doc: Document): Parsed {
  const links: Array<[number, number, string]> = [];
  for (let k = 0; k < doc.links.count; k++) links.push([doc.links.start(k), doc.links.end(k), doc.href(k)]);
  const tokens = doc.tokens.within(0, doc.text.length);
  return { text: doc.text.bytes(0, doc.text.length).toString('latin1'), links, tokens };
}

type Mode = 'write' | 'writeOwned' | 'mixed';

/** Parses `input` cut at `cuts` (sorted offsets), with `write`, `writeOwned` (on copies) or both in turn. */
function parseCut(input: Buffer, cuts: number[], scan: Scanner, mode: Mode): Parsed {
  const doc = new Document('test');
  const parser = new MarkupReader(doc, scan);
  let at = 0;
  let n = 0;
  for (const cut of [...cuts, input.length]) {
    const chunk = input.subarray(at, cut);
    const owned = mode === 'writeOwned' || (mode === 'mixed' && n++ % 2 === 1);
    if (owned) parser.writeOwned(Buffer.from(chunk));
    else parser.write(chunk);
    at = cut;
  }
  parser.end();
  return result(doc);
}

/** Offsets to cut at: bytes apart, or tens, or thousands, or anything (`coarse` leaves out the first). */
function randomCuts(r: (n: number) => number, length: number, coarse = false): number[] {
  const cuts: number[] = [];
  const style = coarse ? 1 + r(3) : r(4);
  for (let at = 0; ; ) {
    at += style === 0 ? 1 + r(4) : style === 1 ? 1 + r(64) : style === 2 ? 1 + r(4096) : 1 + r(length + 1);
    if (at >= length) return cuts;
    cuts.push(at);
  }
}

// Pieces that meet the parser's rules at odd places.
const PIECES: Array<string | number[]> = [
  'a', ' ', 'word ', '\n', '\t', '[', ']', '(', ')', '\\', '](', '\r', '\r\n', '\x1b', '\x00', '\x7f',
  '[a](b)', '[x [y](z) w](v)', '](u\\)v)', '\\[', '\\(', 'é', '한', '😀', '\u00a0', '\u0085', '\u009f', '\u0080',
  [0xc2], [0xc2, 0x41], [0xc2, 0xc2, 0x80], [0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0x80], [0xbf, 0xbf], [0xef, 0xbb, 0xbf],
];
const pieceBytes = PIECES.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)));

function randomInput(r: (n: number) => number, length: number): Buffer {
  const kind = r(5);
  if (kind === 0) return Buffer.from(Array.from({ length }, () => r(256)));
  const parts: Buffer[] = [];
  let size = 0;
  if (r(8) === 0) parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
  while (size < length) {
    // Mostly plain text, so that runs and the UTF-8 fast path are long, with pieces between.
    const p = kind === 1 ? pieceBytes[r(pieceBytes.length)] : r(3) === 0 ? pieceBytes[r(pieceBytes.length)] : Buffer.from(['ab cd ', '가나다 ', 'ÿé ', 'x'.repeat(r(40))][r(4)]);
    parts.push(p);
    size += p.length;
  }
  return Buffer.concat(parts);
}

describe.each(scanners)('MarkupReader with the %s scanner', (_, scan) => {
  const check = (input: Buffer, cuts: number[], mode: Mode) => {
    const got = parseCut(input, cuts, scan, mode);
    const want = reference(input);
    if (got.text !== want.text) expect([input.toString('hex'), cuts, mode, got.text]).toEqual([input.toString('hex'), cuts, mode, want.text]);
    expect(got.links).toEqual(want.links);
    expect(got.tokens).toEqual(want.tokens);
  };

  it('matches the reference on random and adversarial inputs cut at random', () => {
    const r = rng(2);
    for (let round = 0; round < 1500; round++) {
      const input = randomInput(r, r(3) === 0 ? r(20) : r(2000));
      check(input, randomCuts(r, input.length), (['write', 'writeOwned', 'mixed'] as const)[round % 3]);
    }
  });

  // 3 s alone; a loaded machine took 21: the time allowed is not what is tested.
  it('matches it on long inputs, past the UTF-8 blocks and the scan window', { timeout: 90_000 }, () => {
    const r = rng(3);
    for (let round = 0; round < 8; round++) {
      const input = randomInput(r, 100_000 + r(300_000));
      check(input, randomCuts(r, input.length), (['write', 'writeOwned', 'mixed'] as const)[round % 3]);
    }
  });

  it('reads every sequence the same wherever a chunk cuts it', () => {
    for (const piece of pieceBytes) {
      const input = Buffer.concat([Buffer.from('ab '), piece, Buffer.from(' [c](d) '), piece, piece, Buffer.from('e')]);
      for (let cut = 0; cut <= input.length; cut++) {
        for (let cut2 = cut; cut2 <= Math.min(input.length, cut + 5); cut2++) {
          check(input, [cut, cut2], 'writeOwned');
          check(input, [cut, cut2], 'write');
        }
      }
    }
  });

  it('sees a special byte at every position of a 16-byte block, in valid and invalid UTF-8', () => {
    for (const text of ['abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ', 'é한글 漢字 テキスト ok 😀 mix', 'abc\xff def ghij klmn opqr stuv wxyz']) {
      const plain = Buffer.from(text, text.includes('\xff') ? 'latin1' : 'utf8');
      for (const special of ['\x1b', '[', ']', '\\', '\x7f', '\r', '\u0085', '\u00a0', '\x00']) {
        for (let at = 0; at <= plain.length; at++) {
          if (at < plain.length && (plain[at] & 0xc0) === 0x80) continue; // not between characters
          const input = Buffer.concat([plain.subarray(0, at), Buffer.from(special), plain.subarray(at)]);
          check(input, [], 'write');
          check(input, [at], 'writeOwned');
          check(input, [at + 1], 'mixed');
        }
      }
    }
  });

  it('settles a character cut by a chunk longer than what is parsed with the carry', () => {
    const r = rng(5);
    const text = Buffer.from('한국어 텍스트, 日本語のテキスト, é ok 😀 '.repeat(4000)); // about 200 KB
    for (let k = 0; k < 40; k++) {
      const cut = 1 + r(text.length - 1);
      check(text, [cut, Math.min(text.length, cut + 70_000 + r(60_000))], (['write', 'writeOwned', 'mixed'] as const)[k % 3]);
    }
  });

  it('handles C2 at the end of a chunk, and C2 before bytes that are no C1 control', () => {
    for (const next of [0x80, 0x9f, 0xa0, 0xbf, 0x41, 0xc2, 0x0a]) {
      const input = Buffer.from([0x61, 0x62, 0xc2, next, 0x63, 0xc2, next]);
      for (let cut = 0; cut <= input.length; cut++) {
        check(input, [cut], 'write');
        check(input, [cut], 'writeOwned');
      }
      check(input, [input.length], 'write'); // C2 last before the end
    }
    check(Buffer.from([0xc2]), [], 'write');
  });

  it('settles what a chunk carries over, hrefs up to their limit included', () => {
    const r = rng(4);
    for (const length of [10, 1000, 65535 - 5, 65536, 70_000]) {
      const input = Buffer.from(`x [link](${'h'.repeat(length)}) y [b](${'g'.repeat(length)}\n) é`);
      for (let k = 0; k < 6; k++) {
        check(input, [r(40), 40 + r(input.length - 40)].sort((a, b) => a - b), 'writeOwned');
        check(input, randomCuts(r, input.length, true), 'mixed'); // a href cut in bytes is parsed again for each
      }
    }
  });

  it('keeps what a write was given as it was', () => {
    const input = Buffer.from('[a](b) c\x1b d\\[e é\xff'.repeat(50), 'latin1');
    const copy = Buffer.from(input);
    const doc = new Document('test');
    const parser = new MarkupReader(doc, scan);
    for (let at = 0; at < input.length; at += 37) parser.write(input.subarray(at, at + 37));
    parser.end();
    expect(input.equals(copy)).toBe(true);
  });
});
