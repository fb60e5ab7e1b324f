// Where a reader's output goes. A reader (reader.ts) walks its input and says,
// in input positions, what each part is: text shown as it is, a hex token, an
// href. The writer writes that into the document, one of two ways:
// - FileTextWriter, when the text stays in the file (a regular file): it records
//   pieces, places in the file, and copies nothing.
// - MemoryTextWriter, for a pipe: it writes the text over the input itself, which is
//   never shorter (hrefs, backslashes and CRs only drop bytes), so no new
//   memory is needed, and keeps it.
// Tokens are not written out: a run of input holding them is kept as raw bytes
// and rendered when read (hex-tokens.ts), so a run of them costs its input bytes.
// The plain reader hands over whole runs, SGR and all (readers/sgr-runs.ts).
import type { Document } from './document.ts';
import { FileText } from './filetext.ts';
import type { MemoryText } from './store.ts';
import { tokenLength } from './hex-tokens.ts';

/** The input being read: a buffer, and what is known of it. */
export class Cursor {
  /** The input. */
  buf: Buffer = Buffer.alloc(0);
  /** Input offset of buf[0] (for a file, the file offset). */
  source = 0;
  /** buf[end] is past the input that has arrived. */
  end = 0;
  /** Nothing arrives after buf[end). */
  final = false;
  /** The display text may stay in buf (the caller gave it up). */
  keep = false;

  set(buf: Buffer, source: number, end: number, final: boolean, keep: boolean): this {
    this.buf = buf;
    this.source = source;
    this.end = end;
    this.final = final;
    this.keep = keep;
    return this;
  }
}

export interface TextWriter {
  /** True if the text is written over the input buffer (so a buffer the caller keeps must be copied first). */
  readonly writesOverInput: boolean;
  /** Display offset where the next byte of text goes. */
  readonly offset: number;
  /** Input as it arrived, at input offset `source`, before it is read. */
  arrived(chunk: Buffer, source: number): void;
  /** Output of the cursor's buffer begins. */
  begin(cursor: Cursor): void;
  /** The input buf[from, to) is shown as it is. */
  text(from: number, to: number): void;
  /** The input buf[at, at + n) is shown as a hex token. */
  token(at: number, n: number): void;
  /**
   * The input buf[from, to) is a run to render, `displayLength` bytes once
   * rendered (by the text's runRender); `tag` is kept with it if it starts a
   * run, for the text's runs(). It joins the run before it if that ends where it starts.
   */
  run(from: number, to: number, displayLength: number, tag: number): void;
  /** What comes next starts a piece of its own: it does not join the run before it. */
  breakRun(): void;
  /** The input buf[from, to) is an href: its number in the document's hrefs. */
  href(from: number, to: number): number;
  /** Output of the cursor's buffer ends (before its bytes are reused). */
  finish(): void;
}

/** The writer for a document: pieces of its file, or bytes in memory. */
export function textWriterFor(doc: Document): TextWriter {
  return doc.text instanceof FileText ? new FileTextWriter(doc, doc.text) : new MemoryTextWriter(doc, doc.text as MemoryText);
}

/** Input bytes in a run to render at most: it is rendered whole when read. */
const RUN_MAX = 32 * 1024;
/** Text that keeps a run to render going: a longer stretch with no token is a piece of its own. */
const RUN_GAP = 1024;

/**
 * When a run to render goes on: the tokens, and short text between them, as long
 * as the input is contiguous. Both writers decide it alike.
 */
abstract class RunWriter implements TextWriter {
  /** Input offset where the current run to render ends (-1: none). */
  private runEnd = -1;
  private runLength = 0;
  protected cursor = new Cursor();

  abstract readonly offset: number;
  abstract readonly writesOverInput: boolean;
  arrived(_chunk: Buffer, _source: number): void {}
  begin(cursor: Cursor): void {
    this.cursor = cursor;
  }
  abstract href(from: number, to: number): number;
  abstract finish(): void;

  /** Text as it is: `continues` if it joins the run to render before it. */
  protected abstract addText(from: number, to: number, continues: boolean): void;
  /** A token: `continues` if it joins the run to render before it, else it starts one. */
  protected abstract addToken(at: number, n: number, continues: boolean): void;
  /** A run to render: `continues` if it joins the run before it, else it starts one, tagged `tag`. */
  protected abstract addRun(from: number, to: number, displayLength: number, tag: number, continues: boolean): void;

  text(from: number, to: number): void {
    if (to <= from) return;
    if (this.runEnd < 0) return this.addText(from, to, false);
    const at = this.cursor.source + from;
    const continues = at === this.runEnd && to - from <= RUN_GAP && this.runLength + (to - from) <= RUN_MAX;
    if (continues) {
      this.runEnd += to - from;
      this.runLength += to - from;
    } else this.runEnd = -1;
    this.addText(from, to, continues);
  }

  token(at: number, n: number): void {
    const source = this.cursor.source + at;
    const continues = source === this.runEnd && this.runLength + n <= RUN_MAX;
    this.runLength = continues ? this.runLength + n : n;
    this.runEnd = source + n;
    this.addToken(at, n, continues);
  }

