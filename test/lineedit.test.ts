// The typing line: where the cursor goes as text is typed, one key a character
// or a paste of thousands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteBack, insert, left, type Line } from '../src/state/lineedit.ts';
import { graphemes } from '../src/text/width.ts';

const empty: Line = { text: '', cursor: 0 };
const typeAll = (line: Line, keys: string[]) => keys.reduce(insert, line);

afterEach(() => vi.restoreAllMocks());

describe('the typing line', () => {
  it('takes a paste of 3,000 characters, a key each, with the cursor after the last, and never splits the line into clusters for it', () => {
    // Each key walking the whole line made a paste cost the square of its length (seconds for 2,000 characters).
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    const pasted = 'ab '.repeat(1_000);
    const line = typeAll(empty, [...pasted]);
    expect(line).toEqual({ text: pasted, cursor: 3_000 });
    expect(segment).not.toHaveBeenCalled();
    // Typed in the middle: the cursor after what was typed.
    expect(typeAll({ text: 'xy', cursor: 1 }, ['a', 'b'])).toEqual({ text: 'xaby', cursor: 3 });
  });

  it('keeps the cursor on a cluster boundary: a combining mark typed after a letter, a letter typed before one', () => {
    expect(typeAll(empty, ['e', '\u0301'])).toEqual({ text: 'e\u0301', cursor: 2 });
    // 'a' typed before a combining mark joins it: the cursor goes past the mark.
    expect(insert({ text: '\u0301', cursor: 0 }, 'a')).toEqual({ text: 'a\u0301', cursor: 2 });
    const line = typeAll(empty, ['a', 'e', '\u0301']);
    expect(deleteBack(line)).toEqual({ text: 'a', cursor: 1 });
    expect(left(line).cursor).toBe(1);
  });

  it('splits 100,000 characters of ASCII into as many clusters, with no segmenter', () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, 'segment');
    expect(graphemes('x'.repeat(100_000))).toHaveLength(100_000);
    expect(segment).not.toHaveBeenCalled();
    expect(graphemes('e\u0301'.repeat(2_000))).toHaveLength(2_000);
  });
});
