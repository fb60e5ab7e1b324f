// The browser command: how %s, %% and a colon-separated list are read, and
// that the link arrives as one argument, intact, or (in a command inside the
// command) with nothing a shell could act on. Run through /bin/sh for real.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserCommand, browserInvocation, programOf, SHELL_SAFE_LINK, shellSafeUrl, splitCommandList } from '../src/commands.ts';

const hostile = [
  'x:;touch${IFS}PWNED;',
  "x:'$(touch${IFS}PWNED)'",
  'x:"`touch PWNED`"',
  'https://example.org/a?b=1&touch${IFS}PWNED|x>y<z',
  'x:\\";touch PWNED;#',
];

/** Runs the command for `template` as lwl does (sh -c, LINK in the environment) in an empty folder; returns the arguments `rec` got. */
function run(template: string, link: string): { args: string[]; files: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-browser-'));
  const rec = path.join(dir, 'bin', 'rec');
  fs.mkdirSync(path.dirname(rec));
  fs.writeFileSync(rec, '#!/bin/sh\nfor a; do printf "%s\\0" "$a"; done >> "$REC_OUT"\n', { mode: 0o755 });
  const out = path.join(dir, 'bin', 'args');
  spawnSync('/bin/sh', ['-c', browserInvocation(template)], {
    cwd: dir,
    env: { PATH: `${path.dirname(rec)}:/usr/bin:/bin`, LINK: link, [SHELL_SAFE_LINK]: shellSafeUrl(link), REC_OUT: out },
  });
  const args = fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split('\0').slice(0, -1) : [];
  return { args, files: fs.readdirSync(dir) };
}

describe('browserInvocation', () => {
  for (const link of hostile) {
    it(`passes ${JSON.stringify(link)} as one argument, intact, at the top level and alone in quotes`, () => {
      for (const template of ['rec %s', "rec '%s'", 'rec "%s"', 'rec', 'rec --url=%s', 'rec --url="%s"']) {
        const { args, files } = run(template, link);
        expect(files).toEqual(['bin']);
        expect(args.at(-1)!.endsWith(link)).toBe(true);
        expect(args).toHaveLength(1);
      }
    });

    it(`lets no character of ${JSON.stringify(link)} act in a nested command`, () => {
      for (const template of ['sh -c "rec %s"', "sh -c 'rec %s'", 'sh -c "sh -c \\"rec %s\\""', `sh -c "sh -c 'rec %s'"`]) {
        const { args, files } = run(template, link);
        expect(files).toEqual(['bin']);
        expect(args).toEqual([shellSafeUrl(link)]);
      }
    });
  }

  it('reads %% as a percent sign, and %s after it as the link', () => {
    expect(run('rec 100%% %s', 'x:y').args).toEqual(['100%', 'x:y']);
    expect(run('rec %%s', 'x:y').args).toEqual(['%s', 'x:y']);
    expect(run('rec 5% %s', 'x:y').args).toEqual(['5%', 'x:y']);
  });

  it('puts the link in every %s', () => {
    expect(run('rec %s %s', 'x:y').args).toEqual(['x:y', 'x:y']);
  });
});

describe('shellSafeUrl', () => {
  it('percent-encodes what a shell acts on, as UTF-8, and keeps the rest', () => {
    expect(shellSafeUrl('https://example.org/a_b-c.d~e?f=1&g=(2)#h')).toBe('https://example.org/a_b-c.d%7Ee%3Ff=1%26g=%282%29#h');
    expect(shellSafeUrl('x:$`\\\'" ;|<>{}[]*!^\n\té')).toBe('x:%24%60%5C%27%22%20%3B%7C%3C%3E%7B%7D%5B%5D%2A%21%5E%0A%09%C3%A9');
  });
});

describe('the browser list', () => {
  it('splits at colons outside quotes', () => {
    expect(splitCommandList("w3m %s:lynx 'a:b' %s: :links")).toEqual(['w3m %s', "lynx 'a:b' %s", 'links']);
  });

  it('finds the program of a command', () => {
    expect(programOf("'/opt/my browser' %s")).toBe('/opt/my browser');
    expect(programOf('DISPLAY=:0 firefox %s')).toBe('firefox');
    expect(programOf('"w3m" -o x')).toBe('w3m');
  });

  it('takes the first entry whose program is found, then the next variable, then bro', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-path-'));
    for (const name of ['lynx', 'bro']) fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'notexec'), '');
    expect(browserCommand({ PATH: dir, BROWSER: 'nonesuch %s:notexec:lynx -dump %s:bro' })).toBe('lynx -dump "$LINK"');
    expect(browserCommand({ PATH: dir, LWL_BROWSER: 'nonesuch', BROWSER: 'lynx' })).toBe('lynx "$LINK"');
    expect(browserCommand({ PATH: dir, BROWSER: 'nonesuch' })).toBe('bro "$LINK"');
    expect(browserCommand({ PATH: '/nonexistent', BROWSER: 'nonesuch:other' })).toBeNull();
    expect(browserCommand({ PATH: '/nonexistent', BROWSER: `${dir}/lynx %s` })).toBe(`${dir}/lynx "$LINK"`);
  });
});
