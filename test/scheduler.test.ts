// The scheduler, driven by hand: a fake clock, and turns that run only when
// the test runs them.
import { describe, expect, it } from 'vitest';
import { Priority, Scheduler, type Step } from '../src/schedule/scheduler.ts';

function setup(budget = 8) {
  let clock = 0;
  const queue: Array<() => void> = [];
  const log: string[] = [];
  const scheduler = new Scheduler({ now: () => clock, defer: (turn) => queue.push(turn), budget, afterTurn: () => log.push('draw') });
  /** A job that logs its name, takes `cost` ms of the fake clock per step, and says what `says` gives. */
  const job = (name: string, priority: Priority, says: () => Step, cost = 1) =>
    scheduler.add(
      {
        step: (deadline) => {
          log.push(`${name}@${clock}<${deadline}`);
          clock += cost;
          return says();
        },
      },
      priority,
    );
  /** Runs the turn that was deferred; false if none was. */
  const turn = () => {
    const next = queue.shift();
    next?.();
    return next !== undefined;
  };
  return { scheduler, job, turn, log, queue, names: () => log.map((l) => l.replace(/@.*/, '')) };
}

describe('Scheduler', () => {
  it('runs runnable jobs most urgent first, then draws once', () => {
    const s = setup();
    s.job('ahead', Priority.readAhead, () => 'done');
    s.job('lines', Priority.lineCount, () => 'done');
    s.job('key', Priority.key, () => 'done');
    s.job('count', Priority.counting, () => 'done');
    // One turn is deferred, however many jobs came.
    expect(s.queue.length).toBe(1);
    expect(s.turn()).toBe(true);
    expect(s.names()).toEqual(['key', 'count', 'lines', 'ahead', 'draw']);
    expect(s.scheduler.idle).toBe(true);
    expect(s.turn()).toBe(false);
  });

  it('gives every job of a turn the same deadline, and ends the turn when it passes', () => {
    const s = setup(8);
    let left = 20;
    s.job('long', Priority.counting, () => (--left > 0 ? 'more' : 'done'), 3);
    s.job('low', Priority.readAhead, () => 'done');
    s.turn();
    // 3 steps of 3 ms pass the 8 ms budget: the turn ends, draws, and the next is deferred.
    expect(s.log).toEqual(['long@0<8', 'long@3<8', 'long@6<8', 'draw']);
    expect(s.queue.length).toBe(1);
    s.log.length = 0;
    s.turn();
    expect(s.log[0]).toBe('long@9<17');
    expect(s.log.at(-1)).toBe('draw');
    expect(s.log.filter((l) => l === 'draw').length).toBe(1);
  });

  it('lets a waiting job sleep until woken, and a low job run meanwhile', () => {
    const s = setup();
    let ready = false;
    const high = s.job('high', Priority.key, () => (ready ? 'done' : 'wait'));
    let lowSteps = 0;
    s.job('low', Priority.readAhead, () => (++lowSteps < 3 ? 'more' : 'wait'), 1);
    s.turn();
    expect(s.names()).toEqual(['high', 'low', 'low', 'low', 'draw']);
    // Both wait: nothing runnable, no turn deferred.
    expect(s.scheduler.idle).toBe(true);
    expect(s.queue.length).toBe(0);
    ready = true;
    high.wake();
    expect(s.scheduler.idle).toBe(false);
    expect(s.queue.length).toBe(1);
    s.log.length = 0;
    s.turn();
    expect(s.names()).toEqual(['high', 'draw']);
    expect(high.active).toBe(false);
  });

  it('keeps a job runnable that was woken during its own step', () => {
    const s = setup();
    let steps = 0;
    const handle = s.job('self', Priority.counting, () => {
      if (++steps === 1) handle.wake();
      return steps < 3 ? 'wait' : 'done';
    });
    s.turn();
    // Stepped again in the same turn; the second 'wait' was not woken, so it sleeps.
    expect(s.names()).toEqual(['self', 'self', 'draw']);
    expect(s.scheduler.idle).toBe(true);
    expect(handle.active).toBe(true);
  });

  it('steps a cancelled job no more, even one cancelled by another in the same turn', () => {
    const s = setup();
    const victim = s.job('victim', Priority.readAhead, () => 'more');
    s.job('killer', Priority.key, () => {
      victim.cancel();
      return 'done';
    });
    s.turn();
    expect(s.names()).toEqual(['killer', 'draw']);
    expect(victim.active).toBe(false);
    expect(s.queue.length).toBe(0);
    victim.wake();
    expect(s.queue.length).toBe(0);
  });

  it('takes jobs of one priority in turns', () => {
    const s = setup(4);
    s.job('a', Priority.counting, () => 'more');
    s.job('b', Priority.counting, () => 'more');
    s.turn();
    expect(s.names()).toEqual(['a', 'b', 'a', 'b', 'draw']);
  });

  it('asks a job with a changing priority each time', () => {
    const s = setup();
    let urgent = false;
    const reader = s.scheduler.add({ step: () => (s.log.push('reader'), urgent ? 'done' : 'wait') }, () => (urgent ? Priority.firstScreen : Priority.readAhead));
    s.job('lines', Priority.lineCount, () => 'wait');
    s.turn();
    expect(s.names()).toEqual(['lines', 'reader', 'draw']);
    s.log.length = 0;
    urgent = true;
    reader.wake();
    s.scheduler.add({ step: () => (s.log.push('lines again'), 'done') }, Priority.lineCount);
    s.turn();
    expect(s.names()).toEqual(['reader', 'lines again', 'draw']);
  });
});
