// Secure mode (--secure, LWL_SECURE=1), as less's LESSSECURE: no commands, no
// browser, no files but those named on the command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';

function setup(): { dir: string; doc: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-secure-'));
  const doc = path.join(dir, 'doc.lwl');
  fs.writeFileSync(path.join(dir, 'other.lwl'), 'another file\n');
  fs.writeFileSync(doc, '[web](https://example.org/) [file](other.lwl) [here](#top)\n\n# top\n');
  return { dir, doc };
}

describe('secure mode', () => {
  it.each([
    ['--secure', ['--secure'], {}],
    ['LWL_SECURE=1', [], { LWL_SECURE: '1' }],
  ])('with %s, >, ! and following a link out are refused, and nothing runs', async (_how, args, env) => {
    const { dir, doc } = setup();
    const browser = `touch ${path.join(dir, 'BROWSED')}`;
    const s = Session.lwl([...args, doc], { cwd: dir, env: { ...env, BROWSER: browser, LWL_BROWSER: browser } });
    await s.waitForText('[web]');
    await s.keys('>');
    expect(s.status()).toBe('> is disabled in secure mode');
    await s.keys('!');
    expect(s.status()).toBe('! is disabled in secure mode');
    await s.keys('n', '\r');
    expect(s.status()).toBe('Following a link out of this document is disabled in secure mode');
    await s.keys('n', '\r');
    expect(s.status()).toBe('Following a link out of this document is disabled in secure mode');
    expect(s.screen()).not.toContain('another file');
    // A fragment of this document still jumps.
    await s.keys('n', '\r');
    expect(s.status()).toMatch(/^: file:.*doc.lwl#top$/);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(fs.readdirSync(dir).sort()).toEqual(['doc.lwl', 'other.lwl']);
  });

  it('LWL_SECURE=0 is not secure mode', async () => {
    const { dir, doc } = setup();
    const s = Session.lwl([doc], { cwd: dir, env: { LWL_SECURE: '0' } });
    await s.waitForText('[web]');
    await s.keys('>');
    expect(s.status()).toBe('>');
  });
});
