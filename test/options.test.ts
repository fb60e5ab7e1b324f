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

  it("acts on less's --follow-name, from LESS too", () => {
    expect(parse(['f']).followName).toBe(false);
    expect(parse(['--follow-name', 'f']).followName).toBe(true);
    expect(parse(['f'], { LESS: '-R --follow-name' }).followName).toBe(true);
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
    expect(() => parse(['--base'])).toThrow(new OptionError('lwl: --base needs a value'));
    expect(() => parse(['-p'])).toThrow(new OptionError('lwl: -p needs a value'));
    expect(() => parse(['--links=yes'])).toThrow(new OptionError('lwl: --links takes no value'));
  });

  it('LWL_SECURE turns secure mode on, and nothing undoes it', () => {
    expect(parseOptions([], { LWL_SECURE: '1' }).secure).toBe(true);
    expect(parseOptions([], { LWL_SECURE: '0' }).secure).toBe(false);
  });

  it("LESSSECURE_ALLOW names what LESSSECURE's secure mode still allows; --secure and LWL_SECURE allow nothing", () => {
    expect(parseOptions([], { LESSSECURE: '1', LESSSECURE_ALLOW: 'shell, Pipe,lessopen' })).toMatchObject({ secure: true, secureAllow: ['shell', 'pipe', 'lessopen'] });
    expect(parseOptions([], { LESSSECURE_ALLOW: 'shell' })).toMatchObject({ secure: false, secureAllow: [] });
    expect(parseOptions(['--secure'], { LESSSECURE: '1', LESSSECURE_ALLOW: 'shell' }).secureAllow).toEqual([]);
    expect(parseOptions([], { LESSSECURE: '1', LESSSECURE_ALLOW: 'shell', LWL_SECURE: '1' }).secureAllow).toEqual([]);
    expect(parseOptions([], { LESS: '--secure', LESSSECURE: '1', LESSSECURE_ALLOW: 'shell' }).secureAllow).toEqual([]);
  });

  it('-L (--no-lessopen) turns LESSOPEN off; -+L back on', () => {
    expect(parse([]).lessopen).toBe(true);
    expect(parse(['-L']).lessopen).toBe(false);
    expect(parse(['--no-lessopen']).lessopen).toBe(false);
    expect(parseOptions(['-+L'], { LESS: '-L' }).lessopen).toBe(true);
  });

  it("LESSSECURE is less's secure mode: any value but empty, as less reads it", () => {
    expect(parseOptions([], { LESSSECURE: '1' }).secure).toBe(true);
    expect(parseOptions([], { LESSSECURE: '' }).secure).toBe(false);
    expect(parseOptions([], {}).secure).toBe(false);
  });

  it('splits a variable at spaces and $', () => {
    expect(splitVariable(' -R  -i$-Pfoo$ X')).toEqual(['-R', '-i', '-Pfoo', 'X']);
  });

  it("reads man's LESS, whose prompts hold spaces, running to a $", () => {
    const man = '-ix8RmPm Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. (press h for help or q to quit)$PM Manual page ls(1) ?lt$';
    const words = splitVariable(man);
    expect(words).toHaveLength(2);
    expect(words[0].startsWith('-ix8RmPm_Manual_page_ls(1)')).toBe(true);
    expect(words[1]).toBe('PM_Manual_page_ls(1)_?lt');
    expect(parse([], { LESS: man })).toMatchObject({ warnings: [], notes: [] });
  });

  // LESS strings from real dotfiles (origin beside each): every one is read without a word of complaint.
  const dotfiles: Array<[string, string]> = [
    ['-R --use-color -Dd+r$Du+b', "less 590's manual, -D example, as in many zshrc files (coloured man pages)"],
    ['-FRXK', 'oh-my-zsh lib/misc.zsh (LESS=-R) and git config core.pager "less -FRXK", common in dotfiles'],
    ['-iMRSx4 --mouse', "thoughtbot-style dotfiles: export LESS='-iMRSx4'"],
    ['--RAW-CONTROL-CHARS --quit-if-one-screen --no-init', "git's LESS=FRX spelt out, as dotfiles comment it"],
    ['-XRF --tabs=4 -j.5', "mathiasbynens/dotfiles-style .exports with a jump target"],
    ['-M -j5 -R', "holman/dotfiles-style zsh/config.zsh"],
    ['-g -i -M -R -S -w -X -z-4', 'prezto modules/environment/init.zsh (LESS)'],
    ['-R --follow-name --silent --old-bot --no-histdups --save-marks --file-size --no-keypad --use-backslash --header=1 --wheel-lines=3 --line-num-width=4 --status-col-width=2 --rscroll=- --lesskey-src=F', 'issue 25: what lwl refused'],
  ];
  it.each(dotfiles)('reads LESS=%j (%s) without a warning', (less) => {
    const opts = parse(['f'], { LESS: less });
    expect(opts.warnings).toEqual([]);
    expect(opts.notes).toEqual([]);
    expect(opts.files).toEqual(['f']);
  });

  it("takes less's values as less takes them: =value, the next word, attached", () => {
    expect(parse([], { LESS: '--wheel-lines 3 -X' })).toMatchObject({ noAlternateScreen: true, warnings: [] });
    expect(parse([], { LESS: '-j 5 -b100 -h10 -y10 -z-2 -#8 -x4 -Pm?f%f$ -X' })).toMatchObject({ jumpTarget: { line: 5 }, noAlternateScreen: true, warnings: [] });
    expect(parse(['--rscroll', '-', '-X', 'f'])).toMatchObject({ noAlternateScreen: true, files: ['f'] });
    // A long name shortened, as less takes it while it is not ambiguous.
    expect(parse(['--quit-if', '--RAW'])).toMatchObject({ quitIfOneScreen: true });
    // On the command line, -h alone is lwl's help; -h10 is less's -h.
    expect(parse(['-h10']).help).toBe(false);
  });

  it("-j: a row (negative from the bottom) or a fraction; less's default is the top row", () => {
    expect(parse([]).jumpTarget).toEqual({ line: 1 });
    expect(parse(['-j5']).jumpTarget).toEqual({ line: 5 });
    expect(parse(['-j', '-2']).jumpTarget).toEqual({ line: -2 });
    expect(parse(['--jump-target=.5']).jumpTarget).toEqual({ fraction: 0.5 });
    expect(parse(['-+j'], { LESS: '-j9' }).jumpTarget).toEqual({ line: 1 });
    expect(() => parse(['-jx'])).toThrow(OptionError);
    // In LESS a bad value is a warning, and the rest is read.
    expect(parse([], { LESS: '-jx -X' })).toMatchObject({ jumpTarget: { line: 1 }, noAlternateScreen: true, warnings: ["lwl: -j: 'x' is not a screen row (a number, or .5 for half way)"] });
  });

  it('an option neither less nor lwl has: an error on the command line; in LESS, LWL or the config file a warning, and lwl pages', () => {
    expect(() => parse(['--frobnicate'])).toThrow(OptionError);
    expect(parse([], { LESS: '-Y --frobnicate -X' })).toMatchObject({
      noAlternateScreen: true,
      warnings: ["lwl: unknown option '-Y' (in LESS)", "lwl: unknown option '--frobnicate' (in LESS)"],
    });
    expect(parse([], { LWL: '--wheel-lines' }).warnings).toEqual(['lwl: --wheel-lines (in LWL) needs a value']);
    expect(parseOptions([], {}, ['--frob']).warnings).toEqual(["lwl: unknown option '--frob' (in the config file)"]);
  });

  it("less's options lwl ignores: silently from LESS, with a note on the command line", () => {
    expect(parse([], { LESS: '--use-color' }).notes).toEqual([]);
    expect(parse(['--use-color']).notes).toEqual(["lwl: --use-color is one of less's options that lwl does not have yet; ignored"]);
  });

  it("--regex-search; --less-keys, --keys=less and LWL_KEYS=less give less's keys and less's regular expressions", () => {
    expect(parse([])).toMatchObject({ regexSearch: false, lessKeys: false });
    expect(parse(['--regex-search'])).toMatchObject({ regexSearch: true, lessKeys: false });
    expect(parseOptions([], {}, ['--regex-search']).regexSearch).toBe(true);
    expect(parse(['--less-keys'])).toMatchObject({ regexSearch: true, lessKeys: true });
    expect(parse(['--keys=less'])).toMatchObject({ regexSearch: true, lessKeys: true });
    expect(parse([], { LWL_KEYS: 'less' })).toMatchObject({ regexSearch: true, lessKeys: true });
    expect(parse(['--keys', 'lwl'], { LWL_KEYS: 'less' }).lessKeys).toBe(false);
    expect(() => parse(['--keys=vi'])).toThrow(new OptionError("lwl: --keys: 'vi' is not a profile (lwl or less)"));
  });
});
