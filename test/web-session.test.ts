// A browsing session's parts: the cookie jar (RFC 6265 rules, a file only on
// request, 0600), Basic challenges and logins kept by origin, and fetches that
// send both only where they belong, over a server on 127.0.0.1 that also
// answers as localhost.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCookies } from '../src/web/cookies.ts';
import { basicChallenge, Logins, originOf } from '../src/web/auth.ts';
import { fetchPage, type FetchedPage, type FetchOptions } from '../src/web/fetch.ts';
import { loadPage, pageFacts, type PageInfo } from '../src/web/page-load.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';
import { PASSWORD, startSessionServer, USER, type SessionServer } from './web-session-server.ts';

let server: SessionServer;
beforeAll(async () => {
  server = await startSessionServer();
});
afterAll(() => server.close());

const url = (text: string): UrlRecord => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.url;
};

const quick: FetchOptions = { version: '1.0', responseTimeoutMs: 5000, idleTimeoutMs: 5000 };

async function get(address: string, options: Partial<FetchOptions>): Promise<FetchedPage & { text: string }> {
  const result = await fetchPage(address, { ...quick, ...options });
  if (!result.ok) throw new Error(result.title);
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(chunk);
  return { ...result, text: Buffer.concat(chunks).toString() };
}

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-cookies-'));

describe('SessionCookies', () => {
  it('sends a cookie back to its host and path, never to another host', () => {
    const jar = new SessionCookies();
    expect(jar.cookieHeader('http://127.0.0.1:8000/')).toBe('');
    expect(jar.store('http://127.0.0.1:8000/login', ['a=1; Path=/', 'b=2; Path=/account'])).toBe(2);
    expect(jar.cookieHeader('http://127.0.0.1:8000/page')).toBe('a=1');
    expect(jar.cookieHeader('http://127.0.0.1:8000/account/x')).toBe('b=2; a=1');
    expect(jar.cookieHeader('http://localhost:8000/')).toBe('');
    expect(jar.cookieHeader('http://127.0.0.2:8000/')).toBe('');
  });

  it('refuses what the rules refuse: a public suffix, another domain, Secure over http', () => {
    const jar = new SessionCookies();
    expect(jar.store('http://www.example.com/', ['wide=1; Domain=com', 'other=1; Domain=example.org', 'safe=1; Secure', 'ok=1'])).toBe(1);
    expect(jar.cookieHeader('http://www.example.com/')).toBe('ok=1');
    expect(jar.cookieHeader('http://example.org/')).toBe('');
  });

  it('a domain cookie goes to the subdomains; Max-Age=0 ends a cookie', () => {
    const jar = new SessionCookies();
    jar.store('http://www.example.com/', ['shared=1; Domain=example.com']);
    expect(jar.cookieHeader('http://docs.example.com/')).toBe('shared=1');
    jar.store('http://www.example.com/', ['shared=; Domain=example.com; Max-Age=0']);
    expect(jar.cookieHeader('http://docs.example.com/')).toBe('');
  });

  it('keeps no file unless asked; with one, only the lasting cookies, 0600, read back by the next session', () => {
    const dir = tempDir();
    const file = path.join(dir, 'cookies.json');
    const jar = new SessionCookies(file);
    expect(jar.cookieHeader('http://127.0.0.1/')).toBe('');
    expect(fs.existsSync(file)).toBe(false);
    jar.store('http://127.0.0.1/', ['kept=yes; Max-Age=3600', 'brief=yes']);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['cookies.json']);
    const next = new SessionCookies(file);
    expect(next.cookieHeader('http://127.0.0.1/')).toBe('kept=yes');
  });

  it('a file that is not a cookie file is said, and the session goes on in memory', () => {
    const file = path.join(tempDir(), 'cookies.json');
    fs.writeFileSync(file, 'not json');
    const said: string[] = [];
    const jar = new SessionCookies(file, (m) => said.push(m));
    expect(jar.cookieHeader('http://127.0.0.1/')).toBe('');
    expect(said).toEqual([`Cookies not read from ${file}: it is not a cookie file`]);
    expect(jar.store('http://127.0.0.1/', ['a=1'])).toBe(1);
    expect(jar.cookieHeader('http://127.0.0.1/')).toBe('a=1');
  });
});

describe('basicChallenge', () => {
  it.each([
    ['Basic realm="Private"', { realm: 'Private' }],
    ['basic realm=plain', { realm: 'plain' }],
    ['Basic realm="a \\"quoted\\" realm, with a comma", charset="UTF-8"', { realm: 'a "quoted" realm, with a comma' }],
    ['Bearer realm="api", Basic realm="site"', { realm: 'site' }],
    ['Basic charset="UTF-8", realm="later"', { realm: 'later' }],
    ['Basic', { realm: '' }],
    ['Basic realm="\u001b[31mred"', { realm: '[31mred' }],
  ])('%j', (header, expected) => {
    expect(basicChallenge(header)).toEqual(expected);
  });

  it.each([undefined, 'Bearer realm="x"', 'Digest realm="x", nonce="y"', 'NotBasic realm="x"'])('%j asks no Basic login', (header) => {
    expect(basicChallenge(header)).toBeNull();
  });
});

