// Finding the next byte the markup parser must look at. Everything else is
// copied through in runs, so this is where loading spends its time.
//
// Where WebAssembly SIMD is there, scan-wasm.ts looks at 16 bytes per step (about
// 15 GB/s here); where it is missing (an old engine, `node --jitless`), the table
// loop below does, a byte at a time (about 400 MB/s). A scanner module that fails
// to compile throws instead: it is a bug, not a reason to run 40 times slower.
// The loop is also the reference the fast scanner is tested against.
import { instantiateScanner, simdAvailable, type WasmExports } from './scan-wasm.ts';

/** A set of byte values: a 256-entry table, and the same set as nibble tables for the SIMD scanner. */
export interface ByteClass {
  /** 1 for the bytes in the class. */
  readonly table: Uint8Array;
  /** lo[b & 15] & hi[b >> 4] is not zero exactly for the bytes in the class. */
  readonly nibbles: Uint8Array;
  /** Where the nibble tables sit in wasm memory. */
  readonly at: number;
}

// WebAssembly memory, as the SIMD scanner lays it out: the nibble tables (32 bytes)
// of the fixed classes, then those of the search class, then the window of input.
const TABLES = 32;
const FIXED_CLASSES = 5;
/** Where a search's class sits: one search runs at a time, so they share it. */
const SEARCH_AT = TABLES * FIXED_CLASSES;
/** Where the window starts. */
const WINDOW_AT = SEARCH_AT + TABLES;

/** The layout above, for the test that checks no two parts overlap. */
export const wasmLayout = { tables: TABLES, searchAt: SEARCH_AT, windowAt: WINDOW_AT } as const;

let fixedClasses = 0;

/**
 * A class that lives as long as the program, with its own place in wasm memory.
 * Throws when there is no place left: a fourth would overwrite the search class.
 */
export function fixedClass(inClass: (b: number) => boolean): ByteClass {
  if (fixedClasses === FIXED_CLASSES) throw new Error(`wasm memory holds ${FIXED_CLASSES} fixed byte classes; raise FIXED_CLASSES in scan.ts to make room for another`);
  return byteClass(inClass, TABLES * fixedClasses++);
}

function byteClass(inClass: (b: number) => boolean, at: number): ByteClass {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) table[b] = inClass(b) ? 1 : 0;
  // Group the high nibbles by the set of low nibbles they go with; each distinct
  // set gets one bit, in hi[] for its high nibbles and in lo[] for its low ones.
  const nibbles = new Uint8Array(32);
  const bits = new Map<string, number>();
  for (let h = 0; h < 16; h++) {
    const lows = table.subarray(h * 16, h * 16 + 16);
    if (!lows.includes(1)) continue;
    const key = lows.join('');
    if (!bits.has(key)) {
      if (bits.size === 8) throw new Error('byte class needs more than 8 nibble groups');
      bits.set(key, 1 << bits.size);
    }
    const bit = bits.get(key)!;
    nibbles[16 + h] = bit;
    for (let l = 0; l < 16; l++) if (lows[l]) nibbles[l] |= bit;
  }
  return { table, nibbles, at };
}

/** C0 controls but tab and newline (CR is a control unless a newline follows), and DEL. */
const isControl = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a) || b === 0x7f;
/** `[`, `\`, `]`. */
const isMarkup = (b: number) => b === 0x5b || b === 0x5c || b === 0x5d;

/** Bytes the parser must look at in input of unknown encoding: every byte >= 0x80 too, to validate UTF-8. */
export const SPECIAL = fixedClass((b) => isControl(b) || isMarkup(b) || b >= 0x80);

/**
 * The same, in input known to be valid UTF-8: other characters need no checks,
 * and the C1 controls U+0080..U+009F are all encoded as C2 80..C2 9F.
 */
export const SPECIAL_IN_UTF8 = fixedClass((b) => isControl(b) || isMarkup(b) || b === 0xc2);

/** Bytes that end or change an href: newline, CR, `\`, `(`, `)`. */
export const HREF_STOP = fixedClass((b) => b === 0x0a || b === 0x0d || b === 0x5c || b === 0x28 || b === 0x29);

/** Bytes the plain reader (readers/plain.ts) must look at: controls, newline (it ends an OSC 8 link), `:` and `.` (where a URL may be), `(` (a manual page's section), and every byte >= 0x80. */
export const PLAIN_SPECIAL = fixedClass((b) => isControl(b) || b === 0x0a || b === 0x3a || b === 0x2e || b === 0x28 || b >= 0x80);

