// A growable array of numbers, written once: spans, file pieces and hrefs
// keep their numbers in these, with no object per entry. Whole numbers below
// 2^32 (offsets in a file of up to 4 GiB: nearly always) take 4 bytes each;
// the first that does not fit turns the array into a Float64Array, once.

export type NumberArray = Float64Array | Uint32Array;

/** Whether `v` fits in a Uint32Array as it is. */
export const fitsUint32 = (v: number) => v >>> 0 === v;

/** A copy of `values` with room for `size` (the part not yet used is not touched, so it costs address space, not memory). */
export function grown<T extends NumberArray>(values: T, size: number): T {
  const bigger = (values instanceof Uint32Array ? new Uint32Array(size) : new Float64Array(size)) as T;
  bigger.set(values);
  return bigger;
}

/** The same values as a Float64Array: for a value that does not fit in 32 bits. */
export function widened(values: NumberArray): Float64Array {
  return values instanceof Float64Array ? values : Float64Array.from(values);
}

export class Numbers {
  /** The values; only [0, count) are in use. Replaced when it grows: do not keep it. */
  values: NumberArray;
  count = 0;

  /**
   * `factor`: how much larger it grows. Memory touched for the first time is what
   * costs (copying is cheap), and the part not yet used is not touched.
   */
  constructor(
    capacity = 64,
    private readonly factor = 2,
  ) {
    this.values = new Uint32Array(capacity);
  }

  /** Makes room for `n` values in all. */
  reserve(n: number): void {
    if (n > this.values.length) this.values = grown(this.values, Math.max(n, this.values.length * this.factor));
  }

  push(v: number): void {
    if (this.count === this.values.length) this.reserve(this.count + 1);
    if (!fitsUint32(v) && this.values instanceof Uint32Array) this.values = widened(this.values);
    this.values[this.count++] = v;
  }

  /** Sets value i (< count). */
  set(i: number, v: number): void {
    if (!fitsUint32(v) && this.values instanceof Uint32Array) this.values = widened(this.values);
    this.values[i] = v;
  }
}

export const float64s = (capacity = 64, factor = 2) => new Numbers(capacity, factor);
