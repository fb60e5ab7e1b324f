// A growable typed array of numbers, written once: spans, file pieces and
// hrefs keep their numbers in these, with no object per entry.

type NumberArray = Float64Array | Uint32Array | Uint8Array;

export class Numbers<A extends NumberArray = Float64Array> {
  /** The values; only [0, count) are in use. Replaced when it grows: do not keep it. */
  values: A;
  count = 0;

  /**
   * `factor`: how much larger it grows. Memory touched for the first time is what
   * costs (copying is cheap), and the part not yet used is not touched.
   */
  constructor(
    private readonly make: (length: number) => A,
    capacity = 64,
    private readonly factor = 2,
  ) {
    this.values = make(capacity);
  }

  /** Makes room for `n` values in all. */
  reserve(n: number): void {
    if (n <= this.values.length) return;
    const bigger = this.make(Math.max(n, this.values.length * this.factor));
    bigger.set(this.values as never);
    this.values = bigger;
  }

  push(v: number): void {
    if (this.count === this.values.length) this.reserve(this.count + 1);
    this.values[this.count++] = v;
  }

  get last(): number {
    return this.values[this.count - 1];
  }
}

export const float64s = (capacity = 64, factor = 2) => new Numbers((n) => new Float64Array(n), capacity, factor);
export const uint32s = (capacity = 64, factor = 2) => new Numbers((n) => new Uint32Array(n), capacity, factor);
export const uint8s = (capacity = 64, factor = 2) => new Numbers((n) => new Uint8Array(n), capacity, factor);
