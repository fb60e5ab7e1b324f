import { afterEach, describe, expect, it } from 'vitest';
import { holdWarnings } from '../term/warnings.ts';

describe("Node's warnings while lwl has the screen", () => {
  afterEach(() => holdWarnings(false));

  it('are held, and handed to the listeners Node had once the terminal is given back', async () => {
    const printed: string[] = [];
    const node = (w: Error) => printed.push(w.message);
    process.removeAllListeners('warning');
    process.on('warning', node);
    holdWarnings(true);
    process.emitWarning('the timer overflowed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(printed).toEqual([]);
    holdWarnings(false);
    expect(printed).toEqual(['the timer overflowed']);
    process.emitWarning('after');
    await new Promise((resolve) => setImmediate(resolve));
    expect(printed).toEqual(['the timer overflowed', 'after']);
  });
});
