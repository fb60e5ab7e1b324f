// Where each href of lwl markup ends, found in one pass over the input.
//
// An href runs from the `(` of `](` to the `)` that balances it, on one line,
// with `\( \)` escapes, and is at most MAX_HREF_BYTES long. That `)` is the one
// a stack of open parentheses pairs with the `(`: whether a parenthesis is
// escaped depends only on the byte before it (a backslash is never escaped
// itself), so the pairing is the same wherever a scan starts. One scan, carried
// from chunk to chunk and never repeated, answers every `](` of a line: 1 MB of
// unclosed `[a](` is read once, not once per bracket.
import { float64s } from '../numbers.ts';
import { lowerBound } from '../sorted.ts';
import { HREF_STOP, type Scanner } from '../scan.ts';
import type { Cursor } from '../text-writer.ts';

/** An href longer than this is not one: the brackets stay as text. */
export const MAX_HREF_BYTES = 64 * 1024;

export const NO_LINK = -1;
export const MORE = -2;

const LF = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const CLOSE_BRACKET = 0x5d;

export const isEscapable = (b: number) => b === 0x5b || b === 0x5d || b === OPEN_PAREN || b === CLOSE_PAREN;

export class HrefEnds {
  /** Input offset where the scan began, and how far it has read. */
  private origin = -1;
  private scanned = 0;
  /** Input offsets of the `(` not yet closed on this line, oldest first, from `bottom` on. */
  private readonly open = float64s(256);
  private bottom = 0;
  /** `(` → its `)`, for those closed (and not the one asked for). */
  private readonly closes = new Map<number, number>();
  private pruneAt = 4096;
  /** The `(` asked for last, once closed, and its `)` (the common case, kept out of the map). */
  private asked = -1;
  private answer = 0;

  constructor(private readonly scanner: Scanner) {}

  /**
   * The input offset of the `)` that ends the href whose `(` is at input offset
   * `paren` (in the cursor's buffer); NO_LINK if there is none, MORE if the input
   * must go on to tell.
   */
  find(cursor: Cursor, paren: number): number {
    if (paren >= this.scanned || paren < this.origin) this.restart(paren);
    for (;;) {
      const close = paren === this.asked ? this.answer : this.closes.get(paren);
      if (close !== undefined) return close <= paren + MAX_HREF_BYTES ? close : NO_LINK;
      if (this.scanned > paren + MAX_HREF_BYTES || (paren < this.scanned && !this.isOpen(paren))) return NO_LINK;
      const inputEnd = cursor.source + cursor.end;
      // Always moves, unless a backslash ends the input so far.
      if (this.scanned >= inputEnd || !this.scan(cursor, Math.min(inputEnd, paren + MAX_HREF_BYTES + 1), paren)) {
        return cursor.final ? NO_LINK : MORE;
      }
    }
  }

  private restart(at: number): void {
    this.origin = this.scanned = at;
    this.open.count = this.bottom = 0;
    // The pairs found before are all before `at`, never asked for again: prune() drops them.
    this.asked = -1;
  }

  /** Whether the `(` at `paren` is still open (not dropped at a line break, nor for its age). */
  private isOpen(paren: number): boolean {
    const values = this.open.values;
    const k = this.bottom + lowerBound(this.open.count - this.bottom, (i) => values[this.bottom + i], paren);
    return k < this.open.count && values[k] === paren;
  }

  /**
   * Scans on towards `limit`; stops early once `paren` is closed. Returns false
   * if it could not move (a backslash at the end of the input waits for the next byte).
   */
  private scan(cursor: Cursor, limit: number, paren: number): boolean {
    const { buf, source, end, final } = cursor;
    const stops = HREF_STOP.table;
    const scanner = this.scanner;
    const stop = limit - source;
    let i = this.scanned - source;
    const start = i;
    for (; i < stop; i++) {
      if (!stops[buf[i]]) {
        i = scanner.find(buf, i, stop, HREF_STOP);
        if (i === stop) break;
      }
      const b = buf[i];
      if (b === LF || b === CR) {
        this.open.count = this.bottom = 0; // an href never holds a line break
        i++;
        break;
      } else if (b === BACKSLASH) {
        if (i + 1 >= end) {
          if (final) continue;
          break;
        }
        if (isEscapable(buf[i + 1])) i++;
      } else if (b === OPEN_PAREN) {
        this.push(source + i);
      } else if (this.open.count > this.bottom) {
        const opened = this.open.values[--this.open.count];
        if (opened === paren) {
          this.asked = paren;
          this.answer = source + i;
          i++;
          break;
        }
        // Only a `(` after `]` can be asked for (or one before this buffer, which cannot be told).
        if (opened <= source || buf[opened - source - 1] === CLOSE_BRACKET) this.closes.set(opened, source + i);
      }
    }
    this.scanned = source + Math.min(i, stop);
    this.prune(paren);
    return this.scanned > source + start;
  }

  private push(at: number): void {
    const open = this.open;
    // A `(` further back than an href can reach is no use: forgotten, the pairing of the others holds.
    while (this.bottom < open.count && open.values[this.bottom] < at - MAX_HREF_BYTES) this.bottom++;
    if (this.bottom > 4096 && this.bottom * 2 > open.count) {
      open.values.copyWithin(0, this.bottom, open.count);
      open.count -= this.bottom;
      this.bottom = 0;
    }
    open.push(at);
  }

  /** Forgets the pairs before `paren`: they are never asked for again. */
  private prune(paren: number): void {
    if (this.closes.size < this.pruneAt) return;
    for (const opened of this.closes.keys()) if (opened < paren) this.closes.delete(opened);
    this.pruneAt = Math.max(4096, 2 * this.closes.size);
  }
}
