// A Markdown block the parser is slow on (seconds for 30 KiB of `a] `), past
// the first screen, is parsed in a worker thread: keys are answered while it
// is parsed, the text after it comes in the end, and q leaves at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

/** A first screen of paragraphs (three links in the first three), then a slow paragraph with a link at its start, then a heading and a last line. */
function slowFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-md-worker-'));
  const file = path.join(dir, 'slow.md');
  const first = Array.from({ length: 20 }, (_, i) => (i < 3 ? `Paragraph ${i + 1} with [link ${i + 1}](https://x.example/${i + 1}).` : `Paragraph ${i + 1}.`)).join('\n\n');
  // Under LONGEST_PARSED (32 KiB), so it is parsed, not shown as written; the entity makes it the parser's, not markdown-simple's.
  const slow = `[The slow link](https://slow.example/) ${'a] '.repeat(10_000)}&amp; a]`;
  fs.writeFileSync(file, `${first}\n\n${slow}\n\n# After the slow block\n\nThe end text.\n`);
  return file;
}

describe('a Markdown block the parser is slow on', () => {
  it('answers keys while the block is parsed, then shows the text after it', async () => {
    const s = Session.lwl([slowFile()], { cols: 160 }); // wide: the whole of = on the status line
    await s.waitFor((x) => x.rows()[0] === 'Paragraph 1 with link 1.' && x.status() !== '', 'the first screen');
    // Answered before the slow block (and its link) is rendered: the links of the first screen only, the document still being read.
    // lwl is busy parsing meanwhile, so the screen tells what each key did.
    await s.press('=');
    await s.waitFor((x) => x.status().includes('(markdown): '), 'the = line');
    expect(s.status()).toMatch(/\(markdown\): bytes 0-\d+ of \? \(still reading\), 3\+ links$/);
    await s.press('j');
    await s.waitFor((x) => x.rows()[1] === 'Paragraph 2 with link 2.', 'a line down');
    expect(s.rows()[0]).toBe('');
    // G waits for the slow block's parse, which may take longer than a key's answer ever should.
    await s.press('G');
    await s.waitForText('The end text.', 20_000);
    const rows = s.rows();
    const heading = rows.indexOf('After the slow block');
    expect(rows.slice(heading - 2, heading)).toEqual([expect.stringMatching(/^a\] a\] .*a\]$/), '']);
    expect(rows.slice(heading + 1, heading + 3)).toEqual(['', 'The end text.']);
    await s.keys('=');
    expect(s.status()).toMatch(/of [\d,]+ \(100%\), 4 links$/);
  });

  it('quits at once on q while the block is parsed', async () => {
    const s = Session.lwl([slowFile()], { cols: 160 }); // wide: the whole of = on the status line
    await s.waitFor((x) => x.rows()[0] === 'Paragraph 1 with link 1.' && x.status() !== '', 'the first screen');
    await s.press('=');
    await s.waitFor((x) => x.status().includes('(markdown): '), 'the = line');
    expect(s.status()).toMatch(/still reading\), 3\+ links$/);
    await s.press('q');
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(s.onAlternateScreen).toBe(false);
  });
});
