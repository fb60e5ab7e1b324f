// Browsing: web pages fetched from a server on 127.0.0.1 that the test starts,
// read in lwl as they arrive, with history, reload, errors as pages, and the
// safety rules for file: and javascript: links.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session, lwlShell } from './session.ts';
import { startServer, startTlsServer, type TestServer } from '../http-server.ts';

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
    // lwl says who it is, and sends nothing else about the reader.
    const sent = server.requests[server.requests.length - 1].headers;
    expect(sent['user-agent']).toMatch(/^lwl\/\d+\.\d+\.\d+$/);
    expect(sent.cookie).toBeUndefined();
    expect(sent.authorization).toBeUndefined();
    expect(sent.referer).toBeUndefined();
  });

  it('--links lists the page\'s links, resolved against its URL', async () => {
    const s = Session.shell(`${lwlShell} --links ${server.origin}/page.html`, { env: noBrowser });
    expect((await s.waitExit()).exitCode).toBe(0);
    expect(s.output).toContain(`1\tto the markdown\t${server.origin}/doc.md`);
    expect(s.output).toContain(`2\tto the end\t${server.origin}/page.html#end`);
  });

  it('into a pipe, the page\'s text is copied through in UTF-8; an error status is said on stderr, the server\'s page copied', async () => {
    const s = Session.shell(`${lwlShell} ${server.origin}/cp1252.html | od -c | head -3; ${lwlShell} ${server.origin}/missing | cat; echo "status $?"`, { env: noBrowser, cols: 200 });
    await s.waitFor((x) => /status \d+\r\n/.test(x.output), "the shell's status line", 20_000);
    expect(s.output).toMatch(/<\s+p\s+>\s+342\s+200\s+234\s+q/);
    expect(s.output).toContain(`lwl: 404 Not Found: ${server.origin}/missing`);
    expect(s.output).toContain('<h1>no such page</h1>');
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

describe('pages of each kind', () => {
  it('a markdown page is read as markdown: its link is shown, its address hidden', async () => {
    const s = open('/doc.md');
    await s.waitForText('A markdown page');
    // The rest of the page is rendered in the slices after the first screen.
    await s.waitForText('a link');
    expect(s.screen()).not.toContain('(/page.html)');
    expect(s.screen()).not.toContain('*text*');
  });

  it('a redirect is followed: the final URL is the page\'s, its links resolve against it, and = says so', async () => {
    const s = open('/redirect/2', {}, 200);
    await s.waitForText("Hello from lwl's test server");
    await s.keys('=');
    expect(s.status()).toContain(`${server.origin}/redirect/0 "A page" (html)`);
    expect(s.status()).toContain('200 OK, text/html');
    expect(s.status()).toContain(`redirected 2 times from ${server.origin}/redirect/2`);
    await follow(s, 'to the markdown');
    await s.waitForText('A markdown page');
  });

  it('\\ shows a page\'s source, fetched again, and \\ again the page', async () => {
    const s = open('/page.html');
    await s.waitForText("Hello from lwl's test server");
    await s.keys('\\');
    await s.waitForText("<body><h1>Hello from lwl's test server</h1>");
    await s.keys('=');
    expect(s.status()).toContain('(raw)');
    await s.keys('\\');
    await s.waitFor((x) => x.rows()[0] === "Hello from lwl's test server", 'the page again');
  });

  it('a gzipped page is undone', async () => {
    const s = open('/gzip.html');
    await s.waitForText("Hello from lwl's test server");
  });

  it('a windows-1252 page shows its characters', async () => {
    const s = open('/cp1252.html', {}, 200);
    await s.waitForText('\u201cquoted\u201d caf\u00e9 \u2013');
    await s.keys('=');
    expect(s.status()).toContain('windows-1252');
  });

  it('a page that names its charset only in a <meta> is read in it', async () => {
    const s = open('/meta-charset.html', {}, 200);
    await s.waitForText('\u201cquoted\u201d caf\u00e9 \u2013');
    await s.keys('=');
    expect(s.status()).toContain('windows-1252 (from the page)');
  });

  it('a page that is not text asks first: n goes back, y (as t) shows it', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await follow(s, 'image');
    await s.waitFor((x) => x.status().includes('This page is image/png (12 bytes): save it to image.png, see it as text, or cancel? (s/t/c)'), 'the question');
    await s.keys('n');
    await s.waitFor((x) => x.status() === 'Not shown', 'the answer');
    expect(s.screen()).toContain('Test index');
    await s.keys('o');
    await s.waitFor((x) => x.status().includes('(s/t/c)'), 'the question again');
    await s.keys('y');
    await s.waitForText('PNG');
    expect(s.screen()).not.toContain('Test index');
  });
});

describe('errors are pages', () => {
  it("404 and 500 each show the server's page, the status line saying so, and Backspace comes back", async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await follow(s, 'missing page');
    await s.waitForText('no such page');
    expect(s.status()).toContain('404 Not Found');
    await s.keys('\x7f');
    await s.waitForText('Test index');
    await follow(s, 'broken page');
    await s.waitForText('oops');
    expect(s.status()).toContain('500 Internal Server Error');
  });

  it('a refused connection is a page', async () => {
    const closed = await startServer();
    const origin = closed.origin;
    await closed.close();
    const s = Session.lwl([`${origin}/`], { env: noBrowser });
    await s.waitForText('Nothing at 127.0.0.1 accepts connections on this port.');
    expect(s.rows()[0]).toBe('Connection refused');
    expect(s.status()).toContain('Connection refused');
  });

  it('a certificate nobody here trusts is a page', async () => {
    const tls = await startTlsServer();
    try {
      const s = Session.lwl([`${tls.origin}/page.html`], { env: noBrowser, cols: 120 });
      await s.waitForText('The secure connection to 127.0.0.1 was refused: its certificate is self-signed.');
      expect(s.rows()[0]).toBe('Certificate not trusted');
    } finally {
      await tls.close();
    }
  });

  it('a server that never answers times out (LWL_FETCH_TIMEOUT), as a page', async () => {
    const s = open('/silent', { LWL_FETCH_TIMEOUT: '1' });
    await s.waitForText('127.0.0.1 did not answer within 1 s.');
    expect(s.rows()[0]).toBe('Timed out');
  });

  it('a name that does not resolve is a page', async () => {
    const s = Session.lwl(['http://no-such-host.invalid/'], { env: noBrowser });
    await s.waitFor((x) => /Host not found|Name lookup failed/.test(x.screen()), 'the DNS failure page');
  });
});

