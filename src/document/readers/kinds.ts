// What a document is read as: its kind, and the reader for it.
// - 'markup': lwl's `[text](href)` links, in bro pages (a first line
//   `Retrieved from [URL](URL) on DATE.`, from a file or a pipe) and in files
//   whose name ends in .md or .markdown.
// - 'plain': everything else (program output, source code, logs), where no
//   bracket is hidden; SGR, overstrike, OSC 8 and bare URLs are read.
// --kind=markup|plain forces one. The rule is kindFor(), and nowhere else.
import type { Document } from '../document.ts';
import type { Reader } from '../reader.ts';
import { MarkupReader } from './markup.ts';
import { PlainReader } from './plain.ts';

/** 'raw' is never guessed: it is the text as it came, every escape a token (the \\ key, or --kind=raw). */
export const KINDS = ['markup', 'plain', 'raw'] as const;
export type Kind = (typeof KINDS)[number];

export const isKind = (name: string): name is Kind => (KINDS as readonly string[]).includes(name);

/** A bro page's first line. */
const BRO_FIRST_LINE = /^Retrieved from \[[^\]\n]*\]\([^)\n]*\) on [^\n]*\.\r?$/;

/** The most of a first line looked at before deciding. */
const SNIFF = 4096;

/** Whether the name alone decides (a .md file); null if the first line must tell. */
function kindByName(name: string): Kind | null {
  return /\.(md|markdown)$/i.test(name) ? 'markup' : null;
}

/** The kind of a document named `name` whose first line is `firstLine`. */
export function kindFor(name: string, firstLine: string): Kind {
  return kindByName(name) ?? (BRO_FIRST_LINE.test(firstLine) ? 'markup' : 'plain');
}

export function readerOfKind(kind: Kind, doc: Document): Reader {
  return kind === 'markup' ? new MarkupReader(doc) : new PlainReader(doc, kind === 'raw');
}

/**
 * The reader for a document: of the kind forced, else of the kind its name
 * says, else one that waits for the first line (up to SNIFF bytes) to tell.
 */
export function readerFor(doc: Document, name: string, forced: Kind | null = null): Reader {
  const kind = forced ?? kindByName(name);
  if (kind) return readerOfKind(kind, doc);
  return new FirstLineReader(doc, name);
}

/** Holds the input until its first line is whole, then reads it all with the reader its kind takes. */
class FirstLineReader implements Reader {
  private inner: Reader | null = null;
  private held: Array<{ chunk: Buffer; owned: boolean }> = [];
  private length = 0;

  constructor(
    private readonly doc: Document,
    private readonly name: string,
  ) {}

  write(chunk: Buffer): void {
    if (this.inner) this.inner.write(chunk);
    else this.hold(Buffer.from(chunk), true, false);
  }

  writeOwned(chunk: Buffer): void {
    if (this.inner) this.inner.writeOwned(chunk);
    else this.hold(chunk, true, false);
  }

  end(): void {
    if (!this.inner) this.decide();
    this.inner!.end();
  }

  private hold(chunk: Buffer, owned: boolean, _final: boolean): void {
    this.held.push({ chunk, owned });
    this.length += chunk.length;
    if (this.length >= SNIFF || chunk.includes(0x0a)) this.decide();
  }

  private decide(): void {
    const start = Buffer.concat(this.held.map((h) => h.chunk)).subarray(0, SNIFF);
    const lf = start.indexOf(0x0a);
    const firstLine = start.subarray(0, lf < 0 ? start.length : lf).toString('utf8');
    this.inner = readerOfKind(kindFor(this.name, firstLine), this.doc);
    for (const { chunk } of this.held) this.inner.writeOwned(chunk);
    this.held = [];
  }
}
