// SGR in program output (`ESC [ params m`): what a sequence does to the current
// colours and attributes. A sequence lwl cannot trust (too long, too many
// parameters, a number out of range) is refused whole: the reader shows it as
// tokens, so nothing of it reaches the terminal.
import type { ColorSpec, TextStyle } from '../styles.ts';

export const BOLD = 1;
export const DIM = 2;
export const ITALIC = 4;
export const UNDERLINE = 8;
export const REVERSE = 16;
export const STRIKE = 32;

/** Parameters (numbers between `;` or `:`) in one sequence at most: real ones have a dozen. */
export const MAX_SGR_PARAMS = 32;
/** Digits in one parameter at most. */
const MAX_DIGITS = 3;

/** The colours and attributes in force. */
export class SgrState {
  fg: ColorSpec | undefined = undefined;
  bg: ColorSpec | undefined = undefined;
  attrs = 0;

  reset(): void {
    this.fg = this.bg = undefined;
    this.attrs = 0;
  }

  /** A key equal for equal states: for numbering styles without building one (a number unless a colour is rgb). */
  key(extra = 0): number | string {
    const { fg, bg } = this;
    if (typeof fg === 'string' || typeof bg === 'string') return `${fg ?? ''}|${bg ?? ''}|${this.attrs | extra}`;
    return (((fg ?? -1) + 1) * 257 + ((bg ?? -1) + 1)) * 64 + (this.attrs | extra);
  }

  /** The state as a TextStyle, with `extra` attributes (overstrike) added; null when it is plain. */
  style(extra = 0): TextStyle | null {
    const attrs = this.attrs | extra;
    if (this.fg === undefined && this.bg === undefined && attrs === 0) return null;
    const style: TextStyle = {};
    if (this.fg !== undefined) style.fg = this.fg;
    if (this.bg !== undefined) style.bg = this.bg;
    if (attrs & BOLD) style.bold = true;
    if (attrs & DIM) style.dim = true;
    if (attrs & ITALIC) style.italic = true;
    if (attrs & UNDERLINE) style.underline = true;
    if (attrs & REVERSE) style.reverse = true;
    if (attrs & STRIKE) style.strike = true;
    return style;
  }
}

