// What the readers that write through a TextWriter share: counting the input, telling
// the writer it arrived, and ending the document; each reader reads a chunk its way.
import type { Document } from '../document.ts';
import type { Reader } from '../reader.ts';
import { textWriterFor, type TextWriter } from '../text-writer.ts';

const EMPTY = Buffer.alloc(0);

export abstract class WritingReader implements Reader {
  protected readonly writer: TextWriter;
  /** Input bytes fed so far: the input offset of the next chunk's first byte. */
  protected fed = 0;

  constructor(protected readonly doc: Document) {
    this.writer = textWriterFor(doc);
  }

  write(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    this.writer.arrived(chunk, this.fed);
    this.feed(chunk, false, false);
  }

  writeOwned(chunk: Buffer): void {
    this.doc.bytesRead += chunk.length;
    this.writer.arrived(chunk, this.fed);
    this.feed(chunk, false, true);
  }

  end(): void {
    this.feed(EMPTY, true, true);
    this.doc.complete = true;
  }

  /** Reads a chunk (`final`: the last, maybe empty; `owned`: the reader may keep it or write over it). */
  protected abstract feed(chunk: Buffer, final: boolean, owned: boolean): void;
}
