// A small WebAssembly assembler, so lwl's hand-written modules need no toolchain:
// just enough of the binary format for a module of one function, read from the
// flat text format (one instruction a line) that scan.wat and sgr-render.wat are
// written in. The opcodes are those of the core spec and its SIMD extension
// (https://github.com/WebAssembly/simd/blob/main/proposals/simd/BinarySIMD.md).
// lwl carries its modules assembled (scan-wasm.ts, readers/sgr-render.ts): the
// tests assemble each .wat here and check the bytes are the same, and say the new
// ones when a .wat changes. (wat.ts's disassembler has an opcode table of its own,
// so that the two check each other.)

/** Unsigned LEB128. */
function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 (for i32.const). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) return out.concat(byte);
    out.push(byte | 0x80);
  }
}

const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];

const simd = (code: number) => [0xfd, ...uleb(code)];
/** memarg: alignment exponent, then offset. */
const mem = (align: number, offset = 0) => [...uleb(align), ...uleb(offset)];

const i32 = 0x7f;
const v128 = 0x7b;

/** A function body's bytes: its locals (count, type) and its code. */
function func(locals: number[][], body: number[]): number[] {
  const bytes = [...vec(locals.map(([count, type]) => [...uleb(count), type])), ...body];
  return [...uleb(bytes.length), ...bytes];
}

// ---- The text format, flat ----

/** What follows an instruction's name: a block type, a label, a local, an i32, a memarg (with the natural alignment exponent), 16 bytes, or nothing. */
type Immediate = 'block' | 'label' | 'local' | 'i32' | 'mem0' | 'mem2' | 'mem4' | 'bytes' | '';

const CORE: Record<string, [number, Immediate]> = {
  block: [0x02, 'block'], loop: [0x03, 'block'], if: [0x04, 'block'], else: [0x05, ''], end: [0x0b, ''],
  br: [0x0c, 'label'], br_if: [0x0d, 'label'], return: [0x0f, ''], drop: [0x1a, ''], select: [0x1b, ''],
  'local.get': [0x20, 'local'], 'local.set': [0x21, 'local'], 'local.tee': [0x22, 'local'],
  'i32.load': [0x28, 'mem2'], 'i32.load8_u': [0x2d, 'mem0'],
  'i32.store': [0x36, 'mem2'], 'i32.store8': [0x3a, 'mem0'],
  'i32.const': [0x41, 'i32'],
  'i32.eqz': [0x45, ''], 'i32.eq': [0x46, ''], 'i32.ne': [0x47, ''], 'i32.lt_u': [0x49, ''], 'i32.gt_u': [0x4b, ''],
  'i32.le_u': [0x4d, ''], 'i32.ge_u': [0x4f, ''], 'i32.ctz': [0x68, ''],
  'i32.add': [0x6a, ''], 'i32.sub': [0x6b, ''], 'i32.mul': [0x6c, ''], 'i32.and': [0x71, ''], 'i32.or': [0x72, ''],
  'i32.xor': [0x73, ''], 'i32.shl': [0x74, ''], 'i32.shr_u': [0x76, ''],
};

const SIMD: Record<string, [number, Immediate]> = {
  'v128.load': [0x00, 'mem4'], 'v128.store': [0x0b, 'mem4'], 'v128.const': [0x0c, 'bytes'],
  'i8x16.swizzle': [0x0e, ''], 'i8x16.splat': [0x0f, ''], 'i8x16.eq': [0x23, ''], 'i8x16.ne': [0x24, ''],
  'i8x16.lt_s': [0x25, ''], 'v128.and': [0x4e, ''], 'v128.or': [0x50, ''], 'v128.any_true': [0x53, ''],
  'i8x16.bitmask': [0x64, ''], 'i8x16.shr_u': [0x6d, ''], 'i8x16.add': [0x6e, ''],
};

const TYPES: Record<string, number> = { i32, v128 };

/** A function read from the text format: its type and its body's bytes. */
export interface AssembledFunction {
  params: number[];
  results: number[];
  /** (count, type) groups, in order. */
  locals: number[][];
  body: number[];
}

