import { describe, expect, it } from 'vitest';
import { systemHomes, typedPath } from '../src/input/typed-path.ts';

const homes = systemHomes({ HOME: '/home/me' }, () => 'root:x:0:0:root:/root:/bin/sh\nann:x:1000:1000:Ann,,,:/home/ann/:/bin/bash\n');

describe('a file name typed at :e', () => {
  it.each([
    [' files/small.lwl', 'files/small.lwl'],
    ['notes.txt  ', 'notes.txt'],
    ['~/file', '/home/me/file'],
    ['  ~/file ', '/home/me/file'],
    ['~', '/home/me'],
    ['~root/.profile', '/root/.profile'],
    ['~ann/x', '/home/ann/x'],
    ['~nobody/x', '~nobody/x'],
    ['a~/b', 'a~/b'],
    ['/abs/~/x', '/abs/~/x'],
  ])('%j is %j', (typed, path) => {
    expect(typedPath(typed, homes)).toBe(path);
  });

  it('without HOME, ~ stays as typed', () => {
    expect(typedPath('~/x', systemHomes({}, () => ''))).toBe('~/x');
  });

  it('an unreadable password file: ~user stays as typed', () => {
    const none = systemHomes({ HOME: '/h' }, () => {
      throw new Error('EACCES');
    });
    expect(typedPath('~ann/x', none)).toBe('~ann/x');
  });
});
