// The options programs set when they run their pager: git sets LESS=FRX, so a
// short output is printed and lwl ends at once, and a long one stays on the
// main screen after q.
import { describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';

describe('LESS=FRX, as git sets it', () => {
  it('-F prints a text that fits on one screen and ends at once, without taking the screen', async () => {
    const s = Session.shell(`printf 'one line of output\\n' | LESS=FRX ${lwlShell}; echo "status $?"`);
    await s.waitFor((x) => x.output.includes('status 0\r\n'), 'the status');
    expect(s.output).toBe('one line of output\r\nstatus 0\r\n');
    expect(s.output).not.toContain('\x1b[?1049h');
  });

  it('-F on a file too, from the command line', async () => {
    const s = Session.shell(`head -n 39 test/e2e/fixtures/numbered.txt > /tmp/lwl-39-lines.txt; ${lwlShell} -F /tmp/lwl-39-lines.txt; echo "status $?"`, { rows: 40 });
    await s.waitFor((x) => x.output.includes('status 0\r\n'), 'the status');
    expect(s.output).toContain('line 39 of a thousand numbered lines\r\nstatus 0\r\n');
    expect(s.output).not.toContain('\x1b[?1049h');
  });

  it('-F pages a text longer than the screen as usual', async () => {
    const s = Session.lwl(['-F', 'test/e2e/fixtures/numbered.txt']);
    await s.waitForText('line 23 of');
    expect(s.onAlternateScreen).toBe(true);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('-X pages on the main screen, and what was shown stays after q', async () => {
    const s = Session.shell(`echo before; ${lwlShell} -X test/e2e/fixtures/numbered.txt; echo after`);
    // The shell wrote first: the screen tells when lwl has drawn its own.
    await s.waitFor((x) => x.screen().includes('line 23 of'), 'the first screen');
    expect(s.onAlternateScreen).toBe(false);
    await s.keys('j');
    await s.keys('q');
    await s.waitExit();
    const rows = s.rows();
    expect(rows).toContain('line 24 of a thousand numbered lines');
    // The status line was cleared and the shell went on from there.
    expect(rows.slice(-3)).toEqual(['line 24 of a thousand numbered lines', 'after', '']);
    expect(s.output).not.toContain('\x1b[?1049h');
  });
});
