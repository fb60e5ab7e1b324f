// The first screen: the one place that says it is drawn, and the work that
// waits for it. Whatever the first screen need not wait for is given to
// afterFirstScreen, and runs once the pager has drawn it (firstScreenDone).
// docs/startup.md lists each thing so deferred, and what it gains.

/**
 * The event on `process` once the first screen is drawn: dist/lwl's start
 * (src/boot.ts, which then writes V8's code cache) and the tests' preloads are
 * not in the bundle, so they hear of it there.
 */
export const FIRST_SCREEN_EVENT = 'lwl-first-screen';

/** Told: the first screen is drawn and its turn is over. */
let told = false;
let said = false;
const waiting: Array<() => void> = [];

/**
 * The first screen is drawn (the pager calls this after its first frame; the
 * later calls do nothing). What waits for it runs once the current turn's work
 * is done, so the frame is not held up by it.
 */
export function firstScreenDone(): void {
  if (said) return;
  said = true;
  process.nextTick(() => {
    told = true;
    (process as NodeJS.EventEmitter).emit(FIRST_SCREEN_EVENT);
    for (const work of waiting.splice(0)) work();
  });
}

/** Runs `work` once the first screen is drawn: after firstScreenDone's turn, or in the next tick if that is over. */
export function afterFirstScreen(work: () => void): void {
  if (told) process.nextTick(work);
  else waiting.push(work);
}
