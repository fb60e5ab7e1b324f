// lwl as $PAGER and $MANPAGER (issue 16): program output in colour, man pages,
// OSC 8 links and bare URLs, read in the real pty, with the cells' colours and
// attributes checked, not only the text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Session, fg, lwlShell } from './session.ts';

const fixture = (name: string) => `test/e2e/fixtures/${name}`;

describe('program output in colour', () => {
  it('shows git log -p in its colours, with no escape code in sight, and finds the coloured word', async () => {
    const s = Session.shell(`cat ${fixture('git-log-p.txt')} | ${lwlShell}`);
    await s.waitForText('commit bf0ea47');
    expect(s.screen()).not.toContain('<1b>');
    expect(s.rows()[0]).toBe('commit bf0ea47a010e016ff120e4dc319522fb56e4689f');
    expect(fg(s.cell(0, 0))).toBe(3); // yellow
    expect(fg(s.cellOf('Author'))).toBe(-1);
    expect(s.cellOf('diff --git').isBold()).toBeTruthy();
    expect(fg(s.cellOf('@@ '))).toBe(6); // cyan hunk header
    expect(fg(s.cellOf('+// How pieces'))).toBe(2); // green addition
    await s.keys('/', 'StyleTable', '\r');
    expect(s.status()).not.toMatch(/not found/i);
  });

  it('shows git diff with removals red and additions green', async () => {
    const s = Session.lwl([fixture('git-diff.txt')]);
    await s.waitForText('diff --git');
    expect(s.cellOf('diff --git').isBold()).toBeTruthy();
    const added = s.rows().findIndex((r) => r.startsWith('+') && !r.startsWith('+++'));
    expect(added).toBeGreaterThan(0);
    expect(fg(s.cellOf('@@ -3,6'))).toBe(6);
    expect(fg(s.cell(added, 0))).toBe(2);
  });

  it('shows ls --color in its colours', async () => {
    const s = Session.lwl([fixture('ls-color.txt')]);
    await s.waitForText('run.sh');
    expect(fg(s.cellOf('dir'))).toBe(4);
    expect(s.cellOf('dir').isBold()).toBeTruthy();
    expect(fg(s.cellOf('link'))).toBe(6);
    expect(fg(s.cellOf('run.sh'))).toBe(2);
    expect(fg(s.cellOf('plain.txt'))).toBe(-1);
  });

  it('keeps bold, underline and reverse but drops colours with NO_COLOR and on a vt100', async () => {
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'vt100' }] as Array<Record<string, string>>) {
      const s = Session.lwl([fixture('ls-color.txt')], { env });
      await s.waitForText('run.sh');
      expect(fg(s.cellOf('dir'))).toBe(-1);
      expect(s.cellOf('dir').isBold()).toBeTruthy();
      s.kill();
    }
  });

  it('shows a hostile SGR as tokens and passes none of it on', async () => {
    const s = Session.lwl([fixture('hostile-sgr.txt')]);
    await s.waitForText('red bold');
    expect(s.rows()[0]).toBe('ok <1b>[38;5;999mA');
    expect(s.screen()).toContain('<1b>[2Jclear');
    await s.keys('G');
    expect(s.screen()).toContain(`<1b>[${'9'.repeat(40)}m long`);
    expect(s.output).not.toContain('\x1b[38;5;999m');
    expect(s.output).not.toContain(`\x1b[${'9'.repeat(40)}`);
    expect(s.output).not.toContain('\x1b[1;1;1;1;1;1;1;1');
    await s.keys('g');
    const red = s.cellOf('red bold');
    expect(fg(red)).toBe(1);
    expect(red.isBold()).toBeTruthy();
    expect(fg(s.cellOf('after'))).toBe(-1);
    expect(s.cellOf('<1b>[2J').isInverse()).toBeTruthy(); // drawn as a token
  });
});

