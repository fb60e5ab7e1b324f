// Browsing: web pages fetched from a server on 127.0.0.1 that the test starts,
// read in lwl as they arrive, with history, reload, errors as pages, and the
// safety rules for file: and javascript: links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from './session.ts';
import { startServer, type TestServer } from '../http-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  server.openGate();
  await server.close();
});

/** No browser command anywhere: Enter loads web pages in lwl. */
const noBrowser = { PATH: '/usr/bin:/bin', LWL_BROWSER: '', BROWSER: '' };

function open(path = '/', env: Record<string, string> = {}, cols = 100): Session {
  return Session.lwl([server.origin + path], { cols, env: { ...noBrowser, ...env } });
}

/** Selects the link whose text is `text` with n (from the top), and follows it with `key`. */
async function follow(s: Session, text: string, key = '\r'): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await s.keys('n');
    const status = s.status();
    const row = s.rows().findIndex((r) => r.includes(text));
    if (row >= 0 && s.cell(row, s.column(row, text)).isInverse()) break;
    if (i === 39) throw new Error(`no link ${text}; status ${status}`);
  }
  await s.keys(key);
}

describe('lwl http://127.0.0.1:PORT/', () => {
  it('loads the page named on the command line, as HTML, links in their colour', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    const row = s.rows().findIndex((r) => r.includes('html page'));
    expect(row).toBeGreaterThan(0);
    const col = s.column(row, 'html page');
    expect(s.cell(row, col).getFgColor()).toBe(4);
    await s.waitFor((x) => x.status().includes(`${server.origin}/`), 'the URL on the status line');
  });
});

describe('following links', () => {
  it('Enter loads an html page; Backspace returns to the index at its place', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await s.keys('j', 'j');
    const before = s.rows()[0];
    await follow(s, 'html page');
    await s.waitForText("Hello from lwl's test server");
    expect(s.screen()).not.toContain('Test index');
    await s.keys('\x7f');
    await s.waitForText('html page');
    expect(s.rows()[0]).toBe(before);
  });
});
