// Growable arrays of numbers take 4 bytes a value while the values fit in 32
// bits, and widen, keeping every value, at the first that does not.
import { describe, expect, it } from 'vitest';
import { Numbers } from '../src/document/numbers.ts';
import { SpanList } from '../src/document/spans.ts';

describe('numbers kept compact', () => {
  it('widen at the first value past 32 bits or below zero, keeping those before', () => {
    const n = new Numbers(2);
    for (const v of [0, 7, 2 ** 32 - 1]) n.push(v);
    expect(n.values).toBeInstanceOf(Uint32Array);
    n.push(2 ** 32 + 5);
    n.push(-3);
    expect(n.values).toBeInstanceOf(Float64Array);
    expect([...n.values.subarray(0, n.count)]).toEqual([0, 7, 2 ** 32 - 1, 2 ** 32 + 5, -3]);
    const m = new Numbers(4);
    m.push(1);
    m.set(0, 2 ** 40);
    expect(m.values[0]).toBe(2 ** 40);
  });

  it('keep spans of a text past 4 GiB sorted and found, with their tags', () => {
    const spans = new SpanList();
    spans.add(10, 20, 1);
    spans.add(2 ** 32 + 10, 2 ** 32 + 30, 2);
    spans.add(2 ** 32 - 5, 2 ** 32 + 40, 3); // arrives late: inserted before the one above
    expect([0, 1, 2].map((i) => [spans.start(i), spans.end(i), spans.tag(i)])).toEqual([
      [10, 20, 1],
      [2 ** 32 - 5, 2 ** 32 + 40, 3],
      [2 ** 32 + 10, 2 ** 32 + 30, 2],
    ]);
    expect(spans.firstStartingAt(2 ** 32)).toBe(2);
    // The outer span reaches past the inner one's end: both overlap a range after it.
    expect(spans.range(2 ** 32 + 35, 2 ** 32 + 36)).toEqual([1, 3]);
  });

  it('keep tags that are their spans’ indices with no array, until one is not', () => {
    const spans = new SpanList();
    for (let k = 0; k < 5; k++) spans.add(10 * k, 10 * k + 5, k);
    // An outer span closing after its inner ones: inserted before them, with its own tag.
    spans.add(12, 30, 5);
    expect(Array.from({ length: spans.count }, (_, i) => [spans.start(i), spans.tag(i)])).toEqual([
      [0, 0],
      [10, 1],
      [12, 5],
      [20, 2],
      [30, 3],
      [40, 4],
    ]);
  });
});
