// lwl as a drop-in less (issue 25): the LESS a less user has pages the text
// (git's pager and man's too), LESSSECURE, -j's row, less's search habits, G
// on a file that grew, and a missing file among several.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlShell, root } from './session.ts';

const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');
const line = (n: number) => `line ${n} of a thousand numbered lines`;

/** Waits until row `row` shows `text` (a search's answer may come from a worker, after the key's frame). */
const showsAt = (s: Session, row: number, text: string) => s.waitFor((x) => x.rows()[row] === text, `${JSON.stringify(text)} on row ${row}`);

/** lwl run with these arguments, once its first screen is up. */
async function paged(args: string[], opts: Parameters<typeof Session.lwl>[1] = {}): Promise<Session> {
  const s = Session.lwl(args, opts);
  await s.waitForText(line(23));
  return s;
}

describe('any LESS a less user has', () => {
  // From real dotfiles: see test/options.test.ts for each one's origin.
  const strings = ['-R --use-color -Dd+r$Du+b', '-FRXK', '-iMRSx4 --mouse', '--RAW-CONTROL-CHARS --quit-if-one-screen --no-init', '-XRF --tabs=4 -j.5', '-M -j5 -R'];
  it.each(strings)('LESS=%j pages the file, quietly', async (less) => {
    const s = await paged([numbered], { env: { LESS: less } });
    expect(s.status()).not.toMatch(/option|lwl:/);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it("git log through lwl with LESS='-R --use-color': the log pages, in its colours, and q ends it with status 0", async () => {
    const s = Session.shell(`cat test/e2e/fixtures/git-log-p.txt | LESS='-R --use-color' ${lwlShell}; echo "status $?"`);
    await s.waitForText('commit bf0ea47a010e016ff120e4dc319522fb56e4689f');
    // git's yellow commit line keeps its colour.
    expect(s.cellOf('commit bf0ea47a').getFgColor()).toBe(3);
    expect(s.output).not.toContain('unknown option');
    await s.keys('q');
    await s.waitFor((x) => x.output.includes('status 0'), 'the status');
  });

  it("man ls through lwl with man's own LESS and --use-color (a captured page piped in, MAN_PN set)", async () => {
    const less = '-ix8RmPm Manual page ls(1) ?ltline %lt?L/%L.:byte %bB?s/%s..?e (END):?pB %pB\\%.. (press h for help or q to quit)$PM Manual page ls(1) ?ltline %lt?L/%L.:$ --use-color';
    const s = Session.shell(`cat test/e2e/fixtures/man-ls.txt | LESS='${less}' MAN_PN='ls(1)' ${lwlShell}; echo "status $?"`);
    await s.waitForText('ls - list directory contents');
    expect(s.cellOf('NAME').isBold()).toBeTruthy();
    await s.keys('q');
    await s.waitFor((x) => x.output.includes('status 0'), 'the status');
    expect(s.output).not.toContain('unknown option');
  });

  it('an option neither less nor lwl has, in LESS: said on the status line, and the file pages', async () => {
    const s = await paged([numbered], { env: { LESS: '-R --frobnicate' } });
    expect(s.status()).toBe("lwl: unknown option '--frobnicate' (in LESS)");
  });
});

describe('LESSSECURE', () => {
  it('LESSSECURE=1 is secure mode: ! runs nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-lesssecure-'));
    const s = await paged([numbered], { cwd: dir, env: { LESSSECURE: '1' } });
    await s.keys('!');
    expect(s.status()).toBe('! is disabled in secure mode');
    await s.keys(...'echo INSECURE > ran', '\r');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('LESSSECURE_ALLOW=shell allows > (and ! with --less-keys), and only that: | stays off', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-lesssecure-'));
    const s = await paged(['--less-keys', numbered], { cwd: dir, env: { LESSSECURE: '1', LESSSECURE_ALLOW: 'shell,osc8' } });
    await s.keys('!', ...'echo ALLOWED > ran', '\r');
    await s.waitForText('[done]');
    expect(fs.readFileSync(path.join(dir, 'ran'), 'utf8')).toBe('ALLOWED\n');
    await s.keys('\r');
    await s.waitForText(line(23));
    await s.keys('|');
    expect(s.status()).toBe('| is disabled in secure mode');
  });
});

