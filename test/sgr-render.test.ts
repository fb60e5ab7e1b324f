// The WebAssembly render of program output's runs (readers/sgr-render.ts) against
// the JS render it replaces (renderWithJs in readers/sgr-runs.ts), byte for byte:
// on random runs full of what the two must agree on (SGR good and bad, CR,
// controls, UTF-8 good, cut, overlong and surrogate), on captured program output,
// and on runs long enough to be rendered in several windows.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantiate } from '../src/document/scan-wasm.ts';
import { assembleFunction, moduleOf } from './wasm-asm.ts';
import { MODULE_BASE64, renderModuleBytes, WasmRender, wasmRender, WINDOW } from '../src/document/readers/sgr-render.ts';
import { renderWithJs, SGR_RUNS } from '../src/document/readers/sgr-runs.ts';
import { seeded } from './random.ts';
import { disassemble, readListing } from './wat.ts';

const wasm = new WasmRender();

/** Both renders of input[from, to), each into a buffer just long enough for the JS one's output. */
function both(input: Uint8Array, from: number, to: number): [Buffer, Buffer] {
  const reference = Buffer.alloc(4 * (to - from) + 8);
  const length = renderWithJs(input, from, to, reference);
  const got = Buffer.alloc(length);
  expect(wasm.render(input, from, to, got)).toBe(length);
  return [got, reference.subarray(0, length)];
}

/** Expects the two renders to agree, and says where they part when they do not. */
function expectSame(input: Uint8Array, from: number, to: number): void {
  const [got, reference] = both(input, from, to);
  if (!got.equals(reference)) {
    let k = 0;
    while (got[k] === reference[k]) k++;
    const around = (b: Buffer) => JSON.stringify(b.subarray(Math.max(0, k - 20), k + 20).toString('latin1'));
    expect.fail(`renders part at output byte ${k} of run [${from}, ${to}): wasm ${around(got)}, JS ${around(reference)}`);
  }
}

const ESC = '\x1b';
const bytes = (...b: number[]) => String.fromCharCode(...b);

/** A random run, as latin1 (a char a byte), built from the pieces the render treats apart. */
function randomRun(random: (n: number) => number, pieces: number): string {
  const digits = (n: number) => Array.from({ length: n }, () => String(random(10))).join('');
  const number = () => (random(4) === 0 ? '' : random(3) === 0 ? digits(1 + random(6)) : String(random(300)));
  const params = () => Array.from({ length: random(6) }, number).join(random(8) === 0 ? ':' : ';');
  const extended = () => `${['38', '48', '58', '038', '8'][random(5)]};${[`5;${number()}`, `2;${number()};${number()};${number()}`, number()][random(3)]}`;
  const choices: Array<() => string> = [
    () => 'abcdefghijklmnopqrstuvwxyz ABC,.-=[]{}'.slice(random(20), 20 + random(20)).repeat(1 + random(3)),
    () => `${ESC}[${params()}m`,
    () => `${ESC}[${[number(), ...(random(2) ? [extended()] : []), number()].join(';')}m`,
    () => `${ESC}[${random(3) ? '' : random(2) ? '0' : digits(2)}K`,
    () => `${ESC}[${';'.repeat(30 + random(4))}m`, // about MAX_SGR_PARAMS
    () => `${ESC}[${'1;'.repeat(100 + random(40))}m`, // about MAX_CSI
    () => `${ESC}[${random(2) ? '?' : ' '}${params()}${'mKhHJ'[random(5)]}`,
    () => [ESC, '[', ';', ':', 'm', 'K', '8', digits(1 + random(8))][random(8)],
    () => ['\r', '\n', '\t', '\r\n', '\r\r\n'][random(5)],
    () => bytes(random(32)),
    () => bytes(0x7f),
    () => Buffer.from(['é', 'ß', '€', '中', '𝄞', '😀', '\u0085', '\u00a0', '\uffff'][random(9)]).toString('latin1'),
    () => Buffer.from('€😀').subarray(0, 1 + random(6)).toString('latin1'), // cut characters
    () => [bytes(0xc0, 0x80), bytes(0xc1, 0xbf), bytes(0xe0, 0x80, 0x80), bytes(0xe0, 0x9f, 0xbf), bytes(0xf0, 0x80, 0x80, 0x80), bytes(0xf0, 0x8f, 0xbf, 0xbf)][random(6)], // overlong
    () => [bytes(0xed, 0xa0, 0x80), bytes(0xed, 0xbf, 0xbf), bytes(0xed, 0x9f, 0xbf), bytes(0xf4, 0x90, 0x80, 0x80), bytes(0xf4, 0x8f, 0xbf, 0xbf), bytes(0xf5, 0x80, 0x80, 0x80)][random(6)], // surrogates, past U+10FFFF
    () => bytes(0xc2, 0x80 + random(0x40)), // C1 controls and after
    () => bytes(0x80 + random(0x80)),
    () => bytes(0x80 + random(0x80), 0x80 + random(0x80), 0x80 + random(0x80)),
  ];
  let run = '';
  for (let k = 0; k < pieces; k++) run += choices[random(choices.length)]();
  return run;
}

