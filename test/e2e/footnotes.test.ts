// Markdown footnotes on screen (issue 27): a reference whose note is defined
// far below, in another block, is a link numbered as GitHub numbers it; Enter
// on it shows the note, which ends with a link back (↩) to the reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fg, Session } from './session.ts';

describe('footnotes across blocks', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-footnotes-'));
  const file = path.join(dir, 'README.md');
  const filler = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} between them.\n`).join('\n');
  fs.writeFileSync(file, `# Notes\n\nlwl reads notes[^note] and more[^2], then the first[^note].\n\n${filler}\n[^2]: The second note.\n\n[^note]: The first note.\n\n## After the notes\n\n${filler}`);

  it('shows each reference as a link to its note, numbered by first reference, and the note links back', async () => {
    const s = Session.lwl([file]);
    await s.waitForText('lwl reads notes');
    const row = s.rows().findIndex((r) => r.startsWith('lwl reads'));
    expect(s.rows()[row]).toBe('lwl reads notes[1] and more[2], then the first[1].');
    // The references are links (the link colour), the words around them are not.
    expect(fg(s.cell(row, s.column(row, '[1]')))).not.toBe(-1);
    expect(fg(s.cell(row, s.column(row, '[2]')))).not.toBe(-1);
    expect(fg(s.cell(row, 0))).toBe(-1);
    await s.keys('n');
    expect(s.status()).toMatch(/README\.md#user-content-fn-note$/);
    await s.keys('\r');
    expect(s.rows()[0]).toBe('[1] The first note. ↩ ↩²');
    const back = s.cell(0, s.column(0, '↩'));
    expect(fg(back)).not.toBe(-1);
    // The note's number is the list marker's, not a link.
    expect(fg(s.cell(0, 0))).not.toBe(fg(back));
    // ↩² goes back to the second reference, on the top row.
    for (let i = 0; i < 4 && !s.status().endsWith('#user-content-fnref-note-2'); i++) await s.keys('n');
    expect(s.status()).toMatch(/#user-content-fnref-note-2$/);
    await s.keys('\r');
    expect(s.rows()[0]).toBe('lwl reads notes[1] and more[2], then the first[1].');
  });

  it('shows the second note under its number, linking back to its one reference', async () => {
    const s = Session.lwl([file]);
    await s.waitForText('lwl reads notes');
    await s.keys('/', 'The second note', '\r');
    const row = s.rows().findIndex((r) => r.includes('The second note'));
    expect(s.rows()[row]).toBe('[2] The second note. ↩');
    expect(fg(s.cell(row, s.column(row, '↩')))).not.toBe(-1);
  });
});
