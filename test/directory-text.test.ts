import { describe, expect, it } from 'vitest';
import { entryLine, fileHref, humanSize, listedBefore, nameColumn, parentLine, type Entry } from '../src/navigator/directory-text.ts';
import { sortInSlices } from '../src/navigator/sliced-sort.ts';

const entry = (name: string, directory: boolean, size: number | null = null): Entry => ({ name, directory, size, mtime: null });

describe('a directory listing', () => {
  it('puts directories first, each part by name, sorted a slice at a time', async () => {
    let pauses = 0;
    const pause = async () => void pauses++;
    const sorted = await sortInSlices([entry('b', false), entry('z', true), entry('a', false), entry('B', true)], listedBefore, pause, () => false, 2);
    expect(sorted!.map((e) => e.name)).toEqual(['B', 'z', 'a', 'b']);
    expect(pauses).toBeGreaterThan(0);
  });

  it('sorts as Array.prototype.sort does, stably, and stops when told', async () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ key: (i * 7919) % 1000, at: i }));
    const ours = await sortInSlices(items, (a, b) => a.key < b.key, async () => {});
    expect(ours).toEqual([...items].sort((a, b) => a.key - b.key));
    expect(items[1].at).toBe(1);
    expect(await sortInSlices(items, (a, b) => a.key < b.key, async () => {}, () => true, 100)).toBeNull();
    expect(await sortInSlices([], (a, b) => a < b, async () => {})).toEqual([]);
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
