// Program output as a pager meets it (issue 16): a coloured log of many 32 KiB
// runs, from a file and from a pipe, its colours right at the top, at the end
// and where a colour set long before goes on; real git and ls in colour;
// compressed coloured logs; bare URLs in a bro page. Screen text and cell
// attributes, in the real pty.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Session, fg, lwlShell } from './session.ts';

const ESC = '\x1b';

/** A log of about 400 KB: coloured lines, a yellow stretch of 100 KB set by one SGR, coloured CR LF lines, a last coloured line. */
function colouredLog(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-runs-'));
  const file = path.join(dir, 'coloured.log');
  let text = '';
  for (let n = 1; n <= 3000; n++) text += `${ESC}[2m12:00:${String(n % 60).padStart(2, '0')}${ESC}[m ${ESC}[32mINFO${ESC}[m ${ESC}[36mload${ESC}[m: line ${n} of the log\n`;
  text += `${ESC}[33m`;
  for (let n = 1; n <= 4000; n++) text += `yellow line ${n} goes on and on\n`;
  text += `${ESC}[m`;
  for (let n = 1; n <= 30; n++) text += `${ESC}[31mred ${n}${ESC}[m tail\r\n`;
  text += `${ESC}[1;35mthe last commit${ESC}[m\n`;
  fs.writeFileSync(file, text);
  return file;
}

describe('a coloured log of many runs', () => {
  const file = colouredLog();

  for (const [how, start] of [
    ['from a file', (f: string) => Session.lwl([f])],
    ['from a pipe', (f: string) => Session.shell(`cat ${f} | ${lwlShell}`)],
  ] as const) {
    it(`shows its colours at the top, at the end and where a colour goes on across runs, ${how}`, async () => {
      const s = start(file);
      await s.waitForText('line 1 of the log');
      expect(s.rows()[0]).toBe('12:00:01 INFO load: line 1 of the log');
      expect(s.cell(0, 0).isDim()).toBeTruthy();
      expect(fg(s.cellOf('INFO'))).toBe(2);
      expect(fg(s.cellOf('load'))).toBe(6);
      expect(fg(s.cellOf('line 1 of'))).toBe(-1);
      // 100 KB after the SGR that set it, in another run.
      await s.keys('/', 'yellow line 3500 ', '\r');
      await s.waitFor((x) => x.status().startsWith('match 1 of'), 'the search done');
      expect(fg(s.cellOf('goes on', 0))).toBe(3);
      await s.keys('G');
      expect(s.rows()[22]).toBe('the last commit');
      const last = s.cell(22, 0);
      expect(last.isBold()).toBeTruthy();
      expect(fg(last)).toBe(5);
      expect(s.rows()[21]).toBe('red 30 tail');
      expect(fg(s.cellOf('red 30'))).toBe(1);
      expect(fg(s.cellOf('tail'))).toBe(-1);
      expect(s.screen()).not.toContain('<0d>');
      expect(s.screen()).not.toContain('<1b>');
    });
  }

  it('finds a coloured word as shown, and nothing in the SGR bytes', async () => {
    const s = Session.lwl([file]);
    await s.waitForText('line 1 of the log');
    await s.keys('/', 'commit', '\r');
    const found = s.cellOf('commit');
    expect(found.isInverse()).toBeTruthy(); // the current match, in a bold magenta line
    await s.keys('g', '/', '[32m', '\r');
    expect(s.status()).toMatch(/not found|No match/i);
  });
});