describe('Logins', () => {
  it('are kept by origin: scheme, host and port', () => {
    const logins = new Logins();
    logins.add(url('http://127.0.0.1:8000/private'), 'me', 'pässword');
    expect(logins.authorization(url('http://127.0.0.1:8000/other/page'))).toBe(`Basic ${Buffer.from('me:pässword').toString('base64')}`);
    for (const other of ['http://localhost:8000/', 'http://127.0.0.1:8001/', 'https://127.0.0.1:8000/']) expect(logins.authorization(url(other))).toBeNull();
    expect(originOf(url('https://example.org/x'))).toBe('https://example.org:443');
    logins.forget(url('http://127.0.0.1:8000/'));
    expect(logins.authorization(url('http://127.0.0.1:8000/private'))).toBeNull();
  });
});

describe('a fetch in a session', () => {
  it("keeps a redirect's cookies, sends them to the check page, and never to another host", async () => {
    const cookies = new SessionCookies();
    const checked = await get(`${server.origin}/login`, { cookies });
    expect(checked.text).toContain('Welcome back: cookie received');
    expect(checked.cookies).toEqual({ set: 2, refused: 0 });
    const other = await get(`${server.otherOrigin}/check`, { cookies });
    expect(other.text).toContain('No cookie received');
    expect(server.requests.at(-1)!.headers.cookie).toBeUndefined();
  });

  it('without a jar, sends none and counts what it refused', async () => {
    const checked = await get(`${server.origin}/login`, {});
    expect(checked.text).toContain('No cookie received');
    expect(checked.cookies).toEqual({ set: 0, refused: 2 });
  });

  it('a 401 says its challenge; with the login, the page; the login never goes to another origin, redirected or not', async () => {
    const logins = new Logins();
    const asked = await get(`${server.origin}/private`, { logins });
    expect([asked.status, asked.challenge, asked.loginSent]).toEqual([401, { realm: 'Test realm' }, false]);
    expect(asked.text).toContain('Login needed (server body)');
    logins.add(asked.url, USER, PASSWORD);
    const shown = await get(`${server.origin}/private`, { logins });
    expect([shown.status, shown.challenge, shown.loginSent]).toEqual([200, null, true]);
    expect(shown.text).toContain(`Secret page for ${USER}`);
    const redirected = await get(`${server.origin}/to-other`, { logins });
    expect(redirected.text).toContain('Login sent: no login');
    expect(server.requests.at(-1)!.host).toMatch(/^localhost:/);
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('a refused login is said so', async () => {
    const logins = new Logins();
    logins.add(url(server.origin), USER, 'wrong');
    const refused = await get(`${server.origin}/private`, { logins });
    expect([refused.status, refused.loginSent]).toEqual([401, true]);
  });
});

describe('loadPage and error pages', () => {
  async function load(address: string): Promise<{ info: PageInfo; text: string }> {
    let info: PageInfo | null = null;
    const chunks: Buffer[] = [];
    await loadPage(address, quick, { begin: (i) => (info = i), body: (b) => void chunks.push(b), end: () => {} }).done;
    return { info: info!, text: Buffer.concat(chunks).toString() };
  }

  it("shows the server's page of an error, read as its type says", async () => {
    const missing = await load(`${server.origin}/missing`);
    expect([missing.info.kind, missing.info.failure]).toEqual(['html', null]);
    expect(missing.text).toContain('Not here (custom 404 body)');
    const broken = await load(`${server.origin}/broken`);
    expect(broken.info.kind).toBe('plain');
    expect(broken.text).toBe('Server trouble (custom 500 body)\n');
    expect(pageFacts(broken.info)).toBe('500 Internal Server Error, text/plain, utf-8');
  });

  it("an empty error body gives lwl's own page", async () => {
    const gone = await load(`${server.origin}/gone`);
    expect(gone.info.failure?.title).toBe('Not Found (404)');
    expect(gone.text).toContain('The server has no page at this address.');
  });

  it('= counts the cookies a page set', async () => {
    let info: PageInfo | null = null;
    await loadPage(`${server.origin}/lasting`, { ...quick, cookies: new SessionCookies() }, { begin: (i) => (info = i), body: () => {}, end: () => {} }).done;
    expect(pageFacts(info!)).toBe('200 OK, text/html, utf-8, 2 cookies set');
  });
});
