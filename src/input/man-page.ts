// Manual pages read in lwl: `man -P cat NAME.SECTION` run with its words as
// arguments (no shell), MAN_KEEP_FORMATTING=1 so that its bold and underline
// come as overstrike, at the screen's width; its output is the source, read as
// program output. And the check, in the background and once per page, of
// whether man has a page a reference names (`man -w`), for link/man.ts.
import { execFile, spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { knowManPagesBy, manArguments, manName, manWhereArguments, type ManPage } from '../link/man.ts';
import { exitStatus, stopChild } from './child.ts';
import type { Source } from './source.ts';
import { Priority, type Scheduler } from '../schedule/scheduler.ts';

/** What man is asked to format for, when the user did not set MANWIDTH: the screen's columns, less the last (as man's own width for a terminal). */
const manWidth = (cols: number) => String(Math.max(20, cols - 1));
/** man -w checks run at once at most, */
const CHECKS_AT_ONCE = 2;
/** and pages waiting to be asked about. */
const WAITING_MOST = 64;

/** The first line man wrote on its standard error ("No manual entry for x"), printable. */
function firstLine(stderr: string): string {
  const line = stderr.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.replace(/[^\x20-\x7e]/g, '?').trim().slice(0, 200);
}

/** The page `man:…` names, formatted by man, as a source named by its URL; a page man has not ends the text with man's word for it. */
export function manSource(page: ManPage, cols: number): Source {
  const env = { ...process.env, MAN_KEEP_FORMATTING: '1', MANWIDTH: process.env.MANWIDTH || manWidth(cols) };
  const child = spawn('man', manArguments(page), { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString('latin1');
  });
  let failure: Error | null = null;
  child.on('error', (err) => (failure = err));
  async function* output() {
    try {
      let wrote = false;
      for await (const chunk of child.stdout!) {
        wrote = true;
        yield chunk as Buffer;
      }
      const status = await exitStatus(child);
      if (failure) throw new Error(`cannot run man: ${(failure as Error).message}`);
      if (status !== 0 && !wrote) throw new Error(firstLine(stderr) || `man ${manName(page)} ended with status ${status}`);
    } finally {
      stopChild(child);
    }
  }
  const name = `man:${page.name}${page.section === null ? '' : `(${page.section})`}`;
  return { name, fd: -1, isFile: false, size: null, stream: Readable.from(output(), { objectMode: false }), type: 'text/plain' };
}

/** Whether man has each page asked of it: asked once each (`man -w`), a few at a time; `answered` when one turns out to be there. */
class ManPageCheck {
  /** Each page's verdict by its man name; null while man is asked. */
  private readonly verdicts = new Map<string, boolean | null>();
  private readonly waiting: ManPage[] = [];
  private running = 0;
  private asking = false;

  /** `later`: runs the asking after this turn's frame (the pager's scheduler). */
  constructor(
    private readonly answered: () => void,
    private readonly later: (ask: () => void) => void,
  ) {}

  /** Whether man is known to have `page`; the first time, man is asked (the answer comes later). */
  has(page: ManPage): boolean {
    const key = manName(page);
    const verdict = this.verdicts.get(key);
    // A page past a full queue is asked when it is seen again (stepping through many references queues no more than this).
    if (verdict === undefined && this.waiting.length < WAITING_MOST) {
      this.verdicts.set(key, null);
      this.waiting.push(page);
      // Asked after the frame that found it: the first screen never waits for a process to start.
      if (!this.asking) {
        this.asking = true;
        this.later(() => this.ask());
      }
    }
    return verdict === true;
  }

  private ask(): void {
    this.asking = false;
    while (this.running < CHECKS_AT_ONCE && this.waiting.length > 0) {
      const page = this.waiting.shift()!;
      this.running++;
      execFile('man', manWhereArguments(page), { timeout: 10_000 }, (err) => {
        this.running--;
        this.verdicts.set(manName(page), err === null);
        if (err === null) this.answered();
        this.ask();
      });
    }
  }
}

/** References to manual pages become links once man says it has the page (`answered`: one did); the pager's, for a session. */
export function checkManPages(answered: () => void, scheduler: Scheduler): void {
  const later = (ask: () => void) =>
    scheduler.add({
      step: () => {
        ask();
        return 'done';
      },
    }, Priority.readAhead);
  const check = new ManPageCheck(answered, later);
  knowManPagesBy((page) => check.has(page));
}