describe('real git in colour as $PAGER', () => {
  it('shows git log -p and git diff of a repository in their colours', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-git-'));
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { env });
    git('init', '-q');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'kept\nold line\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'First');
    fs.writeFileSync(path.join(dir, 'a.txt'), 'kept\nnew line\n');
    git('commit', '-q', '-am', 'Second');
    const log = Session.shell(`git -C ${dir} -c color.ui=always log -p`, { env: { PAGER: lwlShell, LESS: '' } });
    await log.waitForText('Second');
    expect(log.screen()).not.toContain('<1b>');
    expect(fg(log.cellOf('commit'))).toBe(3);
    expect(log.cellOf('diff --git').isBold()).toBeTruthy();
    expect(fg(log.cellOf('-old line'))).toBe(1);
    expect(fg(log.cellOf('+new line'))).toBe(2);
    expect(fg(log.cellOf(' kept'))).toBe(-1);

    fs.writeFileSync(path.join(dir, 'a.txt'), 'kept\nnewer line\n');
    const diff = Session.shell(`git -C ${dir} -c color.ui=always diff`, { env: { PAGER: lwlShell, LESS: '' } });
    await diff.waitForText('newer line');
    expect(fg(diff.cellOf('-new line'))).toBe(1);
    expect(fg(diff.cellOf('+newer line'))).toBe(2);
    expect(fg(diff.cellOf('@@'))).toBe(6);
  });
});

describe('bare URLs in a bro page', () => {
  it('are links as in plain text, but none in the text of a link', async () => {
    const page = [
      'Retrieved from [https://example.org/](https://example.org/) on 2026-11-30.',
      'See https://bare.example.org/x. for more,',
      'and [the text https://inner.example/ of a link](https://target.example/).',
    ].join('\n');
    const s = Session.shell(`printf '%s\\n' '${page}' | ${lwlShell}`);
    await s.waitForText('Retrieved from');
    expect(s.rows().slice(0, 3)).toEqual([
      'Retrieved from [https://example.org/] on 2026-11-30.',
      'See https://bare.example.org/x. for more,',
      'and [the text https://inner.example/ of a link].',
    ]);
    expect(fg(s.cellOf('https://bare'))).toBe(fg(s.cellOf('[https://example.org/]')));
    expect(fg(s.cellOf('https://bare'))).not.toBe(-1);
    expect(fg(s.cellOf('. for more'))).toBe(-1);
    await s.keys('n', 'n');
    expect(s.status()).toContain('https://bare.example.org/x');
    expect(s.cellOf('https://bare.example.org/x').isInverse()).toBeTruthy();
    await s.keys('n');
    expect(s.status()).toContain('https://target.example/');
    await s.keys('n');
    expect(s.status()).not.toContain('inner.example');
  });
});

describe('compressed program output', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-gzlog-'));
  const log = fs.readFileSync('test/e2e/fixtures/git-log-p.txt');
  const gz = path.join(dir, 'git-log.txt.gz');
  fs.writeFileSync(gz, execFileSync('gzip', ['-c'], { input: log }));
  for (const [name, command] of [['bzip2', 'bz2'], ['xz', 'xz']] as const) fs.writeFileSync(path.join(dir, `git-log.txt.${command}`), execFileSync(name, ['-c'], { input: log }));

  /** git log -p's colours: the commit line yellow, the hunk header cyan, an addition green, no escape shown. */
  async function expectColours(s: Session): Promise<void> {
    // The last text looked at below: the frame may come in more than one read.
    await s.waitFor((x) => x.screen().includes('commit bf0ea47') && x.screen().includes('+// How pieces'), 'the log, to its first addition');
    expect(s.screen()).not.toContain('<1b>');
    expect(fg(s.cell(0, 0))).toBe(3);
    expect(s.cellOf('diff --git').isBold()).toBeTruthy();
    expect(fg(s.cellOf('@@ '))).toBe(6);
    expect(fg(s.cellOf('+// How pieces'))).toBe(2);
  }

  it('shows a gzipped log in its colours, from a .gz file and from a gzipped pipe', async () => {
    await expectColours(Session.lwl([gz]));
    await expectColours(Session.shell(`cat ${gz} | ${lwlShell}`));
  });

  it('shows bzip2 and xz logs in their colours', async () => {
    await expectColours(Session.lwl([path.join(dir, 'git-log.txt.bz2')]));
    await expectColours(Session.lwl([path.join(dir, 'git-log.txt.xz')]));
  });
});

