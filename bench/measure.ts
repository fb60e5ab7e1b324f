// One run of one pager on one file: spawn it in a pty, then time each thing a
// person does, in an order where each step starts from a known screen.
//
//   first screen → settle → j (bytes) → G (time) → g → /xyzzy (time) → /e (time) → memory → q
//
// G comes before the searches; lwl's G shows the last lines at once and reads the
// rest of the file after it, in slices, so the searches wait until the status line
// says the file is read (its line count known): they run over a file that is
// already read, and measure searching alone.
import { MISSING_WORD, type Input } from './inputs.ts';
import { PtySession } from './pty.ts';

export type Figure = number | 'n/a' | 'timeout';

export const MEASUREMENTS = ['firstScreen', 'searchMiss', 'searchHit', 'searchCount', 'bottom', 'scrollBytes', 'peakMemory'] as const;
export type Measurement = (typeof MEASUREMENTS)[number];
/** A run's figures; a measurement is missing when an earlier step timed out and the run was given up. */
export type RunResult = Partial<Record<Measurement, Figure>>;

export interface Pager {
  name: string;
  command: string;
  args: (file: string) => string[];
  /** What the status line says when a search finds nothing. */
  missMessage: string;
  /** Typed after that message: less waits for RETURN, lwl goes on. */
  afterMiss: string;
  /** Cancels a search prompt that the pager may not understand. */
  cancelPrompt: string;
  /** How to tell that "/e" shows its first match: a status line to wait for, or (null) the output going quiet. */
  hitStatus: RegExp | null;
  /** How to tell that "/e" has counted every match (null: the pager does not count). */
  countStatus: RegExp | null;
  /** How to tell, at the top, that the whole file is read (null: nothing to wait for). */
  readStatus: RegExp | null;
  /** Variables of its own on top of the run's (a build's code-cache folder). */
  env?: Record<string, string>;
}

export interface Settings {
  cols: number;
  rows: number;
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
}

/** No output for this long: the screen has settled. */
const SETTLE_MS = 300;
/** The quiet period that ends the measurement of less's "/e" (see searchHit). */
const HIT_QUIET_MS = 100;
/** The quiet period that ends a scroll. */
/** j's typed for the scrolling bytes, one after another (their mean is the figure). */
const SCROLL_KEYS = 10;
const SCROLL_QUIET_MS = 150;
/** A search prompt that does not echo within this is taken as a missing feature. */
const PROMPT_MS = 3000;

class Timeout extends Error {}