describe('man pages', () => {
  it('reads backspace overstrike as less does: bold headings, underlined arguments, found by search', async () => {
    const s = Session.lwl([fixture('man-ls.txt')]);
    await s.waitForText('NAME');
    expect(s.screen()).not.toContain('<08>');
    expect(s.cellOf('NAME').isBold()).toBeTruthy();
    expect(s.cellOf('SYNOPSIS').isBold()).toBeTruthy();
    const option = s.cellOf('OPTION');
    expect(option.isUnderline()).toBeTruthy();
    expect(option.isBold()).toBeFalsy();
    await s.keys('/', 'DESCRIPTION', '\r');
    expect(s.cellOf('DESCRIPTION').isInverse()).toBeTruthy(); // the current match, found in the overstruck heading
  });

  it('works as MANPAGER', async () => {
    const s = Session.shell(`MANPAGER="${lwlShell}" MANWIDTH=80 man ls`, { env: { MANPAGER: '' } });
    await s.waitForText('SYNOPSIS');
    expect(s.screen()).not.toContain('<08>');
    expect(s.cellOf('NAME').isBold()).toBeTruthy();
  });
});

describe('links in program output', () => {
  it('reads OSC 8 hyperlinks as links, and the CVE-2022-46663 shape as tokens', async () => {
    const s = Session.lwl([fixture('osc8.txt')]);
    await s.waitForText('link one');
    expect(s.rows()[0]).toBe('a link one b link two c');
    expect(s.rows()[1]).toBe('<1b>]8;;https://example.org/cve<1b>[2J<1b>\\evil d');
    await s.keys('n');
    expect(s.status()).toContain('https://example.org/osc');
    expect(s.cellOf('link one').isInverse()).toBeTruthy();
    await s.keys('n');
    expect(s.status()).toContain('https://example.org/bel');
    expect(s.output).not.toContain('\x1b[2J\x1b\\evil');
  });

  it('draws links inside OSC 8 hyperlinks where asked or where the terminal says it takes them; never on a vt100', async () => {
    const sgr = '(?:\\x1b\\[[0-9;]*m)*';
    const asked = Session.lwl(['--hyperlinks', fixture('osc8.txt')]);
    await asked.waitForText('link one');
    expect(asked.output).toMatch(new RegExp(`\\x1b\\]8;id=lwl\\d+-0;https://example\\.org/osc\\x1b\\\\${sgr}link one${sgr}\\x1b\\]8;;\\x1b\\\\`));
    const vte = Session.lwl([fixture('osc8.txt')], { env: { VTE_VERSION: '7200' } });
    await vte.waitForText('link one');
    expect(vte.output).toMatch(new RegExp(`;https://example\\.org/bel\\x1b\\\\${sgr}link two`));
    const unasked = Session.lwl([fixture('osc8.txt')]);
    const vt100 = Session.lwl(['--hyperlinks', fixture('osc8.txt')], { env: { TERM: 'vt100', VTE_VERSION: '7200' } });
    for (const s of [unasked, vt100]) {
      await s.waitForText('link one');
      expect(s.output).not.toContain('\x1b]8;');
    }
  });

  it('finds bare URLs in a commit message, run as git pager; trailing punctuation stays text', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-git-'));
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' } });
    git('init', '-q');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'a\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'Fix the thing\n\nSee https://example.org/issues/16. Also (www.example.com/docs).');
    const s = Session.shell(`git -C ${dir} -c color.ui=always log`, { env: { PAGER: lwlShell, LESS: '' }, rows: 10 });
    await s.waitForText('Fix the thing');
    expect(fg(s.cellOf('commit'))).toBe(3);
    await s.keys('n');
    expect(s.status()).toContain('https://example.org/issues/16');
    expect(s.cellOf('https://example.org/issues/16').isInverse()).toBeTruthy();
    expect(s.cellOf('. Also').isInverse()).toBeFalsy();
    await s.keys('n');
    expect(s.status()).toContain('http://www.example.com/docs');
  });

  it('changes no bracket of a source file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-src-'));
    fs.writeFileSync(path.join(dir, 'some.js'), 'return value[chaiInspect](options);\nconst a = x[b](c);\n');
    const s = Session.lwl([path.join(dir, 'some.js')]);
    await s.waitForText('chaiInspect');
    expect(s.rows().slice(0, 2)).toEqual(['return value[chaiInspect](options);', 'const a = x[b](c);']);
  });
});

