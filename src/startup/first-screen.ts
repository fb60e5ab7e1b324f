// The first screen: the one place that says it is drawn. The pager calls
// firstScreenDone() once its first frame is written; dist/lwl's start
// (src/boot.ts, which then writes V8's code cache) and the tests' preloads are
// not in the bundle, so they hear of it as an event on `process`. Work that the
// first screen need not wait for runs after it as the scheduler's jobs, and
// in a later turn than the first screen's own: docs/startup.md.

/** The event on `process` once the first screen is drawn. */
export const FIRST_SCREEN_EVENT = 'lwl-first-screen';

let said = false;

/** The first screen is drawn (the later calls do nothing): the process hears of it once this turn's work is done. */
export function firstScreenDone(): void {
  if (said) return;
  said = true;
  process.nextTick(() => (process as NodeJS.EventEmitter).emit(FIRST_SCREEN_EVENT));
}
