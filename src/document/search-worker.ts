// Regular-expression searches run in a worker thread, so that a pattern that
// backtracks for minutes never holds the keys: ^C ends the thread at once.
// The worker is dist/lwl itself (one bundled file): main.ts serves searches
// when it starts as a worker with `workerData.lwlSearch`.
import { Worker, parentPort } from 'node:worker_threads';
import { regexFind, type BlockMatches, type RegexWindow } from './search.ts';

/** The worker's one argument: main.ts asks worker_threads whether it is a worker only when it is there (loading worker_threads costs start-up time). */
export const WORKER_ARGUMENT = '--lwl-search-worker';

export interface WorkerData {
  lwlSearch: { source: string; flags: string };
}

interface Request extends RegexWindow {
  id: number;
}

interface Reply {
  id: number;
  found: BlockMatches;
}

/** Runs in the worker: answers each window with its matches. */
export function serveSearches({ lwlSearch }: WorkerData): void {
  const re = new RegExp(lwlSearch.source, lwlSearch.flags);
  parentPort!.on('message', (request: Request) => {
    const found = regexFind(re, request);
    const transfer = [found.starts.buffer, ...(found.ends ? [found.ends.buffer] : [])];
    parentPort!.postMessage({ id: request.id, found } satisfies Reply, transfer as ArrayBuffer[]);
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

/** The main thread's side: one worker for one pattern, asked a window at a time. */
export class RegexWorker {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, (found: BlockMatches) => void>();

  constructor(source: string, flags: string) {
    const workerData = { lwlSearch: { source, flags } } satisfies WorkerData;
    // The bundle's own code: dist/lwl works wherever it is copied, alone; the
    // standalone executable carries it as an asset (it has no script file).
    const sea = seaScript();
    const argv = [WORKER_ARGUMENT];
    this.worker = sea === null ? new Worker(__filename, { workerData, argv }) : new Worker(sea, { eval: true, workerData, argv });
    this.worker.on('message', ({ id, found }: Reply) => {
      const resolve = this.waiting.get(id);
      this.waiting.delete(id);
      resolve?.(found);
    });
    // A worker that fails (out of memory on a huge window) leaves its requests unanswered: the search stays stoppable.
    this.worker.on('error', () => {});
    // Keys and the document keep lwl alive, not an idle search.
    this.worker.unref();
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
