// A link to a place in another local file (issue 27): Enter opens the file at
// the place its #fragment names, on the top row, once the file is read that
// far; Backspace comes back to the link. Python's tutorial (index.html to
// controlflow.html#for-statements, test/e2e/fixtures/python-tutorial) and
// Markdown files made here, linked relatively and by file: URLs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';

const tutorial = 'test/e2e/fixtures/python-tutorial/index.html';

/** Tab from the top of the screen until the status line shows a link ending in `href`. */
async function selectLink(s: Session, href: string): Promise<void> {
  for (let i = 0; i < 60 && !s.status().endsWith(href); i++) await s.keys('\t');
  expect(s.status()).toMatch(new RegExp(`${href.replace(/[.#()?]/g, '\\$&')}$`));
}

describe("Python's tutorial: from its contents to a section of another page", () => {
  it('opens controlflow.html at "4.2. for Statements", and Backspace comes back to the link', async () => {
    const s = Session.lwl([tutorial], { cols: 100 });
    await s.waitForText('Previous topic');
    await s.keys('/', 'Statements', '\r');
    await selectLink(s, 'controlflow.html#for-statements');
    const linkRow = s.rows().findIndex((r) => r.includes('4.2. for Statements'));
    expect(linkRow).toBeGreaterThanOrEqual(0);
    await s.keys('\r');
    await s.waitFor((t) => t.rows()[0].includes('for Statements'), 'the section on the top row');
    expect(s.rows()[0].trim()).toBe('4.2. for Statements¶');
    expect(s.rows()[2]).toMatch(/^The for statement in Python differs a bit/);
    await s.keys('\x7f');
    expect(s.status()).toMatch(/controlflow\.html#for-statements$/);
    expect(s.rows()[linkRow]).toContain('4.2. for Statements');
  });
});

describe('Markdown files linked with a fragment', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-fragments-'));
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i + 1} before the section.\n`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'from.md'),
    `# From\n\nSee [the usage](other.md#usage), [its end](file://${dir}/other.md#the-end), [nowhere](other.md#nowhere) and [the far one](big.md#far-away).\n`,
  );
  fs.writeFileSync(path.join(dir, 'other.md'), `# Other\n\n${filler(60)}\n## Usage\n\nHow to use it.\n\n${filler(40)}\n## The end\n\nLast words.\n`);
  // Some 300 KB before the heading: the file is read on, in the background, until the heading is.
  fs.writeFileSync(path.join(dir, 'big.md'), `# Big\n\n${filler(8_000)}\n## Far away\n\nThe far text.\n\n${filler(30)}`);
  const from = path.join(dir, 'from.md');

  for (const [href, heading, below] of [
    ['other.md#usage', 'Usage', 'How to use it.'],
    [`other.md#the-end`, 'The end', 'Last words.'],
    ['big.md#far-away', 'Far away', 'The far text.'],
  ] as const) {
    it(`opens ${href} at its heading, on the top row`, async () => {
      const s = Session.lwl([from], { cwd: root });
      await s.waitForText('See the usage');
      await selectLink(s, href);
      // Enter is answered once the file is read as far as the heading: a deadline for a loaded machine, not a measure.
      await s.press('\r');
      await s.waitFor((t) => t.rows()[0].trim() === heading, `${heading} on the top row`, 60_000);
      await s.settle();
      expect(s.rows()[2].trim()).toBe(below);
      await s.keys('\x7f');
      expect(s.rows()[0].trim()).toBe('From');
      expect(s.status()).toMatch(new RegExp(`${href.replace(/[.#]/g, '\\$&')}$`));
    });
  }

  it('opens the file at its top, and says so, when the fragment names no place in it', async () => {
    const s = Session.lwl([from], { cwd: root });
    await s.waitForText('See the usage');
    await selectLink(s, 'other.md#nowhere');
    await s.keys('\r');
    await s.waitFor((t) => t.status().includes('#nowhere is not defined in'), 'the notice');
    expect(s.status()).toContain(`${dir}/other.md`);
    expect(s.rows()[0].trim()).toBe('Other');
  });
});
