// Keys typed ahead (a paste, or keys that came while lwl was busy) are read
// together: each is handled in turn, and one frame is drawn after the last.
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

describe('keys typed ahead', () => {
  it('moves by every key read together and draws one frame, for the last', async () => {
    const s = Session.lwl(['test/e2e/fixtures/numbered.txt']);
    await s.waitFor((x) => x.rows()[0] === 'line 1 of a thousand numbered lines' && x.status() !== '', 'the first screen');
    const before = s.output.length;
    await s.press('j'.repeat(20));
    await s.waitFor((x) => x.rows()[0] === 'line 21 of a thousand numbered lines' && x.status().includes('lines 21-'), 'line 21 at the top');
    await s.settle();
    const drawn = s.output.slice(before);
    // The status line of the last frame only: none of the 19 before it was drawn (of that one, the cells that changed: the rest of it may follow a move).
    expect(drawn.match(/lines \d+/g)).toEqual(['lines 21']);
    expect(s.status()).toContain('lines 21-43');
  });

  it('draws nothing for keys read after q: the screen is given back as it was', async () => {
    const s = Session.lwl(['test/e2e/fixtures/numbered.txt']);
    await s.waitFor((x) => x.rows()[0] === 'line 1 of a thousand numbered lines' && x.status() !== '', 'the first screen');
    const before = s.output.length;
    await s.press('qjjG');
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(s.output.slice(before)).not.toMatch(/line \d+ of a thousand/);
    expect(s.onAlternateScreen).toBe(false);
  });
});

describe('a paste into the search prompt', () => {
  it('takes 5,000 characters at once, shows the end of the line, and searches for it', async () => {
    const s = Session.lwl(['test/e2e/fixtures/numbered.txt']);
    await s.waitFor((x) => x.rows()[0] === 'line 1 of a thousand numbered lines' && x.status() !== '', 'the first screen');
    await s.press(`/${'x'.repeat(4_990)}line 500 `);
    await s.waitFor((x) => x.status().includes('xxxline 500'), 'the end of the pasted line on the prompt');
    await s.keys('\r');
    await s.waitFor((x) => x.status() === 'Pattern not found', 'the search done');
    await s.press('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});
