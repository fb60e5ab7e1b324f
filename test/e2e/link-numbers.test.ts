// Getting to a link (issue 26): # numbers every link ([12], in the link
// colour, part of the layout: the columns after it move, the text does not
// change); a number then Enter follows that link, a number then g still goes
// to a line; a search selects the link its match is in; L lists the page's
// links and V the session's pages, as pages of links.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, colsFor, root } from './session.ts';
import { startServer } from '../http-server.ts';

const python = path.join(root, 'test/e2e/fixtures/python-functions.html');
const numbered = path.join(root, 'test/e2e/fixtures/numbered.txt');

/** A Markdown page with three links (two to local pages, one of them at the end of a wrapped line), and the pages they lead to. */
function pages(): { dir: string; page: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-numbers-'));
  fs.writeFileSync(
    path.join(dir, 'page.md'),
    '# Links test\n\nSee [the tutorial](tutorial.md) and [the reference](https://example.com/ref) first.\n\nA line that is long enough to wrap, its last words a [wrapped link](other.md) here.\n',
  );
  fs.writeFileSync(path.join(dir, 'tutorial.md'), '# Tutorial page\n\nOn to [the other page](other.md).\n');
  fs.writeFileSync(path.join(dir, 'other.md'), '# The other page\n\nThe end.\n');
  return { dir, page: path.join(dir, 'page.md') };
}

async function open(file: string, first: string, cols = 60): Promise<Session> {
  const s = Session.lwl([file], { cols, rows: 16 });
  await s.waitForText(first);
  return s;
}

/** The row holding `text`, and its column there. */
function where(s: Session, text: string): [number, number] {
  const row = s.rows().findIndex((r) => r.includes(text));
  if (row < 0) throw new Error(`${JSON.stringify(text)} is not on the screen:\n${s.screen()}`);
  return [row, s.rows()[row].indexOf(text)];
}

/** The foreground colour of the cell at (row, col). */
const colour = (s: Session, [row, col]: [number, number]) => s.cell(row, col).getFgColor();

describe('# (link numbers)', () => {
  it('numbers the links of an HTML page in their place, in the link colour; # again hides them', async () => {
    const s = await open(python, 'Built-in Functions', 80);
    const before = s.rows();
    const link = where(s, 'asynchronous iterator');
    const linkColour = colour(s, link);
    expect(linkColour).not.toBe(colour(s, where(s, 'Return an')));
    await s.keys('#');
    expect(s.status()).toBe('Link numbers on (#): a number then Enter follows that link');
    // Where the link began, its number; the link and all after it move right by the number's cells.
    expect(s.rows()[link[0]]).toBe('    Return an [4]asynchronous iterator for an [5]asynchronous iterable. '); // a row written over one, its last space too
    expect(where(s, '[4]')).toEqual(link);
    for (let k = 0; k < 3; k++) expect(colour(s, [link[0], link[1] + k])).toBe(linkColour);
    expect(where(s, 'asynchronous iterator')).toEqual([link[0], link[1] + 3]);
    expect(s.rows()[0]).toBe('Built-in Functions[1]¶');
    await s.keys('#');
    expect(s.status()).toBe('Link numbers off');
    // As before (a row written over another keeps its last plain space, one written over a blank row does not: they look the same).
    const seen = (rows: string[]) => rows.slice(0, -1).map((row) => row.trimEnd());
    expect(seen(s.rows())).toEqual(seen(before));
  });

  it('numbers a Markdown page\'s links, a wrapped line\'s too, and a number then Enter follows that link', async () => {
    const { page } = pages();
    const s = await open(page, 'Links test');
    // The link's first word ends the row; its number would not fit there, and goes down with it.
    expect(s.rows().slice(2, 6)).toEqual(['See the tutorial and the reference first.', '', 'A line that is long enough to wrap, its last words a wrapped', 'link here.']);
    await s.keys('#');
    expect(s.rows().slice(2, 6)).toEqual(['See [1]the tutorial and [2]the reference first.', '', 'A line that is long enough to wrap, its last words a ', '[3]wrapped link here.']);
    expect(colour(s, [5, 0])).toBe(colour(s, [5, 3]));
    expect(colour(s, [2, 4])).toBe(colour(s, [2, 7]));
    await s.keys('3', '\r');
    await s.waitForText('The other page');
    // Back, the numbers still show (they are lwl's, not the page's); 1 Enter is the first link.
    await s.keys('\x7f');
    expect(s.rows()[2]).toBe('See [1]the tutorial and [2]the reference first.');
    await s.keys('1', '\r');
    await s.waitForText('Tutorial page');
    expect(s.rows()[2]).toBe('On to [1]the other page.');
  });

  it('says which numbers there are, and a number then g still goes to that line', async () => {
    const { page } = pages();
    const s = await open(page, 'Links test');
    await s.keys('#', '9', '\r');
    expect(s.status()).toBe('No link [9]: this page has 3 links');
    const lines = await open(numbered, 'line 1 of');
    await lines.keys('#', '4', '2', 'g');
    expect(lines.rows()[0]).toBe('line 42 of a thousand numbered lines');
    await lines.keys('1', '\r');
    expect(lines.status()).toBe('No link [1]: this page has no links');
  });
});

