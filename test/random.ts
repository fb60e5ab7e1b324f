// A small seeded random number generator (mulberry32), so that randomized
// tests and benchmark inputs are the same on every run.

/** Returns numbers in [0, 1), the same for the same seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Returns random(n): an integer in [0, n). */
export function seeded(seed: number): (n: number) => number {
  const next = prng(seed);
  return (n) => Math.floor(next() * n);
}
