// The hrefs of a document's links, as they are written. No string per link:
// an href is a place and a length, in the file itself (read back when a link
// is shown, selected or listed) or, for a pipe, in a byte store of its own.
// Most of a file's need no place kept: lwl markup's `[text](href)` has its
// href one byte past the link's text (see atLinkEnd), so the document finds it
// from the link, and only its length is kept, in a byte. Decoded only when asked
// for: with its `\( \) \[ \]` escapes resolved for lwl's markup, whose syntax
// they belong to; as written for every other reader (an HTML attribute's value,
// a Markdown destination its parser resolved, an OSC 8 link), where a backslash
// is the href's own.
import fs from 'node:fs';
import { LruCache } from './cache.ts';
import { PackedNumbers } from './packed.ts';

/** Bytes per block of href bytes, held or read back. */
const BLOCK = 64 * 1024;
/** Blocks of the file kept for reading hrefs, the least recently used dropped first. */
const CACHED = 4;

const unplaced = (): number => {
  throw new Error('an href with no place kept, and no link to find it from');
};

export class Hrefs {
  /** Each href's length in bytes, by its number. */
  private readonly lengths = new PackedNumbers(8, false);
  /** The numbers of the hrefs whose place is kept (ascending), and their places: 2 x a file offset, or 2 x an offset in the own store + 1. */
  private readonly placed = new PackedNumbers();
  private readonly places = new PackedNumbers();
  /** Href bytes of our own (input from a pipe), in blocks that never move. */
  private readonly blocks: Buffer[] = [];
  private ownLength = 0;
  /** Blocks of the file read back: block index → bytes. */
  private readonly cache = new LruCache<number, Buffer>(CACHED);

  /** The hrefs are written in lwl's markup: `\]` and the like stand for the bracket (its reader says so). */
  markupEscapes = false;

  /** `fd`: the file the hrefs are read back from, when the text stays in it. */
  constructor(private readonly fd: number | null = null) {}

  get count(): number {
    return this.lengths.count;
  }

  /** How many hrefs have their place kept: the others are found from their links. */
  get placesKept(): number {
    return this.placed.count;
  }

  private add(place: number, length: number): number {
    const id = this.count;
    this.lengths.push(length);
    this.placed.push(id);
    this.places.push(place);
    return id;
  }

  /** Adds an href that is in the file at `offset`; returns its number. */
  addFromFile(offset: number, length: number): number {
    return this.add(2 * offset, length);
  }

  /**
   * Href `id`, the last added, belongs to a link whose text ends at the file's
   * `offset`: if it starts one byte past it (lwl markup's `](`), its place need
   * not be kept, as the link gives it (see get).
   */
  atLinkEnd(id: number, offset: number): void {
    const last = this.placed.count - 1;
    if (offset >= 0 && last >= 0 && this.placed.get(last) === id && this.places.get(last) === 2 * (offset + 1)) {
      this.placed.pop();
      this.places.pop();
    }
  }

  /** Adds an href from bytes that will not last (a pipe's buffer): they are copied. */
  addBytes(buf: Uint8Array, start: number, end: number): number {
    const length = end - start;
    let at = this.ownLength % BLOCK;
    // An href does not straddle blocks: a new block when the last is full or it would not fit.
    if (this.ownLength >= this.blocks.length * BLOCK || at + length > BLOCK) {
      // One longer than a block (a data: URL in HTML, say) has a block of its own, of its length.
      this.blocks.push(Buffer.allocUnsafe(Math.max(BLOCK, length)));
      this.ownLength = (this.blocks.length - 1) * BLOCK;
      at = 0;
    }
    this.blocks[this.blocks.length - 1].set(buf.subarray(start, end), at);
    const id = this.add(2 * this.ownLength + 1, length);
    this.ownLength = length > BLOCK ? this.blocks.length * BLOCK : this.ownLength + length;
    return id;
  }

  /**
   * The href numbered `id`, decoded (its markup escapes resolved, if it has
   * them); `linkEnd` gives the file offset where its link's text ends, for an
   * href whose place was not kept (atLinkEnd).
   */
  get(id: number, linkEnd: () => number = unplaced): string {
    const length = this.lengths.get(id);
    const k = this.placed.lowerBound(id);
    const place = k < this.placed.count && this.placed.get(k) === id ? this.places.get(k) : 2 * (linkEnd() + 1);
    const bytes = place % 2 === 0 ? this.readFile(place / 2, length) : this.own((place - 1) / 2, length);
    const text = bytes.toString('utf8');
    return this.markupEscapes && text.includes('\\') ? text.replace(/\\([[\]()])/g, '$1') : text;
  }

  private own(offset: number, length: number): Buffer {
    const block = this.blocks[Math.floor(offset / BLOCK)];
    const at = offset % BLOCK;
    return block.subarray(at, at + length);
  }

  /** Reads from the file, through a few cached blocks: links listed in order read it once. */
  private readFile(offset: number, length: number): Buffer {
    const first = Math.floor(offset / BLOCK);
    if (Math.floor((offset + length - 1) / BLOCK) !== first || length === 0) {
      const out = Buffer.alloc(length);
      fs.readSync(this.fd!, out, 0, length, offset);
      return out;
    }
    let block = this.cache.get(first);
    const at = offset - first * BLOCK;
    // Not cached, or cached before the file grew this far.
    if (!block || at + length > block.length) {
      block = Buffer.alloc(BLOCK);
      block = block.subarray(0, fs.readSync(this.fd!, block, 0, BLOCK, first * BLOCK));
      this.cache.set(first, block);
    }
    return block.subarray(at, at + length);
  }
}