/** The same, in input known to be valid UTF-8 (C1 controls are C2 80..C2 9F). */
export const PLAIN_SPECIAL_IN_UTF8 = fixedClass((b) => isControl(b) || b === 0x0a || b === 0x3a || b === 0x2e || b === 0x28 || b === 0xc2);

/** A class for searching: these byte values (a search's anchor byte in its case forms). */
export function searchClass(bytes: number[]): ByteClass {
  return byteClass((b) => bytes.includes(b), SEARCH_AT);
}

/** Index of the first byte of `cls` in buf[from, to), or `to`: the plain loop, and the reference. */
export function find(buf: Uint8Array, from: number, to: number, cls: ByteClass): number {
  const table = cls.table;
  for (let i = from; i < to; i++) if (table[buf[i]]) return i;
  return to;
}

/** Finds bytes of a class in a buffer. */
export interface Scanner {
  readonly kind: 'wasm-simd' | 'js';
  /**
   * Index of the first byte of `cls` in buf[from, to), or `to`. Between calls for
   * the same `buf`, only bytes before `from` may change; call `forget` otherwise.
   */
  find(buf: Uint8Array, from: number, to: number, cls: ByteClass): number;
  /** Drops what the scanner remembers of the last buffer. */
  forget(): void;
}

const jsScanner: Scanner = { kind: 'js', find, forget() {} };

/** Bytes scanned per copy into wasm memory: small enough to stay in the L2 cache. */
const WINDOW = 128 * 1024;
/** The scan reads whole 16-byte blocks, up to 15 bytes past the window. */
const OVERREAD = 16;
const PAGE = 65536;

/**
 * The SIMD scanner. WebAssembly sees only its own memory, so the buffer is copied
 * into it a window at a time (at memcpy speed, into memory that stays in cache),
 * and scanned there.
 */
class WasmScanner implements Scanner {
  readonly kind = 'wasm-simd';
  private readonly memory: Uint8Array;
  private readonly scan: (from: number, to: number, table: number) => number;
  /** buf[start, end) is in the window. */
  private buf: Uint8Array | null = null;
  private start = 0;
  private end = 0;
  /** The search class now in wasm memory. */
  private searching: ByteClass | null = null;

  constructor(wasm: WasmExports) {
    const pages = Math.ceil((WINDOW_AT + WINDOW + OVERREAD) / PAGE);
    wasm.memory.grow(pages - wasm.memory.buffer.byteLength / PAGE);
    this.memory = new Uint8Array(wasm.memory.buffer);
    for (const cls of [SPECIAL, SPECIAL_IN_UTF8, HREF_STOP, PLAIN_SPECIAL, PLAIN_SPECIAL_IN_UTF8]) this.memory.set(cls.nibbles, cls.at);
    this.scan = wasm.scan;
  }

  find(buf: Uint8Array, from: number, to: number, cls: ByteClass): number {
    if (cls.at === SEARCH_AT && this.searching !== cls) {
      this.memory.set(cls.nibbles, cls.at);
      this.searching = cls;
    }
    while (from < to) {
      if (buf !== this.buf || from < this.start || from >= this.end) this.load(buf, from);
      const stop = to < this.end ? to : this.end;
      const shift = this.start - WINDOW_AT;
      const at = this.scan(from - shift, stop - shift, cls.at) + shift;
      if (at < stop) return at;
      from = stop;
    }
    return to;
  }

  forget(): void {
    this.buf = null;
  }

  private load(buf: Uint8Array, from: number): void {
    const end = Math.min(buf.length, from + WINDOW);
    this.memory.set(buf.subarray(from, end), WINDOW_AT);
    this.buf = buf;
    this.start = from;
    this.end = end;
  }
}

function wasmScanner(): Scanner | null {
  const wasm = instantiateScanner();
  return wasm && new WasmScanner(wasm);
}

/** The scanner loading uses here: 'wasm-simd', or 'js' where WebAssembly SIMD is missing. */
export const scanner: Scanner['kind'] = simdAvailable() ? 'wasm-simd' : 'js';

// Made on first use: compiling the module costs some ms that `lwl --version` need not pay.
let defaultScanner: Scanner | null = null;

/**
 * A scanner for one parser. Parsers may share one: a parse step is synchronous and
 * calls `forget` first. `kind` picks one (tests compare them); null when not available.
 */
export function getScanner(kind: 'wasm-simd' | 'js' = scanner): Scanner | null {
  defaultScanner ??= (scanner === 'wasm-simd' ? wasmScanner() : null) ?? jsScanner;
  if (kind === defaultScanner.kind) return defaultScanner;
  return kind === 'js' ? jsScanner : wasmScanner();
}
