// The entry point of dist/lwl, and of its search worker (search-worker.ts):
// one bundled file serves as both.
import { isMainThread, workerData } from 'node:worker_threads';
import { main } from './cli.ts';
import { serveSearches, type WorkerData } from './document/search-worker.ts';
import { restoreTerminal, writeAll } from '../term/tty.ts';

if (!isMainThread && (workerData as WorkerData | null)?.lwlSearch) {
  serveSearches(workerData as WorkerData);
} else {
  // An error nobody caught: give the terminal back first, so the error is
  // printed on the main screen in cooked mode.
  process.on('uncaughtException', (err) => {
    restoreTerminal();
    writeAll(2, `lwl: internal error: ${err.stack ?? err}\n`);
    process.exit(70);
  });

  main(process.argv.slice(2)).then((status) => process.exit(status));
}
