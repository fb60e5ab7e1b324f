// Markdown blocks past the first screen are parsed in a worker thread, so
// that a block micromark is slow on (seconds for 30 KiB of `a] `) never holds
// the keys: the main thread only renders the trees, in slices. The worker is
// dist/lwl itself, as the search's is (search-worker.ts): main.ts serves
// parses when it starts as a worker with MARKDOWN_WORKER_ARGUMENT.
//
// One worker for the process, started on first use and unref'd (lwl exits at
// once on q); each reader has a channel of its own to it, whose trees it takes
// in order with receiveMessageOnPort, waiting on a shared counter
// (Atomics.wait) for at most the slice of time it was given.
import { MessageChannel, parentPort, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type * as md from 'mdast';
import { parse } from './markdown-parse.ts';
import { startLwlWorker } from '../search-worker.ts';
import { MARKDOWN_WORKER_ARGUMENT } from '../../worker-arguments.ts';

export interface MarkdownWorkerData {
  /** One Int32: the number of trees the worker has sent, on every channel; it wakes a reader waiting for one. */
  lwlMarkdown: { sent: SharedArrayBuffer };
}

/** A tree, or null when the parser threw: the reader parses that block itself (and meets the same error, as without a worker). */
type ParseReply = md.Root | null;

/** Runs in the worker: each channel (a reader's) brings texts, answered on it, in order, with their trees. */
export function serveMarkdown({ lwlMarkdown }: MarkdownWorkerData): void {
  const sent = new Int32Array(lwlMarkdown.sent);
  parentPort!.on('message', ({ port }: { port: MessagePort }) => {
    port.on('message', (text: string) => {
      let tree: ParseReply = null;
      try {
        tree = withoutPositions(parse(text));
      } catch {
        // Parsed again by the reader.
      }
      port.postMessage(tree);
      Atomics.add(sent, 0, 1);
      Atomics.notify(sent, 0);
    });
  });
}

/** The tree without its nodes' positions, which the renderer does not read: a third less to copy to the main thread. */
export function withoutPositions<T extends md.Nodes>(node: T): T {
  delete node.position;
  if ('children' in node) for (const child of node.children) withoutPositions(child);
  return node;
}

/** What a reader needs of the worker: texts sent in order, their trees taken in the same order. */
export interface BlockParses {
  send(text: string): void;
  /**
   * The tree of the oldest text sent and not yet taken, waiting for it until
   * the clock (Date.now()) reaches `until`: undefined if it has not come by
   * then; null if it never will (the worker failed, or its parser threw), so
   * the reader parses that text itself.
   */
  next(until: number): md.Root | null | undefined;
  /** Whether the worker failed: send no more. */
  readonly failed: boolean;
}

/** Defined true by build.mjs in dist/lwl: only there is there a bundle to start a worker from. */
declare const LWL_BUNDLED: boolean | undefined;

let shared: { worker: Worker; sent: Int32Array; failed: boolean } | null = null;
/** Starting the worker failed once: not tried again. */
let unavailable = false;

function sharedWorker(): typeof shared {
  if (shared || unavailable) return shared;
  try {
    const sentBuffer = new SharedArrayBuffer(4);
    const workerData = { lwlMarkdown: { sent: sentBuffer } } satisfies MarkdownWorkerData;
    // The parser makes many short-lived objects: a young generation twice V8's usual size collects less often (5 MB of READMEs parsed in 23 s, not 28).
    const worker = startLwlWorker(MARKDOWN_WORKER_ARGUMENT, { workerData, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
    const started = { worker, sent: new Int32Array(sentBuffer), failed: false };
    // A worker that fails (cannot start, out of memory) sends no more trees: the readers parse their blocks themselves.
    const fail = () => {
      started.failed = true;
      unavailable = true;
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    // Keys and the document keep lwl alive, not the worker.
    worker.unref();
    shared = started;
  } catch {
    unavailable = true;
  }
  return shared;
}

/** A reader's channel to the Markdown worker. */
class WorkerParses implements BlockParses {
  private readonly port: MessagePort;

  constructor(private readonly worker: NonNullable<typeof shared>) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1; // no listener: it keeps nothing alive, and is read with receiveMessageOnPort
    worker.worker.postMessage({ port: port2 }, [port2]);
  }

  get failed(): boolean {
    return this.worker.failed;
  }

  send(text: string): void {
    this.port.postMessage(text);
  }

  next(until: number): ParseReply | undefined {
    for (;;) {
      const count = Atomics.load(this.worker.sent, 0);
      const reply = receiveMessageOnPort(this.port);
      if (reply) return reply.message as ParseReply;
      if (this.worker.failed) return null;
      const wait = until - Date.now();
      if (wait <= 0) return undefined;
      // Asleep until the worker sends a tree (on any channel: then look again), or the slice is over.
      Atomics.wait(this.worker.sent, 0, count, wait);
    }
  }
}

/** A channel to the Markdown worker (started on first use), or null where there is none: no bundle (the tests), or it failed. */
export function workerParses(): BlockParses | null {
  if (typeof LWL_BUNDLED === 'undefined' || !LWL_BUNDLED) return null;
  const worker = sharedWorker();
  return worker && !worker.failed ? new WorkerParses(worker) : null;
}
