// A WebAssembly SIMD scanner: finds the first byte of a class in wasm memory, 16
// bytes per compare instead of one. The module is written here by hand, with the
// small assembler of wasm-asm.ts, so it needs no toolchain.
//
// A byte class is two 16-byte tables, `lo` and `hi`: byte b is in the class when
// lo[b & 15] & hi[b >> 4] is not zero. That is the "nibble lookup" classification
// of simdjson and Hyperscan, done with two i8x16.swizzle per 16 bytes. scan.ts builds
// the tables from a predicate and keeps the JS table loop as the reference.
//
// scan.wat beside this file is the module in the text format, instruction for
// instruction, with the loops explained: read it first. test/scan.test.ts
// disassembles the bytes built here and checks that they say the same.

import { func, I, i32, section, uleb, v128, vec } from './wasm-asm.ts';

// ---- The functions ----

// scan(from, to, table) -> index of the first byte of buf[from, to) in the class whose
// tables are at `table` (lo) and `table + 16` (hi), or `to`. It reads whole 16-byte
// blocks, so up to 15 bytes past `to` must be readable (their lanes are masked off).
const FROM = 0, TO = 1, TABLE = 2; // parameters
const LO = 3, HI = 4, NIBBLE = 5, A = 6, B = 7, BYTES = 8; // v128 locals
const MASK = 9; // i32 local

/** Leaves the class vector of the 16 bytes at `from + offset`: a non-zero lane for each byte in the class. */
const classify = (offset: number) => [
  ...I.get(LO),
  ...I.get(FROM), ...I.v128_load(offset), ...I.tee(BYTES), // kept for their high nibbles
  ...I.get(NIBBLE), ...I.v128_and, // b & 15
  ...I.i8x16_swizzle, // lo[b & 15]
  ...I.get(HI),
  ...I.get(BYTES), ...I.i32_const(4), ...I.i8x16_shr_u, // b >> 4
  ...I.i8x16_swizzle, // hi[b >> 4]
  ...I.v128_and,
];

/** Turns the class vector on the stack into an i32 with one bit per byte in the class. */
const lanes = [...I.v128_const(new Array(16).fill(0)), ...I.i8x16_ne, ...I.i8x16_bitmask];

const scan = [
  ...I.get(TABLE), ...I.v128_load(0), ...I.set(LO),
  ...I.get(TABLE), ...I.v128_load(16), ...I.set(HI),
  ...I.v128_const(new Array(16).fill(0x0f)), ...I.set(NIBBLE),
  // 32 bytes per turn while they lie before `to`.
  ...I.block,
  ...I.loop,
  ...I.get(FROM), ...I.i32_const(32), ...I.i32_add, ...I.get(TO), ...I.i32_gt_u, ...I.br_if(1),
  ...classify(0), ...I.set(A),
  ...classify(16), ...I.set(B),
  ...I.get(A), ...I.get(B), ...I.v128_or, ...I.v128_any_true,
  ...I.if,
  ...I.get(FROM),
  ...I.get(A), ...lanes,
  ...I.get(B), ...lanes, ...I.i32_const(16), ...I.i32_shl,
  ...I.i32_or, ...I.i32_ctz, ...I.i32_add, ...I.return,
  ...I.end,
  ...I.get(FROM), ...I.i32_const(32), ...I.i32_add, ...I.set(FROM),
  ...I.br(0),
  ...I.end,
  ...I.end,
  // The rest, 16 bytes at a time; lanes at or past `to` are masked off.
  ...I.block,
  ...I.loop,
  ...I.get(FROM), ...I.get(TO), ...I.i32_ge_u, ...I.br_if(1),
  ...classify(0), ...lanes, ...I.set(MASK),
  ...I.get(TO), ...I.get(FROM), ...I.i32_sub, ...I.i32_const(16), ...I.i32_lt_u,
  ...I.if,
  ...I.get(MASK),
  ...I.i32_const(1), ...I.get(TO), ...I.get(FROM), ...I.i32_sub, ...I.i32_shl, ...I.i32_const(1), ...I.i32_sub,
  ...I.i32_and, ...I.set(MASK),
  ...I.end,
  ...I.get(MASK),
  ...I.if,
  ...I.get(FROM), ...I.get(MASK), ...I.i32_ctz, ...I.i32_add, ...I.return,
  ...I.end,
  ...I.get(FROM), ...I.i32_const(16), ...I.i32_add, ...I.set(FROM),
  ...I.br(0),
  ...I.end,
  ...I.end,
  ...I.get(TO),
  ...I.end,
];
const scanLocals = [[6, v128], [1, i32]]; // LO HI NIBBLE A B BYTES, MASK

// ---- The module ----

/** The scanner module's bytes. scan.wat beside this file is their listing; test/scan.test.ts compares the two. */
export const moduleBytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  ...section(1, vec([
    [0x60, ...vec([[i32], [i32], [i32]]), ...vec([[i32]])], // type 0: (i32 i32 i32) -> i32
  ])),
  ...section(3, vec([[0]])), // functions: scan, of type 0
  ...section(5, vec([[0x00, ...uleb(1)]])), // one memory, at least 1 page, no maximum
  ...section(7, vec([
    [...vec([...'memory'].map((c) => [c.charCodeAt(0)])), 0x02, 0],
    [...vec([...'scan'].map((c) => [c.charCodeAt(0)])), 0x00, 0],
  ])),
  ...section(10, vec([func(scanLocals, scan)])),
]);

// A function that uses one SIMD instruction, `(func v128.const i8x16 0 ... drop)`:
// whether this validates is whether the host has WebAssembly SIMD.
const simdProbe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, vec([[0x60, ...vec([]), ...vec([])]])), // type 0: () -> ()
  ...section(3, vec([[0]])),
  ...section(10, vec([func([], [...I.v128_const(new Array(16).fill(0)), 0x1a /* drop */, ...I.end])])),
]);

// The little of the WebAssembly JS API used here (lib.dom has it; Node's types do not).
declare const WebAssembly: {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
};

export interface WasmExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  scan(from: number, to: number, table: number): number;
}

/** Whether this host runs WebAssembly SIMD: false under `node --jitless`, or in an engine without it. */
export function simdAvailable(): boolean {
  return typeof WebAssembly === 'object' && WebAssembly.validate(simdProbe);
}

const compiled = new Map<Uint8Array, object>();

/** Instantiates a module (each instance has its own memory). Throws if the bytes are not a valid module. */
export function instantiate(bytes: Uint8Array): WasmExports {
  let module = compiled.get(bytes);
  if (!module) compiled.set(bytes, (module = new WebAssembly.Module(bytes)));
  return new WebAssembly.Instance(module).exports as WasmExports;
}

/**
 * The scanner, or null only where WebAssembly SIMD is missing. Anything else that
 * goes wrong throws: a broken module must not hide behind the 40 times slower loop.
 */
export function instantiateScanner(): WasmExports | null {
  return simdAvailable() ? instantiate(moduleBytes) : null;
}