describe('as git runs it', () => {
  it('PAGER=lwl git log -1 --format=%s prints the line and ends with 0 (git sets LESS=FRX)', async () => {
    const s = Session.shell(`PAGER="${lwlShell}" git log -1 --format=%s bf0ea47; echo "status $?"`, { env: { GIT_PAGER: '', LESS: '' } });
    await s.waitFor((x) => x.output.includes('status 0\r\n'), 'the status');
    expect(s.output).toContain("The document's model for readers to come");
    expect(s.output).toContain('status 0');
    expect(s.output).not.toContain('\x1b[?1049h');
  });
});

describe('-F on program output', () => {
  it('prints a short coloured text in its colours, as less -FR does', async () => {
    const s = Session.shell(`printf '\\033[33mcommit 1234\\033[m plain\\n\\033[1mbold\\033[m\\n' | LESS=FRX ${lwlShell}; echo "status $?"`);
    await s.waitFor((x) => x.rows()[2] === 'status 0', 'the status');
    expect(s.rows().slice(0, 3)).toEqual(['commit 1234 plain', 'bold', 'status 0']);
    expect(fg(s.cell(0, 0))).toBe(3);
    expect(fg(s.cellOf('plain'))).toBe(-1);
    expect(s.cell(1, 0).isBold()).toBeTruthy();
    expect(s.output).not.toContain('\x1b[?1049h');
  });
});

describe('kinds', () => {
  it('= says the kind; K reads the document as the other kind, at the same line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-kind-'));
    const file = path.join(dir, 'notes.lwl');
    fs.writeFileSync(file, Array.from({ length: 60 }, (_, i) => `line ${i + 1} [a link](https://example.org/${i + 1})`).join('\n'));
    const s = Session.lwl([file], { cols: 160 });
    await s.waitForText('line 1 [a link]');
    await s.keys('=');
    expect(s.status()).toContain('(markup)');
    await s.keys('3', '0', 'g');
    expect(s.rows()[0]).toBe('line 30 [a link]');
    await s.keys('K');
    expect(s.rows()[0]).toBe('line 30 [a link](https://example.org/30)');
    await s.keys('=');
    expect(s.status()).toContain('(plain)');
    await s.keys('K');
    expect(s.rows()[0]).toBe('line 30 [a link]');
  });

  it('\\ shows the raw text, every escape a token, and again goes back', async () => {
    const s = Session.lwl([fixture('git-log-p.txt')], { cols: 160 });
    await s.waitForText('commit bf0ea47');
    await s.keys('\\');
    expect(s.rows()[0]).toBe('<1b>[33mcommit bf0ea47a010e016ff120e4dc319522fb56e4689f<1b>[m');
    await s.keys('=');
    expect(s.status()).toContain('(raw)');
    await s.keys('\\');
    expect(s.rows()[0]).toBe('commit bf0ea47a010e016ff120e4dc319522fb56e4689f');
  });

  it('says a pipe cannot be read again as another kind, and stays where it is', async () => {
    const s = Session.shell(`cat ${fixture('git-log-p.txt')} | ${lwlShell}`);
    await s.waitForText('commit bf0ea47');
    await s.keys('K');
    expect(s.status()).toBe('Standard input cannot be read again: it is read as plain');
    expect(s.rows()[0]).toBe('commit bf0ea47a010e016ff120e4dc319522fb56e4689f');
  });

  it('--kind forces a kind; a bro page from a pipe is markup', async () => {
    const forced = Session.lwl(['--kind=plain', 'samples/markup.lwl']);
    await forced.waitFor((x) => x.screen().includes(']('), 'the brackets shown');
    const bro = Session.shell(`printf 'Retrieved from [https://example.org/](https://example.org/) on 2026-11-30.\\n[a](b)\\n' | ${lwlShell}`);
    await bro.waitForText('Retrieved from');
    expect(bro.rows()[1]).toBe('[a]');
  });
});
