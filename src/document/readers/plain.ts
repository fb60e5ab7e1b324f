// The reader for plain text and program output (reader.ts): what `git log -p`,
// `man`, `ls --color` and `grep --color` write for a terminal, read as less -R
// reads it, and no byte of it passed on:
// - SGR (`ESC [ … m`) becomes styles (sgr-state.ts); one lwl cannot trust is shown
//   as tokens. `ESC [ K` (erase to the end of the line, which grep writes
//   after each colour) means nothing in a pager and is dropped. Neither is cut
//   out here: a coloured stretch is handed to the writer whole, as a run the text
//   renders when read, and its styles are found when the screen asks
//   (sgr-runs.ts). So a colour change costs a few steps, not a piece and a span.
// - Backspace overstrike, as man pages are written: `X\bX` bold, `_\bX`
//   underline, `_\bX\bX` both (one or two backspaces for a wide character).
// - OSC 8 hyperlinks (`ESC ] 8 ; params ; URI ST text ESC ] 8 ; ; ST`) become
//   links; one with a control byte in it, or with no end on its line, is tokens.
// - Bare URLs (http:, https:, ftp:, file:, mailto:, www.) become links, and
//   references to manual pages, `ls(1)`, links to `man:ls(1)` (man-refs.ts).
// Every other control is a hex token, as in markup; brackets are only text.
//
// One pass, linear: the bytes that need a look are found by the SIMD scanner
// (scan.ts), as in markup.ts. A chunk is read up to its last line break; the
// rest waits for the next chunk, so that a sequence or URL is seen whole.
import { isUtf8 } from 'node:buffer';
import type { Document } from '../document.ts';
import { Cursor } from '../text-writer.ts';
import { PLAIN_SPECIAL, PLAIN_SPECIAL_IN_UTF8, getScanner, type Scanner } from '../scan.ts';
import { isContinuation, utf8SequenceLength } from '../utf8.ts';
import { blockEnd } from './markup.ts';
import { BOLD, MAX_CSI, PLAIN_STYLE, REFUSED, SgrState, SgrStyles, UNDERLINE } from './sgr-state.ts';
import { RunStyles, SGR_RUNS } from './sgr-runs.ts';
import { tokenLength } from '../hex-tokens.ts';
import { MAX_HREF_BYTES } from './href-ends.ts';
import { schemeBefore, trimUrl, urlEnd, wwwBefore } from './urls.ts';
import { isNameByte, manHref, nameStart, sectionEnd } from './man-refs.ts';
import { WritingReader } from './writing-reader.ts';
import { readWhole } from '../reader.ts';

const BEL = 0x07;
const BS = 0x08;
const LF = 0x0a;
const CR = 0x0d;
const ESC = 0x1b;
const COLON = 0x3a;
const DOT = 0x2e;
const UNDERSCORE = 0x5f;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKSLASH = 0x5c;
const OPEN_PAREN = 0x28;

const FINAL_M = 0x6d;
const FINAL_K = 0x4b;
/** Bytes looked at one by one for the next special byte before the scanner is called. */
const NEAR = 16;
/** Input bytes a region holds at most, but for a long line: its run is rendered whole when read. */
const REGION_MAX = 32 * 1024;
/** The most a chunk holds back, waiting for its line's end. */
const HOLD = 64 * 1024;
const HTTP = Buffer.from('http://');

/** Whether buf[from, to) may be an OSC 8 parameter or URI: no control byte (C0, DEL, C1), valid UTF-8. */
function cleanOsc(buf: Buffer, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const b = buf[k];
    if (b < 0x20 || b === 0x7f || (b === 0xc2 && k + 1 < to && buf[k + 1] < 0xa0)) return false;
  }
  return isUtf8(buf.subarray(from, to));
}

