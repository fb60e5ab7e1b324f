// Options from the command line and the LESS and LWL variables, read as less reads them.
import { describe, expect, it } from 'vitest';
import { OptionError, parseOptions, splitVariable } from '../src/options.ts';

const parse = (args: string[], env: Record<string, string> = {}) => parseOptions(args, env);

describe('options', () => {
  it('reads files, -, -- and lwl\'s own options', () => {
    expect(parse(['a.md', '-', 'b.md']).files).toEqual(['a.md', '-', 'b.md']);
    expect(parse(['--', '-F', '+G']).files).toEqual(['-F', '+G']);
    expect(parse(['--links', '--base', 'https://x/', 'f'])).toMatchObject({ links: true, base: 'https://x/', files: ['f'] });
    expect(parse(['--base=https://y/']).base).toBe('https://y/');
    expect(parse(['-h']).help).toBe(true);
    expect(parse(['--help']).help).toBe(true);
    expect(parse(['-V']).version).toBe(true);
    expect(parse(['--kind=plain']).kind).toBe('plain');
    expect(parse(['--secure']).secure).toBe(true);
  });

  it('combines letters and reads values attached or apart', () => {
    // -N and -S are lwl's: line numbers, chopped lines.
    expect(parse(['-iNS'])).toMatchObject({ caseless: 'smart', lineNumbers: true, chop: true, notes: [] });
    expect(parse(['-IN', '-+N'])).toMatchObject({ caseless: 'always', lineNumbers: false, chop: false });
    expect(parse(['-FRX'])).toMatchObject({ quitIfOneScreen: true, noAlternateScreen: true });
    expect(parse(['-I']).caseless).toBe('always');
    expect(parse(['-pfoo']).startKeys).toEqual(['/', 'f', 'o', 'o', '<Enter>']);
    expect(parse(['-p', 'a b']).startKeys).toEqual(['/', 'a', ' ', 'b', '<Enter>']);
    expect(parse(['-Fj5X'])).toMatchObject({ quitIfOneScreen: true, noAlternateScreen: false });
    expect(parse(['--quit-if-one-screen', '--no-init'])).toMatchObject({ quitIfOneScreen: true, noAlternateScreen: true });
    // -f (force): no question before showing a file that looks binary.
    expect(parse(['-f']).force).toBe(true);
    expect(parse(['--force']).force).toBe(true);
    expect(parse([], { LESS: '-fR' }).force).toBe(true);
    expect(parse([]).force).toBe(false);
  });

  it('turns +commands into keys', () => {
    expect(parse(['+G', 'f']).startKeys).toEqual(['G']);
    expect(parse(['+42']).startKeys).toEqual(['4', '2', 'g']);
    expect(parse(['+/needle']).startKeys).toEqual(['/', 'n', 'e', 'e', 'd', 'l', 'e', '<Enter>']);
    expect(parse(['+?up']).startKeys).toEqual(['?', 'u', 'p', '<Enter>']);
  });

  it('reads LESS, then LWL, then the command line', () => {
    expect(parse([], { LESS: 'FRX' })).toMatchObject({ quitIfOneScreen: true, noAlternateScreen: true });
    expect(parse([], { LESS: '-R -I -M -j5 -x4 -#8' })).toMatchObject({ caseless: 'always', notes: [] });
    expect(parse([], { LESS: '-iR' }).caseless).toBe('smart');
    expect(parse([], { LESS: '-I', LWL: '-i' }).caseless).toBe('smart');
    expect(parse(['-+F'], { LESS: 'FRX' })).toMatchObject({ quitIfOneScreen: false, noAlternateScreen: true });
    expect(parse([], { LESS: '-Pprompt$-X' }).noAlternateScreen).toBe(true);
    // In a variable, -h is less's (a number), not lwl's help.
    expect(parse([], { LESS: '-h5' }).help).toBe(false);
  });

  it('accepts less\'s options that lwl does not have, with a note on the command line only', () => {
    expect(parse(['-s', 'f']).notes).toEqual(["lwl: -s (--squeeze-blank-lines) is one of less's options that lwl does not have yet; ignored"]);
    expect(parse([], { LESS: '-s -J -P%f' }).notes).toEqual([]);
    expect(parse(['-20']).notes).toHaveLength(1);
  });

  it('refuses what is not an option, in one sentence', () => {
    expect(() => parse(['-Y'])).toThrow(new OptionError("lwl: unknown option '-Y'"));
    expect(() => parse(['--frobnicate'])).toThrow(new OptionError("lwl: unknown option '--frobnicate'"));
    expect(() => parse([], { LESS: '-Y' })).toThrow(new OptionError("lwl: unknown option '-Y' (in LESS)"));
    expect(() => parse(['--base'])).toThrow(new OptionError('lwl: --base needs a value'));
    expect(() => parse(['-p'])).toThrow(new OptionError('lwl: -p needs a value'));
    expect(() => parse(['--links=yes'])).toThrow(new OptionError('lwl: --links takes no value'));
  });

  it('LWL_SECURE turns secure mode on, and nothing undoes it', () => {
    expect(parseOptions([], { LWL_SECURE: '1' }).secure).toBe(true);
    expect(parseOptions([], { LWL_SECURE: '0' }).secure).toBe(false);
  });

  it('splits a variable at spaces and $', () => {
    expect(splitVariable(' -R  -i$-Pfoo$ X')).toEqual(['-R', '-i', '-Pfoo', '-X']);
  });

  it("reads man's LESS, whose prompts hold spaces, running to a $", () => {
    const man = '-ix8RmPm Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. (press h for help or q to quit)$PM Manual page ls(1) ?lt$';
    const words = splitVariable(man);
    expect(words).toHaveLength(2);
    expect(words[0].startsWith('-ix8RmPm_Manual_page_ls(1)')).toBe(true);
    expect(words[1]).toBe('-PM_Manual_page_ls(1)_?lt');
  });
});
