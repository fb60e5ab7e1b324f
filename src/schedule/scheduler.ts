// The one owner of background work: a queue of jobs (reading, searching,
// counting, filtering), each doing a bounded slice when asked, run in
// priority order for one budget per turn. After each turn comes one draw, and
// the next turn waits behind the I/O queue, so a key is read and answered
// within one budget whatever runs.

/** What a job says after a slice: call again ('more'), sleep until woken ('wait'), or finished ('done'). */
export type Step = 'more' | 'wait' | 'done';

export interface Job {
  /** Does a slice of work and returns by `deadline` (a time of the scheduler's clock). */
  step(deadline: number): Step;
}

/** The order jobs run in, most urgent first. */
export const Priority = {
  /** The task a key waits for: the input before G, a search's first match, &'s wait for the whole input. */
  key: 0,
  /** The reading the screen waits for. */
  firstScreen: 1,
  incremental: 2,
  /** Once, after the first screen: the first search's code run before it is asked for (src/pager/warm.ts). */
  warm: 3,
  /** A search counting its matches after showing the first. */
  counting: 4,
  filter: 5,
  lineCount: 6,
  /** Reading ahead of the screen: a file's, a web page's paced decoding. */
  readAhead: 7,
} as const;
export type Priority = (typeof Priority)[keyof typeof Priority];

/** A job in the queue, as its owner holds it. */
export interface Handle {
  /** What the job waited for has come (input arrived, the text grew): it runs again. */
  wake(): void;
  /** Takes the job out of the queue; it is not stepped again. */
  cancel(): void;
  /** Still in the queue (not done, not cancelled). */
  readonly active: boolean;
}

/**
 * One turn's budget. Keys are read between turns, so a key waits at most this
 * long (plus a frame): 8 ms is under half a 60 Hz frame, the shortest of the
 * slices the loops used before, and long beside a turn's own cost (one
 * deferral and a check for a frame, some microseconds).
 */
export const BUDGET_MS = 8;

export interface SchedulerOptions {
  /** The clock deadlines are read from, in milliseconds: Date.now, the one the readers' work() slices by. */
  now?: () => number;
  /** Runs the next turn later, after the I/O waiting (keys among it). */
  defer?: (turn: () => void) => void;
  budget?: number;
  /** Called once after each turn (the pager draws there). */
  afterTurn?: () => void;
}

class Entry implements Handle {
  runnable = true;
  active = true;
  /** Woken during its own step: a 'wait' it returns does not put it to sleep. */
  woken = false;
  /** The scheduler's step count when it last stepped, so that jobs of one priority take turns. */
  lastRun = -1;

  /** `runnable`: a turn is wanted; `gone`: take it out of the queue. */
  constructor(
    readonly job: Job,
    readonly priority: Priority | (() => Priority),
    private readonly runs: { runnable(): void; gone(entry: Entry): void },
  ) {}

  get rank(): number {
    return typeof this.priority === 'function' ? this.priority() : this.priority;
  }

  wake(): void {
    if (!this.active) return;
    this.woken = true;
    if (this.runnable) return;
    this.runnable = true;
    this.runs.runnable();
  }

  cancel(): void {
    this.active = false;
    this.runnable = false;
    this.runs.gone(this);
  }
}

export class Scheduler {
  private readonly entries: Entry[] = [];
  private readonly now: () => number;
  private readonly defer: (turn: () => void) => void;
  private readonly budget: number;
  private readonly afterTurn: () => void;
  private scheduled = false;
  private turning = false;
  /** Steps taken, so that jobs of one priority take turns (the least recently stepped first). */
  private steps = 0;
  /** What an entry tells its scheduler: it became runnable, or it left the queue. */
  private readonly runs = {
    runnable: () => this.schedule(),
    gone: (entry: Entry) => {
      const i = this.entries.indexOf(entry);
      if (i >= 0) this.entries.splice(i, 1);
    },
  };

  constructor({ now = Date.now, defer = setImmediate, budget = BUDGET_MS, afterTurn = () => {} }: SchedulerOptions = {}) {
    this.now = now;
    this.defer = defer;
    this.budget = budget;
    this.afterTurn = afterTurn;
  }

  /**
   * Queues a job, runnable from the next turn. `priority`: where it runs in
   * the order, or a function that says so each turn (a reader is urgent while
   * the screen waits for its text, and reads ahead after).
   */
  add(job: Job, priority: Priority | (() => Priority)): Handle {
    const entry = new Entry(job, priority, this.runs);
    this.entries.push(entry);
    this.schedule();
    return entry;
  }

  /** Nothing is runnable: every job waits (or there are none). */
  get idle(): boolean {
    return !this.entries.some((e) => e.runnable);
  }

  /** A turn is running: a frame asked for now is drawn after it, once. */
  get inTurn(): boolean {
    return this.turning;
  }

  /** A turn soon, unless one is due or running (it schedules the next itself). */
  private schedule(): void {
    if (this.scheduled || this.turning) return;
    this.scheduled = true;
    this.defer(() => this.turn());
  }

  /** The runnable job that goes next: the most urgent, and of those the one that waited longest. */
  private next(): Entry | null {
    let best: Entry | null = null;
    let bestRank = Infinity;
    for (const entry of this.entries) {
      if (!entry.runnable) continue;
      const rank = entry.rank;
      if (rank < bestRank || (rank === bestRank && entry.lastRun < best!.lastRun)) {
        best = entry;
        bestRank = rank;
      }
    }
    return best;
  }

  private turn(): void {
    this.scheduled = false;
    this.turning = true;
    try {
      const deadline = this.now() + this.budget;
      for (let entry = this.next(); entry; entry = this.next()) {
        entry.woken = false;
        entry.lastRun = this.steps++;
        const status = entry.job.step(deadline);
        if (entry.active) {
          if (status === 'done') entry.cancel();
          else if (status === 'wait' && !entry.woken) entry.runnable = false;
        }
        if (this.now() >= deadline) break;
      }
    } finally {
      this.turning = false;
    }
    this.afterTurn();
    if (!this.idle) this.schedule();
  }
}
