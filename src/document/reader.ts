// The seam for kinds of input. A reader turns the bytes of one kind of input
// (lwl markup; plain text with SGR, overstrike and OSC 8; CommonMark; HTML)
// into a Document: its display text, link spans with their hrefs,
// and hex tokens. The bytes arrive in chunks, as they are read; a reader holds
// back what it cannot tell yet and settles it with the next chunk or at end().
//
// How the text is kept (in the file, or in memory) is not the reader's concern:
// it says what to show through a TextWriter (text-writer.ts), which the Document chooses.
import type { Document } from './document.ts';

export interface Reader {
  /** Reads the next chunk. The reader does not keep it: the caller may reuse it. */
  write(chunk: Buffer): void;
  /** Reads the next chunk, which the caller gives up: the reader may keep it, or write over it. */
  writeOwned(chunk: Buffer): void;
  /** The input has ended: what was held back is read as final, and the document is complete (or will be, once work() has done the backlog). */
  end(): void;
  /** Rendering held back to be done in slices (a big Markdown or HTML file past its first screen): true while any is left. */
  backlog?(): boolean;
  /** Does held-back rendering until the clock (Date.now()) reaches `until`, or none is left. */
  work?(until: number): void;
}

/** Reads a whole input at once into the reader's document (tests, small inputs). */
export function readWhole(reader: Reader, doc: Document, input: Buffer | string): Document {
  reader.write(typeof input === 'string' ? Buffer.from(input) : input);
  reader.end();
  reader.work?.(Infinity);
  return doc;
}