describe('loading', () => {
  it('shows progress, and ^C stops the load keeping what arrived', async () => {
    const s = open('/stalled.txt');
    await s.waitForText('All work and no play');
    await s.waitFor((x) => x.status().includes('Loading 127.0.0.1: 2 KiB of 20 KiB (10%) (^C to stop)'), 'the progress');
    // Keys work while it loads.
    await s.keys('j');
    expect(s.rows()[0]).toContain('All work and no play');
    await s.keys('\x03');
    await s.waitFor((x) => x.status() === 'Stopped: 2 KiB arrived', 'the stop');
    await s.keys('G');
    await s.waitFor((x) => x.status().includes('(END)'), 'the end of what arrived');
    await s.keys('\x03');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('a page that never ends shows its first screen; keys work; ^C stops it', async () => {
    const s = open('/endless.txt');
    await s.waitForText('endless line 1\n');
    await s.waitFor((x) => /Loading 127\.0\.0\.1: [\d.]+ (KiB|MiB) \(\^C to stop\)/.test(x.status()), 'the progress');
    await s.keys(' ');
    await s.waitForText('endless line 24');
    await s.keys('\x03');
    await s.waitFor((x) => /^Stopped: [\d.]+ (KiB|MiB) arrived$/.test(x.status()), 'the stop');
  });

  it('a large page loads whole; beyond LWL_FETCH_LIMIT it is cut with a message', async () => {
    const s = open('/big/3000000');
    await s.waitForText('All work and no play');
    await s.keys('G');
    await s.waitFor((x) => x.status().includes('(END)'), 'the end');
    const t = open('/big/3000000', { LWL_FETCH_LIMIT: '1M' }, 200);
    await t.waitFor((x) => x.status() === 'The page is larger than 1 MiB: only its first 1 MiB are shown', 'the limit');
    await t.keys('=');
    expect(t.status()).toContain('1,048,576');
  });
});

describe('history and keys', () => {
  it('a fragment link jumps within the page, and Backspace comes back', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await follow(s, 'fragment link');
    await s.waitForText('The bottom of the index.');
    expect(s.screen()).not.toContain('Test index');
    await s.keys('\x7f');
    await s.waitForText('Test index');
  });

  it('r loads the page again, at the same place', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await follow(s, 'counting page');
    await s.waitForText('asked 1 times');
    await s.keys('r');
    await s.waitForText('asked 2 times');
    await s.keys('\x7f');
    await s.waitForText('Test index');
    await s.keys('d', 'd');
    const top = s.rows()[0];
    const asked = server.requests.filter((r) => r.url === '/').length;
    await s.keys('r');
    await s.waitFor(() => server.requests.filter((r) => r.url === '/').length === asked + 1, 'the index asked for again');
    await s.settle();
    expect(s.rows()[0]).toBe(top);
    expect(s.screen()).not.toContain('Test index');
  });

  it('with a browser command, Enter and O hand the link to it ($LINK, $LWL_URL), o loads it in lwl', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-browse-'));
    const rec = path.join(dir, 'rec');
    fs.writeFileSync(rec, '#!/bin/sh\nprintf "%s|%s|%s\\n" "$1" "$LINK" "$LWL_URL" >> "$0.out"\n', { mode: 0o755 });
    const s = open('/', { LWL_BROWSER: `${rec} %s` });
    await s.waitForText('Test index');
    await follow(s, 'markdown page', 'O');
    await s.waitForText('[done]');
    await s.keys('q');
    await s.waitForText('Test index');
    await s.keys('\r');
    await s.waitForText('[done]');
    await s.keys('q');
    await s.waitForText('Test index');
    const link = `${server.origin}/doc.md`;
    expect(fs.readFileSync(`${rec}.out`, 'utf8')).toBe(`${link}|${link}|${server.origin}/\n`.repeat(2));
    await s.keys('o');
    await s.waitForText('A markdown page');
    // > gets the page's URL too.
    await s.keys('>');
    await s.keys(...`printf "%s\\n" "$LWL_URL" > ${dir}/url`.split(''), '\r');
    await s.waitForText('[done]');
    expect(fs.readFileSync(path.join(dir, 'url'), 'utf8')).toBe(`${link}\n`);
  });

  it('LWL_BROWSER=lwl loads pages in this lwl', async () => {
    const s = open('/', { LWL_BROWSER: 'lwl', BROWSER: 'false' });
    await s.waitForText('Test index');
    await follow(s, 'markdown page');
    await s.waitForText('A markdown page');
  });
});

