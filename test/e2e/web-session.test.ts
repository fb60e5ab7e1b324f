// A browsing session in the pty, over a server on 127.0.0.1 that also answers
// as localhost: cookies (a login by a cookie set on a redirect, another host
// that never gets it, --no-cookies, a file only on request), a Basic login
// typed on the status line (the password never on screen), the server's own
// error pages, meta refresh, frames, noscript and iframes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, root } from './session.ts';
import { PASSWORD, startSessionServer, USER, type SessionServer } from '../web-session-server.ts';

let server: SessionServer;
beforeAll(async () => {
  server = await startSessionServer();
});
afterAll(() => server.close());

/** No browser command anywhere: Enter loads web pages in lwl; no configuration file but the test's. */
const noBrowser = { PATH: '/usr/bin:/bin', LWL_BROWSER: '', BROWSER: '' };

function configDir(config: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-session-'));
  fs.mkdirSync(path.join(dir, 'lwl'));
  fs.writeFileSync(path.join(dir, 'lwl', 'config'), config);
  return dir;
}

function open(page: string, { args = [] as string[], env = {} as Record<string, string>, cols = 200 } = {}): Session {
  const config = env.XDG_CONFIG_HOME ?? configDir('');
  return Session.lwl([...args, page.includes('://') ? page : server.origin + page], { cols, env: { ...noBrowser, XDG_CONFIG_HOME: config, ...env } });
}

/** Selects the link whose text is `text` with n (from the top), and follows it with Enter. */
async function follow(s: Session, text: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await s.keys('n');
    const row = s.rows().findIndex((r) => r.includes(text));
    if (row >= 0 && s.cell(row, s.column(row, text)).isInverse()) return s.keys('\r');
  }
  throw new Error(`no link ${text}`);
}

/** What = says, on the status line. */
async function info(s: Session): Promise<string> {
  await s.keys('=');
  return s.status();
}

const lastRequest = () => server.requests[server.requests.length - 1];

describe('cookies', () => {
  it('a cookie set on a redirect logs in; = counts it; the other host never gets it', async () => {
    const s = open('/login');
    await s.waitForText('Welcome back: cookie received');
    expect(await info(s)).toContain('2 cookies set');
    expect(s.status()).toContain('redirected once');
    await follow(s, 'the other host');
    await s.waitForText('No cookie received');
    expect(lastRequest().host).toBe(new URL(server.otherOrigin).host);
    expect(lastRequest().headers.cookie).toBeUndefined();
    // Back on 127.0.0.1, the cookie still goes there.
    await s.keys('\x7f');
    await s.keys('r');
    await s.waitFor(() => lastRequest().host === new URL(server.origin).host && lastRequest().url === '/check', 'the check page loaded again');
    expect(lastRequest().headers.cookie).toBe('session=opened; theme=dark');
  });

  it('--no-cookies, and `options --no-cookies` in the config file, refuse them', async () => {
    for (const way of [{ args: ['--no-cookies'] }, { env: { XDG_CONFIG_HOME: configDir('options --no-cookies\n') } }]) {
      const s = open('/login', way);
      await s.waitForText('No cookie received');
      expect(await info(s)).toContain('2 cookies refused');
      await s.keys('q');
      await s.waitExit();
    }
  });

  it('kept in memory only, unless `cookies FILE` names a file: then its lasting cookies, 0600, for the next session', async () => {
    const memory = open('/lasting');
    await memory.waitForText('A lasting cookie was set.');
    await memory.keys('q');
    await memory.waitExit();
    const again = open('/check');
    await again.waitForText('Cookie sent: none');

    const config = configDir('cookies cookies.json\n');
    const file = path.join(config, 'lwl', 'cookies.json');
    const s = open('/lasting', { env: { XDG_CONFIG_HOME: config } });
    await s.waitForText('A lasting cookie was set.');
    await s.keys('q');
    await s.waitExit();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const next = open('/check', { env: { XDG_CONFIG_HOME: config } });
    await next.waitForText('Cookie sent: kept=yes');
    expect(next.screen()).not.toContain('brief=yes');
  });

  it('tough-cookie is compiled only once a server sends a cookie', async () => {
    const script = path.join(root, 'dist/lwl');
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-session-cache-'));
    const compiled = () => (fs.existsSync(path.join(cache, 'lwl')) ? fs.readdirSync(path.join(cache, 'lwl')) : []).filter((name) => name.includes('tough-cookie'));
    const run = async (page: string, text: string) => {
      const s = new Session(process.execPath, [script, server.origin + page], { cols: 120, env: { ...noBrowser, XDG_CACHE_HOME: cache, XDG_CONFIG_HOME: configDir('') } });
      await s.waitForText(text);
      await s.keys('q');
      await s.waitExit();
    };
    await run('/refreshed', 'You were refreshed here.');
    expect(compiled()).toEqual([]);
    await run('/login', 'Welcome back: cookie received');
    expect(compiled()).toHaveLength(1);
  });
});