describe('real ls --color=always', () => {
  it('shows a directory, a link and a program in the colours ls chose', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-ls-'));
    fs.mkdirSync(path.join(dir, 'adir'));
    fs.writeFileSync(path.join(dir, 'prog'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(dir, 'plain.txt'), 'x\n');
    fs.symlinkSync('plain.txt', path.join(dir, 'alink'));
    const s = Session.shell(`ls --color=always -1 ${dir} | ${lwlShell}`, { env: { LS_COLORS: 'di=01;34:ln=01;36:ex=01;32' } });
    await s.waitForText('plain.txt');
    expect(s.rows().slice(0, 4)).toEqual(['adir', 'alink', 'plain.txt', 'prog']);
    expect(fg(s.cellOf('adir'))).toBe(4);
    expect(s.cellOf('adir').isBold()).toBeTruthy();
    expect(fg(s.cellOf('alink'))).toBe(6);
    expect(fg(s.cellOf('prog'))).toBe(2);
    expect(fg(s.cellOf('plain.txt'))).toBe(-1);
    expect(s.cellOf('plain.txt').isBold()).toBeFalsy();
  });
});

describe('links in program output, followed', () => {
  it('an OSC 8 link: N, Tab, the preview, $LINK and the browser, as any link', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-osc8-'));
    const out = path.join(dir, 'link.txt');
    const s = Session.lwl(['test/e2e/fixtures/osc8.txt'], { cwd: process.cwd(), env: { LWL_BROWSER: `printf 'opened %%s\\n' %s > ${path.join(dir, 'opened.txt')}` } });
    await s.waitForText('link one');
    await s.keys('N');
    expect(s.status()).toContain('https://example.org/cve'); // the last link: a bare URL in the tokens of the CVE shape
    await s.keys('N');
    expect(s.status()).toContain('https://example.org/bel');
    expect(s.cellOf('link two').isInverse()).toBeTruthy();
    await s.keys('\t');
    expect(s.status()).toContain('https://example.org/cve'); // the next link on the screen
    await s.keys('N', 'N');
    expect(s.status()).toContain('https://example.org/osc');
    await s.keys('v');
    expect(s.rows()[0]).toBe('Link text: link one');
    expect(s.screen()).toContain('Goes to:   https://example.org/osc');
    await s.keys('x', '>', `echo "$LINK" > ${out}`, '\r');
    await s.waitFor(() => fs.existsSync(out) && fs.readFileSync(out, 'utf8').length > 0, 'the command to run');
    expect(fs.readFileSync(out, 'utf8')).toBe('https://example.org/osc\n');
    await s.waitForText('[done]');
    await s.keys(' ', '\r');
    const opened = path.join(dir, 'opened.txt');
    await s.waitFor(() => fs.existsSync(opened) && fs.readFileSync(opened, 'utf8').length > 0, 'the browser to run');
    expect(fs.readFileSync(opened, 'utf8')).toBe('opened https://example.org/osc\n');
  });

  it('a bare URL cut across rows by the wrap is one link', async () => {
    const url = 'https://example.org/a/long/path/that/does/not/fit/on/one/row/of/forty/columns';
    const s = Session.shell(`printf '\\033[2mlog:\\033[m see ${url} now\\n' | ${lwlShell}`, { cols: 40 });
    // Word wrap puts the URL on a row of its own, then cuts it by cells.
    await s.waitForText('log: see');
    await s.keys('n');
    expect(s.status()).toContain(url.slice(0, 30));
    const start = s.rows().findIndex((r) => r.includes('https'));
    expect(s.cell(start, s.column(start, 'https')).isInverse()).toBeTruthy();
    expect(s.cell(start + 1, 0).isInverse()).toBeTruthy(); // the same link, on the next row
    expect(s.cellOf('now').isInverse()).toBeFalsy();
    await s.keys('n');
    expect(s.status()).toBe('No more'); // one link, not one a row
  });
});
