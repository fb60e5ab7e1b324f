// A WebAssembly SIMD scanner: finds the first byte of a class in wasm memory, 16
// bytes per compare instead of one. The module is written by hand in scan.wat, in
// the WebAssembly text format, and kept here assembled, so it needs no toolchain.
//
// A byte class is two 16-byte tables, `lo` and `hi`: byte b is in the class when
// lo[b & 15] & hi[b >> 4] is not zero. That is the "nibble lookup" classification
// of simdjson and Hyperscan, done with two i8x16.swizzle per 16 bytes. scan.ts builds
// the tables from a predicate and keeps the JS table loop as the reference.
//
// scan.wat beside this file is the module in the text format, with the loops
// explained: read it first. test/scan.test.ts assembles it and checks that it
// makes these bytes, and disassembles them and checks that they say the same.

/**
 * The scanner module: scan.wat assembled (test/wasm-asm.ts; test/scan.test.ts
 * checks that these are the file's bytes and says the new ones when it
 * changes), kept assembled so that nothing is assembled at start-up. It holds
 * scan(from, to, table): the index of the first byte of memory[from, to) in the
 * class whose tables are at `table` (lo) and `table + 16` (hi), or `to`. It
 * reads whole 16-byte blocks, so up to 15 bytes past `to` must be readable
 * (their lanes are masked off).
 */
export const MODULE_BASE64 = [
  'AGFzbQEAAAABCAFgA39/fwF/AwIBAAUDAQABBxECBm1lbW9yeQIABHNjYW4AAAq5AgG2AgIGewF/IAL9AAAAIQMgAv0AABAh',
  'BP0MDw8PDw8PDw8PDw8PDw8PDyEFAkADQCAAQSBqIAFLDQEgAyAA/QAAACIIIAX9Tv0OIAQgCEEE/W39Dv1OIQYgAyAA/QAA',
  'ECIIIAX9Tv0OIAQgCEEE/W39Dv1OIQcgBiAH/VD9UwRAIAAgBv0MAAAAAAAAAAAAAAAAAAAAAP0k/WQgB/0MAAAAAAAAAAAA',
  'AAAAAAAAAP0k/WRBEHRyaGoPCyAAQSBqIQAMAAsLAkADQCAAIAFPDQEgAyAA/QAAACIIIAX9Tv0OIAQgCEEE/W39Dv1O/QwA',
  'AAAAAAAAAAAAAAAAAAAA/ST9ZCEJIAEgAGtBEEkEQCAJQQEgASAAa3RBAWtxIQkLIAkEQCAAIAloag8LIABBEGohAAwACwsg',
  'AQs=',
].join('');

/** The scanner module's bytes. */
export const moduleBytes = new Uint8Array(Buffer.from(MODULE_BASE64, 'base64'));

// A module of one function that uses one SIMD instruction, `(func v128.const i8x16 0 ... drop)`:
// whether it validates is whether the host has WebAssembly SIMD.
const simdProbe = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type 0: () -> ()
  0x03, 0x02, 0x01, 0x00, // one function, of type 0
  0x0a, 0x17, 0x01, 0x15, 0x00, // its code: 21 bytes, no locals
  0xfd, 0x0c, ...new Array(16).fill(0), 0x1a, 0x0b, // v128.const i8x16 0 x 16, drop, end
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
