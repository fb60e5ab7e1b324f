// lwl's worker threads run dist/lwl itself (one bundled file); the first argument
// each is started with says which worker it is. Here alone, with no import, so that
// boot.ts and main.ts can ask without loading worker_threads (start-up time) for
// a run that is no worker.

/** The regular-expression search's worker (document/search-worker.ts). */
export const SEARCH_WORKER_ARGUMENT = '--lwl-search-worker';
/** The Markdown parser's worker (document/readers/markdown-worker.ts). */
export const MARKDOWN_WORKER_ARGUMENT = '--lwl-markdown-worker';

/** Whether an argument is one a worker of lwl's is started with. */
export function isWorkerArgument(arg: string | undefined): boolean {
  return arg === SEARCH_WORKER_ARGUMENT || arg === MARKDOWN_WORKER_ARGUMENT;
}
