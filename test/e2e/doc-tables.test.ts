// Spanned table cells on screen (issue 27): a rowspan's cell in its column with
// the rows below left empty there, a colspan's cell over its columns. Real
// pages: slices of Python's library/venv.html and c-api/typeobj.html
// (test/e2e/fixtures), where the column each cell lands in says which heading
// it is under.
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

const venv = 'test/e2e/fixtures/python-venv.html';
const typeobj = 'test/e2e/fixtures/python-typeobj.html';

/** Searches for `text` (lwl runs with -j3: the match on the third row, the table's rows below it on screen); the row it is on. */
async function find(s: Session, text: string): Promise<number> {
  await s.keys('/', text, '\r');
  const row = s.rows().findIndex((r) => r.includes(text));
  expect(row, s.screen()).toBe(2);
  return row;
}

describe("venv.html's activation commands (POSIX over four rows, Windows over two)", () => {
  it('puts fish under Shell, not Platform, and leaves the Platform column empty below POSIX', async () => {
    const s = Session.lwl(['-j3', venv]);
    await s.waitForText('How venvs work');
    const head = await find(s, 'Command to activate');
    const rows = s.rows();
    const shell = s.column(head, 'Shell');
    const command = s.column(head, 'Command to activate');
    expect(shell).toBeGreaterThan(0);
    const posix = head + 2;
    expect(rows[posix].startsWith('POSIX'), rows.join('\n')).toBe(true);
    expect(s.column(posix, 'bash/zsh')).toBe(shell);
    expect(s.column(posix, '$ source <venv>/bin/activate')).toBe(command);
    for (const [row, name] of [[posix + 1, 'fish'], [posix + 2, 'csh/tcsh'], [posix + 3, 'PowerShell']] as const) {
      expect(s.column(row, name), rows.join('\n')).toBe(shell);
      expect(rows[row].slice(0, shell).replace('│', '').trim()).toBe('');
    }
    expect(s.column(posix + 1, '$ source <venv>/bin/activate.fish')).toBe(command);
    expect(rows[posix + 4].startsWith('Windows')).toBe(true);
    expect(s.column(posix + 4, 'cmd.exe')).toBe(shell);
    expect(s.column(posix + 5, 'PowerShell')).toBe(shell);
    expect(s.column(posix + 5, 'PS C:\\> <venv>\\Scripts\\Activate.ps1')).toBe(command);
  });
});

describe("c-api/typeobj.html's quick reference (Info over four columns, three headings over two rows)", () => {
  it('puts Info over the O, T, D and I columns, and the slots under their headings', async () => {
    const s = Session.lwl(['-j3', typeobj], { cols: 100 });
    await s.waitForText('Quick Reference');
    const head = await find(s, 'PyTypeObject Slot');
    const rows = s.rows();
    const info = s.column(head, 'Info [2]');
    const letters = head + 1;
    const o = s.column(letters, 'O │ T │ D │ I');
    expect(o, rows.join('\n')).toBe(info);
    // The headings spanning both header rows leave the second one empty before O.
    expect(rows[letters].slice(0, o).replace(/│/g, '').trim()).toBe('');
    expect(rows[letters + 1]).toMatch(/^─+┼─+┼─+┼───┼───┼───┼──/);
    const name = rows.findIndex((r) => r.startsWith('<R> tp_name'));
    expect(name).toBe(letters + 2);
    expect(s.column(name, 'const char *')).toBe(s.column(head, '│ Type') + 2);
    expect(s.column(name, '__name__')).toBe(s.column(head, 'special'));
    // tp_basicsize: X in O, T and I, none in D.
    const basic = rows.findIndex((r) => r.startsWith('tp_basicsize'));
    expect(rows[basic].slice(o)).toBe('X │ X │   │ X');
  });
});
