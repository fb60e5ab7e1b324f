// A run's render (sgr-runs.ts) in WebAssembly SIMD: 16 bytes a step where the
// JS loop took 4, well under half the time on a coloured log. The module is
// written by hand in the WebAssembly text format, in sgr-render.wat beside this
// file (read it first), and kept here assembled, so that nothing is assembled
// at start-up: test/sgr-render.test.ts checks that these bytes are that file's.
//
// The module copies plain bytes (printable ASCII, TAB, LF) 16 at a time and
// does the rest itself: drops an SGR lwl takes (the parameters as sgr-state.ts's
// droppedLength reads them), ESC [ K, ESC [ 0 K and the CR of CR LF; copies
// valid UTF-8; writes tokens for controls and bytes that are not UTF-8. It
// leaves to JS only an ESC it does not drop (an SGR with ':' or one refused,
// another CSI, a lone ESC), one unit, and goes on after it. sgr-runs.ts keeps
// the JS render as the reference, and as the render where there is no SIMD.
import { instantiate, simdAvailable } from '../scan-wasm.ts';
import { unitAt, writeToken } from '../hex-tokens.ts';
import { HEX_DIGITS } from '../utf8.ts';
import { droppedAt } from './sgr-state.ts';

/**
 * The module: sgr-render.wat assembled by test/wasm-asm.ts's assembleFunction (the
 * test says the new bytes when the listing changes). It holds one function,
 * render($i, $limit, $end, $w): renders memory[$i, ...) to memory[$w, ...)
 * until $i reaches $limit, reading nothing at or past $end (but up to 15 bytes
 * past it must be readable, and 15 past the output writable). It returns where
 * it stopped (at $limit or past it, or at an ESC left to JS) and stores where
 * the output ends at memory[0]. The hex digits are at memory[16, 32).
 */
export const MODULE_BASE64 = [
  'AGFzbQEAAAABCQFgBH9/f38BfwMCAQAFAwEAAQcTAgZtZW1vcnkCAAZyZW5kZXIAAAqBCgH+CQIBew9/AkADQCAAIAFPDQEg',
  'AyAA/QAAACIE/QsAACAE/QxgYGBgYGBgYGBgYGBgYGBg/W79DN/f39/f39/f39/f39/f39/9JSAE/QwJCQkJCQkJCQkJCQkJ',
  'CQkJ/SP9UCAE/QwKCgoKCgoKCgoKCgoKCgoK/SP9UP1kQf//A3MhBSACIABrQRBJBEAgBUF/IAIgAGt0ciEFCyAFRQRAIABB',
  'EGohACADQRBqIQMMAQsgACAFaCIHaiEAIAMgB2ohAyAAIAJPDQEgAC0AACEGIAZBG0YEQCAAQQJqIAJPDQIgAC0AAUHbAEcN',
  'AiAAKAAAIghB////B3FBm/azA0YEQCAAQQNqIQAMAgsgCEEQdkH/AXFBMGtBCkkgAiAAa0EES3EEQCAIQRh2Ig9B7QBGBEAg',
  'AEEEaiEADAMLIA9BMGtBCkkgD0E4R3EgAC0ABEHtAEZxBEAgAEEFaiEADAMLCyAA/QAAAiIE/QxQUFBQUFBQUFBQUFBQUFBQ',
  '/W79DIqKioqKioqKioqKioqKior9Jf1kIgwgBP0MOzs7Ozs7Ozs7Ozs7Ozs7O/0j/WRyQX9zaCINQRBJIAIgAGtBAmsgDUtx',
  'IAT9DG1tbW1tbW1tbW1tbW1tbW39I/1kIA12QQFxcSAMIAxBAXZxIAxBAnZxIAxBA3ZxIAT9DDg4ODg4ODg4ODg4ODg4ODj9',
  'I/1kckEBIA10QQFrcUVxBEAgACANakEDaiEADAILIABBAmohDkEAIRBBACERQQEhEkEAIRMDQCAOIAJPDQMgDi0AACIPQTBr',
  'QQlNBEAgEEEKbCAPakEwayEQIBFBAWoiEUEDSw0EIA5BAWohDgwBCyAPQTtGIA9B7QBGcgRAIBNBf0YEQCARRQ0FIBBBBUYE',
  'QEEBIRMFIBBBAkcNBkEDIRMLBSATBEAgEUUgEEH/AUtyDQYgE0EBayETBSAQQSZGIBBBMEZyIBBBOkZyBEBBfyETCwsLIA9B',
  '7QBGBEAgEw0FIA5BAWohAAwECyASQQFqIhJBIEsNBEEAIRBBACERIA5BAWohDgwBCwsgD0HLAEcNAiAOIABrQQJGIA4gAGtB',
  'A0YgAC0AAkEwRnFyRQ0CIA5BAWohAAwBCyAGQQ1GBEAgAEEBaiACSQRAIAAtAAFBCkYEQCAAQQFqIQAMAwsLC0EAIQcgBkGA',
  'AU8EQCAAKAAAIQhBgAEhCUG/ASEKQQAhCyAGQcIBa0EeSQRAQQIhBwUgBkHgAWtBEEkEQEEDIQdBoAFBgAEgBkHgAUYbIQlB',
  'nwFBvwEgBkHtAUYbIQpBgICABiELBSAGQfABa0EFSQRAQQQhB0GQAUGAASAGQfABRhshCUGPAUG/ASAGQfQBRhshCkGAgICG',
  'fCELCwsLIAAgB2ogAksgCEEIdkH/AXEgCWsgCiAJa0tyIAggC3EgC0GAgYKEeHFHcgRAQQAhBwsLIAcEQCAGQcIBRiAIQQh2',
  'Qf8BcUGgAUlxBEAgA0E8OgAAIANB4wA6AAEgA0EyOgACIAMgCEEMdkEPcS0AEDoAAyADIAhBCHZBD3EtABA6AAQgA0E+OgAF',
  'IANBBmohAyAAQQJqIQAMAgsgAyAINgAAIAMgB2ohAyAAIAdqIQAMAQsgA0E8OgAAIAMgBkEEdi0AEDoAASADIAZBD3EtABA6',
  'AAIgA0E+OgADIANBBGohAyAAQQFqIQAMAAsLQQAgAzYAACAACw==',
].join('');

