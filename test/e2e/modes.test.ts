// Search, link stepping, preview, fork, exec, follow and back, as a user sees them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, colsFor, lwlShell, root } from './session.ts';

const open = Session.lwl;

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-e2e-'));
}

/** Waits until a file exists and has content. */
async function fileText(file: string, s: Session): Promise<string> {
  await s.waitFor(() => fs.existsSync(file) && fs.readFileSync(file, 'utf8').length > 0, `${file} to be written`);
  return fs.readFileSync(file, 'utf8');
}

describe('search', () => {
  it('counts the matches, shows the current one in reverse, and walks them with n and N', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 1 of');
    await s.keys('/');
    expect(s.status()).toBe('/');
    await s.press('line 7');
    await s.waitFor((x) => x.status() === '/line 7', 'the typed query');
    await s.keys('\r');
    expect(s.status()).toBe('match 1 of 111');
    // On the top row, as less's -j default puts a match.
    expect(s.rows()[0]).toBe('line 7 of a thousand numbered lines');
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    expect(s.cell(0, 0).getFgColor()).toBe(2);
    await s.keys('n');
    expect(s.status()).toBe('match 2 of 111');
    expect(s.rows()[0]).toBe('line 70 of a thousand numbered lines');
    expect(s.cell(0, 0).isInverse()).toBeTruthy();
    // The other matches on screen are green, not inverse.
    expect(s.rows()[1]).toBe('line 71 of a thousand numbered lines');
    expect(s.cell(1, 0).isInverse()).toBeFalsy();
    expect(s.cell(1, 0).getFgColor()).toBe(2);
    await s.keys('N');
    expect(s.status()).toBe('match 1 of 111');
    expect(s.rows()[0]).toBe('line 7 of a thousand numbered lines');
  });

  it('searches backward with ?, and says when nothing matches', async () => {
    const s = open(['test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 1 of');
    // From the bottom, ? searches from the top of the screen up: lines 990-999 are on
    // screen and skipped, as in less.
    await s.keys('G', '?', 'line 99', '\r');
    expect(s.status()).toBe('match 1 of 11');
    expect(s.rows()).toContain('line 99 of a thousand numbered lines');
    await s.keys('N');
    expect(s.status()).toBe('match 2 of 11');
    expect(s.rows()).toContain('line 990 of a thousand numbered lines');
    await s.keys('/', 'xyzzy', '\r');
    expect(s.status()).toBe('Pattern not found');
  });

  it('types Korean, scrolls a long line sideways and reports a bad regex', async () => {
    const s = open(['samples/wide.txt'], { cols: 30 });
    await s.waitForText('Characters');
    // A caseless non-ASCII query runs as a regex, in a worker: wait for its answer.
    await s.keys('/', '한글은', '\r');
    await s.waitFor((x) => x.status() === 'match 1 of 1', 'the match');
    await s.keys('/', 'a'.repeat(40));
    // The line scrolls sideways: the end of it and the cursor stay in view (the keys may come in more than one read).
    await s.waitFor((x) => x.status() === '/' + 'a'.repeat(27), 'the end of the line typed');
    expect(s.term.buffer.active.cursorX).toBe(28);
    // Typed at once, `re:` is looked for on the way (in a worker, which may not answer soon): the screen tells.
    await s.keys('\x15');
    await s.press('re:(\r');
    await s.waitFor((x) => /^Bad pattern: /.test(x.status()), 'the bad pattern reported');
  });
});

