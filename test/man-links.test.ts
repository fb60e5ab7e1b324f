// man: URLs: the page each names, and the words man is given for it.
import { describe, expect, it } from 'vitest';
import { manArguments, manPageOf, manWhereArguments } from '../src/link/man.ts';
import { isName, nameStart, sectionEnd } from '../src/document/readers/man-refs.ts';

const bytes = (s: string) => Buffer.from(s);

describe('man: URLs', () => {
  it('name a page with or without its section', () => {
    expect(manPageOf('man:ls(1)')).toEqual({ name: 'ls', section: '1' });
    expect(manPageOf('man:Net::HTTP(3pm)')).toEqual({ name: 'Net::HTTP', section: '3pm' });
    expect(manPageOf('man:bash')).toEqual({ name: 'bash', section: null });
    expect(manPageOf('man:systemd.unit(5)')).toEqual({ name: 'systemd.unit', section: '5' });
  });

  it('are not a page when man would read an option, or the name holds what no name does', () => {
    for (const href of ['man:-P', 'man:', 'man:ls(0)', 'man:a b', 'man:$(x)', 'man:ls(1);rm', 'https://x/ls(1)', 'man:ls(1)(2)']) expect(manPageOf(href), href).toBeNull();
  });

  it('give man its words, the page after --', () => {
    expect(manArguments({ name: 'ls', section: '1p' })).toEqual(['-P', 'cat', '--', 'ls.1p']);
    expect(manArguments({ name: 'bash', section: null })).toEqual(['-P', 'cat', '--', 'bash']);
    expect(manWhereArguments({ name: 'crontab', section: '5' })).toEqual(['-w', '--', 'crontab.5']);
  });
});

describe('references in text', () => {
  it('find the section after a ( and the name before it', () => {
    const text = bytes('see ls(1p), ');
    expect(sectionEnd(text, 6, text.length)).toBe(10);
    expect(nameStart(text, 0, 6)).toBe(4);
    expect(sectionEnd(bytes('f(0)'), 1, 4)).toBe(-1);
    expect(sectionEnd(bytes('f(1'), 1, 3)).toBe(-1);
    expect(sectionEnd(bytes('f(1)a'), 1, 5)).toBe(-1);
    expect(isName(bytes('g++'), 0, 3)).toBe(true);
    expect(isName(bytes('123'), 0, 3)).toBe(false);
    expect(isName(bytes('-ls'), 0, 3)).toBe(false);
  });
});
