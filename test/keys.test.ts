import { describe, expect, it } from 'vitest';
import { KeyDecoder, clickKey, clickPosition, keyName } from '../term/keys.ts';

const decode = (...chunks: Array<string | number[]>) => {
  const d = new KeyDecoder();
  const keys: string[] = [];
  for (const c of chunks) keys.push(...d.feed(typeof c === 'string' ? Buffer.from(c, 'latin1') : Uint8Array.from(c)));
  return { keys, d };
};

describe('key decoder', () => {
  it('decodes printable ASCII and UTF-8 characters', () => {
    expect(decode('jk G').keys).toEqual(['j', 'k', ' ', 'G']);
    expect(decode([0xed, 0x95, 0x9c, 0xc3, 0xa9, 0xf0, 0x9f, 0x99, 0x82]).keys).toEqual(['한', 'é', '🙂']);
  });

  it('names control keys', () => {
    expect(decode('\x03\x0c\x15\x17\r\t\x7f\x08\x0a\x00\x1c').keys).toEqual([
      '<C-c>', '<C-l>', '<C-u>', '<C-w>', '<Enter>', '<Tab>', '<Backspace>', '<Backspace>', '<C-j>', '<C-Space>', '<C-\\>',
    ]);
  });

  it('decodes CSI and SS3 sequences', () => {
    expect(decode('\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1bOH\x1b[H\x1b[F\x1b[1~\x1b[4~\x1b[5~\x1b[6~\x1b[3~\x1b[Z\x1b[1;5A').keys).toEqual([
      '<Up>', '<Down>', '<Right>', '<Left>', '<Up>', '<Home>', '<Home>', '<End>', '<Home>', '<End>', '<PageUp>', '<PageDown>', '<Delete>', '<S-Tab>', '<Up>',
    ]);
  });

  it('completes sequences and characters split across reads', () => {
    expect(decode('\x1b', '[', '6', '~').keys).toEqual(['<PageDown>']);
    expect(decode([0xed, 0x95], [0x9c]).keys).toEqual(['한']);
    const { keys, d } = decode('\x1b');
    expect(keys).toEqual([]);
    expect(d.pending).toBe(true);
    expect(d.feed(Buffer.from('OB'))).toEqual(['<Down>']);
  });

  it('reads a lone ESC as Escape only after the wait', () => {
    const { keys, d } = decode('\x1b');
    expect(keys).toEqual([]);
    expect(d.flush()).toEqual(['<Escape>']);
    expect(d.feed(Buffer.from('q'))).toEqual(['q']);
  });

  it('reads a lone ESC read the wait or more before the next bytes as Escape, though no timer said so', () => {
    const d = new KeyDecoder();
    // Typed ahead: the keys before ESC kept lwl busy past the wait, so its timer had no turn.
    expect(d.feed(Buffer.from('jj\x1b'), 1000, 50)).toEqual(['j', 'j']);
    expect(d.feed(Buffer.from('q'), 1050, 50)).toEqual(['<Escape>', 'q']);
    // Within the wait, the bytes after ESC are its sequence, or Alt and a key.
    d.feed(Buffer.from('\x1b'), 2000, 50);
    expect(d.feed(Buffer.from('q'), 2049, 50)).toEqual(['<M-q>']);
    d.feed(Buffer.from('\x1b'), 3000, 50);
    expect(d.feed(Buffer.from('[B'), 3010, 50)).toEqual(['<Down>']);
  });

  it('reads ESC and a character as Alt', () => {
    expect(decode('\x1bx').keys).toEqual(['<M-x>']);
  });

  it('drops unknown and malformed sequences whole, never as text', () => {
    expect(decode('\x1b[99X', 'a', '\x1b[200~', 'b', '\x1bOx', 'c', '\x1b[?1;2c', 'd').keys).toEqual(['a', 'b', 'c', 'd']);
    expect(decode('\x1b[' + '1;'.repeat(40) + 'A', 'e').keys).toEqual(['e']);
    expect(decode([0xff, 0x80, 0x61, 0xed, 0x61]).keys).toEqual(['a', 'a']);
  });

  it('reads F1-F4 as SS3 P-S and CSI 11~-14~', () => {
    expect(decode('\x1bOP', '\x1b[11~', '\x1bOS', '\x1b[1;5P').keys).toEqual(['<F1>', '<F1>', '<F4>', '<F1>']);
  });

  it('starts afresh when a sequence is broken off by another ESC', () => {
    expect(decode('\x1b[1\x1b[A').keys).toEqual(['<Up>']);
  });
});