describe('links', () => {
  it('steps through links with the target on the status line, and previews one', async () => {
    const s = open(['samples/bro-page.md'], { cols: 80, rows: 24 });
    await s.waitForText('Retrieved from');
    expect(s.status()).toBe(': samples/bro-page.md  lines 1-22 of 35 (64%)');
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/guide/intro.html');
    await s.keys('n', 'n');
    expect(s.status()).toBe(': https://example.org/guide/contents.html');
    const row = s.rows().findIndex((r) => r.includes('[Contents]'));
    expect(s.cell(row, s.column(row, '[Contents]')).isInverse()).toBeTruthy();
    expect(s.cell(row, s.column(row, '[Example Guide]')).isInverse()).toBeFalsy();
    await s.keys('v');
    expect(s.rows()[0]).toBe('Link text: Contents');
    expect(s.rows()[1]).toBe('Written:   contents.html');
    expect(s.rows()[2]).toBe('Goes to:   https://example.org/guide/contents.html');
    expect(s.rows()[3]).toBe('Host:      example.org');
    await s.keys('x');
    expect(s.rows()[0]).toMatch(/^Retrieved from/);
  });

  it('warns in the preview when the text names another host than the target', async () => {
    const s = open(['samples/bro-page.md']);
    await s.waitForText('Retrieved from');
    // ESC-u ends the search: Tab walks links.
    await s.keys('/', 'bank.example', '\r', '\x1bu', 'G');
    // Select the misleading link on screen with Tab until the status line shows its host.
    for (let i = 0; i < 12 && !s.status().includes('evil.test'); i++) await s.keys('\t');
    expect(s.status()).toContain('bank-example.evil.test');
    await s.keys('v');
    expect(s.screen()).toContain('Warning:   the link\'s text looks like bank.example.com but it goes to');
  });

  it('shows a link that does not parse in its own style, and says why it cannot be followed', async () => {
    const s = open(['samples/bro-page.md']);
    await s.waitForText('Retrieved from');
    await s.keys('G');
    const row = s.rows().findIndex((r) => r.includes('[a broken one]'));
    const col = s.column(row, '[a broken one]');
    expect(s.cell(row, col).getFgColor()).toBe(5);
    for (let i = 0; i < 12 && !s.status().startsWith(': cannot follow'); i++) await s.keys('\t');
    expect(s.status()).toMatch(/^: cannot follow: /);
    await s.keys('\r');
    expect(s.status()).toMatch(/^Cannot follow this link: /);
  });

  it('jumps to a fragment defined in the page, and says when one is not', async () => {
    const s = open(['samples/bro-page.md']);
    await s.waitForText('Retrieved from');
    // Select the [2] link in the contents, and follow it.
    for (let i = 0; i < 12 && !s.status().endsWith('#section-2'); i++) await s.keys('n');
    await s.keys('\r');
    expect(s.rows()).toContain('## [2]. Reading links');
    await s.keys('g');
    for (let i = 0; i < 30 && !s.status().endsWith('#missing-anchor'); i++) await s.keys('\t');
    await s.keys('\r');
    expect(s.status()).toBe('#missing-anchor is not defined in this document');
  });

  it('says why a local file cannot be opened, and Backspace with nothing behind says so', async () => {
    const url = `file://${root}/samples/second.md`;
    const cannot = `Cannot open ${url}: No such file or directory`;
    const s = open(['samples/markup.lwl'], { cols: colsFor([cannot], 120) }); // room for the message whatever the folder's name
    await s.waitForText('The lwl markup');
    await s.keys('n', 'n');
    expect(s.status()).toBe(`: ${url}`);
    await s.keys('\r');
    expect(s.status()).toBe(cannot);
    await s.keys('\x7f');
    expect(s.status()).toBe('No previous document');
  });

  it('opens a relative link to another sample, and Backspace comes back to the same place', async () => {
    const target = `: file://${root}/samples/markup.lwl`;
    const s = open(['samples/tour.md'], { cols: colsFor([target]) });
    await s.waitForText('Welcome');
    await s.keys('5j');
    const before = s.rows();
    for (let i = 0; i < 5 && !s.status().endsWith('/samples/markup.lwl'); i++) await s.keys('n');
    expect(s.status()).toBe(target);
    await s.keys('\r');
    expect(s.rows()[0]).toBe('The lwl markup, in the original\'s test cases (in our own words).');
    await s.keys('j', '\x7f');
    expect(s.rows()).toEqual([...before.slice(0, 23), target]);
  });
});