describe('a search', () => {
  it('selects the link its match is in, so Enter follows it (Markdown)', async () => {
    const { page } = pages();
    const s = await open(page, 'Links test');
    await s.keys('/', ...'tutor', '\r');
    await s.keys('\r');
    await s.waitForText('Tutorial page');
  });

  it('selects the link its match is in, so Enter follows it (HTML)', async () => {
    const s = await open(python, 'Built-in Functions', 80);
    await s.keys('/', ...'asynchronous iterable', '\r');
    // Once the match's message is gone (^L), the status line names where the selected link goes.
    await s.keys('\x0c');
    expect(s.status()).toMatch(/^: file:\/\/.*glossary\.html#term-asynchronous-iterable$/);
    await s.keys('\r');
    expect(s.status()).toMatch(/^Cannot open file:\/\/.*\/glossary\.html#term-asynchronous-it/);
  });
});

describe('L and V (pages of links)', () => {
  it('L lists the page\'s links, number, text and URL, each a link: Enter follows, Backspace returns', async () => {
    const { dir, page } = pages();
    const s = await open(page, 'Links test', 100);
    await s.keys('L');
    const url = (name: string) => `file://${dir}/${name}`;
    expect(s.rows().slice(0, 5)).toEqual([
      `Links of ${page}: 3 links (Enter follows one, Backspace returns)`,
      '',
      `1 the tutorial  ${url('tutorial.md')}`,
      '2 the reference  https://example.com/ref',
      `3 wrapped link  ${url('other.md')}`,
    ]);
    await s.keys('\x7f');
    expect(s.rows()[0]).toBe('Links test');
    await s.keys('L', '\t', '\t', '\t', '\r');
    await s.waitForText('The other page');
    await s.keys('\x7f');
    expect(s.rows()[2]).toBe(`1 the tutorial  ${url('tutorial.md')}`);
    // q goes back from it too, as from the help.
    await s.keys('q');
    expect(s.rows()[0]).toBe('Links test');
  });

  it('L\'s link to a place in the page listed goes back to the page, at that place', async () => {
    const s = await open(python, 'Built-in Functions', colsFor([python], 160));
    await s.keys('L');
    expect(s.rows()[9]).toBe(` 8 ¶  file://${python}#all`);
    await s.keys('#', '8', '\r');
    expect(s.rows()[0]).toBe('all(iterable)[8]¶');
    // The list was left as Backspace leaves it: Backspace now goes on from the page.
    await s.keys('\x7f');
    expect(s.status()).toBe('No previous document');
  });

  it('V lists the pages of the session after two links followed, each a link', async () => {
    const { dir, page } = pages();
    const s = await open(page, 'Links test', 100);
    await s.keys('#', '1', '\r');
    await s.waitForText('Tutorial page');
    await s.keys('1', '\r');
    await s.waitForText('The other page');
    await s.keys('#', 'V');
    const url = (name: string) => `file://${dir}/${name}`;
    expect(s.rows().slice(0, 5)).toEqual([
      'History of this session: 3 pages, the oldest first (Enter loads one, Backspace returns)',
      '',
      `1 ${url('page.md')}`,
      `2 ${url('tutorial.md')}`,
      `3 ${url('other.md')}  (this page)`,
    ]);
    await s.keys('\t', '\r');
    await s.waitForText('See the tutorial');
    await s.keys('\x7f');
    expect(s.rows()[0]).toMatch(/^History of this session/);
  });

  it('a web page\'s list is followed as from the page: its file: link asks first; V names the web page', async () => {
    const server = await startServer();
    try {
      const s = Session.lwl([`${server.origin}/passwd-link.html`], { cols: 100, env: { PATH: '/usr/bin:/bin', LWL_BROWSER: '', BROWSER: '' } });
      await s.waitForText('the users');
      await s.keys('L');
      expect(s.rows()[2]).toBe('1 the users  file:///etc/passwd');
      await s.keys('\t', '\r');
      expect(s.status()).toBe('This web page links to a file on this machine, file:///etc/passwd: open it? (y/n)');
      await s.keys('n');
      expect(s.status()).toBe('Not opened');
      await s.keys('\x7f', 'V');
      expect(s.rows()[2]).toBe(`1 ${server.origin}/passwd-link.html  (this page)`);
    } finally {
      await server.close();
    }
  });
});
