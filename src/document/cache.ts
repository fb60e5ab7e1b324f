// A small least-recently-used cache, written once: blocks read back from the
// file, rendered token runs and href blocks are kept in these.

export class LruCache<K, V> {
  /** Map order is use order: the least recently used first. */
  private readonly entries = new Map<K, V>();

  /** `evicted` is given what leaves, to reuse its memory. */
  constructor(
    private readonly capacity: number,
    private readonly evicted: (value: V) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, now the most recently used; undefined if absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.makeRoom();
    this.entries.set(key, value);
  }

  /** Evicts the least recently used entry if the cache is full: before making a value to set, whose memory may then be the evicted one's. */
  makeRoom(): void {
    if (this.entries.size < this.capacity) return;
    const oldest = this.entries.keys().next().value as K;
    this.evicted(this.entries.get(oldest)!);
    this.entries.delete(oldest);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    for (const value of this.entries.values()) this.evicted(value);
    this.entries.clear();
  }
}
