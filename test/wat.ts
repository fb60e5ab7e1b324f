// Reads a one-function WebAssembly module two ways, into the same shape: from its
// bytes (a disassembler with its own opcode table, from the spec, not the one
// scan-wasm.ts assembles with) and from its text-format listing (scan.wat). The
// test that compares them keeps the listing true and catches a wrong opcode.

/** A function: the types of its parameters, results and locals, and its body, one instruction a line. */
export interface Listing {
  params: string[];
  results: string[];
  locals: string[];
  /** Instructions as the text format writes them, locals by index: `local.get 0`, `v128.load offset=16 align=1`. */
  body: string[];
}

const TYPES: Record<number, string> = { 0x7f: 'i32', 0x7e: 'i64', 0x7d: 'f32', 0x7c: 'f64', 0x7b: 'v128' };

// Core opcodes and their immediates: b blocktype, l label, x local, s sleb, none.
const CORE: Record<number, [string, string]> = {
  0x02: ['block', 'b'], 0x03: ['loop', 'b'], 0x04: ['if', 'b'], 0x05: ['else', ''], 0x0b: ['end', ''],
  0x0c: ['br', 'l'], 0x0d: ['br_if', 'l'], 0x0f: ['return', ''], 0x1a: ['drop', ''], 0x1b: ['select', ''],
  0x20: ['local.get', 'x'], 0x21: ['local.set', 'x'], 0x22: ['local.tee', 'x'],
  0x28: ['i32.load', 'm'], 0x2d: ['i32.load8_u', 'm'], 0x36: ['i32.store', 'm'], 0x3a: ['i32.store8', 'm'], 0x41: ['i32.const', 's'],
  0x45: ['i32.eqz', ''], 0x46: ['i32.eq', ''], 0x47: ['i32.ne', ''], 0x49: ['i32.lt_u', ''], 0x4b: ['i32.gt_u', ''],
  0x4d: ['i32.le_u', ''], 0x4f: ['i32.ge_u', ''], 0x67: ['i32.clz', ''], 0x68: ['i32.ctz', ''],
  0x6a: ['i32.add', ''], 0x6b: ['i32.sub', ''], 0x6c: ['i32.mul', ''], 0x71: ['i32.and', ''], 0x72: ['i32.or', ''], 0x73: ['i32.xor', ''],
  0x74: ['i32.shl', ''], 0x76: ['i32.shr_u', ''],
};
// SIMD opcodes (after the 0xfd prefix): m memarg, c 16 bytes, none.
const SIMD: Record<number, [string, string]> = {
  0x00: ['v128.load', 'm'], 0x0b: ['v128.store', 'm'], 0x0c: ['v128.const', 'c'], 0x0e: ['i8x16.swizzle', ''],
  0x0f: ['i8x16.splat', ''], 0x23: ['i8x16.eq', ''], 0x24: ['i8x16.ne', ''], 0x25: ['i8x16.lt_s', ''],
  0x4e: ['v128.and', ''], 0x50: ['v128.or', ''], 0x53: ['v128.any_true', ''], 0x64: ['i8x16.bitmask', ''],
  0x6d: ['i8x16.shr_u', ''], 0x6e: ['i8x16.add', ''],
};

/** The first function of a module, from its bytes. Throws on what it does not know. */
export function disassemble(bytes: Uint8Array): Listing {
  let at = 0;
  const uleb = () => {
    let n = 0;
    for (let shift = 0; ; shift += 7) {
      const b = bytes[at++];
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
    }
  };
  const sleb = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[at++];
      n |= (b & 0x7f) << shift;
      shift += 7;
      if (b < 0x80) return shift < 32 && b & 0x40 ? n | (-1 << shift) : n;
    }
  };
  const type = () => TYPES[bytes[at++]] ?? fail('value type');
  const fail = (what: string): never => {
    throw new Error(`unknown ${what} 0x${bytes[at - 1].toString(16)} at byte ${at - 1}`);
  };

  const listing: Listing = { params: [], results: [], locals: [], body: [] };
  at = 8; // magic and version
  while (at < bytes.length) {
    const id = bytes[at++];
    const end = uleb() + at;
    if (id === 1) {
      uleb(); // count: the function's type is the first
      if (bytes[at++] !== 0x60) fail('function type');
      for (let n = uleb(); n > 0; n--) listing.params.push(type());
      for (let n = uleb(); n > 0; n--) listing.results.push(type());
    } else if (id === 10) {
      uleb(); // count
      uleb(); // size of the first body
      for (let groups = uleb(); groups > 0; groups--) {
        const n = uleb();
        const t = type();
        for (let k = 0; k < n; k++) listing.locals.push(t);
      }
      for (let depth = 0; ; ) {
        const op = bytes[at++];
        const [name, imm] = op === 0xfd ? (SIMD[uleb()] ?? fail('SIMD opcode')) : (CORE[op] ?? fail('opcode'));
        if (name === 'end' && depth-- === 0) break; // the function's own end
        let line = name;
        if (imm === 'b') {
          if (bytes[at++] !== 0x40) fail('block type');
          depth++;
        } else if (imm === 'l' || imm === 'x') line += ` ${uleb()}`;
        else if (imm === 's') line += ` ${sleb()}`;
        else if (imm === 'm') {
          const align = 2 ** uleb();
          const offset = uleb();
          if (offset) line += ` offset=${offset}`;
          if (align !== 16) line += ` align=${align}`;
        } else if (imm === 'c') line += ` i8x16 ${[...bytes.subarray(at, (at += 16))].join(' ')}`;
        listing.body.push(line);
      }
    }
    at = end;
  }
  return listing;
}

/**
 * The first function of a listing in the text format, flat (one instruction a line,
 * no folded expressions), as scan.wat is written. Named locals become indices,
 * named labels depths.
 */
export function readListing(wat: string): Listing {
  const listing: Listing = { params: [], results: [], locals: [], body: [] };
  const names: string[] = [];
  const labels: Array<string | null> = [];
  for (const raw of wat.split('\n')) {
    const line = raw.replace(/;;.*/, '').trim();
    if (line === '' || line.startsWith(')')) continue;
    if (line.startsWith('(')) {
      for (const [, kind, name, t] of line.matchAll(/\((param|local|result)(?: (\$\w+))? (\w+)\)/g)) {
        if (kind === 'result') listing.results.push(t);
        else (kind === 'param' ? listing.params : listing.locals).push(t), names.push(name);
      }
      continue;
    }
    // Labels by name (`block $done`, `br $done`) become depths, as the bytes hold them.
    const opening = /^(block|loop|if)(?: (\$\w+))?$/.exec(line);
    if (opening) {
      labels.push(opening[2] ?? null);
      listing.body.push(opening[1]);
      continue;
    }
    if (line === 'end') labels.pop();
    const branch = /^(br|br_if) (\$\w+)$/.exec(line);
    if (branch) {
      const k = labels.lastIndexOf(branch[2]);
      if (k < 0) throw new Error(`unknown label ${branch[2]}`);
      listing.body.push(`${branch[1]} ${labels.length - 1 - k}`);
      continue;
    }
    listing.body.push(line.replace(/\$\w+/g, (name) => {
      const k = names.indexOf(name);
      if (k < 0) throw new Error(`unknown local ${name}`);
      return String(k);
    }).replace(/\s+/g, ' '));
  }
  return listing;
}