  run(from: number, to: number, displayLength: number, tag: number): void {
    if (to <= from) return;
    const source = this.cursor.source + from;
    const continues = source === this.runEnd && this.runLength + (to - from) <= RUN_MAX;
    this.runLength = continues ? this.runLength + (to - from) : to - from;
    this.runEnd = source + (to - from);
    this.addRun(from, to, displayLength, tag, continues);
  }

  breakRun(): void {
    this.runEnd = -1;
  }
}

/** Records pieces of the file: nothing is copied. */
class FileTextWriter extends RunWriter {
  readonly writesOverInput = false;
  constructor(
    private readonly doc: Document,
    private readonly file: FileText,
  ) {
    super();
  }

  get offset(): number {
    return this.file.length;
  }

  arrived(chunk: Buffer, source: number): void {
    this.file.parsed(chunk, source);
  }

  protected addText(from: number, to: number, continues: boolean): void {
    if (continues) this.file.extendRendered(to - from, to - from);
    else this.file.appendFile(this.cursor.source + from, to - from);
  }

  protected addToken(at: number, n: number, continues: boolean): void {
    if (continues) this.file.extendRendered(n, tokenLength(n));
    else this.file.appendRendered(this.cursor.source + at, n, tokenLength(n));
  }

  protected addRun(from: number, to: number, displayLength: number, tag: number, continues: boolean): void {
    if (continues) this.file.extendRendered(to - from, displayLength);
    else this.file.appendRendered(this.cursor.source + from, to - from, displayLength, tag);
  }

  href(from: number, to: number): number {
    return this.doc.hrefs.addFromFile(this.cursor.source + from, to - from);
  }

  finish(): void {}
}

/** Writes the text over the input buffer, from its start, and keeps it. */
class MemoryTextWriter extends RunWriter {
  readonly writesOverInput = true;
  /** Output length in the buffer. */
  private o = 0;
  /** Display offset of the buffer's output. */
  private base = 0;
  private shown = 0;
  /** The output's parts before the current one: where each ends in the buffer, its display length, whether it is raw (to render), its tag. */
  private readonly ends: number[] = [];
  private readonly lengths: number[] = [];
  private readonly raw: boolean[] = [];
  private readonly tags: number[] = [];
  /** The current part: where it starts in the buffer and in the display, whether it is raw, its tag. */
  private partStart = 0;
  private partShown = 0;
  private partRaw = false;
  private partTag = -1;

  constructor(
    private readonly doc: Document,
    private readonly memory: MemoryText,
  ) {
    super();
  }

  get offset(): number {
    return this.base + this.shown;
  }

  begin(cursor: Cursor): void {
    super.begin(cursor);
    this.o = this.shown = this.partStart = this.partShown = 0;
    this.partRaw = false;
    this.base = this.memory.length;
  }

  /** Moves input buf[from, to) to the output. */
  private move(from: number, to: number): void {
    const buf = this.cursor.buf;
    const n = to - from;
    if (this.o !== from) {
      if (n > 32) buf.copyWithin(this.o, from, to);
      else for (let k = 0; k < n; k++) buf[this.o + k] = buf[from + k];
    }
    this.o += n;
  }

  /** Ends the current part (if it holds anything) and starts one of the kind given. */
  private startPart(raw: boolean, tag = -1): void {
    if (this.o > this.partStart) {
      this.ends.push(this.o);
      this.lengths.push(this.shown - this.partShown);
      this.raw.push(this.partRaw);
      this.tags.push(this.partTag);
    }
    this.partStart = this.o;
    this.partShown = this.shown;
    this.partRaw = raw;
    this.partTag = tag;
  }

  protected addText(from: number, to: number, continues: boolean): void {
    if (this.partRaw !== continues) this.startPart(continues);
    this.move(from, to);
    this.shown += to - from;
  }

  protected addToken(at: number, n: number, continues: boolean): void {
    if (!this.partRaw || !continues) this.startPart(true);
    this.move(at, at + n);
    this.shown += tokenLength(n);
  }

  protected addRun(from: number, to: number, displayLength: number, tag: number, continues: boolean): void {
    // A run that goes on from the last buffer starts a part here: the reader's tag is for this point too.
    if (!this.partRaw || !continues) this.startPart(true, tag);
    this.move(from, to);
    this.shown += displayLength;
  }

  /** Copies the href: the text is about to be written over it. */
  href(from: number, to: number): number {
    return this.doc.hrefs.addBytes(this.cursor.buf, from, to);
  }

  finish(): void {
    this.startPart(false);
    const { buf, keep } = this.cursor;
    // A small output is copied, so that it does not keep a large buffer alive.
    const out = keep && this.o * 2 >= buf.length ? buf : Buffer.from(buf.subarray(0, this.o));
    let start = 0;
    for (let k = 0; k < this.raw.length; k++) {
      const part = out.subarray(start, this.ends[k]);
      if (this.raw[k]) this.memory.appendRendered(part, this.lengths[k], this.tags[k]);
      else this.memory.append(part);
      start = this.ends[k];
    }
    this.ends.length = this.lengths.length = this.raw.length = this.tags.length = 0;
    this.o = 0;
  }
}