describe('safety', () => {
  it('a file: link on a web page asks first: n stays, y opens it', async () => {
    const s = open('/passwd-link.html', {}, 120);
    await s.waitForText('the users');
    await follow(s, 'the users');
    await s.waitFor((x) => x.status().includes('This web page links to a file on this machine, file:///etc/passwd: open it? (y/n)'), 'the question');
    await s.keys('n');
    await s.waitFor((x) => x.status() === 'Not opened', 'the answer');
    expect(s.screen()).toContain('the users');
    await s.keys('\r');
    await s.waitFor((x) => x.status().includes('open it? (y/n)'), 'the question again');
    await s.keys('y');
    await s.waitForText('root:');
  });

  it('a javascript: link is refused', async () => {
    const s = open('/');
    await s.waitForText('Test index');
    await follow(s, 'script link');
    await s.waitFor((x) => x.status().includes('Not followed: javascript: links are not followed: lwl runs no scripts'), 'the refusal');
  });

  it('secure mode fetches nothing', async () => {
    const s = Session.lwl(['--secure', `${server.origin}/`], { env: noBrowser });
    const exit = await s.waitExit();
    expect(exit.exitCode).toBe(1);
    expect(s.output).toContain('lwl: fetching web pages is disabled in secure mode');
    expect(server.requests.some((r) => r.headers['user-agent'] === undefined)).toBe(false);
  });
});
