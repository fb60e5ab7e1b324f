// Program output's runs: a coloured stretch of plain text is kept as its raw
// bytes, SGR and all, as a run to render (store.ts), not cut into a piece of
// text and a style span at every colour change. When a run is read its SGR
// (and erase-to-end-of-line, and the CR of a CR LF) is dropped and its
// controls become tokens; its styles are found from the SGR when the screen
// asks for them. So a log with an SGR every dozen bytes costs a few bytes per
// 32 KiB run, and a search matches the text as shown, never the SGR's bytes.
import type { RunRender, Text } from '../store.ts';
import { LruCache } from '../cache.ts';
import { lowerBound } from '../sorted.ts';
import { tokenLength, TokenRanges, unitAt, writeToken } from '../hex-tokens.ts';
import { droppedAt, PLAIN_STYLE, REFUSED, type SgrStyles } from './sgr-state.ts';
import { wasmRender } from './sgr-render.ts';

const TAB = 0x09;
const LF = 0x0a;
const ESC = 0x1b;
const DEL = 0x7f;
const FINAL_M = 0x6d;

/**
 * Walks a run as it is shown, as render() does: `token` is told each token and
 * `drop` each sequence dropped, with the display offset (from 0) where each
 * falls and where it is in the input. Returns the display length.
 */
function walk(
  input: Uint8Array,
  from: number,
  to: number,
  token: (at: number, i: number, n: number) => void,
  drop: (at: number, i: number, n: number) => void,
): number {
  let w = 0;
  let i = from;
  while (i < to) {
    const b = input[i];
    if ((b >= 0x20 && b < DEL) || b === LF || b === TAB) {
      w++;
      i++;
      continue;
    }
    const n = droppedAt(input, i, to);
    if (n > 0) {
      drop(w, i, n);
      i += n;
      continue;
    }
    const unit = unitAt(input, i, to);
    if (unit > 0) {
      w += unit;
      i += unit;
    } else {
      token(w, i, -unit);
      w += tokenLength(-unit);
      i -= unit;
    }
  }
  return w;
}

const nothing = () => {};

/**
 * Renders a run, input[from, to), into out from 0 (SGR, erase to the end of
 * the line and the CR of CR LF dropped, controls made tokens); returns the
 * display length. The reference render: sgr-render.ts does the same in
 * WebAssembly, and this is the render where there is none.
 */
export function renderWithJs(input: Uint8Array, from: number, to: number, out: Uint8Array): number {
  const source = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const target = new DataView(out.buffer, out.byteOffset, out.byteLength);
  let w = 0;
  let i = from;
  while (i < to) {
    // Four printable ASCII bytes at a time (none >= 0x80, < 0x20 or 0x7f): most of a log.
    while (i + 4 <= to) {
      const x = source.getUint32(i, true);
      if (((x - 0x20202020) | x | ((x ^ 0x7f7f7f7f) - 0x01010101)) & 0x80808080) break;
      target.setUint32(w, x, true);
      i += 4;
      w += 4;
    }
    if (i === to) break;
    const b = input[i];
    if ((b >= 0x20 && b < DEL) || b === LF || b === TAB) {
      out[w++] = b;
      i++;
      continue;
    }
    if (b === ESC && i + 2 < to && input[i + 1] === 0x5b) {
      // The common SGR, dropped here with no call: up to 4 parameters of 1 or 2 digits (none 38, 48, 58).
      let j = i + 2;
      let value = 0;
      let digits = 0;
      let c = 0;
      for (; j < to && j - i < 14; j++) {
        c = input[j];
        if (c >= 0x30 && c <= 0x39) {
          value = value * 10 + (c - 0x30);
          digits++;
        } else if (c === 0x3b && digits < 3 && value !== 38 && value !== 48 && value !== 58) {
          value = digits = 0;
        } else break;
      }
      if (c === FINAL_M && j < to && digits < 3 && value !== 38 && value !== 48 && value !== 58) {
        i = j + 1;
        continue;
      }
    }
    const n = droppedAt(input, i, to);
    if (n > 0) {
      i += n;
      continue;
    }
    const unit = unitAt(input, i, to);
    if (unit > 0) {
      for (let k = 0; k < unit; k++) out[w + k] = input[i + k];
      w += unit;
      i += unit;
    } else {
      w += writeToken(input, i, -unit, out, w);
      i -= unit;
    }
  }
  return w;
}

