// Lines of the display text, counted from the top. The newlines of each block
// of the text are counted once, in slices (so a key never waits for a count
// of the whole file), and the count before any block is kept, so that the line
// of an offset, or the offset of a line, costs one block's scan.
import type { Document } from './document.ts';
import type { Text } from './store.ts';

const NEWLINE = 0x0a;

/** Newlines in [start, end) of the text. */
function countNewlines(text: Text, start: number, end: number): number {
  let n = 0;
  text.scan(start, end, (piece) => {
    for (let at = piece.indexOf(NEWLINE); at >= 0; at = piece.indexOf(NEWLINE, at + 1)) n++;
  });
  return n;
}

export class LineIndex {
  /** Bytes of text per counted block. */
  static readonly BLOCK = 64 * 1024;
  /** Newlines before block i, for the blocks counted so far and the one after them. */
  private before = new Float64Array(1024);
  /** Blocks counted: whole blocks only, so a growing text never changes a count. */
  private counted = 0;

  constructor(private readonly doc: Document) {}

  /** Offset the counting has reached. */
  get reached(): number {
    return this.counted * LineIndex.BLOCK;
  }

  /** True when every line of the whole document is counted. */
  get done(): boolean {
    return this.doc.complete && this.reached + LineIndex.BLOCK > this.doc.text.length;
  }

  /** Counts the blocks that lie wholly before `offset`, or until `deadline` (Date.now() ms) passes. */
  countTo(offset: number, deadline = Infinity): void {
    const block = LineIndex.BLOCK;
    const limit = Math.min(offset, this.doc.text.length);
    while ((this.counted + 1) * block <= limit && Date.now() < deadline) {
      const start = this.counted * block;
      if (this.counted + 1 >= this.before.length) {
        const grown = new Float64Array(this.before.length * 2);
        grown.set(this.before);
        this.before = grown;
      }
      this.before[this.counted + 1] = this.before[this.counted] + countNewlines(this.doc.text, start, start + block);
      this.counted++;
    }
  }

  /** The last offsets asked about, with their lines: the status line asks of nearly the same places each key. */
  private readonly known: Array<{ offset: number; line: number }> = [];

  /** The 1-based line that holds `offset`, or null while the text before it is not counted yet. */
  lineOf(offset: number): number | null {
    const block = Math.floor(offset / LineIndex.BLOCK);
    if (block > this.counted) return null;
    // Count on from the nearest place already known in this block, not from the block's start.
    let from = block * LineIndex.BLOCK;
    let line = this.before[block] + 1;
    for (const k of this.known) {
      if (k.offset >= from && k.offset <= offset) {
        from = k.offset;
        line = k.line;
      }
    }
    line += countNewlines(this.doc.text, from, offset);
    this.known.unshift({ offset, line });
    if (this.known.length > 4) this.known.pop();
    return line;
  }

  /** Lines in the whole document, or null until it is read and counted. */
  get total(): number | null {
    if (!this.done) return null;
    const text = this.doc.text;
    const lines = this.lineOf(text.length)!;
    // A last line that ends with its newline is not followed by another.
    return text.length > 0 && text.byteAt(text.length - 1) === NEWLINE ? lines - 1 : lines;
  }

  /** Offset of the start of line `n` (1-based), or null when the text has fewer lines or they are not counted that far. */
  lineStart(n: number): number | null {
    const text = this.doc.text;
    if (n <= 1) return 0;
    // The last counted block whose start is at or before line n, by binary search on the counts.
    let lo = 0;
    let hi = this.counted;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.before[mid] < n - 1) lo = mid;
      else hi = mid - 1;
    }
    let offset = lo * LineIndex.BLOCK;
    for (let line = this.before[lo] + 1; line < n; line++) {
      const nl = text.indexOf(NEWLINE, offset);
      if (nl < 0 || nl + 1 >= text.length) return null;
      offset = nl + 1;
    }
    return offset;
  }
}

/**
 * The lines of a window at the end of a longer text (what G shows before the
 * whole file is read): where it is in the whole is not known, so no line has
 * a number yet.
 */
export class UnknownLines extends LineIndex {
  override get done(): boolean {
    return true;
  }

  override countTo(): void {}

  override lineOf(): number | null {
    return null;
  }

  override get total(): number | null {
    return null;
  }

  override lineStart(): number | null {
    return null;
  }
}

/**
 * The offset in `whole` of the place at `offset` in `end`, a text that reads
 * as whole's last lines: the same line counted from the end, the same column
 * (as far as the line goes).
 */
export function sameFromEnd(end: Text, offset: number, whole: Text): number {
  const lineStart = end.lineStart(offset);
  // Newlines at or after the line's start: the line is the one that many from the end.
  let after = 0;
  end.forEachPiece(lineStart, end.length, (piece) => {
    for (let i = piece.indexOf(0x0a); i >= 0; i = piece.indexOf(0x0a, i + 1)) after++;
  });
  let at = whole.length;
  for (let k = 0; k <= after && at > 0; k++) at = whole.lastIndexOf(0x0a, at);
  const start = at < 0 ? 0 : at + 1;
  return Math.min(start + (offset - lineStart), whole.lineEnd(start) - (whole.byteAt(whole.lineEnd(start) - 1) === 0x0a ? 1 : 0), whole.length);
}