describe('fork and exec', () => {
  it('runs a command with $LINK, hands the terminal over, and resumes where it was', async () => {
    const dir = tempDir();
    const out = path.join(dir, 'link.txt');
    const s = open(['samples/bro-page.md']);
    await s.waitForText('Retrieved from');
    await s.keys('j', 'n');
    const before = s.rows();
    await s.keys('>', `echo "$LINK" > ${out}; echo ran`, '\r');
    expect(await fileText(out, s)).toBe('https://example.org/\n');
    // The command wrote too: the screen tells.
    await s.waitFor((x) => x.screen().includes('[done]'), 'the command ended');
    expect(s.onAlternateScreen).toBe(false);
    expect(s.screen()).toContain('ran');
    await s.keys(' ');
    expect(s.onAlternateScreen).toBe(true);
    expect(s.rows()).toEqual(before);
    expect(s.status()).toBe(': https://example.org/');
  });

  it('shows a failing command\'s exit status', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome');
    await s.keys('>', 'exit 4', '\r');
    await s.waitForText('[process terminated, exit status 4]');
  });

  it('runs an interactive lwl inside lwl', async () => {
    const s = open(['samples/tour.md']);
    await s.waitForText('Welcome');
    // The lwl inside reads its own keys (and says when it is idle too): the screen tells.
    await s.keys('>', `${lwlShell} samples/markup.lwl`);
    await s.press('\r');
    await s.waitFor((x) => x.screen().includes('The lwl markup'), 'the lwl inside');
    await s.press('q', { lwlReads: false });
    await s.waitFor((x) => x.screen().includes('[done]'), 'the command ended');
    await s.keys('q');
    await s.waitFor((x) => x.rows()[0] === 'Welcome to lwl, less with links.', 'the tour again');
  });

  it('runs less inside lwl, even when lwl reads a pipe', async () => {
    const s = Session.shell(`cat samples/tour.md | ${lwlShell}`, { env: { LESSHISTFILE: '-' } });
    await s.waitForText('Welcome');
    await s.keys('>', 'less samples/markup.lwl');
    await s.press('\r');
    await s.waitFor((x) => x.screen().includes('The lwl markup'), 'less');
    await s.press('q', { lwlReads: false });
    await s.waitFor((x) => x.screen().includes('[done]'), 'the command ended');
    await s.keys('q');
    // A pipe is plain text: the Markdown source, as written.
    await s.waitFor((x) => x.rows()[0] === '# Welcome to lwl, less with links.', 'the tour again');
  });

  it('exec ends lwl with the command\'s exit status', async () => {
    const s = Session.shell(`${lwlShell} samples/tour.md; echo "status $?"`);
    await s.waitForText('Welcome');
    await s.keys('!', 'exit 3', '\r');
    await s.waitForText('status 3');
    expect(s.onAlternateScreen).toBe(false);
  });
});

describe('LINK only ever reaches a command through the environment', () => {
  const hostile = [
    ['quotes', 'x"; touch PWNED1; "'],
    ['command substitution', '$(touch$IFS$PWD/PWNED2)'],
    ['backticks', '`touch PWNED3`'],
    ['semicolons', 'a;touch$IFS$PWD/PWNED4;'],
    ['an encoded newline', 'a%0Atouch PWNED5%0A'],
  ];

  it.each(hostile)('a link with %s runs nothing but the typed command', async (_name, href) => {
    const dir = tempDir();
    const doc = path.join(dir, 'doc.lwl');
    fs.writeFileSync(doc, `[hostile](https://example.org/${href})\n`);
    const expected = (await import('../../src/link/url/index.ts')).parseUrl(`https://example.org/${href}`);
    const s = open([doc], { cwd: dir });
    await s.waitForText('[hostile]');
    await s.keys('n', '>', 'printf "%s\\n" "$LINK" > out.txt', '\r');
    const out = await fileText(path.join(dir, 'out.txt'), s);
    expect(out).toBe(expected.ok ? (await import('../../src/link/url/index.ts')).serializeUrl(expected.url) + '\n' : '\n');
    await s.keys(' ');
    expect(fs.readdirSync(dir).sort()).toEqual(['doc.lwl', 'out.txt']);
  });

  it('hands a link to the browser command through $LINK too', async () => {
    const dir = tempDir();
    const doc = path.join(dir, 'doc.lwl');
    fs.writeFileSync(doc, `[hostile](https://example.org/$(touch$IFS$PWD/PWNED);x)\n`);
    const s = open([doc], { cwd: dir, env: { LWL_BROWSER: 'printf "opened %%s\\n" %s > opened.txt' } });
    await s.waitForText('[hostile]');
    await s.keys('n', '\r');
    expect(await fileText(path.join(dir, 'opened.txt'), s)).toBe('opened https://example.org/$(touch$IFS$PWD/PWNED);x\n');
    expect(fs.readdirSync(dir).sort()).toEqual(['doc.lwl', 'opened.txt']);
  });

  it('says so when there is no browser to open a link lwl does not load itself with', async () => {
    // (An http(s) link loads in lwl then: test/e2e/browse.test.ts.)
    const doc = path.join(tempDir(), 'doc.lwl');
    fs.writeFileSync(doc, '[mail](mailto:someone@example.org)\n');
    const s = open([doc], { env: { PATH: '/nonexistent' } });
    await s.waitForText('[mail]');
    await s.keys('n', '\r');
    expect(s.status()).toBe('No browser to open the link with: set LWL_BROWSER or BROWSER');
  });
});
