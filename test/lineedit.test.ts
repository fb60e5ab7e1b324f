// The typing line: where the cursor goes as text is typed, one key a character
// or a paste of thousands.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteBack, deleteForward, insert, left, right, type Line } from '../src/state/lineedit.ts';
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

describe('edits at the end of a long line (a paste) look only near the cursor', () => {
  const long = 'ab'.repeat(100_000);

  it('Backspace after a pasted line removes its last cluster, whatever came before', () => {
    expect(deleteBack({ text: long + 'e\u0301', cursor: long.length + 2 })).toEqual({ text: long, cursor: long.length });
    expect(deleteBack({ text: long + '👨‍👩‍👧', cursor: long.length + 8 })).toEqual({ text: long, cursor: long.length });
  });

  it('a run of flags longer than the look is still cut between flags', () => {
    const flags = '🇰🇷'.repeat(100);
    const line = { text: 'x' + flags, cursor: 1 + flags.length };
    expect(deleteBack(line).text).toBe('x' + '🇰🇷'.repeat(99));
    expect(left(line).cursor).toBe(1 + flags.length - 4);
  });

  it('Left, Right and Delete move and delete a cluster in a long line', () => {
    const text = long + 'é' + long;
    const at = long.length;
    expect(right({ text, cursor: at }).cursor).toBe(at + 1);
    expect(deleteForward({ text, cursor: at }).text).toBe(long + long);
    expect(left({ text, cursor: at + 1 }).cursor).toBe(at);
  });

  it('a combining mark typed after a letter joins it: the cursor stays after the pair', () => {
    expect(insert({ text: long + 'e', cursor: long.length + 1 }, '\u0301')).toEqual({ text: long + 'e\u0301', cursor: long.length + 2 });
  });
});