export class PlainReader extends WritingReader {
  private readonly scanner: Scanner;
  private readonly cursor = new Cursor();
  private carry: Buffer | null = null;
  private atStart = true;
  /** The document's SGR states, numbered as styles. */
  private readonly styles: SgrStyles;
  /** The style in force (-1: plain). */
  private base = PLAIN_STYLE;
  /** The style of the spans the reader adds (overstrike; -1: none), and where the current one began. */
  private spanStyle = PLAIN_STYLE;
  private spanStart = 0;
  /** The OSC 8 link open: its href number (-1: none) and where its text began. */
  private linkHref = -1;
  private linkStart = 0;
  // The input not yet given to the writer: a region read(), from its `run`, hands
  // over whole (writer.run) when it ends. It holds text, and tokens and SGR that
  // are rendered when read, so that a colour change costs nothing here.
  /** The style where the region starts. */
  private regionTag = PLAIN_STYLE;
  /** Input bytes of the region less its display bytes (SGR and CRs dropped, less the bytes tokens add). */
  private shrink = 0;
  /** The region holds a token or a dropped sequence: it must be rendered when read. */
  private mixed = false;
  private readonly overstruck = new SgrState();
  /** The name's bytes struck over last (a man page's bold `ls` before its `(1)`), and the display offsets it spans. */
  private struck: number[] = [];
  private struckStart = 0;
  private struckEnd = -1;
  /** Where the last run of SGR sequences ended in the buffer read, the text before it (buffer indices) and the display offset it ended at. */
  private sgrEnd = -1;
  private sgrTextFrom = 0;
  private sgrTextTo = 0;
  private sgrShownAt = -1;

  /** `raw`: the raw text, as lwl's view source shows it: every escape and backspace a token, no links. */
  constructor(
    doc: Document,
    private readonly raw = false,
    scanner?: Scanner,
  ) {
    super(doc);
    this.scanner = scanner ?? getScanner()!;
    this.styles = new SgrStyles(doc.styleTable);
    doc.kind = raw ? 'raw' : 'plain';
    if (!raw) {
      doc.text.runRender = SGR_RUNS;
      doc.styleSource = new RunStyles(doc.text, this.styles);
    }
  }

