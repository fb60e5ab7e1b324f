// The end-to-end tests' signal (test/e2e/session.ts): with LWL_TEST_SIGNAL naming
// a file the harness made, lwl appends `idle <in> <out>` to it each time it
// becomes idle, so that a test waits for lwl's word that a key is answered, not
// for a quiet moment. <in> counts the bytes read from the terminal, <out> the
// bytes written to it as the pty delivers them. Nothing of it goes to the
// terminal; without the variable, no file is opened.
import fs from 'node:fs';

/** The bytes the tty delivers for `data`: with ONLCR, each line feed goes out as CR LF. */
export function deliveredBytes(data: string | Uint8Array, onlcr: boolean): number {
  if (typeof data === 'string') return Buffer.byteLength(data) + (onlcr ? countLineFeeds(data) : 0);
  return data.length + (onlcr ? data.filter((b) => b === 0x0a).length : 0);
}

function countLineFeeds(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

export class IdleSignal {
  /** Bytes read from the terminal's input. */
  private bytesIn = 0;
  /** Bytes written to the terminal, as delivered. */
  private bytesOut = 0;
  private checkQueued = false;
  /** The last line written: an idle lwl that did nothing since says nothing more. */
  private told = '';

  /**
   * @param onlcr the tty turns a line feed into CR LF: raw mode as Node sets it
   * keeps ONLCR (as term/screen.ts's lineFeedReturns counts on), and so does
   * the cooked mode lwl leaves the terminal in.
   */
  constructor(
    private readonly fd: number,
    private readonly onlcr = true,
  ) {}

  /** The signal LWL_TEST_SIGNAL asks for, or null (the variable is unset: nothing is opened; or the file cannot be). */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): IdleSignal | null {
    const file = env.LWL_TEST_SIGNAL;
    if (!file) return null;
    try {
      return new IdleSignal(fs.openSync(file, 'a'));
    } catch {
      // Node's permission model may forbid it: lwl pages all the same, and says nothing.
      return null;
    }
  }

  read(bytes: number): void {
    this.bytesIn += bytes;
  }

  wrote(data: string | Uint8Array): void {
    this.bytesOut += deliveredBytes(data, this.onlcr);
  }

  /** The line that says lwl is idle now. */
  get line(): string {
    return `idle ${this.bytesIn} ${this.bytesOut}\n`;
  }

  /**
   * Once the work of this turn is done (the rest of the key's handling, the
   * frame's write), asks `isIdle` and says so if it is. Called after whatever
   * may end lwl's work: a read, a write.
   */
  check(isIdle: () => boolean): void {
    if (this.checkQueued) return;
    this.checkQueued = true;
    queueMicrotask(() => {
      this.checkQueued = false;
      if (isIdle()) this.tell();
    });
  }

  private tell(): void {
    const line = this.line;
    if (line === this.told) return;
    this.told = line;
    fs.writeSync(this.fd, line);
  }
}
