// Packed numbers read back exactly what was stored, whatever it was (a jump,
// a fraction, a negative number widens only its block), and sorted spans kept
// in them answer as a plain sorted list of spans does.
import { describe, expect, it } from 'vitest';
import { PackedNumbers } from '../src/document/packed.ts';
import { SpanList } from '../src/document/spans.ts';

/** A small seeded generator, so that a failure can be run again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Index of the first of `values` >= value (they ascend). */
const firstAtLeast = (values: number[], value: number) => {
  const i = values.findIndex((v) => v >= value);
  return i < 0 ? values.length : i;
};

describe('packed numbers', () => {
  it('read back offsets a few hundred apart, jumps, fractions and negatives as stored', () => {
    for (const [bits, relative] of [
      [16, true],
      [8, false],
      [16, false],
    ] as const) {
      const next = random(bits + (relative ? 1 : 0));
      const packed = new PackedNumbers(bits, relative);
      const model: number[] = [];
      let v = 0;
      for (let k = 0; k < 70_000; k++) {
        const r = next();
        // Mostly near neighbours; now and then a jump past 16 bits, past 32, a fraction or a negative.
        v = r < 0.96 ? v + Math.floor(next() * (relative ? 400 : 3)) : r < 0.97 ? v + 100_000 : r < 0.98 ? 2 ** 33 + k : r < 0.99 ? k + 0.5 : -k;
        const value = relative ? v : Math.floor(next() * 300) - (r > 0.995 ? 1000 : 0);
        packed.push(value);
        model.push(value);
        if (k % 97 === 5) {
          const at = Math.floor(next() * model.length);
          const changed = model[at] + Math.floor(next() * 70_000) - 100;
          packed.set(at, changed);
          model[at] = changed;
        }
      }
      expect(packed.count).toBe(model.length);
      const back = Array.from({ length: packed.count }, (_, i) => packed.get(i));
      expect(back).toEqual(model);
      // Decoded a range at a time, as a fill reads its pieces.
      for (let k = 0; k < 50; k++) {
        const from = Math.floor(next() * model.length);
        const to = Math.min(model.length, from + Math.floor(next() * 600));
        const out = new Float64Array(to - from);
        packed.decode(from, to, out);
        expect([...out]).toEqual(model.slice(from, to));
      }
    }
  });

  it('find the first of ascending numbers at or past a value, across blocks and runs of equal ones', () => {
    const next = random(7);
    const packed = new PackedNumbers();
    const model: number[] = [];
    let v = 0;
    for (let k = 0; k < 5_000; k++) {
      // Runs of equal numbers longer than a block, and jumps that widen a block.
      v += next() < 0.3 ? 0 : next() < 0.02 ? 200_000 : Math.floor(next() * 50);
      packed.push(v);
      model.push(v);
    }
    for (let k = 0; k < 3_000; k++) {
      const value = Math.floor(next() * (v + 100)) - 50;
      expect(packed.lowerBound(value)).toBe(firstAtLeast(model, value));
      expect(packed.entryAt(value)).toBe(Math.max(0, firstAtLeast(model, value + 1) - 1));
    }
    expect(new PackedNumbers().lowerBound(5)).toBe(0);
  });
});

describe('a sorted span list in packed numbers', () => {
  it('keeps spans arriving nearly in order, nested ones too, as a plain list sorted by start does', () => {
    const next = random(11);
    const spans = new SpanList();
    const model: Array<[number, number, number]> = [];
    let at = 0;
    for (let k = 0; k < 20_000; k++) {
      at += Math.floor(next() * 300);
      const r = next();
      // Now and then an outer span closing after its inner ones (it starts a little back), or a long one.
      const start = r < 0.05 ? Math.max(0, at - Math.floor(next() * 900)) : at;
      const end = start + (r > 0.98 ? 70_000 : Math.floor(next() * 200));
      const tag = r < 0.1 ? 1_000_000 + k : k;
      spans.add(start, end, tag);
      // Inserted after the spans that start at or before it, as the list does.
      let i = model.length;
      while (i > 0 && model[i - 1][0] > start) i--;
      model.splice(i, 0, [start, end, tag]);
    }
    expect(Array.from({ length: spans.count }, (_, i) => [spans.start(i), spans.end(i), spans.tag(i)])).toEqual(model);
    for (let k = 0; k < 500; k++) {
      const from = Math.floor(next() * (at + 1000));
      const to = from + Math.floor(next() * 2000);
      const [lo, hi] = spans.range(from, to);
      const overlapping = model.flatMap(([s, e], i) => (s < to && e > from ? [i] : []));
      const found = [];
      for (let i = lo; i < hi; i++) if (spans.overlaps(i, from, to)) found.push(i);
      expect(found).toEqual(overlapping);
      expect(spans.firstStartingAt(from)).toBe(firstAtLeast(model.map(([s]) => s), from));
    }
  });
});
