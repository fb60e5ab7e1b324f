// Numbers that are close to their neighbours, packed: file pieces, link spans
// and hrefs number in the millions on a big file, and each is a few hundred
// bytes from the one before. So they are kept in blocks of 128, each block as
// differences from a base in 16 bits (or 8), which 128 neighbours nearly always
// fit: 2 bytes a number where a Uint32Array takes 4. A block whose numbers do
// not fit (a jump, a negative one, a fraction) is kept as Float64 instead, so
// any number can be stored and read back as it was.
import { lowerBound } from './sorted.ts';

const BLOCK_BITS = 7;
const BLOCK = 1 << BLOCK_BITS;
/** Numbers per chunk of the narrow store: chunks are added, never copied. */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;

export class PackedNumbers {
  count = 0;
  /** Each block's base: its first number (`relative`) or 0. */
  private bases = new Float64Array(8);
  /** The narrow differences, in chunks of CHUNK. */
  private readonly chunks: Array<Uint16Array | Uint8Array> = [];
  /** Per block: its numbers as they are, when they did not fit the narrow store (else undefined). */
  private readonly wide: Array<Float64Array | undefined> = [];
  private readonly max: number;

  /**
   * `bits`: the width of a difference. `relative`: differences from the block's
   * first number (offsets, ascending); else the numbers themselves (small lengths).
   */
  constructor(
    private readonly bits: 8 | 16 = 16,
    private readonly relative = true,
  ) {
    this.max = bits === 16 ? 0xffff : 0xff;
  }

  get(i: number): number {
    const block = i >>> BLOCK_BITS;
    const wide = this.wide[block];
    return wide !== undefined ? wide[i & (BLOCK - 1)] : this.bases[block] + this.chunks[i >>> CHUNK_BITS][i & (CHUNK - 1)];
  }

  push(v: number): void {
    const i = this.count;
    if ((i & (BLOCK - 1)) === 0) this.startBlock(i >>> BLOCK_BITS, v);
    this.count++;
    this.set(i, v);
  }

  /** Forgets the last number. */
  pop(): void {
    this.count--;
  }

  /** Sets number i (< count). */
  set(i: number, v: number): void {
    const block = i >>> BLOCK_BITS;
    let wide = this.wide[block];
    if (wide === undefined) {
      const d = v - this.bases[block];
      // Whole, not negative, and narrow enough (`&` turns anything else into another number).
      if ((d & this.max) === d) {
        this.chunks[i >>> CHUNK_BITS][i & (CHUNK - 1)] = d;
        return;
      }
      wide = this.widen(block);
    }
    wide[i & (BLOCK - 1)] = v;
  }

  /** Numbers [from, to) into out[0, to - from): block by block, for a loop over many. */
  decode(from: number, to: number, out: Float64Array): void {
    for (let i = from; i < to; ) {
      const block = i >>> BLOCK_BITS;
      const blockEnd = Math.min(to, (block + 1) << BLOCK_BITS);
      const wide = this.wide[block];
      if (wide !== undefined) {
        out.set(wide.subarray(i & (BLOCK - 1), blockEnd - (block << BLOCK_BITS)), i - from);
      } else {
        const base = this.bases[block];
        const chunk = this.chunks[i >>> CHUNK_BITS];
        for (let k = i; k < blockEnd; k++) out[k - from] = base + chunk[k & (CHUNK - 1)];
      }
      i = blockEnd;
    }
  }

  /** Index of the first number >= value, the numbers being ascending; count if none. */
  lowerBound(value: number): number {
    // The last block whose first number is below it (else the first), then the place in it: at most its end, the next block's first.
    const blocks = Math.ceil(this.count / BLOCK);
    const block = Math.max(0, lowerBound(blocks, (b) => this.get(b << BLOCK_BITS), value) - 1);
    const from = block << BLOCK_BITS;
    return from + lowerBound(Math.min(BLOCK, this.count - from), (k) => this.get(from + k), value);
  }

  /** Index of the last number <= offset, the numbers being ascending: the entry holding it (0 if none). */
  entryAt(offset: number): number {
    return Math.max(0, this.lowerBound(offset + 1) - 1);
  }

  private startBlock(block: number, first: number): void {
    if (block >= this.bases.length) {
      const bigger = new Float64Array(this.bases.length * 2);
      bigger.set(this.bases);
      this.bases = bigger;
    }
    // A base that is no whole number would make every difference a fraction: such a block is wide from the start.
    this.bases[block] = this.relative && Number.isSafeInteger(first) ? first : 0;
    this.wide[block] = undefined; // (a block popped empty and started again is the same block)
    const at = block << BLOCK_BITS;
    const chunk = at >>> CHUNK_BITS;
    if (chunk === this.chunks.length) {
      // The first chunk starts small and grows (most lists are short: a page's styles, a form's fields); the others are whole.
      this.chunks.push(this.narrow(chunk === 0 ? 1024 : CHUNK));
    } else if ((at & (CHUNK - 1)) >= this.chunks[chunk].length) {
      const bigger = this.narrow(Math.min(CHUNK, this.chunks[chunk].length * 4));
      bigger.set(this.chunks[chunk]);
      this.chunks[chunk] = bigger;
    }
  }

  private narrow(size: number): Uint16Array | Uint8Array {
    return this.bits === 16 ? new Uint16Array(size) : new Uint8Array(size);
  }

  /** Block `block`'s numbers as they are, from now on. */
  private widen(block: number): Float64Array {
    const wide = new Float64Array(BLOCK);
    const from = block << BLOCK_BITS;
    const to = Math.min(this.count, from + BLOCK);
    for (let i = from; i < to; i++) wide[i - from] = this.get(i);
    this.wide[block] = wide;
    return wide;
  }
}
