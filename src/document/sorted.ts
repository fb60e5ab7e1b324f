// Binary search over sorted values, written once: spans, text chunks and file
// pieces all find "the entry holding this offset" with it.

/** Index of the first of `count` ascending values (read through `at`) that is >= value; count if none. */
export function lowerBound(count: number, at: (i: number) => number, value: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The same over an array: no call per step, for the hot paths. */
export function lowerBoundIn(values: ArrayLike<number>, count: number, value: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the last of `count` ascending starts that is <= offset: the entry holding it (0 if none). */
export function entryAt(starts: ArrayLike<number>, count: number, offset: number): number {
  return Math.max(0, lowerBoundIn(starts, count, offset + 1) - 1);
}
