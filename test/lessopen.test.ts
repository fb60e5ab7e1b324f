// LESSOPEN read as less reads it, and its %s made a parameter the shell never reads as code.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseLessOpen, replacementName, shellScript } from '../src/input/lessopen.ts';

/** What `sh -c` prints for the script made of `command`, with `args` as its parameters. */
const run = (command: string, ...args: string[]) => execFileSync('/bin/sh', ['-c', shellScript(command, args.length), 'sh', ...args], { encoding: 'utf8' });

describe('LESSOPEN', () => {
  it('reads a pipe, a pipe whose status counts, a replacement file, and the dash for standard input', () => {
    expect(parseLessOpen('| /usr/bin/lesspipe %s')).toEqual({ mode: 'pipe', command: ' /usr/bin/lesspipe %s', stdin: false });
    expect(parseLessOpen('||/usr/bin/lesspipe.sh %s')).toEqual({ mode: 'pipe-status', command: '/usr/bin/lesspipe.sh %s', stdin: false });
    expect(parseLessOpen('lessopen.sh %s')).toEqual({ mode: 'file', command: 'lessopen.sh %s', stdin: false });
    expect(parseLessOpen('|-cat %s')).toMatchObject({ mode: 'pipe', command: 'cat %s', stdin: true });
    expect(parseLessOpen('||-cat %s')).toMatchObject({ mode: 'pipe-status', stdin: true });
    expect(parseLessOpen('-lessopen.sh %s')).toMatchObject({ mode: 'file', command: 'lessopen.sh %s', stdin: true });
    expect(parseLessOpen(undefined)).toBeNull();
    expect(parseLessOpen('')).toBeNull();
    expect(parseLessOpen('|  ')).toBeNull();
  });

  it('makes each %s a quoted parameter, out of quotes, in double quotes and in single quotes', () => {
    expect(shellScript('lesspipe %s', 1)).toBe('lesspipe "${1}"');
    expect(shellScript('lesspipe "%s"', 1)).toBe('lesspipe "${1}"');
    expect(shellScript("lesspipe '%s'", 1)).toBe(`lesspipe ''"\${1}"''`);
    expect(shellScript('close %s %s', 2)).toBe('close "${1}" "${2}"');
    // LESSOPEN's every %s is the file; 100%% is printf's percent sign.
    expect(shellScript('a %s b %s 100%%', 1)).toBe('a "${1}" b "${1}" 100%');
    // A quote escaped is no quote: the %s after it is out of quotes.
    expect(shellScript('echo \\" %s', 1)).toBe('echo \\" "${1}"');
  });

  it('hands a hostile name to the command as one word, run as nothing', () => {
    const names = ['$(echo PWNED)', '`echo PWNED`', 'a b  c', 'new\nline', "it's", 'say "hi"', '-n', '$1 ${2} \\'];
    for (const name of names) {
      // %% is printf's own %s, passed on.
      expect(run("printf '[%%s]' %s", name)).toBe(`[${name}]`);
      expect(run('printf "[%%s]" "%s"', name)).toBe(`[${name}]`);
      expect(run("printf '[%%s]' '%s'", name)).toBe(`[${name}]`);
    }
  });

  it("takes a replacement file's name from the output's first line", () => {
    expect(replacementName('/tmp/x.txt\n')).toBe('/tmp/x.txt');
    expect(replacementName('/tmp/a b\nmore')).toBe('/tmp/a b');
    expect(replacementName('')).toBeNull();
    expect(replacementName('\n')).toBeNull();
  });
});