  protected feed(chunk: Buffer, final: boolean, owned: boolean): void {
    let source = this.fed;
    this.fed += chunk.length;
    if (this.carry) {
      source -= this.carry.length;
      chunk = Buffer.concat([this.carry, chunk]);
      owned = true;
      this.carry = null;
    }
    let from = 0;
    if (this.atStart) {
      if (chunk.length < 3 && !final && chunk.length > 0 && chunk[0] === 0xef) {
        this.carry = owned ? chunk : Buffer.from(chunk);
        return;
      }
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) from = 3;
      if (chunk.length > 0) this.atStart = false;
    }
    if (!owned && this.writer.writesOverInput) {
      chunk = Buffer.from(chunk);
      owned = true;
    }
    const end = chunk.length;
    let stopAt = end;
    if (!final) {
      // Up to the last line break; a line longer than HOLD is read on, but for its last bytes.
      const lf = chunk.lastIndexOf(LF, end - 1);
      stopAt = lf >= from ? lf + 1 : from;
      if (end - stopAt > HOLD || lf < from) {
        stopAt = Math.max(from, end - 64);
        // At a space if there is one: not in a URL, nor between a character and the backspace that strikes over it.
        const space = chunk.lastIndexOf(0x20, stopAt);
        if (space > from) stopAt = space;
        while (stopAt > from && chunk[stopAt] === BS) stopAt = Math.min(stopAt - 1, this.charStartBefore(chunk, from, stopAt));
      }
    }
    const cursor = this.cursor.set(chunk, source, end, final, owned);
    const stop = this.read(cursor, from, stopAt);
    if (stop < end) this.carry = Buffer.from(chunk.subarray(stop, end));
  }

  /** Ends the reader's current span here (it goes on if `style` is the same). */
  private switchStyle(style: number): void {
    if (style === this.spanStyle) return;
    const at = this.writer.offset;
    if (this.spanStyle >= 0 && at > this.spanStart) this.doc.styles.add(this.spanStart, at, this.spanStyle);
    this.spanStyle = style;
    this.spanStart = at;
  }

  /** Starts a region: the style in force is where its runs' styles start from. */
  private beginRegion(): void {
    this.regionTag = this.base;
    this.shrink = 0;
    this.mixed = false;
  }

  /** Hands the region buf[run, to) to the writer, and starts the next. */
  private flush(run: number, to: number): void {
    if (to > run) {
      this.switchStyle(PLAIN_STYLE);
      // Plain text in no colour is a piece of the input as it is; the rest a run to render.
      if (this.mixed || this.regionTag !== PLAIN_STYLE) this.writer.run(run, to, to - run - this.shrink, this.regionTag);
      else this.writer.text(run, to);
    }
    this.beginRegion();
  }

  /** A token in the region: buf[at, at + n). */
  private token(n: number): void {
    this.mixed = true;
    this.shrink -= tokenLength(n) - n;
  }

  /** Ends the OSC 8 link open, at display offset `at`. */
  private closeLink(at: number): void {
    if (this.linkHref >= 0 && at > this.linkStart) this.doc.addLink(this.linkStart, at, this.linkHref);
    this.linkHref = -1;
  }

  /**
   * Reads cursor.buf[from, stopAt), looking past stopAt as far as the buffer
   * goes. Returns where it stopped: stopAt, or before what needs more input.
   */
  private read(cursor: Cursor, from: number, stopAt: number): number {
    const { buf, end, final } = cursor;
    const writer = this.writer;
    const scanner = this.scanner;
    const special = PLAIN_SPECIAL.table;
    const specialInUtf8 = PLAIN_SPECIAL_IN_UTF8.table;
    const raw = this.raw;
    scanner.forget();
    writer.begin(cursor);
    // Where the last SGR ended is an index into this buffer only.
    this.sgrEnd = -1;
    this.beginRegion();
    // The region starts at `run`; the text since the last token or dropped sequence at `seg`.
    let run = from;
    let seg = from;
    let i = from;
    let checked = from;
    let valid = from;
    scan: while (i < stopAt) {
      if (i >= checked) {
        checked = blockEnd(buf, i, end, final);
        valid = isUtf8(buf.subarray(i, checked)) ? checked : i;
      }
      if (i < valid) {
        if (!specialInUtf8[buf[i]]) {
          const to = valid < stopAt ? valid : stopAt;
          // The next special byte is often near (a colour every dozen bytes): a look here is cheaper than a call.
          const near = i + NEAR < to ? i + NEAR : to;
          while (++i < near && !specialInUtf8[buf[i]]);
          if (i === near) i = scanner.find(buf, i, to, PLAIN_SPECIAL_IN_UTF8);
          if (i === to) {
            while (i < valid && isContinuation(buf[i])) i++;
            continue;
          }
        }
      } else if (!special[buf[i]]) {
        const to = checked < stopAt ? checked : stopAt;
        i = scanner.find(buf, i, to, PLAIN_SPECIAL);
        if (i === to) continue;
      }
      const b = buf[i];
      if (raw && (b === ESC || b === BS)) {
        this.token(1);
        seg = ++i;
      } else if (b === COLON || b === DOT) {
        if (this.linkHref >= 0 || raw) {
          i++;
          continue;
        }
        const found = b === COLON ? schemeBefore(buf, seg, i) : wwwBefore(buf, seg, i);
        if (!found) {
          i++;
          continue;
        }
        const { start } = found;
        const stop = urlEnd(buf, i + 1, end);
        if (stop === end && !final) {
          i = start;
          break scan;
        }
        const last = trimUrl(buf, start, stop, found.minEnd);
        if (last < 0) {
          i++;
          continue;
        }
        const href = b === COLON ? writer.href(start, last) : this.doc.hrefs.addBytes(Buffer.concat([HTTP, buf.subarray(start, last)]), 0, HTTP.length + last - start);
        const linkStart = writer.offset + (start - run) - this.shrink;
        this.doc.addLink(linkStart, linkStart + (last - start), href);
        seg = i = last;
      } else if (b === OPEN_PAREN) {
        // Most are calls and asides: a section starts with a digit 1-9.
        const digit = buf[i + 1];
        if (digit >= 0x31 && digit <= 0x39 && this.linkHref < 0 && !raw) {
          const close = sectionEnd(buf, i, end);
          if (close >= 0) this.manReference(buf, run, seg, i, close);
        }
        i++;
      } else if (b === ESC) {
        if (i + 1 >= end && !final) break;
        if (i - run >= REGION_MAX) {
          this.flush(run, i);
          run = i;
        }
        const next = i + 1 < end ? buf[i + 1] : 0;
        if (next === OPEN_BRACKET) {
          // CSI: parameters 0x30-0x3f, intermediates 0x20-0x2f, a final byte 0x40-0x7e.
          let j = i + 2;
          const limit = Math.min(end, i + MAX_CSI);
          while (j < limit && buf[j] >= 0x30 && buf[j] <= 0x3f) j++;
          const paramsEnd = j;
          while (j < limit && buf[j] >= 0x20 && buf[j] <= 0x2f) j++;
          if (j === limit && limit === end && !final && end - i < MAX_CSI) break;
          const fin = j < limit ? buf[j] : 0;
          let after = REFUSED;
          if (fin === FINAL_M && paramsEnd === j) after = this.styles.move(buf, i + 2, paramsEnd, this.base);
          // Erase to the end of the line (grep writes it after each colour) means nothing in a pager.
          else if (fin === FINAL_K && paramsEnd === j && (j === i + 2 || (j === i + 3 && buf[i + 2] === 0x30))) after = this.base;
          if (after !== REFUSED) {
            // The text before a run of sequences, where a coloured name ends (`ESC[1mls ESC[0m(1)`).
            if (i !== this.sgrEnd) {
              this.sgrTextFrom = seg;
              this.sgrTextTo = i;
              this.sgrShownAt = writer.offset + (i - run) - this.shrink;
            }
            this.sgrEnd = j + 1;
            // Dropped when the region is read (sgr-runs.ts decides alike).
            this.mixed = true;
            this.shrink += j + 1 - i;
            this.base = after;
            seg = i = j + 1;
            continue;
          }
        } else if (next === CLOSE_BRACKET && (i + 3 >= end || (buf[i + 2] === 0x38 && buf[i + 3] === 0x3b))) {
          if (i + 3 >= end && !final) break;
          const osc = this.osc8(buf, run, i, end, final);
          if (osc === -2) break;
          if (osc >= 0) {
            run = seg = i = osc;
            continue;
          }
        }
        this.token(1);
        seg = ++i;
      } else if (b === BS) {
        const after = this.overstrike(buf, run, seg, i, end, final);
        if (after === -2) {
          i = this.charStartBefore(buf, seg, i);
          break;
        }
        if (after >= 0) {
          run = seg = i = after;
          continue;
        }
        this.token(1);
        seg = ++i;
      } else if (b === LF) {
        if (this.linkHref >= 0) this.closeLink(writer.offset + (i - run) - this.shrink);
        i++;
        if (i - run >= REGION_MAX) {
          this.flush(run, i);
          run = seg = i;
        }
      } else if (b === CR) {
        if (i + 1 >= end && !final) break;
        if (i + 1 < end && buf[i + 1] === LF) {
          // The CR of CR LF is dropped: in a region when it is read, in the raw text by leaving it out.
          if (this.linkHref >= 0) this.closeLink(writer.offset + (i - run) - this.shrink);
          if (raw) {
            this.flush(run, i);
            run = i + 1;
          } else {
            this.mixed = true;
            this.shrink++;
          }
          seg = i += 2;
        } else {
          this.token(1);
          seg = ++i;
        }
      } else if (b < 0x80) {
        this.token(1);
        seg = ++i;
      } else {
        const len = utf8SequenceLength(buf, i, end);
        if (len < 0 && !final) break;
        if (len <= 0) {
          this.token(1);
          seg = ++i;
        } else if (b === 0xc2 && buf[i + 1] < 0xa0) {
          this.token(2);
          seg = i += 2;
        } else {
          i += len;
        }
      }
    }
    const stop = Math.min(i, end);
    this.flush(run, stop);
    if (final && stop === end) this.closeLink(writer.offset);
    // Spans and links so far are in the document while the rest loads.
    const style = this.spanStyle;
    this.switchStyle(PLAIN_STYLE);
    this.spanStyle = style;
    this.spanStart = writer.offset;
    writer.finish();
    return stop;
  }

  /** Where the character that ends before `i` starts; `i` if it is not whole in buf[run, i). */
  private charStartBefore(buf: Buffer, run: number, i: number): number {
    let p = i - 1;
    while (p > run && isContinuation(buf[p]) && i - p < 4) p--;
    return p >= run ? p : i;
  }

  /**
   * An overstrike at the backspace buf[i], struck over a character of the
   * text buf[seg, i): ends the region at it, writes the character it shows in
   * a span, and returns where it ends; -1 if there is none, -2 if more input must tell.
   */
  private overstrike(buf: Buffer, run: number, seg: number, i: number, end: number, final: boolean): number {
    const p = this.charStartBefore(buf, seg, i);
    if (p === i) return -1;
    const firstLen = i - p;
    const first = buf[p];
    if (first < 0x20 || first === 0x7f) return -1;
    if (first >= 0x80 && utf8SequenceLength(buf, p, end) !== firstLen) return -1;
    // The character shown (not `_`, unless all are), and what was struck over it.
    let shown = p;
    let shownLen = firstLen;
    let bold = false;
    let underline = false;
    let prev = p;
    let prevLen = firstLen;
    let j = i;
    for (;;) {
      let k = j;
      while (k < end && k - j < 2 && buf[k] === BS) k++;
      if (k === j) break;
      if (k >= end) {
        if (!final) return -2;
        break;
      }
      const c = buf[k];
      const len = c < 0x80 ? 1 : utf8SequenceLength(buf, k, end);
      if (len < 0 && !final) return -2;
      if (len <= 0 || c < 0x20 || c === 0x7f || (c === 0xc2 && buf[k + 1] < 0xa0)) break;
      const same = len === prevLen && buf.compare(buf, k, k + len, prev, prev + prevLen) === 0;
      const isUnder = len === 1 && c === UNDERSCORE;
      const shownIsUnder = shownLen === 1 && buf[shown] === UNDERSCORE;
      if (same) {
        bold = true;
      } else if (isUnder) {
        underline = true;
      } else if (shownIsUnder) {
        // `_\bX`: X is shown underlined (unless it turns out to be `_\b_`).
        underline = true;
        shown = k;
        shownLen = len;
      } else if (len === shownLen && buf.compare(buf, k, k + len, shown, shown + shownLen) === 0) {
        bold = true;
      } else {
        break;
      }
      prev = k;
      prevLen = len;
      j = k + len;
    }
    if (j === i) return -1;
    this.flush(run, p);
    const styles = this.styles;
    this.switchStyle(styles.number(styles.stateOf(this.base, this.overstruck), (bold ? BOLD : 0) | (underline ? UNDERLINE : 0)));
    // A piece of its own, whose style is the span's: no run's SGR says it.
    this.writer.breakRun();
    this.noteStruck(buf[shown], shownLen, this.writer.offset);
    this.writer.text(shown, shown + shownLen);
    return j;
  }

  /** A character struck over at display offset `at`: a name's goes on the name struck before it, if it follows it. */
  private noteStruck(byte: number, length: number, at: number): void {
    if (length !== 1 || !isNameByte(byte)) {
      this.struckEnd = -1;
      return;
    }
    if (at !== this.struckEnd || this.struck.length >= 64) {
      this.struck = [];
      this.struckStart = at;
    }
    this.struck.push(byte);
    this.struckEnd = at + 1;
  }

  /**
   * A manual page's section buf[open, close), `(1)`: a link from the name
   * before it, in the text (`ls(1)`), coloured (`ESC[1mls ESC[0m(1)`, as
   * groff writes SGR) or struck over (a man page's bold name), to `man:ls(1)`.
   */
  private manReference(buf: Buffer, run: number, seg: number, open: number, close: number): void {
    const here = this.writer.offset + (open - run) - this.shrink;
    let start = nameStart(buf, seg, open);
    let name: Uint8Array;
    let coloured = -1;
    if (start >= 0) {
      name = buf.subarray(start, open);
      start = here - (open - start);
    } else if (open === seg && open === this.sgrEnd && this.sgrShownAt === here && (coloured = nameStart(buf, this.sgrTextFrom, this.sgrTextTo)) >= 0) {
      name = buf.subarray(coloured, this.sgrTextTo);
      start = here - name.length;
    } else if (open === seg && this.struckEnd === here && nameStart(Uint8Array.from(this.struck), 0, this.struck.length) === 0) {
      name = Uint8Array.from(this.struck);
      start = this.struckStart;
    } else {
      return;
    }
    const href = manHref(name, buf.subarray(open, close));
    this.doc.addLink(start, here + (close - open), this.doc.hrefs.addBytes(href, 0, href.length));
  }

  /**
   * An OSC 8 at buf[i] (ESC ] 8 ;): opens or closes a link and returns where it
   * ends; -1 if it is not one lwl takes (shown as tokens), -2 if more input must tell.
   */
  private osc8(buf: Buffer, run: number, i: number, end: number, final: boolean): number {
    const paramsAt = i + 4;
    const limit = Math.min(end, i + MAX_HREF_BYTES);
    let semi = -1;
    let j = paramsAt;
    for (; j < limit; j++) {
      const b = buf[j];
      if (b < 0x20 || b === 0x7f) break;
      if (b === 0x3b && semi < 0) semi = j;
    }
    if (j === limit) return limit === end && !final ? -2 : -1;
    let after: number;
    if (buf[j] === BEL) after = j + 1;
    else if (buf[j] === ESC) {
      if (j + 1 >= end) return final ? -1 : -2;
      if (buf[j + 1] !== BACKSLASH) return -1;
      after = j + 2;
    } else return -1;
    if (semi < 0 || !cleanOsc(buf, paramsAt, j)) return -1;
    this.flush(run, i);
    if (this.linkHref >= 0) this.closeLink(this.writer.offset);
    if (j > semi + 1) {
      this.linkHref = this.writer.href(semi + 1, j);
      this.linkStart = this.writer.offset;
    }
    return after;
  }

}

/** Reads a whole buffer as plain text (for tests and small inputs). */
export function readPlain(doc: Document, input: Buffer | string): Document {
  return readWhole(new PlainReader(doc), doc, input);
}