/** Runs of plain text read with SGR: what the plain reader's text renders with. */
export const SGR_RUNS: RunRender = {
  render(input: Uint8Array, from: number, to: number, out: Uint8Array): number {
    const wasm = wasmRender();
    return wasm ? wasm.render(input, from, to, out) : renderWithJs(input, from, to, out);
  },

  tokens(input: Uint8Array, from: number, to: number): Float64Array {
    const found = new TokenRanges();
    walk(input, from, to, (at, _i, n) => found.add(at, at + tokenLength(n)), nothing);
    const pairs = new Float64Array(2 * found.found.length);
    found.found.forEach(([s, e], k) => ((pairs[2 * k] = s), (pairs[2 * k + 1] = e)));
    return pairs;
  },
};

/** A style span: start, end (display offsets) and style number. */
export type StyleSpan = [start: number, end: number, style: number];

/** Runs whose styles are kept worked out. */
const CACHED_RUNS = 64;

/**
 * The styles of a text's runs, found from their SGR when asked: a run's tag is
 * its style number where it starts, and each SGR in it moves on from there, as
 * it did for the reader. Tokens take no style (they are drawn as tokens).
 */
export class RunStyles {
  /** Run display start → its end and its spans (start, end, style triples, from the run's start). */
  private readonly cache = new LruCache<number, { end: number; spans: Float64Array }>(CACHED_RUNS);

  constructor(
    private readonly text: Text,
    private readonly styles: SgrStyles,
  ) {}

  /** The style spans that overlap [start, end), in order. */
  within(start: number, end: number): StyleSpan[] {
    const out: StyleSpan[] = [];
    // A run's spans are worked out once, while it stays in the cache: its bytes are read only then.
    this.text.runs(start, end, (runStart, runEnd, tag, raw) => {
      let known = this.cache.get(runStart);
      if (!known || known.end !== runEnd) {
        const bytes = raw();
        known = { end: runEnd, spans: this.spansOf(bytes, 0, bytes.length, tag) };
        this.cache.set(runStart, known);
      }
      const spans = known.spans;
      // A row far into a run of thousands of colour changes skips those before it: the first whose end is past the row's start.
      const first = lowerBound(spans.length / 3, (t) => spans[3 * t + 1], start - runStart + 1);
      for (let k = 3 * first; k < spans.length; k += 3) {
        const s = runStart + spans[k];
        const e = runStart + spans[k + 1];
        if (s >= end) break;
        if (e > start) out.push([s, e, spans[k + 2]]);
      }
    });
    return out;
  }

  /** A run's spans, from its start, as triples. */
  private spansOf(raw: Uint8Array, from: number, to: number, tag: number): Float64Array {
    const spans: number[] = [];
    let style = tag;
    let spanStart = 0;
    const close = (at: number) => {
      if (style !== PLAIN_STYLE && at > spanStart) spans.push(spanStart, at, style);
    };
    const length = walk(
      raw,
      from,
      to,
      (at, _i, n) => {
        close(at);
        spanStart = at + tokenLength(n);
      },
      (at, i, n) => {
        if (raw[i + n - 1] !== FINAL_M) return; // erase to the end of the line, CR of CR LF
        const after = this.styles.move(raw, i + 2, i + n - 1, style);
        if (after === REFUSED || after === style) return;
        close(at);
        style = after;
        spanStart = at;
      },
    );
    close(length);
    return Float64Array.from(spans);
  }
}
