// The entry point of dist/lwl, and of its workers (search-worker.ts,
// markdown-worker.ts): one bundled file serves as each.
import { isMainThread, workerData } from 'node:worker_threads';
import { main } from './cli.ts';
import { serveSearches, type WorkerData } from './document/search-worker.ts';
import { serveMarkdown, type MarkdownWorkerData } from './document/readers/markdown-worker.ts';
import { MARKDOWN_WORKER_ARGUMENT, SEARCH_WORKER_ARGUMENT } from './worker-arguments.ts';
import { restoreTerminal, writeAll } from '../term/tty.ts';
import { reason } from './input/load.ts';
import { sanitize } from './text/sanitize.ts';

// worker_threads is loaded (build.mjs makes it load on first use) only where a worker's argument is.
if (process.argv[2] === SEARCH_WORKER_ARGUMENT && !isMainThread && (workerData as WorkerData | null)?.lwlSearch) {
  serveSearches(workerData as WorkerData);
} else if (process.argv[2] === MARKDOWN_WORKER_ARGUMENT && !isMainThread && (workerData as MarkdownWorkerData | null)?.lwlMarkdown) {
  serveMarkdown(workerData as MarkdownWorkerData);
} else {
  // An error nobody caught: give the terminal back first, so the error is
  // printed on the main screen in cooked mode.
  process.on('uncaughtException', (err) => {
    restoreTerminal();
    // The terminal went away under lwl (a write failed): that is no bug of lwl's.
    const code = (err as NodeJS.ErrnoException).code;
    const lost = (err as NodeJS.ErrnoException).syscall === 'write' && typeof code === 'string';
    try {
      writeAll(2, lost ? `lwl: cannot write to the terminal: ${reason(err)}\n` : `lwl: internal error: ${String(err.stack ?? err).split('\n').map((line) => sanitize(line)).join('\n')}\n`);
    } catch {
      // Nowhere left to say it.
    }
    process.exit(lost ? 1 : 70);
  });

  main(process.argv.slice(2)).then((status) => process.exit(status));
}
