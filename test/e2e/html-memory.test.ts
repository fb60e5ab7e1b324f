// An HTML document costs at most 4 times its source plus 64 MiB (issue 27),
// whatever one block of it holds: a 10 MB paragraph, a 5 MB <pre>, a 10 MB
// <script> never closed. dist/lwl is run as a user runs it, the file itself,
// whose first lines start node with the flags the figure depends on (build.mjs),
// whichever build the suite runs (the executable has no launcher: its figures
// are make bench's); G read to the end, and its peak (VmHWM) read once it says (END).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';

const MB = 1e6;
const MiB = 2 ** 20;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-html-memory-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The most memory the process has had resident, in bytes. */
function peak(pid: number): number {
  return Number(/^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

describe('memory of an HTML page whose one block is huge, after G', () => {
  it.each([
    ['one paragraph of 10 MB', 'para.html', () => `<p>${'word '.repeat(2 * MB)}</p>`],
    ['a <pre> of 5 MB in short lines', 'pre.html', () => `<pre>${'some preformatted text line here ok\n'.repeat((5 * MB) / 36)}</pre>`],
    ['a <script> of 10 MB never closed', 'script.html', () => `<p>before</p><script>${'var a = 1;\n'.repeat(MB)}`],
  ])('%s: at most 4 times the page and 64 MiB', async (_, name, page) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, page());
    const s = new Session(path.join(root, 'dist/lwl'), [file]);
    await s.waitFor((x) => x.status() !== '', 'the first screen');
    await s.press('G');
    await s.waitFor((x) => x.status().includes('(END)'), 'the end', 60_000);
    expect(peak(s.proc.pid)).toBeLessThan(4 * fs.statSync(file).size + 64 * MiB);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  }, 90_000);
});
