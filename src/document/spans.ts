// Sorted spans {start, end} over the display text, in growable typed arrays:
// no object per span, so a million search matches cost 16 MiB, and the spans
// on screen are found by binary search.

/** What finding spans on screen and stepping through them needs, from any list of sorted spans. */
export interface Spans {
  readonly count: number;
  start(i: number): number;
  end(i: number): number;
  /** Index of the first span whose start is >= offset (count if none). */
  firstStartingAt(offset: number): number;
  /** Index of the last span whose start is < offset (-1 if none). */
  lastStartingBefore(offset: number): number;
  /** Indices [from, to) of the spans that may overlap [start, end): filter with overlaps(). */
  range(start: number, end: number): [number, number];
  overlaps(i: number, start: number, end: number): boolean;
}

/** Index of the first of `count` sorted values that is >= value. */
function lowerBound(values: Float64Array, count: number, value: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Spans that all have one length, such as the matches of a literal search:
 * only their starts are kept, 8 bytes a match, and they never overlap.
 */
export class FixedSpans implements Spans {
  private starts = new Float64Array(1024);
  count = 0;

  constructor(readonly length: number) {}

  push(start: number): void {
    if (this.count === this.starts.length) {
      const bigger = new Float64Array(this.starts.length * 2);
      bigger.set(this.starts);
      this.starts = bigger;
    }
    this.starts[this.count++] = start;
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.starts[i] + this.length;
  }

  firstStartingAt(offset: number): number {
    return lowerBound(this.starts, this.count, offset);
  }

  lastStartingBefore(offset: number): number {
    return lowerBound(this.starts, this.count, offset) - 1;
  }

  range(start: number, end: number): [number, number] {
    return [lowerBound(this.starts, this.count, start - this.length + 1), lowerBound(this.starts, this.count, end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.starts[i] < end && this.starts[i] + this.length > start;
  }
}

export class SpanList implements Spans {
  starts: Float64Array;
  ends: Float64Array;
  // maxEnds[i] = the largest end among spans 0..i. It never decreases, so the
  // first span that can reach past an offset is found by binary search even
  // when spans nest (an outer link ends after the inner ones).
  private maxEnds: Float64Array;
  count = 0;

  constructor(capacity = 64) {
    this.starts = new Float64Array(capacity);
    this.ends = new Float64Array(capacity);
    this.maxEnds = new Float64Array(capacity);
  }

  /**
   * Makes room, four times as much: pages are touched by the copy and then by the
   * spans added, and memory touched for the first time is what costs (about 300 MB/s
   * on some VMs, where copying runs at 10 GB/s). The part not yet used is not touched,
   * so it takes address space, not memory.
   */
  private grow(): void {
    const size = this.starts.length * 4;
    const resize = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    this.starts = resize(this.starts);
    this.ends = resize(this.ends);
    this.maxEnds = resize(this.maxEnds);
  }

  /** Adds a span that starts at or after every other one (search matches): the quick way. */
  push(start: number, end: number): void {
    if (this.count === this.starts.length) this.grow();
    const i = this.count++;
    this.starts[i] = start;
    this.ends[i] = end;
    this.maxEnds[i] = i > 0 && this.maxEnds[i - 1] > end ? this.maxEnds[i - 1] : end;
  }

  /**
   * Adds a span, keeping the list sorted by start. Spans arrive nearly in
   * order (only an outer link closes after its inner ones), so the insertion
   * point is found by walking back a few places. Returns its index.
   */
  add(start: number, end: number): number {
    if (this.count === this.starts.length) this.grow();
    let i = this.count;
    while (i > 0 && this.starts[i - 1] > start) i--;
    if (i < this.count) {
      this.starts.copyWithin(i + 1, i, this.count);
      this.ends.copyWithin(i + 1, i, this.count);
    }
    this.starts[i] = start;
    this.ends[i] = end;
    this.count++;
    for (let k = i; k < this.count; k++) {
      const before = k > 0 ? this.maxEnds[k - 1] : 0;
      this.maxEnds[k] = Math.max(before, this.ends[k]);
    }
    return i;
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  /** Index of the first span whose start is >= offset (count if none). */
  firstStartingAt(offset: number): number {
    return lowerBound(this.starts, this.count, offset);
  }

  /** Index of the last span whose start is < offset (-1 if none). */
  lastStartingBefore(offset: number): number {
    return this.firstStartingAt(offset) - 1;
  }

  /** Indices [from, to) of the spans that may overlap [start, end): filter with overlaps(). */
  range(start: number, end: number): [number, number] {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.maxEnds[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    return [lo, this.firstStartingAt(end)];
  }

  overlaps(i: number, start: number, end: number): boolean {
    return this.starts[i] < end && this.ends[i] > start;
  }
}