/**
 * Assembles one function written in the flat text format: `(param $x i32)`,
 * `(result i32)` and `(local $y v128)` declarations on lines starting with `(`,
 * then one instruction a line, `;;` comments, locals and labels (`block $done`,
 * `br $done`) by name, numbers in decimal. Throws on anything else.
 */
export function assembleFunction(text: string): AssembledFunction {
  const fn: AssembledFunction = { params: [], results: [], locals: [], body: [] };
  const names: string[] = [];
  const labels: Array<string | null> = [];
  const fail = (why: string, line: string): never => {
    throw new Error(`${why}: ${line}`);
  };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/;;.*/, '').trim();
    if (line === '' || line === ')') continue;
    if (line.startsWith('(')) {
      for (const [, kind, name, type] of line.matchAll(/\((param|local|result)(?: (\$\w+))? (\w+)\)/g)) {
        const t = TYPES[type] ?? fail('unknown type', line);
        if (kind === 'result') fn.results.push(t);
        else if (kind === 'param') fn.params.push(t), names.push(name);
        else {
          const last = fn.locals[fn.locals.length - 1];
          if (last && last[1] === t) last[0]++;
          else fn.locals.push([1, t]);
          names.push(name);
        }
      }
      continue;
    }
    const [name, ...args] = line.split(/\s+/);
    const core = CORE[name];
    const vector = SIMD[name];
    const [code, immediate] = core ?? vector ?? fail('unknown instruction', line);
    fn.body.push(...(core ? [code] : simd(code)));
    if (immediate === 'block') {
      if (args.length > 1) fail('too many arguments', line);
      labels.push(args[0] ?? null);
      fn.body.push(0x40);
    } else if (immediate === 'label') {
      // A label by name, or a depth as a number (scan.wat's `br_if 1`).
      const depth = /^\d+$/.test(args[0]) ? Number(args[0]) : labels.length - 1 - labels.lastIndexOf(args[0]);
      if (args.length !== 1 || depth >= labels.length) fail('unknown label', line);
      fn.body.push(...uleb(depth));
    } else if (immediate === 'local') {
      const k = names.indexOf(args[0]);
      if (args.length !== 1 || k < 0) fail('unknown local', line);
      fn.body.push(...uleb(k));
    } else if (immediate === 'i32') {
      if (args.length !== 1 || !/^-?\d+$/.test(args[0])) fail('bad i32', line);
      fn.body.push(...sleb(Number(args[0])));
    } else if (immediate.startsWith('mem')) {
      let align = Number(immediate.slice(3));
      let offset = 0;
      for (const arg of args) {
        const [key, value] = arg.split('=');
        if (key === 'offset') offset = Number(value);
        else if (key === 'align') align = Math.log2(Number(value));
        else fail('bad memarg', line);
      }
      fn.body.push(...mem(align, offset));
    } else if (immediate === 'bytes') {
      if (args[0] !== 'i8x16' || args.length !== 17) fail('v128.const takes i8x16 and 16 bytes', line);
      fn.body.push(...args.slice(1).map((b) => Number(b) & 0xff));
    } else if (args.length > 0) fail('unexpected argument', line);
    if (name === 'end') {
      if (labels.length === 0) fail('end of no block', line);
      labels.pop();
    }
  }
  // The function's own end.
  if (labels.length !== 0) fail('blocks left open', String(labels.length));
  fn.body.push(0x0b);
  return fn;
}

/** A module of one function exported as `name`, and its memory exported as `memory` (at least 1 page, no maximum). */
export function moduleOf(name: string, fn: AssembledFunction): Uint8Array {
  const exportName = (s: string) => vec([...s].map((c) => [c.charCodeAt(0)]));
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
    ...section(1, vec([[0x60, ...vec(fn.params.map((t) => [t])), ...vec(fn.results.map((t) => [t]))]])), // type 0
    ...section(3, vec([[0]])), // functions: one, of type 0
    ...section(5, vec([[0x00, ...uleb(1)]])),
    ...section(7, vec([[...exportName('memory'), 0x02, 0], [...exportName(name), 0x00, 0]])),
    ...section(10, vec([func(fn.locals, fn.body)])),
  ]);
}
