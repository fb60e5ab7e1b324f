// Regular-expression searches run in a worker thread, so that a pattern that
// backtracks for minutes never holds the keys: ^C ends the thread at once.
// The worker is dist/lwl itself (one bundled file): main.ts serves searches
// when it starts as a worker with `workerData.lwlSearch`.
import { Worker, parentPort, type WorkerOptions } from 'node:worker_threads';
import { regexFind, type BlockMatches, type RegexWindow } from './search.ts';
import { SEARCH_WORKER_ARGUMENT } from '../worker-arguments.ts';

export interface WorkerData {
  /** The pattern; null for a worker started ahead (while the pattern is typed), which gets it as its first message. */
  lwlSearch: { source: string | null; flags: string | null };
}

interface Request extends RegexWindow {
  id: number;
}

interface SearchReply {
  id: number;
  found: BlockMatches;
}

/** Runs in the worker: answers each window with its matches. */
export function serveSearches({ lwlSearch }: WorkerData): void {
  let re = lwlSearch.source === null ? null : new RegExp(lwlSearch.source, lwlSearch.flags ?? '');
  parentPort!.on('message', (request: Request | { pattern: { source: string; flags: string } }) => {
    if ('pattern' in request) {
      re = new RegExp(request.pattern.source, request.pattern.flags);
      return;
    }
    const found = regexFind(re!, request);
    const transfer = [found.starts.buffer, ...(found.ends ? [found.ends.buffer] : [])];
    parentPort!.postMessage({ id: request.id, found } satisfies SearchReply, transfer as ArrayBuffer[]);
  });
}

declare const require: (id: string) => unknown;

/** In the standalone executable (make exe), the bundle's source, which it carries as an asset; else null. */
function seaScript(): string | null {
  try {
    const sea = require('node:sea') as { isSea(): boolean; getAsset(key: string, encoding: string): string };
    return sea.isSea() ? sea.getAsset('lwl.cjs', 'utf8') : null;
  } catch {
    return null; // no node:sea (not an executable of its own)
  }
}

/**
 * Starts a worker thread of lwl's (worker-arguments.ts names them) from the
 * bundle's own code: dist/lwl works wherever it is copied, alone; the standalone
 * executable carries it as an asset (it has no script file). lwl's arguments
 * follow the worker's, so that its start (boot.ts) sees a --secure given there
 * and leaves the code cache alone.
 */
export function startLwlWorker(argument: string, options: Omit<WorkerOptions, 'argv' | 'eval'>): Worker {
  const argv = [argument, ...process.argv.slice(2)];
  const sea = seaScript();
  return sea === null ? new Worker(__filename, { ...options, argv }) : new Worker(sea, { ...options, argv, eval: true });
}

/** Starts a search worker, with its pattern or (null) to get it later. */
function startWorker(source: string | null, flags: string | null): Worker {
  const workerData = { lwlSearch: { source, flags } } satisfies WorkerData;
  const worker = startLwlWorker(SEARCH_WORKER_ARGUMENT, { workerData });
  // A worker that fails (out of memory on a huge window) leaves its requests unanswered: the search stays stoppable.
  worker.on('error', () => {});
  // Keys and the document keep lwl alive, not an idle search.
  worker.unref();
  return worker;
}

/** A worker started while a regex was being typed: it has loaded by Enter. */
let ahead: Worker | null = null;

/** The main thread's side: one worker for one pattern, asked a window at a time. */
export class RegexWorker {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, (found: BlockMatches) => void>();

  /** Starts a worker ahead of the search, while its pattern is typed (starting one takes tens of milliseconds). */
  static warm(): void {
    ahead ??= startWorker(null, null);
  }

  /** Ends the worker started ahead if no search took it (the prompt was left): it holds some 11 MiB. */
  static cool(): void {
    if (!ahead) return;
    void ahead.terminate();
    ahead = null;
  }

  constructor(source: string, flags: string) {
    if (ahead) {
      this.worker = ahead;
      ahead = null;
      this.worker.postMessage({ pattern: { source, flags } });
    } else {
      this.worker = startWorker(source, flags);
    }
    this.worker.on('message', ({ id, found }: SearchReply) => {
      const resolve = this.waiting.get(id);
      this.waiting.delete(id);
      resolve?.(found);
    });
  }

  find(window: RegexWindow): Promise<BlockMatches> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ ...window, id } satisfies Request, [window.bytes.buffer as ArrayBuffer]);
    });
  }

  /** Ends the worker, in the middle of a match if need be. */
  stop(): void {
    this.waiting.clear();
    void this.worker.terminate();
  }
}