/** Reads the parameters buf[from, to) (digits, `;` and `:`): groups split by `;`, each a list of `:` parts (-1 for an empty one). Null if refused. */
function readParams(buf: Uint8Array, from: number, to: number): number[][] | null {
  const groups: number[][] = [];
  let group: number[] = [];
  let value = -1;
  let digits = 0;
  let count = 0;
  for (let i = from; i <= to; i++) {
    const b = i < to ? buf[i] : 0x3b;
    if (b >= 0x30 && b <= 0x39) {
      if (++digits > MAX_DIGITS) return null;
      value = (value < 0 ? 0 : value * 10) + (b - 0x30);
      continue;
    }
    if (b !== 0x3b && b !== 0x3a) return null;
    if (++count > MAX_SGR_PARAMS) return null;
    group.push(value);
    value = -1;
    digits = 0;
    if (b === 0x3b) {
      groups.push(group);
      group = [];
    }
  }
  return groups;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/**
 * An extended colour (38, 48, 58) from `parts` (its `:` parts) or from the `;`
 * groups after it; returns the colour (undefined for one that is ignored, null
 * if malformed) and how many following groups it took.
 */
function extendedColor(parts: number[], groups: number[][], g: number): { color: ColorSpec | null; took: number } {
  let args: number[];
  let took = 0;
  if (parts.length > 1) {
    args = parts.slice(1);
  } else {
    // `;` form: 5;n or 2;r;g;b, each a group of one.
    const kind = groups[g + 1]?.[0];
    const n = kind === 5 ? 2 : kind === 2 ? 4 : 0;
    if (n === 0 || g + n >= groups.length) return { color: null, took: 0 };
    args = [];
    for (let k = 1; k <= n; k++) {
      if (groups[g + k].length !== 1) return { color: null, took: 0 };
      args.push(groups[g + k][0]);
    }
    took = n;
  }
  const ok = (v: number) => v >= 0 && v <= 255;
  if (args[0] === 5 && args.length === 2 && ok(args[1])) return { color: args[1], took };
  if (args[0] === 2) {
    // 38:2:r:g:b, or 38:2:colourspace:r:g:b (the ITU form, the space often empty).
    const rgb = args.length === 5 ? args.slice(2) : args.length === 4 ? args.slice(1) : null;
    if (rgb && rgb.every(ok)) return { color: `#${rgb.map(hex2).join('')}`, took };
  }
  return { color: null, took: 0 };
}

/** Parameters read before, by their bytes packed in a number (for up to 13 bytes): the same few sequences come again and again. */
const parsed = new Map<number, number[][] | null>();
const PACKABLE = 13;

function paramsOf(buf: Uint8Array, from: number, to: number): number[][] | null {
  if (to - from > PACKABLE) return readParams(buf, from, to);
  let key = 1;
  for (let i = from; i < to; i++) key = key * 16 + (buf[i] - 0x2f); // digits, ':' and ';' are 1-12
  let groups = parsed.get(key);
  if (groups === undefined) {
    groups = readParams(buf, from, to);
    if (parsed.size < 4096) parsed.set(key, groups);
  }
  return groups;
}

/** Applies the SGR whose parameters are buf[from, to) to `state`; false (and `state` unchanged) if it is refused. */
export function applySgr(buf: Uint8Array, from: number, to: number, state: SgrState): boolean {
  for (let i = from; i < to; i++) if (buf[i] < 0x30 || buf[i] > 0x3b) return false;
  const groups = paramsOf(buf, from, to);
  if (!groups) return false;
  let { fg, bg, attrs } = state;
  for (let g = 0; g < groups.length; g++) {
    const parts = groups[g];
    const p = parts[0] < 0 ? 0 : parts[0];
    if (parts.length > 1 && p !== 38 && p !== 48 && p !== 58 && p !== 4) return false;
    if (p === 0) {
      fg = bg = undefined;
      attrs = 0;
    } else if (p === 1) attrs |= BOLD;
    else if (p === 2) attrs |= DIM;
    else if (p === 3) attrs |= ITALIC;
    else if (p === 4) attrs = parts.length > 1 && parts[1] === 0 ? attrs & ~UNDERLINE : attrs | UNDERLINE;
    else if (p === 7) attrs |= REVERSE;
    else if (p === 9) attrs |= STRIKE;
    else if (p === 21) attrs |= UNDERLINE;
    else if (p === 22) attrs &= ~(BOLD | DIM);
    else if (p === 23) attrs &= ~ITALIC;
    else if (p === 24) attrs &= ~UNDERLINE;
    else if (p === 27) attrs &= ~REVERSE;
    else if (p === 29) attrs &= ~STRIKE;
    else if (p >= 30 && p <= 37) fg = p - 30;
    else if (p === 39) fg = undefined;
    else if (p >= 40 && p <= 47) bg = p - 40;
    else if (p === 49) bg = undefined;
    else if (p >= 90 && p <= 97) fg = p - 90 + 8;
    else if (p >= 100 && p <= 107) bg = p - 100 + 8;
    else if (p === 38 || p === 48 || p === 58) {
      const { color, took } = extendedColor(parts, groups, g);
      if (color === null) return false;
      if (p === 38) fg = color;
      else if (p === 48) bg = color;
      g += took;
    }
    // Others (blink, conceal, fonts, frames) are read and ignored, as less does.
  }
  state.fg = fg;
  state.bg = bg;
  state.attrs = attrs;
  return true;
}

/** A style number for the plain state: no span. */
export const PLAIN_STYLE = -1;
/** What SgrStyles.move gives for an SGR lwl does not take. */
export const REFUSED = -2;
/** Moves remembered in SgrStyles' direct-mapped cache. */
const MOVE_SLOTS = 4096;

/**
 * The SGR states of one document, numbered as its StyleTable numbers their
 * styles (-1 is plain), and the moves between them: the reader follows the SGR
 * as it reads, and the text's runs (sgr-runs.ts) again when their styles are
 * asked for. A log has a few states and a few sequences, met millions of times:
 * each move is worked out once.
 */
export class SgrStyles {
  /** Style numbers by SgrState.key. */
  private readonly numbers = new Map<number | string, number>();
  /** The SGR state each style number stands for (at n + 1). */
  private readonly states: Array<[SgrState['fg'], SgrState['bg'], number]> = [[undefined, undefined, 0]];
  /** Every move worked out: from style n (at n + 1), packed parameters → the style after. */
  private readonly moves: Array<Map<number, number>> = [];
  /** The moves met lately, looked up with no hashing of a Map: from a style, a sequence's packed parameters, and the style after. */
  private readonly moveFrom = new Float64Array(MOVE_SLOTS).fill(NaN);
  private readonly moveKey = new Float64Array(MOVE_SLOTS);
  private readonly moveTo = new Float64Array(MOVE_SLOTS);
  private readonly state = new SgrState();

  constructor(private readonly table: { add(style: TextStyle): number }) {}

  /** The style number of `state` with `extra` attributes; -1 for plain text. */
  number(state: SgrState, extra = 0): number {
    const key = state.key(extra);
    let n = this.numbers.get(key);
    if (n === undefined) {
      const style = state.style(extra);
      n = style ? this.table.add(style) : PLAIN_STYLE;
      this.numbers.set(key, n);
    }
    if (extra === 0 && !this.states[n + 1]) this.states[n + 1] = [state.fg, state.bg, state.attrs];
    return n;
  }

  /** Sets `into` to the state style `n` stands for (n from number(), with no extra). */
  stateOf(n: number, into: SgrState): SgrState {
    const [fg, bg, attrs] = this.states[n + 1];
    into.fg = fg;
    into.bg = bg;
    into.attrs = attrs;
    return into;
  }

  /** The style after the SGR with parameters buf[from, to) from style `base`; REFUSED if lwl does not take it. */
  move(buf: Uint8Array, from: number, to: number, base: number): number {
    if (to - from > PACKABLE) return this.apply(buf, from, to, base);
    let key = 1;
    // The slot from a small integer hash: `key` (up to 53 bits) is a double, and a double's % costs more than the rest of the move.
    let hash = base + 1;
    for (let k = from; k < to; k++) {
      const b = buf[k];
      if (b < 0x30 || b > 0x3b) return REFUSED;
      key = key * 16 + (b - 0x2f);
      hash = (hash * 31 + b) | 0;
    }
    const slot = (hash ^ (hash >>> 12)) & (MOVE_SLOTS - 1);
    if (this.moveFrom[slot] === base && this.moveKey[slot] === key) return this.moveTo[slot];
    const known = (this.moves[base + 1] ??= new Map());
    let after = known.get(key);
    if (after === undefined) {
      after = this.apply(buf, from, to, base);
      if (known.size < 4096) known.set(key, after);
    }
    this.moveFrom[slot] = base;
    this.moveKey[slot] = key;
    this.moveTo[slot] = after;
    return after;
  }

  private apply(buf: Uint8Array, from: number, to: number, base: number): number {
    const state = this.stateOf(base, this.state);
    return applySgr(buf, from, to, state) ? this.number(state) : REFUSED;
  }
}

/** How many bytes at buf[i] plain text drops when a run is read: an SGR, erase to the end of the line, or a CR before LF; 0 for none. */
export function droppedAt(buf: Uint8Array, i: number, to: number): number {
  const b = buf[i];
  if (b === ESC) return droppedLength(buf, i, to);
  return b === CR && i + 1 < to && buf[i + 1] === LF ? 1 : 0;
}

/** A CSI longer than this is not read as one (its ESC is a token). */
export const MAX_CSI = 256;

const ESC = 0x1b;
const CR = 0x0d;
const LF = 0x0a;
const OPEN_BRACKET = 0x5b;
const FINAL_M = 0x6d;
const FINAL_K = 0x4b;
const scratch = new SgrState();
/** Whether lwl takes an SGR, by its parameters packed as in paramsOf: the same few come again and again. */
const taken = new Map<number, boolean>();

/** Whether lwl takes the SGR whose parameters are buf[from, to). */
function sgrTaken(buf: Uint8Array, from: number, to: number): boolean {
  let key = 1;
  if (to - from <= PACKABLE) {
    for (let k = from; k < to; k++) {
      const b = buf[k];
      if (b < 0x30 || b > 0x3b) return false;
      key = key * 16 + (b - 0x2f);
    }
    const known = taken.get(key);
    if (known !== undefined) return known;
  }
  scratch.reset();
  const ok = applySgr(buf, from, to, scratch);
  if (to - from <= PACKABLE && taken.size < 4096) taken.set(key, ok);
  return ok;
}

/**
 * How many bytes at buf[i] (an ESC) form a sequence that plain text drops: an
 * SGR lwl takes (it becomes a style), or erase to the end of the line (grep
 * writes it after each colour; it means nothing in a pager). 0 if there is
 * none in buf[i, to): the ESC is a token. The reader and the text's runs
 * (sgr-runs.ts) both decide with this, so that what a run shows when read is
 * what the reader saw.
 */
export function droppedLength(buf: Uint8Array, i: number, to: number): number {
  if (i + 2 >= to || buf[i + 1] !== OPEN_BRACKET) return 0;
  const limit = to < i + MAX_CSI ? to : i + MAX_CSI;
  // The common case, digits and `;` with no extended colour, needs no more look.
  let j = i + 2;
  let digits = 0;
  let value = 0;
  let count = 1;
  let simple = true;
  for (; j < limit; j++) {
    const b = buf[j];
    if (b >= 0x30 && b <= 0x39) {
      value = value * 10 + (b - 0x30);
      if (++digits > MAX_DIGITS) simple = false;
    } else if (b === 0x3b) {
      if (value === 38 || value === 48 || value === 58) simple = false;
      value = digits = 0;
      count++;
    } else break;
  }
  if (j < limit && buf[j] === FINAL_M && simple && count <= MAX_SGR_PARAMS && value !== 38 && value !== 48 && value !== 58) return j + 1 - i;
  // CSI: parameters 0x30-0x3f, intermediates 0x20-0x2f, a final byte 0x40-0x7e.
  j = i + 2;
  while (j < limit && buf[j] >= 0x30 && buf[j] <= 0x3f) j++;
  const paramsEnd = j;
  while (j < limit && buf[j] >= 0x20 && buf[j] <= 0x2f) j++;
  if (j >= limit || paramsEnd !== j) return 0;
  if (buf[j] === FINAL_M) return sgrTaken(buf, i + 2, j) ? j + 1 - i : 0;
  if (buf[j] === FINAL_K && (j === i + 2 || (j === i + 3 && buf[i + 2] === 0x30))) return j + 1 - i;
  return 0;
}
