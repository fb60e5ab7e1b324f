import { describe, expect, it } from 'vitest';
import { entryLine, fileHref, humanSize, nameColumn, parentLine, sortEntries, type Entry } from '../src/navigator/directory-text.ts';

const entry = (name: string, directory: boolean, size: number | null = null): Entry => ({ name, directory, size, mtime: null });

describe('a directory listing', () => {
  it('puts directories first, each part by name', () => {
    const sorted = sortEntries([entry('b', false), entry('z', true), entry('a', false), entry('B', true)]);
    expect(sorted.map((e) => e.name)).toEqual(['B', 'z', 'a', 'b']);
  });

  it('writes sizes as ls -h does, and long for the status line', () => {
    expect([0, 1023, 1024, 1536, 10 * 1024, 5 * 1024 ** 3].map((n) => humanSize(n))).toEqual(['0', '1023', '1.0K', '1.5K', '10K', '5.0G']);
    expect(humanSize(1024 ** 2, true)).toBe('1.0 MiB');
    expect(humanSize(1, true)).toBe('1 byte');
  });

  it('makes every name a link whose href the markup reads whole', () => {
    expect(fileHref('/a b/(x)[y].txt')).toBe('file:///a%20b/%28x%29%5By%5D.txt');
    const files = [entry('[odd]\n', false, 3), entry('d', true)];
    const column = nameColumn(files);
    expect(entryLine('/t', files[0], column)).toBe('[\\[odd\\]?](file:///t/%5Bodd%5D%0A)       3  \n');
    expect(entryLine('/t/', files[1], column)).toBe('[d/](file:///t/d/)           -  \n');
    expect(parentLine('/t/u', null, column)).toBe('[../](file:///t/)          -  \n');
  });
});