/** Runs the whole sequence once. `noSearch` is shared between runs, so a missing search is probed once. */
export async function measureRun(pager: Pager, input: Input, settings: Settings, noSearch: Set<string>): Promise<RunResult> {
  const s = new PtySession(pager.command, pager.args(input.path), pager.env ? { ...settings, env: { ...settings.env, ...pager.env } } : settings);
  const result: RunResult = {};
  const { timeoutMs } = settings;
  const must = <T>(value: T | null): T => {
    if (value === null) throw new Timeout();
    return value;
  };
  const settle = async () => must(await s.quiet(SETTLE_MS, timeoutMs));
  const top = (x: PtySession) => x.row(0) === input.firstLine && x.status().trim() !== '';

  /** Types a search into the prompt; false if the prompt never showed it (no search yet). */
  const prompt = async (query: string): Promise<boolean> => {
    if (noSearch.has(pager.name)) return false;
    const shown = s.waitFor((x) => x.status().trimEnd().endsWith(query), PROMPT_MS);
    s.type(`/${query}`);
    if ((await shown) !== null) return true;
    noSearch.add(pager.name);
    s.type(pager.cancelPrompt);
    await settle();
    return false;
  };

  // The measurement under way, which gets "timeout" if a wait runs out.
  let step: Measurement = 'firstScreen';
  try {
    // First screen: the file's first line at the top and the status line drawn.
    result.firstScreen = must(await s.waitFor(top, timeoutMs)) - s.startedAt;

    // A line of scrolling, once the screen has settled: every byte written until the pager goes
    // quiet, for each of SCROLL_KEYS j's in turn, and their mean. The first j costs both pagers the
    // most (the file's name leaves the status line), the next ones what a reader pays line by line.
    step = 'scrollBytes';
    await settle();
    const before = s.bytes;
    for (let i = 0; i < SCROLL_KEYS; i++) {
      s.type('j');
      must(await s.quiet(SCROLL_QUIET_MS, timeoutMs, true));
    }
    result.scrollBytes = (s.bytes - before) / SCROLL_KEYS;

    // G: the last line on screen, and no "Reading..." (lwl's progress) on the status line. The
    // status line is not waited for: less draws the last lines at once but its "(END)" some
    // 0.4 s later on 100 MiB (it numbers the lines first: with -n it comes at once), and the
    // text is what one waits for.
    step = 'bottom';
    const bottom = s.waitFor((x) => x.rows().includes(input.lastLine) && !x.status().includes('Reading'), timeoutMs);
    let t0 = performance.now();
    s.type('G');
    result.bottom = must(await bottom) - t0;

    // Back to the top, where both searches start; then a search that finds nothing, timed from Enter.
    step = 'searchMiss';
    await settle();
    const back = s.waitFor(top, timeoutMs);
    s.type('g');
    must(await back);
    // lwl's G shows the last lines without reading the file (issue 13) and reads the rest after, in
    // slices: the searches wait until it is read, so that they measure searching alone, on every run.
    const readStatus = pager.readStatus;
    // (waitFor looks at what comes next: the status line may say so already.)
    if (readStatus && !readStatus.test(s.status())) must(await s.waitFor((x) => readStatus.test(x.status()), timeoutMs));
    await settle();
    if (await prompt(MISSING_WORD)) {
      const miss = s.waitFor((x) => x.status().includes(pager.missMessage), timeoutMs);
      t0 = performance.now();
      s.type('\r');
      result.searchMiss = must(await miss) - t0;
      s.type(pager.afterMiss);
    } else result.searchMiss = 'n/a';

    // A search with hundreds of thousands of matches, timed from Enter.
    step = 'searchHit';
    await settle();
    if (await prompt('e')) {
      t0 = performance.now();
      if (pager.hitStatus) {
        const pattern = pager.hitStatus;
        const hit = s.waitFor((x) => pattern.test(x.status()), timeoutMs);
        const counting = pager.countStatus;
        const counted = counting ? s.waitFor((x) => counting.test(x.status()), timeoutMs) : null;
        s.type('\r');
        result.searchHit = must(await hit) - t0;
        step = 'searchCount';
        result.searchCount = counted ? must(await counted) - t0 : 'n/a';
      } else {
        // less says nothing when a search succeeds: it redraws the screen from
        // the match. So wait for the prompt to leave the status line (so that
        // the echo of the typed keys does not count), then for the output to
        // stop for HIT_QUIET_MS; the figure ends at the last byte of the redraw,
        // which leaves the quiet period out. It assumes no pause of more than
        // HIT_QUIET_MS inside the redraw, true of a search whose first match is
        // a line or two away.
        const gone = s.waitFor((x) => !x.status().trimEnd().endsWith('/e'), timeoutMs);
        s.type('\r');
        must(await gone);
        result.searchHit = must(await s.quiet(HIT_QUIET_MS, timeoutMs)) - t0;
        result.searchCount = 'n/a';
      }
      await settle();
    } else result.searchHit = result.searchCount = 'n/a';
  } catch (err) {
    if (!(err instanceof Timeout)) throw err;
    // The steps after this one are not run: the pager is in no known state.
    if (result[step] === undefined) result[step] = 'timeout';
  } finally {
    // Read last, after G and the searches have made the pager hold what it holds.
    const peak = s.peakMemory();
    if (peak !== null) result.peakMemory = peak;
    await s.close('q');
  }
  return result;
}

/** Node's own floor, measured in the same pty as the pagers: what lwl pays before its first byte. */
export interface Floor {
  /** Spawn to node's first output (`node -e` writing one line). */
  start: number;
  /** Node's peak memory (VmHWM) at rest, once it has written that line and gone quiet. */
  memory: number;
}

const FLOOR_SCRIPT = "process.stdout.write('node\\n'); setInterval(() => {}, 1 << 30)";

/** One run of `node -e` in the pty: its start to the first output, and its memory at rest. */
export async function measureFloor(settings: Settings): Promise<Floor | null> {
  const s = new PtySession(process.execPath, ['-e', FLOOR_SCRIPT], settings);
  try {
    const first = await s.waitFor((x) => x.row(0) === 'node', settings.timeoutMs);
    if (first === null) return null;
    await s.quiet(SETTLE_MS, settings.timeoutMs);
    const memory = s.peakMemory();
    return memory === null ? null : { start: first - s.startedAt, memory };
  } finally {
    s.kill();
    await s.close('');
  }
}
