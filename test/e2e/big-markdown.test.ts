// A big Markdown file (a real README repeated to 64 MB) in the pty: its first
// screen is rendered from the first blocks alone, while the rest is still to
// be parsed (the status line cannot yet say how long the document is), and
// keys are answered at once. bench/markdown.ts times it; this says what the
// user sees.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, samples } from './session.ts';

const MB = 1e6;
let dir = '';
let big = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-big-markdown-'));
  big = path.join(dir, 'big.md');
  const readme = Buffer.concat([fs.readFileSync(path.join(samples, 'readmes/node-addon-api-README.md')), Buffer.from('\n\n')]);
  fs.writeFileSync(big, Buffer.concat(Array<Buffer>(Math.ceil((64 * MB) / readme.length)).fill(readme)));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a 64 MB Markdown file', () => {
  it('shows its first screen rendered before the rest is parsed, and pages at once', async () => {
    const s = Session.lwl([big]);
    // The rest is parsed in the background, keys working meanwhile: lwl is busy, and the screen tells.
    await s.waitFor((x) => x.screen().includes('node-addon-api module') && x.status() !== '', 'the first screen');
    const rows = s.rows();
    // Rendered, not the source: the heading without `#` or `**`, in bold; the fenced code as written.
    const heading = rows.indexOf('node-addon-api module');
    expect(heading).toBeGreaterThan(0);
    expect(s.cell(heading, 0).isBold()).toBeTruthy();
    expect(rows).toContain('git branch -m master main');
    expect(s.screen()).not.toContain('# **');
    // The document's length is not known yet: most of it is still to be parsed.
    expect(s.status()).toMatch(/ of \? \(\?%\)$/);
    await s.press(' ');
    await s.waitFor((x) => x.screen().includes('obtain the underlying Node-API handles'), 'the next page');
    expect(s.status()).toMatch(/ of \? \(\?%\)$/);
    await s.press('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });
});