describe('the render module', () => {
  it('is sgr-render.wat assembled, and holds what that file lists, instruction for instruction', () => {
    const wat = readFileSync(new URL('../src/document/readers/sgr-render.wat', import.meta.url), 'utf8');
    const assembled = Buffer.from(moduleOf('render', assembleFunction(wat))).toString('base64');
    expect(MODULE_BASE64, `sgr-render.ts's MODULE_BASE64 must be the listing assembled, now ${assembled}`).toBe(assembled);
    const code = disassemble(renderModuleBytes());
    expect(code.body.length).toBeGreaterThan(300);
    expect(code).toEqual(readListing(wat));
  });

  it('instantiates on Node 20, and is the render program output uses', () => {
    expect(() => instantiate(renderModuleBytes())).not.toThrow();
    expect(wasmRender()).toBeInstanceOf(WasmRender);
  });

  it('gives way to the JS render only where WebAssembly is missing (node --jitless), which renders the same', () => {
    const program = [
      "Promise.all([import('./src/document/readers/sgr-render.ts'), import('./src/document/readers/sgr-runs.ts')]).then(([r, s]) => {",
      "  const input = Buffer.from('\\x1b[1;31mred\\x1b[m \\x1b[38;5;9mx\\x1b[K\\r\\n\\x01 caf\\xc3\\xa9 \\xff', 'latin1'); const out = Buffer.alloc(4 * input.length);",
      "  console.log(r.wasmRender() === null ? 'js' : 'wasm', JSON.stringify(out.subarray(0, s.SGR_RUNS.render(input, 0, input.length, out)).toString('latin1')));",
      '})',
    ].join('\n');
    const run = (flags: string[]) =>
      execFileSync(process.execPath, [...flags, '--no-warnings', '--import', 'tsx', '-e', program], { cwd: new URL('..', import.meta.url), encoding: 'utf8', stdio: 'pipe' });
    const shown = JSON.stringify('red x\n<01> caf\u00c3\u00a9 <ff>');
    expect(run(['--jitless'])).toBe(`js ${shown}\n`);
    expect(run([])).toBe(`wasm ${shown}\n`);
  });
});

describe('the wasm render, against the JS render', () => {
  it('agrees on random runs, from and to anywhere', () => {
    const random = seeded(16);
    for (let k = 0; k < 4000; k++) {
      const input = Buffer.from(randomRun(random, 1 + random(40)), 'latin1');
      const from = random(3) === 0 ? random(input.length + 1) : 0;
      const to = random(3) === 0 ? from + random(input.length - from + 1) : input.length;
      expectSame(input, from, to);
    }
  });

  it('agrees on the SGR it takes and the ones it refuses, each alone and cut short', () => {
    const random = seeded(61);
    for (let k = 0; k < 3000; k++) {
      const body = randomRun(random, 1).startsWith(ESC) ? '' : 'x';
      const sequence = `${ESC}[${[...Array(random(5))].map(() => (random(4) ? String(random(1000)) : [38, 48, 58][random(3)])).join(random(10) ? ';' : ':')}${'mmmK;'[random(5)]}`;
      const input = Buffer.from(`${body}${sequence}y`, 'latin1');
      for (let to = 0; to <= input.length; to++) expectSame(input, 0, to);
    }
  });

  it('agrees on program output captured from git, ls and man, whole and cut into runs', () => {
    const dir = new URL('./e2e/fixtures/', import.meta.url);
    const names = readdirSync(dir).filter((name) => name.endsWith('.txt'));
    expect(names).toEqual(expect.arrayContaining(['git-diff.txt', 'git-log-p.txt', 'ls-color.txt', 'man-ls.txt', 'hostile-sgr.txt']));
    const random = seeded(7);
    for (const name of names) {
      const input = readFileSync(new URL(name, dir));
      expectSame(input, 0, input.length);
      for (let from = 0; from < input.length; ) {
        const to = Math.min(input.length, from + 1 + random(4096));
        expectSame(input, from, to);
        from = to;
      }
    }
  });

  it('agrees on a run of 100 KiB, and on runs longer than its window, with units across the seams', () => {
    const random = seeded(1616);
    let text = '';
    while (text.length < 100 * 1024) text += randomRun(random, 50);
    const long = Buffer.from(text, 'latin1');
    expectSame(long, 0, long.length);
    expectSame(long, 3, long.length - 5);
    // Three windows and more, in a Buffer that does not start its ArrayBuffer.
    while (text.length < 3 * WINDOW + 1000) text += randomRun(random, 50);
    const longer = Buffer.from(`..${text}`, 'latin1').subarray(2);
    expect(longer.byteOffset).toBeGreaterThan(0);
    expectSame(longer, 0, longer.length);
    // An SGR, a refused one (left to JS), a character and a token at each place about the first seam.
    for (const unit of [`${ESC}[1;31m`, `${ESC}[38;5;300m`, `${ESC}[1:2m`, '😀', '\x01', '\r\n', bytes(0xe2, 0x82)]) {
      for (let at = WINDOW - 20; at <= WINDOW + 4; at++) {
        const input = Buffer.from(`${'a'.repeat(at)}${unit}${'b'.repeat(600)}`, 'latin1');
        expectSame(input, 0, input.length);
      }
    }
  });

  it('keeps its memory to a window: a run of 8 MiB does not grow it to 40', () => {
    const render = new WasmRender();
    const run = Buffer.from(`${ESC}[32mok${ESC}[m ${'word '.repeat(20)}\n`.repeat(Math.ceil((8 << 20) / 110)));
    const out = Buffer.alloc(run.length);
    expect(render.render(run, 0, run.length, out)).toBe(renderWithJs(run, 0, run.length, Buffer.alloc(4 * run.length)));
    expect(render.memorySize).toBeLessThan(2 << 20);
  });

  it('is what SGR_RUNS renders with', () => {
    const input = Buffer.from(`${ESC}[2m12:00:01${ESC}[m ${ESC}[1;31mERROR${ESC}[m caf\u00e9\r\n`);
    const out = Buffer.alloc(4 * input.length);
    expect(out.subarray(0, SGR_RUNS.render(input, 0, input.length, out)).toString()).toBe('12:00:01 ERROR café\n');
  });
});