describe("a search's row: less's -j", () => {
  it('puts the match on the top row by default, and n the next one there', async () => {
    const s = await paged([numbered]);
    await s.keys('/', ...'line 500 ', '\r');
    await showsAt(s, 0, line(500));
    await s.keys('g', '/', ...'line 6', '\r');
    await showsAt(s, 0, line(6));
    await s.keys('n');
    await showsAt(s, 0, line(60));
  });

  it('-j5 on the fifth row, -j-1 on the last, -j.5 half way down', async () => {
    for (const [j, row] of [['-j5', 4], ['-j-1', 22], ['-j.5', 11]] as const) {
      const s = await paged([j, numbered]);
      await s.keys('/', ...'line 500 ', '\r');
      await showsAt(s, row, line(500));
    }
  });
});

describe("less's search habits", () => {
  it('/ then Enter searches for the last pattern again; ESC-u ends the search', async () => {
    const s = await paged([numbered]);
    await s.keys('/', ...'0 of', '\r');
    await showsAt(s, 0, line(10));
    await s.keys('/', '\r');
    await showsAt(s, 0, line(20));
    await s.keys('\x1bu');
    expect(s.status()).toBe('Search ended');
  });

  it('&!pattern shows the lines that do not match', async () => {
    const s = await paged([numbered]);
    await s.keys('&', ...'!0 of', '\r');
    await s.waitForText(line(11));
    expect(s.rows().slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11].map(line));
  });

  it('--regex-search: /^line 7.. o is a regular expression, as in less', async () => {
    const s = await paged(['--regex-search', numbered]);
    await s.keys('/', ...'^line 7.. o', '\r');
    await showsAt(s, 0, line(700));
  });
});

describe('G on a file that grew', () => {
  it('reads what was appended, as less does, and a search then finds it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-grown-'));
    const file = path.join(dir, 'g.log');
    fs.writeFileSync(file, Array.from({ length: 40 }, (_, i) => `${i + 1}\n`).join(''));
    const s = Session.lwl([file]);
    await s.waitForText('23');
    await s.keys('G');
    expect(s.rows()[22]).toBe('40');
    fs.appendFileSync(file, '41\n42\n43\n44\n45\n');
    await s.keys('G');
    await s.waitFor((x) => x.rows()[22] === '45', '45 on the last row');
    await s.keys('g', '/', ...'45', '\r');
    await showsAt(s, 0, '23');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the match counted');
  });
});

describe('a missing file among several', () => {
  it('is said on the status line, and the next is paged; q ends with status 0', async () => {
    const s = Session.shell(`${lwlShell} /nonexistent/nonexist.txt ${numbered}; echo "status $?"`);
    await s.waitForText(line(23));
    expect(s.status()).toBe('/nonexistent/nonexist.txt: No such file or directory');
    await s.keys('q');
    await s.waitFor((x) => x.output.includes('status 0'), 'the status');
  });

  it('with none that opens, lwl ends with the error and status 1', async () => {
    const s = Session.shell(`${lwlShell} /nonexistent/a.txt /nonexistent/b.txt; echo "status $?"`);
    await s.waitFor((x) => x.output.includes('status 1'), 'the status');
    expect(s.output).toContain('lwl: /nonexistent/b.txt: No such file or directory');
  });
});