describe('mouse reports (--mouse)', () => {
  it('reads the wheel and a click of the first button, with where it was (0-based), from SGR reports', () => {
    expect(decode('\x1b[<64;10;5M\x1b[<65;10;5M').keys).toEqual(['<WheelUp>', '<WheelDown>']);
    expect(decode('\x1b[<0;41;12M').keys).toEqual([clickKey(11, 40)]);
    expect(clickPosition(clickKey(11, 40))).toEqual({ row: 11, col: 40 });
    expect(keyName(clickKey(11, 40))).toBe('<Click>');
    expect(keyName('j')).toBe('j');
    expect(clickPosition('<Enter>')).toBeNull();
  });

  it('drops releases, drags, the other buttons and wheel left and right, with none of their bytes taken for keys', () => {
    expect(decode('\x1b[<0;41;12m\x1b[<32;41;12M\x1b[<2;1;1M\x1b[<1;1;1M\x1b[<66;1;1M\x1b[<4;1;1M', 'j').keys).toEqual(['j']);
  });

  it('reads a report cut between reads', () => {
    expect(decode('\x1b[<0;4', '1;1', '2M').keys).toEqual([clickKey(11, 40)]);
  });

  it('reads an X10 report (CSI M and three bytes) whole: a click, the wheel; its bytes are never keys', () => {
    // Button byte 32 + code, then column and row, each 32 + the 1-based number.
    expect(decode([0x1b, 0x5b, 0x4d, 32, 32 + 41, 32 + 12]).keys).toEqual([clickKey(11, 40)]);
    expect(decode([0x1b, 0x5b, 0x4d, 32 + 65, 33, 33], 'q').keys).toEqual(['<WheelDown>', 'q']);
    // A release (button 3) and bytes that would be '!' and '>' as keys: nothing.
    expect(decode([0x1b, 0x5b, 0x4d, 32 + 3, 0x21, 0x3e]).keys).toEqual([]);
  });
});

describe("the terminal's replies (control strings) on input", () => {
  const keys = (...chunks: string[]) => {
    const d = new KeyDecoder();
    const out = chunks.flatMap((c) => d.feed(Buffer.from(c, 'latin1')));
    return [...out, ...d.flush()];
  };

  it.each([
    ['an OSC 11 colour reply ended by ST', '\x1b]11;rgb:0000/0000/0000\x1b\\'],
    ['an OSC reply ended by BEL', '\x1b]10;rgb:ffff/ffff/ffff\x07'],
    ['a DCS reply (XTGETTCAP)', '\x1bP1+r544e=787465726d\x1b\\'],
    ['an APC string', '\x1b_Gi=1;OK\x1b\\'],
  ])('%s is dropped: no key, and the keys after it are read', (_, reply) => {
    expect(keys(reply + 'j/')).toEqual(['j', '/']);
  });

  it('a reply cut between reads is dropped whole', () => {
    expect(keys('\x1b]11;rgb:00', '00/0000/0000', '\x1b', '\\q')).toEqual(['q']);
  });

  it('a string broken off by an ESC sequence: the sequence is read', () => {
    expect(keys('\x1b]11;rgb\x1b[A')).toEqual(['<Up>']);
  });

  it('ESC ] alone is Alt+], once no more comes', () => {
    expect(keys('\x1b]')).toEqual(['<M-]>']);
    const d = new KeyDecoder();
    expect(d.feed(Buffer.from('\x1b]'), 0, 50)).toEqual([]);
    expect(d.feed(Buffer.from('j'), 100, 50)).toEqual(['<M-]>', 'j']);
  });
});
