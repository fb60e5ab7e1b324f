// Hostile documents, hrefs and paths: nothing from them reaches the terminal
// raw, whatever the parse said and wherever lwl draws or prints them; long
// strings are laid out only as far as the screen reaches.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlCommand, root } from './session.ts';
import { foreignBytes } from './foreign.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-hostile-'));

function write(name: string, content: string | Buffer): string {
  const file = path.join(tmp(), name);
  fs.writeFileSync(file, content);
  return file;
}

/** The screen shows no foreign byte's effect: no title was set, nothing foreign in the raw output. */
function expectClean(s: Session): void {
  expect(foreignBytes(s.output)).toEqual([]);
  expect(s.title).toBe('');
}

const title = '\x1b]0;PWNED-TITLE\x07\x1b]52;c;cHduZWQ=\x07\x1b[2J';
const csi = '\u009b2J';
const bidi = '\u202e\u2066\u200f';

describe('document rows', () => {
  it('show controls, C1 and bidi controls as tokens', async () => {
    const file = write('hostile.txt', `title ${title} end\nc1 ${csi} end\nbidi ${bidi}x end\nzw a\u200bb end\n`);
    const s = Session.lwl([file]);
    await s.waitForText('zw');
    const rows = s.rows();
    expect(rows[0]).toBe('title <1b>]0;PWNED-TITLE<07><1b>]52;c;cHduZWQ=<07><1b>[2J end');
    expect(rows[1]).toBe('c1 <c29b>2J end');
    expect(rows[2]).toBe('bidi <U+202E><U+2066><U+200F>x end');
    expect(rows[3]).toBe('zw a<U+200B>b end');
    // Drawn in the token style, not as text.
    expect(s.cell(2, 5).isInverse()).toBeTruthy();
    expect(s.cell(3, 4).isInverse()).toBeTruthy();
    expectClean(s);
  });

  it('stay clean when the file is rewritten in place under lwl', async () => {
    const lines = Array.from({ length: 40000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const file = write('log.txt', lines);
    const s = Session.lwl([file]);
    await s.waitForText('line 1');
    // As `cat new > file`: the same file, new bytes, each line now hostile.
    const hostile = Array.from({ length: 40000 }, (_, i) => `evil ${i + 1} ${title}${csi}${bidi}`).join('\n') + '\n';
    fs.writeFileSync(file, hostile);
    // Whether the rows come back as the text parsed, as blanks (the change was seen) or as
    // tokens, nothing of the new bytes drives the terminal.
    await s.keys('G');
    await s.waitFor((x) => x.status().endsWith('(END)') || x.status().includes('changed since lwl read it'), 'the end');
    await s.keys('3', '5', '0', '0', '0', 'g', 'j', 'j', 'g');
    expectClean(s);
    expect(s.onAlternateScreen).toBe(true);
  });
});

describe('the status line and the preview', () => {
  const doc = [
    `[te\u202ext\u200b](https://x.example/p?q=${csi}${bidi})`,
    '',
    `[frag](#a\u009bb\u202ec)`,
    '',
  ].join('\n');

  it('show the link text and the href as written with <c29b> and <U+202E>', async () => {
    const s = Session.lwl([write('links.lwl', doc)]);
    await s.waitForText('[te');
    await s.keys('n', 'v');
    const screen = s.rows();
    expect(screen[0]).toBe('Link text: te<U+202E>xt<U+200B>');
    expect(screen[1]).toBe('Written:   https://x.example/p?q=<c29b>2J<U+202E><U+2066><U+200F>');
    expectClean(s);
  });

  it('show a missing fragment with tokens in the message', async () => {
    const s = Session.lwl([write('frag.lwl', doc)]);
    await s.waitForText('[frag]');
    await s.keys('n', 'n');
    expect(s.status()).toContain('#a');
    await s.keys('\r');
    expect(s.status()).toContain('<c29b>');
    expect(s.status()).toContain('<U+202E>');
    expectClean(s);
  });

  it('show typed input with tokens', async () => {
    const s = Session.lwl([write('t.lwl', 'text\n')]);
    await s.waitForText('text');
    await s.keys('/', `a${bidi}\u200bb`);
    expect(s.status()).toBe('/a<U+202E><U+2066><U+200F><U+200B>b');
    expectClean(s);
  });
});

describe('long strings are laid out as far as the screen reaches', () => {
  it('previews a link whose href holds 40,000 control bytes', async () => {
    // -f: a text this full of controls looks binary, and would be asked about first.
    const s = Session.lwl(['-f', write('long.lwl', `[x](https://e.example/${'\x01'.repeat(40000)})\n`)]);
    await s.waitForText('[x]');
    await s.keys('n', 'v');
    await s.waitForText('Link text: x');
    expect(s.rows()[1]).toBe(`Written:   https://e.example/${'<01>'.repeat(12)}`);
    expect(s.rows()[2]).toBe(`  ${'<01>'.repeat(19)}`);
    expectClean(s);
  });

  it('opens a line of 350,000 zero-width spaces and shows its end', async () => {
    const s = Session.lwl([write('zwsp.txt', `start\n${'\u200b'.repeat(350000)}END\n`)]);
    await s.waitForText('start');
    expect(s.rows()[1]).toBe('<U+200B>'.repeat(10));
    await s.keys('G');
    await s.waitForText('END');
    expect(s.rows()[22]).toMatch(/(<U\+200B>)*END$/);
    expectClean(s);
  });
});

describe('what lwl prints itself', () => {
  it('--links writes the text column with tokens', () => {
    const file = write('l.lwl', `[a\x1bP0;T\x07b\u202ec\u200bd\u009b\te](https://x.example/)\n`);
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file], { cwd: root });
    const out = r.stdout.toString();
    expect(out).toBe('1\ta<1b>P0;T<07>b<U+202E>c<U+200B>d<c29b> e\thttps://x.example/\n');
  });

  it('an error message quotes a hostile path with tokens', () => {
    const file = path.join(tmp(), `no\x1b]0;PWNED\x07\u202esuch`);
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), file], { cwd: root });
    expect(r.status).toBe(1);
    const err = r.stderr.toString();
    expect(err).toContain('no<1b>]0;PWNED<07><U+202E>such');
    expect(err).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e]/);
  });
});
