// A pager running in a pseudo-terminal, watched through a terminal emulator.
//
// Times are taken when the output arrives, not when the emulator gets round to
// it: every chunk carries its arrival time, and a condition on the screen is
// dated by the chunk after which it first held.
import fs from 'node:fs';
import pty from 'node-pty';
import xterm from '@xterm/headless';

export interface PtyOptions {
  cols: number;
  rows: number;
  env: Record<string, string>;
  cwd: string;
}

interface Watcher {
  /** Only chunks from this index on count: what was on screen before does not. */
  from: number;
  test: (s: PtySession) => boolean;
  resolve: (at: number | null) => void;
}

/** Sessions still running, to kill them if the benchmark is interrupted. */
const live = new Set<PtySession>();

export function killAll(): void {
  for (const s of live) s.kill();
}

export class PtySession {
  readonly startedAt: number;
  /** Bytes the pager has written so far. */
  bytes = 0;
  /** Arrival time of the last output (performance.now()). */
  lastOutputAt: number;
  exited = false;
  private readonly term: xterm.Terminal;
  private readonly proc: pty.IPty;
  private received = 0;
  private watchers: Watcher[] = [];
  private readonly exit: Promise<void>;

  constructor(command: string, args: string[], opts: PtyOptions) {
    this.term = new xterm.Terminal({ cols: opts.cols, rows: opts.rows, allowProposedApi: true });
    this.startedAt = performance.now();
    this.lastOutputAt = this.startedAt;
    // encoding: null hands over the raw bytes, so that they can be counted exactly.
    this.proc = pty.spawn(command, args, { name: opts.env.TERM, cols: opts.cols, rows: opts.rows, cwd: opts.cwd, env: opts.env, encoding: null });
    live.add(this);
    this.proc.onData((data: string | Buffer) => {
      const at = performance.now();
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      const index = this.received++;
      this.bytes += bytes.length;
      this.lastOutputAt = at;
      this.term.write(bytes, () => this.check(index, at));
    });
    this.exit = new Promise((resolve) =>
      this.proc.onExit(() => {
        this.exited = true;
        live.delete(this);
        for (const w of this.watchers) w.resolve(null);
        this.watchers = [];
        resolve();
      }),
    );
  }

  get pid(): number {
    return this.proc.pid;
  }

  /** The screen's rows as text, trailing spaces trimmed. */
  rows(): string[] {
    const buffer = this.term.buffer.active;
    const out: string[] = [];
    for (let i = 0; i < this.term.rows; i++) out.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return out;
  }

  row(i: number): string {
    return this.rows()[i];
  }

  /** The last row, where both pagers keep their prompt and messages. */
  status(): string {
    return this.row(this.term.rows - 1);
  }

  type(keys: string): void {
    this.proc.write(keys);
  }

  /**
   * When the screen first satisfies `test` after output that arrives from now
   * on: the arrival time of that output, or null on timeout or exit.
   */
  waitFor(test: (s: PtySession) => boolean, timeoutMs: number): Promise<number | null> {
    if (this.exited) return Promise.resolve(null);
    return new Promise((resolve) => {
      const watcher: Watcher = {
        from: this.received,
        test,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.watchers = this.watchers.filter((w) => w !== watcher);
        resolve(null);
      }, timeoutMs);
      this.watchers.push(watcher);
    });
  }

  private check(index: number, at: number): void {
    if (this.watchers.length === 0) return;
    const done = this.watchers.filter((w) => index >= w.from && w.test(this));
    if (done.length === 0) return;
    this.watchers = this.watchers.filter((w) => !done.includes(w));
    for (const w of done) w.resolve(at);
  }

  /**
   * Waits until no output has arrived for `quietMs` (after at least one chunk
   * from now on, if `needOutput`); resolves with the last output's arrival
   * time, or null on timeout or exit.
   */
  quiet(quietMs: number, timeoutMs: number, needOutput = false): Promise<number | null> {
    const from = this.received;
    const deadline = performance.now() + timeoutMs;
    return new Promise((resolve) => {
      const poll = () => {
        const now = performance.now();
        if (this.exited || now > deadline) return resolve(null);
        if ((!needOutput || this.received > from) && now - this.lastOutputAt >= quietMs) return resolve(this.lastOutputAt);
        setTimeout(poll, 5);
      };
      poll();
    });
  }

  /** Peak resident memory so far (VmHWM), in bytes; null once the process is gone. */
  peakMemory(): number | null {
    try {
      const status = fs.readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kib = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
      return kib ? Number(kib[1]) * 1024 : null;
    } catch {
      return null;
    }
  }

  /** Types `keys` (the pager's quit key) and waits for the exit; kills the pager if it does not go. */
  async close(keys: string, timeoutMs = 5000): Promise<void> {
    if (this.exited) return;
    this.type(keys);
    const timer = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
    await Promise.race([this.exit, timer]);
    this.kill();
    await Promise.race([this.exit, new Promise<void>((resolve) => setTimeout(resolve, 1000).unref())]);
    this.term.dispose();
  }

  kill(): void {
    if (!this.exited) this.proc.kill('SIGKILL');
  }
}
