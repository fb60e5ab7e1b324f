// The terminal as term/device.ts takes it: raw mode and the size from libuv's
// own handle, and Node's streams (net, stream, tty) loaded only after the first
// screen, to read the keys; where Node will not give the handle (its permission
// model), the tty module's streams do the same work. These run dist/lwl with
// Node's own flags, so they are dist/lwl's own, whatever LWL_BIN names.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';
import { shellWord } from './binary.ts';

const script = path.join(root, 'dist/lwl');
const sample = path.join(root, 'test/e2e/fixtures/numbered.txt');

/** Runs `node FLAGS dist/lwl FILE` in a shell that prints the terminal's settings before and after it. */
function lwlInShell(flags: string[], env: Record<string, string> = {}): Session {
  const node = [process.execPath, ...flags, script, sample].map(shellWord).join(' ');
  return Session.shell(`echo "before $(stty -g)"; ${node}; echo "after $(stty -g)"`, { env });
}

/**
 * Pages down and back, quits, and checks that the terminal's settings are as they were.
 * The screen tells when each key is answered: the shell writes too, and under the
 * permission model lwl may not write its idle signal's file.
 */
async function pageAndQuit(s: Session): Promise<void> {
  await s.waitFor((x) => x.screen().includes('line 23 of'), 'the first screen');
  await s.press('j');
  await s.waitFor((x) => x.rows()[0].startsWith('line 2 of'), 'the second line at the top');
  await s.press('k');
  await s.waitFor((x) => x.rows()[0].startsWith('line 1 of'), 'the first line at the top again');
  await s.press('q');
  await s.waitExit();
  const settings = (word: string) => new RegExp(`${word} (\\S+)`).exec(s.output)?.[1];
  expect(settings('before')).toMatch(/^[0-9a-f:]+$/);
  expect(settings('after')).toBe(settings('before'));
}

describe('the terminal device', () => {
  it('pages with libuv\'s handle, and gives the terminal back as it was', async () => {
    await pageAndQuit(lwlInShell([]));
  });

  it("pages with the tty module's streams where Node will not give its handle (the permission model)", async () => {
    // process.binding throws under --experimental-permission: term/device.ts falls back to the tty module.
    await pageAndQuit(lwlInShell(['--no-warnings', '--experimental-permission', '--allow-fs-read=*']));
  });

  it('prints no deprecation warning for the handle, even with --pending-deprecation', async () => {
    const s = lwlInShell([], { NODE_OPTIONS: '--pending-deprecation' });
    await pageAndQuit(s);
    expect(s.output).not.toContain('DeprecationWarning');
  });
});