describe("less's keys", () => {
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-less-keys-'));

  it.each(['Q', 'ZZ', ':q'])('%s quits', async (keys) => {
    const s = await paged([numbered]);
    await s.keys(...keys);
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it("--less-keys: v runs $EDITOR with +LINE and the file's name as one argument each", async () => {
    const dir = scratch();
    const file = path.join(dir, 'a name with $(touch HACKED) and spaces.txt');
    fs.copyFileSync(numbered, file);
    const editor = path.join(dir, 'editor.sh');
    fs.writeFileSync(editor, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${dir}/args'\n`, { mode: 0o755 });
    const s = await paged(['--less-keys', file], { cwd: dir, env: { EDITOR: editor } });
    await s.keys('4', '1', 'g', 'v');
    await s.waitFor(() => fs.existsSync(path.join(dir, 'args')), 'the editor to run');
    await s.waitForText('[done]');
    expect(fs.readFileSync(path.join(dir, 'args'), 'utf8')).toBe(`+41\n${file}\n`);
    expect(fs.existsSync(path.join(dir, 'HACKED'))).toBe(false);
  });

  it('--less-keys: s saves the input to a file; | pipes the screen to a command', async () => {
    const dir = scratch();
    const s = Session.shell(`cat '${numbered}' | ${lwlShell} --less-keys`, { cwd: dir });
    await s.waitForText(line(23));
    // G and g: the whole input read, and back at the top.
    await s.keys('G');
    await s.waitForText(line(1000));
    await s.keys('g', 's', ...'saved.txt', '\r');
    await s.waitFor((x) => x.status() === 'Saved to saved.txt', 'the save');
    expect(fs.readFileSync(path.join(dir, 'saved.txt'), 'utf8')).toBe(fs.readFileSync(numbered, 'utf8'));
    // The screen: its 23 lines, from line 1.
    await s.keys('|', '.', ...'tee piped | wc -l > lines', '\r');
    await s.waitForText('[done]');
    expect(fs.readFileSync(path.join(dir, 'lines'), 'utf8').trim()).toBe('23');
    expect(fs.readFileSync(path.join(dir, 'piped'), 'utf8').split('\n')[0]).toBe(line(1));
  });
});

describe("file://HOST links, as ls --hyperlink writes them", () => {
  /** A listing as `ls --hyperlink=always` writes it: each name an OSC 8 link to file://HOST/path. */
  const listing = (host: string, file: string, name: string) => `\x1b]8;;file://${host}${file}\x1b\\${name}\x1b]8;;\x1b\\\n`;
  const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-file-host-'));

  it("a link naming this machine by its name opens the file; Backspace comes back", async () => {
    const dir = scratch();
    fs.writeFileSync(path.join(dir, 'note.txt'), 'the note itself\n');
    fs.writeFileSync(path.join(dir, 'listing'), listing(os.hostname(), path.join(dir, 'note.txt'), 'note.txt'));
    const s = Session.lwl([path.join(dir, 'listing')]);
    await s.waitForText('note.txt');
    await s.keys('\t', '\r');
    await s.waitForText('the note itself');
    await s.keys('\x7f');
    await s.waitForText('note.txt');
  });

  it("a link naming another machine is not followed, and says so", async () => {
    const dir = scratch();
    fs.writeFileSync(path.join(dir, 'listing'), listing('elsewhere.invalid', '/etc/hostname', 'hostname'));
    const s = Session.lwl([path.join(dir, 'listing')]);
    await s.waitForText('hostname');
    // Drawn as a broken link (magenta), not as a link to follow.
    expect(s.cellOf('hostname').getFgColor()).toBe(5);
    await s.keys('\t', '\r');
    expect(s.status()).toBe("Not followed: the file is on elsewhere.invalid, another machine");
  });
});

describe("program colours win over the link colour", () => {
  it("a diff's + and - lines keep their green and red on their URLs, underlined; a URL the program left uncoloured is in the link colour", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-colours-'));
    const diff = path.join(dir, 'diff');
    fs.writeFileSync(diff, '\x1b[32m+see https://example.org/new\x1b[m\n\x1b[31m-see https://example.org/old\x1b[m\n plain https://example.org/plain\n\x1b[1mbold https://example.org/bold\x1b[m\n');
    const s = Session.lwl([diff]);
    await s.waitForText('https://example.org/plain');
    /** The colour, and whether bold and underlined, of the first cell of `text`. */
    const look = (text: string) => {
      const cell = s.cellOf(text);
      return [cell.getFgColor(), Boolean(cell.isBold()), Boolean(cell.isUnderline())];
    };
    expect(look('example.org/new')).toEqual([2, false, true]);
    expect(look('example.org/old')).toEqual([1, false, true]);
    expect(look('example.org/plain')).toEqual([4, false, false]);
    // Bold, and no colour of its own: bold, underlined, in the link colour.
    expect(look('example.org/bold')).toEqual([4, true, true]);
    // The text around the URLs keeps the program's colours too.
    expect(look('+see')).toEqual([2, false, false]);
  });
});
