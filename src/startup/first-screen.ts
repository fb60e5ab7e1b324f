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
 * later calls do nothing). The process hears of it once this turn's work is
 * done; what waits for it runs in a later turn, after the input and output
 * that came meanwhile: a web page's request is sent before the HTML reader's
 * warm-up holds the thread.
 */
export function firstScreenDone(): void {
  if (said) return;
  said = true;
  process.nextTick(() => {
    (process as NodeJS.EventEmitter).emit(FIRST_SCREEN_EVENT);
    setImmediate(() => {
      told = true;
      for (const work of waiting.splice(0)) work();
    });
  });
}

/** Runs `work` once the first screen is drawn, in a later turn than the caller's. */
export function afterFirstScreen(work: () => void): void {
  if (told) setImmediate(work);
  else waiting.push(work);
}
