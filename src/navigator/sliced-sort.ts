// A stable merge sort done a slice at a time: after every `budget` elements
// moved it awaits `pause` (a turn of the event loop), so that sorting a
// directory of 100,000 entries never holds keys back for long.

/**
 * Sorts `items` (a copy; `items` is left as it is) so that `before(a, b)`
 * holds of no later a and earlier b; equal items keep their order. Resolves
 * null if `stop()` says so at a pause.
 */
export async function sortInSlices<T>(items: readonly T[], before: (a: T, b: T) => boolean, pause: () => Promise<void>, stop: () => boolean = () => false, budget = 8192): Promise<T[] | null> {
  const n = items.length;
  let from = items.slice();
  let to = new Array<T>(n);
  let moved = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      // The left run's item goes first unless the right's is strictly before it: stable.
      while (i < mid && j < hi) to[k++] = before(from[j], from[i]) ? from[j++] : from[i++];
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
      moved += hi - lo;
      if (moved >= budget) {
        moved = 0;
        await pause();
        if (stop()) return null;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
