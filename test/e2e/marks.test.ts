// Small marks as a reader sees them (issue 27): <sup>/<sub>, ***both***, a nested
// task, a layout table, a hyphenated word, the help screen's long lines, and no
// credentials in --links or the v preview. Checked by where text lands on screen.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlCommand, root } from './session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-marks-'));
let files = 0;

/** A file holding `text`, named with `ext` (its kind), for lwl to open. */
function file(text: string, ext: string): string {
  const name = path.join(dir, `doc${++files}.${ext}`);
  fs.writeFileSync(name, text);
  return name;
}

describe('marks in a document', () => {
  it('shows <sup> as ^ and <sub> as _ (HTML and Markdown)', async () => {
    const html = Session.lwl([file('<p>E=mc<sup>2</sup> and H<sub>2</sub>O.</p>', 'html')]);
    await html.waitForText('E=mc^2');
    expect(html.rows()[0]).toBe('E=mc^2 and H_2O.');
    const md = Session.lwl([file('Water is H<sub>2</sub>O, a note<sup>1</sup>.\n', 'md')]);
    await md.waitForText('H_2O');
    expect(md.rows()[0]).toBe('Water is H_2O, a note^1.');
  });

  it('draws ***both*** bold and italic, **bold** bold only', async () => {
    const s = Session.lwl([file('a ***both*** and **bold** and *slant*\n', 'md')]);
    await s.waitForText('both');
    expect(s.cellOf('both').isBold()).toBeTruthy();
    expect(s.cellOf('both').isItalic()).toBeTruthy();
    expect(s.cellOf('bold').isBold()).toBeTruthy();
    expect(s.cellOf('bold').isItalic()).toBeFalsy();
    expect(s.cellOf('slant').isItalic()).toBeTruthy();
  });

  it('indents a nested task item 2 columns, as any nested item', async () => {
    const s = Session.lwl([file('- [ ] outer task\n  - [x] inner task\n- plain\n  - nested plain\n', 'md')]);
    await s.waitForText('inner task');
    const rows = s.rows();
    expect(rows.slice(0, 4)).toEqual(['• [ ] outer task', '  ◦ [x] inner task', '• plain', '  ◦ nested plain']);
    expect(s.column(1, '◦')).toBe(s.column(3, '◦'));
  });

  it('draws a layout table with no rules, a data table with them', async () => {
    const s = Session.lwl([file('<table border="0"><tr><td>left</td><td>right</td></tr></table><table role="presentation"><tr><td>one</td><td>two</td></tr></table><table><tr><th>A</th><th>B</th></tr><tr><td>x</td><td>y</td></tr></table>', 'html')]);
    await s.waitForText('left');
    const rows = s.rows();
    expect(rows).toContain('left   right');
    expect(rows).toContain('one   two');
    expect(rows).toContain('A │ B');
  });

  it('keeps node-addon-api whole on the next row when it does not fit on this one', async () => {
    const words = 'The package that helps is called';
    const s = Session.lwl([file(`${words} node-addon-api, used widely.\n`, 'txt')], { cols: 40 });
    await s.waitForText('node-addon-api');
    expect(s.rows()[0].trimEnd()).toBe(words);
    expect(s.column(1, 'node-addon-api,')).toBe(0);
  });
});

describe('the help screen', () => {
  it("wraps a long line's words under its words, not to column 0", async () => {
    // Rows enough for the help down to the options.
    const s = Session.lwl([file('text\n', 'txt')], { cols: 80, rows: 260 });
    await s.waitForText('text');
    await s.keys('H');
    await s.waitForText('every key');
    const rows = s.rows();
    const row = rows.findIndex((r) => r.startsWith('  --hyperlinks'));
    expect(row, rows.join('\n')).toBeGreaterThan(0);
    const words = s.column(row, 'draw ');
    expect(words).toBeGreaterThan(14);
    expect(rows[row + 1].search(/\S/)).toBe(words);
    expect(rows[row + 1].slice(0, words).trim()).toBe('');
  });
});

describe('credentials', () => {
  const link = 'https://user:secret@example.org/private';

  it('lwl --links shows …@ in their place', () => {
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file(`[the place](${link})\n`, 'md')], { cwd: root });
    expect(r.status).toBe(0);
    expect(r.stdout.toString()).toBe('1\tthe place\thttps://…@example.org/private\n');
  });

  it('the v preview shows …@ for them, written and resolved, and says so', async () => {
    const s = Session.lwl([file(`[the place](${link})\n`, 'md')]);
    await s.waitForText('the place');
    await s.keys('n', 'v');
    const screen = s.screen();
    expect(screen).toContain('Written:   https://…@example.org/private');
    expect(screen).toContain('Goes to:   https://…@example.org/private');
    expect(screen).toContain('shown as …@ here');
    expect(screen).not.toContain('secret');
    expect(screen).not.toContain('user:');
  });
});
