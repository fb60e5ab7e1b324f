// Man pages as hypertext (issue 25): a reference `name(section)` in plain
// text is a link once man says it has the page (man -w, in the background),
// Enter opens the page in this lwl (man -P cat, overstrike kept), Backspace
// comes back; `lwl man:NAME` and `:e man:NAME` open one; a page man has not
// stays text. The pages are the tests' own, as man-db formatted them
// (fixtures/man-pages), served by a stand-in man on PATH, so that no man need
// be installed; a second stand-in records what it is asked, so that its
// arguments are seen as given.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Session, fg } from './session.ts';

const BLUE = 4;

/**
 * A directory holding a stand-in man on PATH that has the pages man printed for lwltest(1) and
 * lwlother(1) (fixtures/man-pages, captured from man-db: real formatting, overstruck bold), and
 * `refs.txt`, text naming them and nosuchpage(1): `-w` answers for a page it has, `-P cat` prints it,
 * and a page it has not gets man's own words.
 */
function manDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-man-'));
  const pages = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/man-pages');
  fs.writeFileSync(
    path.join(dir, 'man'),
    `#!/bin/sh
# man -w -- NAME.SECTION, or man -P cat -- NAME[.SECTION]: the last argument names the page.
for page; do :; done
file=$(ls '${pages}'/"$page" '${pages}'/"$page".* 2>/dev/null | head -n 1)
[ -n "$file" ] || { echo "No manual entry for $page" >&2; exit 16; }
[ "$1" = -w ] && { echo "$file"; exit 0; }
cat "$file"
`,
    { mode: 0o755 },
  );
  fs.writeFileSync(path.join(dir, 'refs.txt'), 'first nosuchpage(1), then lwltest(1).\n');
  return dir;
}

/** Waits until `text` is drawn as a link (the check has answered). */
const linked = (s: Session, text: string) => s.waitFor((x) => x.screen().includes(text) && fg(x.cellOf(text)) === BLUE, `${text} drawn as a link`);

describe("man pages as hypertext, with man's own formatting", () => {
  it('a reference man has is a link, Enter opens the page formatted (bold kept), Backspace comes back; one it has not is text', async () => {
    const dir = manDir();
    const s = Session.lwl([path.join(dir, 'refs.txt')], { env: { PATH: `${dir}:${process.env.PATH}` } });
    await linked(s, 'lwltest(1)');
    expect(fg(s.cellOf('nosuchpage(1)'))).toBe(-1);
    // Tab steps to the only link drawn as one, and stays there.
    await s.keys('\t');
    expect(s.cellOf('lwltest(1)').isInverse()).toBeTruthy();
    await s.keys('\t');
    expect(s.cellOf('lwltest(1)').isInverse()).toBeTruthy();
    await s.keys('\r');
    await s.waitForText("lwltest - a manual page made for lwl's tests");
    expect(s.cellOf('NAME').isBold()).toBeTruthy();
    expect(s.rows()[0]).toMatch(/^LWLTEST\(1\) +lwl tests +LWLTEST\(1\)$/);
    // Its own SEE ALSO: the page man has is a link, the other text.
    await linked(s, 'lwlother(1)');
    expect(fg(s.cellOf('nosuchpage(1)'))).toBe(-1);
    await s.keys('\x7f');
    await s.waitForText('first nosuchpage(1), then lwltest(1).');
  });

  it('lwl man:NAME and :e man:NAME(SECTION) open pages', async () => {
    const dir = manDir();
    const s = Session.lwl(['man:lwltest'], { env: { PATH: `${dir}:${process.env.PATH}` } });
    await s.waitForText("lwltest - a manual page made for lwl's tests");
    await s.keys(':', 'e', ...'man:lwlother(1)', '\r');
    await s.waitForText("lwlother - a manual page made for lwl's tests");
    await s.keys(':', 'e', ...'man:nosuchpage', '\r');
    await s.waitFor((x) => x.status().includes('No manual entry for nosuchpage'), "man's word for a page it has not");
  });
});

describe('man pages as hypertext, with a stand-in man that records its arguments', () => {
  /** A man on PATH that has lwlpage(1) only: `-w` answers for it, `-P cat -- lwlpage.1` prints it struck over; every call is logged, one argument a line. */
  function fakeMan(): { dir: string; log: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-fake-man-'));
    const log = path.join(dir, 'calls');
    const bold = (word: string) => [...word].map((c) => `${c}\\b${c}`).join('');
    fs.writeFileSync(
      path.join(dir, 'man'),
      `#!/bin/sh
# One write per call: two checks run at once, and their records must not interleave.
rec=$(printf '%s\\n' "$@"; echo "MAN_KEEP_FORMATTING=$MAN_KEEP_FORMATTING")
printf '%s\\n---\\n' "$rec" >> "${log}"
if [ "$1" = -w ]; then [ "$3" = lwlpage.1 ] && echo /fake/lwlpage.1; [ "$3" = lwlpage.1 ]; exit; fi
[ "$4" = lwlpage.1 ] || { echo "No manual entry for $4" >&2; exit 16; }
printf '${bold('NAME')}\\n       lwlpage - the stand-in page\\n'
`,
      { mode: 0o755 },
    );
    fs.writeFileSync(path.join(dir, 'refs.txt'), 'see lwlpage(1) and $(touch PWNED)x(1) and nothere(8)\n');
    return { dir, log };
  }

  it('man is asked once per page with -w, then runs as man -P cat -- NAME.SECTION with MAN_KEEP_FORMATTING=1, no shell between', async () => {
    const { dir, log } = fakeMan();
    const s = Session.lwl([path.join(dir, 'refs.txt')], { cwd: dir, env: { PATH: `${dir}:${process.env.PATH}` } });
    await linked(s, 'lwlpage(1)');
    await s.keys('\t', '\r');
    await s.waitForText('lwlpage - the stand-in page');
    expect(s.cellOf('NAME').isBold()).toBeTruthy();
    const calls = fs.readFileSync(log, 'utf8').split('---\n').filter((c) => c !== '');
    expect(calls.filter((c) => c.startsWith('-w\n')).sort()).toEqual(['-w\n--\nlwlpage.1\nMAN_KEEP_FORMATTING=\n', '-w\n--\nnothere.8\nMAN_KEEP_FORMATTING=\n', '-w\n--\nx.1\nMAN_KEEP_FORMATTING=\n']);
    expect(calls.filter((c) => c.startsWith('-P\n'))).toEqual(['-P\ncat\n--\nlwlpage.1\nMAN_KEEP_FORMATTING=1\n']);
    expect(fs.existsSync(path.join(dir, 'PWNED'))).toBe(false);
    await s.keys('\x7f');
    await s.waitForText('see lwlpage(1)');
  });

  it('secure mode asks man nothing: every reference is text', async () => {
    const { dir, log } = fakeMan();
    const s = Session.lwl([path.join(dir, 'refs.txt')], { env: { PATH: `${dir}:${process.env.PATH}`, LESSSECURE: '1' } });
    await s.waitForText('see lwlpage(1)');
    await s.keys('\t');
    expect(s.status()).toBe('No links on screen');
    expect(fs.existsSync(log)).toBe(false);
  });
});