/** The hex digits' place in the module's memory, and where a window of input starts. */
const DIGITS_AT = 16;
const INPUT_AT = 64;
/** Input rendered per call: the memory holds a window and 4 times it for the output (about 1.3 MB at most). */
export const WINDOW = 256 * 1024;
/** Input past a window's end copied with it: a unit that starts in the window is read whole (a CSI is at most 256 bytes). */
const OVERLAP = 512;
/** Room left past the input and the output, for the 16-byte loads and stores. */
const SLACK = 32;

let bytes: Uint8Array | undefined;

/** The module's bytes. */
export function renderModuleBytes(): Uint8Array {
  return (bytes ??= new Uint8Array(Buffer.from(MODULE_BASE64, 'base64')));
}

interface RenderExports {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  render(i: number, limit: number, end: number, w: number): number;
}

/** The module instantiated, with views of its memory. */
export class WasmRender {
  private readonly wasm: RenderExports;
  private memory!: Uint8Array;
  private outputEnd!: Int32Array;

  /** `bytes`: the module, another build of it for a benchmark. */
  constructor(bytes = renderModuleBytes()) {
    this.wasm = instantiate(bytes) as unknown as RenderExports;
    this.view();
    this.memory.set(HEX_DIGITS, DIGITS_AT);
  }

  /** The module's memory, in bytes: it grows to a window's needs, not a run's. */
  get memorySize(): number {
    return this.memory.length;
  }

  private view(): void {
    this.memory = new Uint8Array(this.wasm.memory.buffer);
    this.outputEnd = new Int32Array(this.wasm.memory.buffer, 0, 1);
  }

  /** Renders input[from, to) into out from 0, as SGR_RUNS.render does; returns the display length. */
  render(input: Uint8Array, from: number, to: number, out: Uint8Array): number {
    const span = Math.min(to - from, WINDOW + OVERLAP);
    const outputAt = (INPUT_AT + span + SLACK + 15) & ~15;
    const needed = outputAt + 4 * span + SLACK;
    if (this.memory.length < needed) {
      this.wasm.memory.grow(Math.ceil((needed - this.memory.length) / 65536));
      this.view();
    }
    const memory = this.memory;
    let o = 0;
    for (let at = from; at < to; ) {
      const end = INPUT_AT + Math.min(to - at, WINDOW + OVERLAP);
      const limit = INPUT_AT + Math.min(to - at, WINDOW);
      memory.set(input.subarray(at, at + end - INPUT_AT), INPUT_AT);
      let i = INPUT_AT;
      let w = outputAt;
      for (;;) {
        i = this.wasm.render(i, limit, end, w);
        w = this.outputEnd[0];
        if (i >= limit) break;
        // An ESC the module does not drop: one unit, as the JS render does it.
        const n = droppedAt(memory, i, end);
        if (n > 0) {
          i += n;
          continue;
        }
        const unit = unitAt(memory, i, end);
        if (unit > 0) {
          memory.copyWithin(w, i, i + unit);
          w += unit;
          i += unit;
        } else {
          w += writeToken(memory, i, -unit, memory, w);
          i -= unit;
        }
      }
      out.set(memory.subarray(outputAt, w), o);
      o += w - outputAt;
      at += i - INPUT_AT;
    }
    return o;
  }
}

let renderer: WasmRender | null | undefined;

/** The wasm render, made on first use; null where WebAssembly SIMD is missing (node --jitless). */
export function wasmRender(): WasmRender | null {
  if (renderer === undefined) renderer = simdAvailable() ? new WasmRender() : null;
  return renderer;
}
