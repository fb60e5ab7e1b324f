// Telling a binary input from text by its first bytes.
import { describe, expect, it } from 'vitest';
import { badBytes, HEAD_SIZE, looksBinary, walkBadBytes } from '../src/input/binary.ts';
import { seeded } from './random.ts';

const bytes = (...values: number[]) => Buffer.from(values);
const text = (s: string) => Buffer.from(s, 'utf8');

describe('badBytes', () => {
  it('gives the byte-by-byte walk\'s answer on text, cut text and bytes of every kind', () => {
    const pick = seeded(16);
    // Pieces text is made of, and bytes it is not: the fast path must see each.
    const pieces = ['a', ' ', '\n', '\t', '\x1b', '\b', 'é', '—', '日', '😀'].map(text).concat([0, 1, 0x0b, 0x1c, 0x7f, 0x80, 0xc3, 0xe2, 0xf0, 0xff].map((b) => bytes(b)));
    for (let round = 0; round < 2000; round++) {
      const parts = Array.from({ length: pick(40) }, () => pieces[pick(pieces.length)]);
      let head = Buffer.concat(parts);
      head = head.subarray(0, head.length - pick(4)); // cut, perhaps inside a character
      for (const complete of [true, false]) expect(badBytes(head, complete)).toEqual(walkBadBytes(head, complete));
    }
  });

  it('counts NULs, the C0 controls text does not use, and DEL', () => {
    expect(badBytes(bytes(0, 1, 2, 0x7f, 0x41), true)).toEqual({ bad: 4, nul: 1 });
  });

  it('does not count the controls text uses: BS, TAB, LF, FF, CR, ESC', () => {
    expect(badBytes(text('a\bb\tc\nd\fe\rf\x1b[1mg'), true)).toEqual({ bad: 0, nul: 0 });
  });

  it('does not count UTF-8, up to four bytes a character', () => {
    expect(badBytes(text('héllo wörld — ✓ 日本 😀'), true).bad).toBe(0);
  });

  it('counts each byte of invalid UTF-8: stray continuations, overlongs, surrogates, past U+10FFFF, Latin-1', () => {
    expect(badBytes(bytes(0x80, 0xbf), true).bad).toBe(2);
    expect(badBytes(bytes(0xc0, 0xaf), true).bad).toBe(2); // overlong "/"
    expect(badBytes(bytes(0xe0, 0x80, 0xaf), true).bad).toBe(3);
    expect(badBytes(bytes(0xed, 0xa0, 0x80), true).bad).toBe(3); // a surrogate
    expect(badBytes(bytes(0xf4, 0x90, 0x80, 0x80), true).bad).toBe(4);
    expect(badBytes(Buffer.from('café', 'latin1'), true).bad).toBe(1);
  });

  it('does not count a character cut off by the end of what was read, unless the input ends there', () => {
    const cut = text('ab✓').subarray(0, 4); // "ab" and two of ✓'s three bytes
    expect(badBytes(cut, false).bad).toBe(0);
    expect(badBytes(cut, true).bad).toBe(2); // the lead byte, and the continuation without it
  });
});

describe('looksBinary', () => {
  it('is false for text, with colours and overstrike', () => {
    expect(looksBinary(text('commit \x1b[33m0def45\x1b[m\nN\bNA\bAM\bME\bE\n'.repeat(100)))).toBe(false);
  });

  it('is true for an executable, compressed data and UTF-16 text', () => {
    const elf = Buffer.concat([bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1), Buffer.alloc(57), text('/lib64/ld-linux-x86-64.so.2\n'), Buffer.alloc(400)]);
    expect(looksBinary(elf)).toBe(true);
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24));
    expect(looksBinary(random)).toBe(true);
    expect(looksBinary(Buffer.from('\ufeffplain words in UTF-16\n'.repeat(20), 'utf16le'))).toBe(true);
  });

  it('is true for text files padded with NULs (a tar), though most of it is text', () => {
    const tar = Buffer.concat([text('file.txt'), Buffer.alloc(100), text('0000644\0'), Buffer.alloc(404), text('hello\n'.repeat(600))]);
    expect(badBytes(tar, false).bad).toBeLessThan(tar.length / 4);
    expect(looksBinary(tar)).toBe(true);
  });

  it('is false for text in Latin-1, and for a log with a stray NUL', () => {
    expect(looksBinary(Buffer.from('Le café était très crème, à côté du théâtre.\n'.repeat(50), 'latin1'))).toBe(false);
    expect(looksBinary(Buffer.concat([text('a line of a log\n'.repeat(100)), bytes(0), text('more\n')]))).toBe(false);
  });

  it('wants more than a few bad bytes: a tiny input is not binary for one', () => {
    expect(looksBinary(bytes(0, 0x41), true)).toBe(false);
    expect(looksBinary(bytes(0, 0, 0, 0, 0, 0), true)).toBe(true);
    expect(looksBinary(Buffer.alloc(0), true)).toBe(false);
  });

  it('looks at the first HEAD_SIZE bytes only', () => {
    const input = Buffer.concat([text('x'.repeat(HEAD_SIZE)), Buffer.alloc(HEAD_SIZE)]);
    expect(looksBinary(input)).toBe(false);
    expect(looksBinary(input.subarray(HEAD_SIZE / 2))).toBe(true);
  });
});