describe('Basic authentication', () => {
  it("asks for a user name and a password on the status line, never showing the password, and sends it to this origin alone", async () => {
    const s = open('/private');
    await s.waitForText('Login needed (server body)');
    await s.waitFor((x) => x.status().startsWith(`User name for ${new URL(server.origin).host} "Test realm":`), 'the user name asked for');
    await s.press(USER);
    await s.keys('\r');
    await s.waitFor((x) => x.status().trimEnd() === `Password for ${USER} (not shown):`, 'the password asked for');
    await s.press(PASSWORD);
    expect(s.screen()).not.toContain(PASSWORD.slice(0, 6));
    expect(s.status().trimEnd()).toBe(`Password for ${USER} (not shown):`);
    await s.keys('\r');
    await s.waitForText(`Secret page for ${USER}`);
    const told = await info(s);
    expect(told).toContain('200 OK');
    expect(told).not.toContain(PASSWORD.slice(0, 6));
    expect(s.screen()).not.toContain(PASSWORD.slice(0, 6));
    // Another origin, linked or redirected to, gets no login.
    await follow(s, 'the other host');
    await s.waitForText('Login sent: no login');
    expect(lastRequest().headers.authorization).toBeUndefined();
    await s.keys('\x7f');
    await follow(s, 'redirected to the other host');
    await s.waitFor((x) => x.screen().includes('Login sent: no login') && x.status().includes('localhost'), 'the other host, redirected to');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('a wrong password asks again; Escape leaves the server\'s 401 page shown', async () => {
    const s = open('/private');
    await s.waitFor((x) => x.status().startsWith('User name for'), 'the user name asked for');
    await s.press(USER);
    await s.keys('\r');
    await s.press('not it');
    await s.keys('\r');
    await s.waitFor((x) => x.status().startsWith('Login refused. User name for'), 'asked again');
    await s.keys('\x1b');
    await s.waitFor((x) => !x.status().includes('User name'), 'the prompt gone');
    expect(s.screen()).toContain('Login needed (server body)');
    expect(s.screen()).not.toContain('not it');
  });
});

describe("the server's own pages", () => {
  it("a 404 and a 500 show the server's body, the status line saying what it is; \\ shows the 404's source", async () => {
    const s = open('/');
    await s.waitForText('Session index');
    await follow(s, 'missing page');
    await s.waitForText('Not here (custom 404 body)');
    expect(s.status()).toContain('404 Not Found');
    expect(await info(s)).toContain('404 Not Found, text/html');
    await s.keys('\\');
    await s.waitForText('<h1>Not here (custom 404 body)</h1>');
    await s.keys('\x7f', '\x7f');
    await s.waitForText('Session index');
    await follow(s, 'broken page');
    await s.waitForText('Server trouble (custom 500 body)');
    expect(s.status()).toContain('500 Internal Server Error');
  });

  it("an empty error body gives lwl's own page", async () => {
    const s = open('/gone');
    await s.waitForText('The server has no page at this address.');
    expect(s.rows()[0]).toBe('Not Found (404)');
  });
});

describe('meta refresh', () => {
  it.each(['/refresh-0', '/refresh-3'])('%s is followed as a redirect; = shows the chain', async (page) => {
    const s = open(page);
    await s.waitForText('You were refreshed here.');
    expect(await info(s)).toContain(`refreshed once from ${server.origin}${page}`);
  });

  it('a refresh after 30 s is a link at the top, followed by Enter', async () => {
    const s = open('/refresh-30');
    await s.waitForText('Moving in 30 s');
    expect(s.rows()[0]).toBe('Refresh (30 s): /refreshed');
    await follow(s, 'Refresh (30 s)');
    await s.waitForText('You were refreshed here.');
  });

  it('a loop is followed 3 times, then shown with its link', async () => {
    const s = open('/refresh-loop');
    await s.waitFor((x) => x.status().startsWith('Refresh loop: followed 3 times in a row'), 'the loop said');
    expect(s.rows()[0]).toBe('Refresh (0 s): /refresh-loop');
    expect(s.screen()).toContain('Round and round');
    expect(server.requests.filter((r) => r.url === '/refresh-loop').length).toBeGreaterThanOrEqual(4);
  });
});

describe('pages for browsers without scripts or frames', () => {
  it('a frameset is a list of its frames, <noframes> shown; a frame is followed', async () => {
    const s = open('/frames');
    await s.waitForText('FRAME: nav');
    expect(s.screen()).toContain('FRAME: Main text');
    expect(s.screen()).toContain('This site uses frames: the main page alone.');
    await follow(s, 'FRAME: Main text');
    await s.waitForText('The main frame.');
  });

  it('<noscript> is shown, the script is not', async () => {
    const s = open('/noscript');
    await s.waitForText('Shown without scripts: the plain site');
    expect(s.screen()).not.toContain('never shown');
  });

  it('an <iframe> is a link with its title', async () => {
    const s = open('/iframe');
    await s.waitForText('IFRAME: A map of the site');
    expect(s.screen()).not.toContain('Your browser shows no iframes');
    await follow(s, 'IFRAME: A map of the site');
    await s.waitForText('The main frame.');
  });
});
