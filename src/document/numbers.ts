// A growable array of numbers, written once: spans, file pieces and hrefs
// keep their numbers in these, with no object per entry. One element type
// only (Float64Array), so that every use stays monomorphic and fast.

/** A copy of `values` with room for `size` (the part not yet used is not touched, so it costs address space, not memory). */
export function grown(values: Float64Array, size: number): Float64Array {
  const bigger = new Float64Array(size);
  bigger.set(values);
  return bigger;
}

export class Numbers {
  /** The values; only [0, count) are in use. Replaced when it grows: do not keep it. */
  values: Float64Array;
  count = 0;

  /**
   * `factor`: how much larger it grows. Memory touched for the first time is what
   * costs (copying is cheap), and the part not yet used is not touched.
   */
  constructor(
    capacity = 64,
    private readonly factor = 2,
  ) {
    this.values = new Float64Array(capacity);
  }

  /** Makes room for `n` values in all. */
  reserve(n: number): void {
    if (n > this.values.length) this.values = grown(this.values, Math.max(n, this.values.length * this.factor));
  }

  push(v: number): void {
    if (this.count === this.values.length) this.reserve(this.count + 1);
    this.values[this.count++] = v;
  }
}

export const float64s = (capacity = 64, factor = 2) => new Numbers(capacity, factor);
