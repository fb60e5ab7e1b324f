// The HTML reader is made ready while the first web page is on its way
// (src/browse/web-load.ts, after the first screen: docs/startup.md): its parser,
// parse5, is compiled before any of the page has come. A server that never
// answers shows it: by the time the request times out (LWL_FETCH_TIMEOUT, two
// seconds, turns after the warm-up was queued), parse5 is compiled, though no
// HTML arrived. The first screen is no point to quit at: the warm-up runs in a
// later turn, and a key read before it is answered first. dist/lwl's own (its
// start says what it compiled): they run it whatever LWL_BIN names.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';
import { startServer, type TestServer } from '../http-server.ts';

const script = path.join(root, 'dist/lwl');

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Opens `target`, waits for `shown` on the screen, quits: the packages the run compiled, by lwl's own account. */
async function compiledBy(target: string, shown: (s: Session) => boolean, env: Record<string, string> = {}): Promise<string[]> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-warm-'));
  const timesFile = path.join(home, 'times');
  const s = new Session(process.execPath, [script, target], { env: { XDG_CACHE_HOME: home, LWL_STARTUP_TIMES: timesFile, LWL_BROWSER: '', BROWSER: '', ...env } });
  await s.waitFor(shown, 'the first screen');
  await s.press('q');
  await s.waitExit();
  const times = JSON.parse(fs.readFileSync(timesFile, 'utf8').trim().split('\n').at(-1)!) as Record<string, unknown>;
  return Object.keys(times).filter((key) => key.startsWith('compiled ')).map((key) => key.slice('compiled '.length));
}

describe('the HTML reader made ready while a page is on its way', () => {
  it('compiles parse5 before any of the page has come', async () => {
    const compiled = await compiledBy(`${server.origin}/silent`, (x) => x.status().startsWith('Timed out'), { LWL_FETCH_TIMEOUT: '2' });
    expect(compiled).toContain('parse5');
  });

  it('not for a file, which needs no page', async () => {
    const compiled = await compiledBy(path.join(root, 'test/e2e/fixtures/numbered.txt'), (x) => x.rows()[0].startsWith('line 1 of'));
    expect(compiled).not.toContain('parse5');
  });
});
