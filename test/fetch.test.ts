// The fetch layer against a real HTTP server on 127.0.0.1 (test/http-server.ts).
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, httpUrl, type FetchOptions, type FetchResult, type FetchedPage, type FetchFailure } from '../src/web/fetch.ts';
import type { Progress } from '../src/web/fetch-body.ts';
import { failurePage } from '../src/web/fetch-failure.ts';
import { utf8Transcoder } from '../src/input/charset.ts';
import { classify } from '../src/input/classify.ts';
import { mayFollowFrom } from '../src/link/follow-policy.ts';
import { parseUrl, serializePath, serializeUrl } from '../src/link/url/index.ts';
import { bigPage, CP1252_TEXT, HTML, MARKDOWN, PASSWD_LINK, startServer, startTlsServer, type TestServer, type TlsServer } from './http-server.ts';

let server: TestServer;
let tls: TlsServer;
beforeAll(async () => {
  server = await startServer();
  tls = await startTlsServer();
});
afterAll(async () => {
  server.openGate();
  await server.close();
  await tls.close();
});

/** Names resolve to 127.0.0.1 (lwl.test) or to nothing: no test asks the real name service. */
const localLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (hostname !== 'lwl.test') {
    return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }));
  }
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
}) as unknown as LookupFunction;

const quick: FetchOptions = { version: '9.9.9', responseTimeoutMs: 5000, idleTimeoutMs: 5000, lookup: localLookup };

function get(path: string, options: Partial<FetchOptions> = {}): Promise<FetchResult> {
  return fetchPage(path.includes('://') ? path : server.origin + path, { ...quick, ...options });
}

function page(result: FetchResult): FetchedPage {
  if (!result.ok) throw new Error(`expected a page, got a failure: ${result.title}: ${result.detail}`);
  return result;
}

function failure(result: FetchResult): FetchFailure {
  if (result.ok) throw new Error(`expected a failure, got a page with status ${result.status}`);
  return result;
}

async function text(p: FetchedPage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of p.body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const url = (text: string) => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.url;
};

describe('pages', () => {
  it('fetches an HTML page: status, type, charset, body, the final URL', async () => {
    const p = page(await get('/page.html'));
    expect(p.status).toBe(200);
    expect(p.contentType).toBe('text/html');
    expect(p.charset).toBe('utf-8');
    expect(p.href).toBe(`${server.origin}/page.html`);
    expect(p.redirects).toEqual([]);
    expect(p.length).toBe(Buffer.byteLength(HTML));
    expect((await text(p)).toString()).toBe(HTML);
    expect((await p.body.ended).reason).toBe('complete');
    expect(p.body.end?.message).toBeNull();
  });

  it('gives what classify() needs to pick the reader: the type, else the path, else the first bytes', async () => {
    const kinds = async (path: string) => {
      const p = page(await get(path));
      const head = await text(p);
      const { kind, notText } = classify({ name: serializePath(p.url), head, headComplete: true, type: p.contentType, charset: p.charset });
      return [kind, notText, p.contentType];
    };
    expect(await kinds('/doc.md')).toEqual(['markdown', false, 'text/markdown']);
    expect(await kinds('/notes.txt')).toEqual(['plain', false, 'text/plain']);
    expect(await kinds('/data.json')).toEqual(['plain', false, 'application/json']);
    expect(await kinds('/image.png')).toEqual(['plain', true, 'image/png']);
    expect(await kinds('/untyped.md')).toEqual(['markdown', false, '']);
    expect(await kinds('/untyped')).toEqual(['html', false, '']);
  });

  it('reads markdown as sent', async () => {
    expect((await text(page(await get('/doc.md')))).toString()).toBe(MARKDOWN);
  });

  it('fetches a host by name through the lookup it is given, with its Host header', async () => {
    const p = page(await get(`http://lwl.test:${server.port}/echo`));
    const headers = JSON.parse((await text(p)).toString());
    expect(headers.host).toBe(`lwl.test:${server.port}`);
    expect(p.href).toBe(`http://lwl.test:${server.port}/echo`);
  });

  it('says it is lwl, asks for compressed bodies, and sends nothing about the reader', async () => {
    const p = page(await get('http://someone:hunter2@127.0.0.1:' + server.port + '/echo'));
    const headers = JSON.parse((await text(p)).toString());
    expect(headers['user-agent']).toBe('lwl/9.9.9');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(Object.keys(headers).sort()).toEqual(['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
    expect(p.requested.username + p.requested.password).toBe('');
    expect(p.href).not.toContain('hunter2');
  });

  it('keeps no cookie a server sets', async () => {
    const p = page(await get('/set-cookie'));
    const headers = JSON.parse((await text(p)).toString());
    expect(headers.cookie).toBeUndefined();
    expect(p.href).toBe(`${server.origin}/echo`);
  });

  it('fetches over https, with the certificate trusted', async () => {
    const p = page(await get(`${tls.origin}/page.html`, { ca: tls.certificate }));
    expect((await text(p)).toString()).toBe(HTML);
    expect(p.href).toBe(`${tls.origin}/page.html`);
  });

  it('gives what arrived of a body the connection cut short', async () => {
    const p = page(await get('/truncated.txt'));
    expect((await text(p)).toString()).toBe('twelve bytes');
    const end = await p.body.ended;
    expect(end.reason).toBe('truncated');
    expect(end.message).toContain('closed before the end');
  });
});

describe('redirects', () => {
  it('follows a chain of every kind of redirect and reports the final URL', async () => {
    const p = page(await get('/redirect/7'));
    expect(p.redirects.map((u) => serializeUrl(u))).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => `${server.origin}/redirect/${n}`));
    expect(p.href).toBe(`${server.origin}/redirect/0`);
    expect(serializeUrl(p.requested)).toBe(`${server.origin}/redirect/7`);
    expect((await text(p)).toString()).toBe(HTML);
  });

  it('follows up to the limit and no further', async () => {
    const ten = page(await get('/redirect/10'));
    expect(ten.redirects).toHaveLength(10);
    await text(ten);
    const eleven = failure(await get('/redirect/11'));
    expect(eleven.kind).toBe('redirect');
    expect(eleven.title).toBe('Too many redirects');
    expect(failure(await get('/redirect/3', { maxRedirects: 2 })).title).toBe('Too many redirects');
  });

  it('calls a loop a loop', async () => {
    const f = failure(await get('/loop'));
    expect([f.kind, f.title]).toEqual(['redirect', 'Redirect loop']);
    expect(failurePage(f)).toContain(`${server.origin}/loop`);
  });

  it('refuses a redirect to file: or javascript:', async () => {
    const toFile = failure(await get('/to-passwd'));
    expect([toFile.kind, toFile.title]).toEqual(['redirect', 'Redirect refused']);
    expect(toFile.detail).toContain('file:');
    expect(failure(await get('/to-javascript')).title).toBe('Redirect refused');
  });

  it('carries the fragment asked for through a redirect that names none', async () => {
    const kept = page(await get('/to-fragment#end'));
    expect(kept.href).toBe(`${server.origin}/page.html#end`);
    await text(kept);
    const replaced = page(await get('/to-other-fragment#end'));
    expect(replaced.href).toBe(`${server.origin}/page.html#there`);
    await text(replaced);
  });

  it('shows a redirect without a Location as a page', async () => {
    const p = page(await get('/no-location'));
    expect(p.status).toBe(302);
    expect((await text(p)).toString()).toContain('moved');
  });
});

describe('compression', () => {
  for (const [path, coding] of [['/gzip.html', 'gzip'], ['/brotli.html', 'br'], ['/deflate.html', 'deflate'], ['/deflate-raw.html', 'deflate']]) {
    it(`undoes ${path.slice(1)} as it streams, counting wire bytes against Content-Length`, async () => {
      const seen: Progress[] = [];
      const p = page(await get(path, { onProgress: (progress) => seen.push(progress) }));
      expect(p.body.coding).toBe(coding);
      expect((await text(p)).toString()).toBe(HTML);
      const end = await p.body.ended;
      expect(end.reason).toBe('complete');
      expect(end.received).toBe(p.length);
      expect(end.delivered).toBe(Buffer.byteLength(HTML));
      expect(seen.at(-1)).toEqual({ received: p.length, total: p.length, delivered: Buffer.byteLength(HTML) });
    });
  }

  it('keeps what could be decoded of damaged gzip and says so', async () => {
    const p = page(await get('/corrupt-gzip.html'));
    await text(p);
    const end = await p.body.ended;
    expect(end.reason).toBe('corrupt');
    expect(end.message).toContain('damaged');
  });

  it('refuses a compression it does not know', async () => {
    const f = failure(await get('/compress.html'));
    expect(f.kind).toBe('encoding');
    expect(f.detail).toContain('"compress"');
  });
});

describe('charsets', () => {
  it('reads windows-1252 into UTF-8', async () => {
    const p = page(await get('/cp1252.html'));
    expect(p.charset).toBe('windows-1252');
    const transcoder = utf8Transcoder(p.charset);
    const out: Buffer[] = [];
    for await (const chunk of p.body) out.push(transcoder.write(chunk));
    out.push(transcoder.end());
    expect(Buffer.concat(out).toString('utf8')).toBe(CP1252_TEXT);
  });
});

describe('progress, limits and stopping', () => {
  it('delivers a slow page part by part with progress against Content-Length', async () => {
    const seen: Progress[] = [];
    const p = page(await get('/slow.txt', { onProgress: (progress) => seen.push({ ...progress }) }));
    const chunks: Buffer[] = [];
    for await (const chunk of p.body) chunks.push(chunk);
    expect(Buffer.concat(chunks)).toEqual(Buffer.concat(Array.from({ length: 10 }, () => bigPage(1024))));
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((s) => s.total === 10 * 1024)).toBe(true);
    const received = seen.map((s) => s.received);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(received.at(-1)).toBe(10 * 1024);
    expect((await p.body.ended).reason).toBe('complete');
  });

  it('stops when aborted after the first part, keeping what arrived', async () => {
    const controller = new AbortController();
    const p = page(await get('/gate.txt', { signal: controller.signal }));
    const got: string[] = [];
    for await (const chunk of p.body) {
      got.push(chunk.toString());
      controller.abort();
    }
    expect(got.join('')).toBe('first\n');
    const end = await p.body.ended;
    expect(end.reason).toBe('cancelled');
    expect(end.delivered).toBe(6);
    expect(end.message).toBe('Stopped: 6 bytes arrived');
  });

  it('gives up a page that goes silent after the idle timeout, keeping its beginning', async () => {
    const p = page(await get('/never-ends.txt', { idleTimeoutMs: 100 }));
    expect((await text(p)).toString()).toBe('the beginning\n');
    const end = await p.body.ended;
    expect(end.reason).toBe('idle-timeout');
    expect(end.message).toContain('sent nothing for 0.1 s');
  });

  it('stops a page that never ends when the reader leaves the loop, or cancels', async () => {
    const p = page(await get('/never-ends.txt'));
    for await (const chunk of p.body) {
      expect(chunk.toString()).toBe('the beginning\n');
      break;
    }
    expect((await p.body.ended).reason).toBe('cancelled');
    const q = page(await get('/never-ends.txt'));
    const first = await q.body[Symbol.asyncIterator]().next();
    expect(first.value.toString()).toBe('the beginning\n');
    q.body.cancel();
    expect((await q.body.ended).reason).toBe('cancelled');
  });

  it('keeps the first maxBytes of a page that is too large, and says so', async () => {
    const p = page(await get('/big/300000', { maxBytes: 100_000 }));
    const body = await text(p);
    expect(body.equals(bigPage(300_000).subarray(0, 100_000))).toBe(true);
    const end = await p.body.ended;
    expect(end.reason).toBe('too-large');
    expect(end.message).toBe('The page is larger than 98 KiB: only its first 98 KiB are shown');
  });

  it('holds the limit on the decompressed size, not the wire size', async () => {
    const p = page(await get('/gzip-big.txt', { maxBytes: 1024 * 1024 }));
    expect((await text(p)).length).toBe(1024 * 1024);
    expect((await p.body.ended).reason).toBe('too-large');
  });

  it('pauses for a reader that is behind, without timing it out', async () => {
    const size = 8 * 1024 * 1024;
    // An idle timeout a loaded machine's own pauses while the body is read do not reach (50 ms did once).
    const p = page(await get(`/big/${size}`, { idleTimeoutMs: 1000 }));
    // The reader takes nothing for twice the idle timeout: the network waits for it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(p.body.end).toBeNull();
    expect(p.body.progress.delivered).toBeLessThan(size);
    expect((await text(p)).length).toBe(size);
    expect((await p.body.ended).reason).toBe('complete');
  });

  it('gives a timeout page when the answer does not come', async () => {
    const f = failure(await get('/silent', { responseTimeoutMs: 100 }));
    expect([f.kind, f.title]).toEqual(['timeout', 'Timed out']);
    expect(failurePage(f)).toBe(`Timed out\n\n  ${server.origin}/silent\n\n127.0.0.1 did not answer within 0.1 s.\n`);
  });

  it('gives a cancelled failure when stopped before the answer', async () => {
    const controller = new AbortController();
    const pending = get('/silent', { signal: controller.signal });
    controller.abort();
    expect(failure(await pending).kind).toBe('cancelled');
    expect(failure(await get('/page.html', { signal: controller.signal })).kind).toBe('cancelled');
  });
});

describe('failures as pages', () => {
  it('404: the server\'s own page, with its status (page-load.ts makes lwl\'s page when it is empty)', async () => {
    const p = page(await get('/missing'));
    expect([p.status, p.statusText, p.contentType]).toEqual([404, 'Not Found', 'text/html']);
    expect((await text(p)).toString()).toBe('<h1>no such page</h1>');
  });

  it('500', async () => {
    const p = page(await get('/broken'));
    expect(p.status).toBe(500);
    expect((await text(p)).toString()).toBe('<h1>oops</h1>');
  });

  it('names the redirects before a failure', async () => {
    const f = failure(await get('/loop'));
    expect(f.redirects.length).toBe(10);
    expect(failurePage(f)).toContain('Redirected 10 times, from:');
  });

  it('DNS failure', async () => {
    const f = failure(await get('http://no-such-host.invalid/'));
    expect([f.kind, f.code, f.title]).toEqual(['dns', 'ENOTFOUND', 'Host not found']);
    expect(failurePage(f)).toBe('Host not found\n\n  http://no-such-host.invalid/\n\nThe name service (DNS) does not know no-such-host.invalid.\n\n(ENOTFOUND)\n');
  });

  it('refused connection', async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const f = failure(await get(`http://127.0.0.1:${port}/`));
    expect([f.kind, f.code, f.title]).toEqual(['refused', 'ECONNREFUSED', 'Connection refused']);
  });

  it('TLS error: a certificate nobody trusts', async () => {
    const f = failure(await get(`${tls.origin}/page.html`));
    expect([f.kind, f.code, f.title]).toEqual(['tls', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'Certificate not trusted']);
    expect(f.detail).toBe('The secure connection to 127.0.0.1 was refused: its certificate is self-signed.');
  });

  it('TLS error: https to a server that speaks plain http', async () => {
    const f = failure(await get(`https://127.0.0.1:${server.port}/`));
    expect([f.kind, f.title]).toEqual(['tls', 'Secure connection failed']);
    expect(f.detail).toMatch(/^The TLS connection to 127\.0\.0\.1 failed: .+\.$/);
  });

  it('not a URL lwl fetches', async () => {
    expect(failure(await get('ftp://127.0.0.1/x')).kind).toBe('url');
    expect(failure(await get('http://[bad')).kind).toBe('url');
  });

  it('never shows credentials on a failure page', async () => {
    const f = failure(await get(`http://me:secret@127.0.0.1:${server.port}/loop`));
    expect(failurePage(f)).not.toContain('secret');
  });
});

describe('following links from a fetched page', () => {
  it('asks before a web page opens a local file; refuses scripts; fetches the web', async () => {
    const p = page(await get('/passwd-link.html'));
    expect((await text(p)).toString()).toBe(PASSWD_LINK);
    const link = url(/href="([^"]+)"/.exec(PASSWD_LINK)![1]);
    expect(mayFollowFrom(p.url, link).action).toBe('ask');
    expect(mayFollowFrom(url('file:///home/me/index.html'), link)).toEqual({ action: 'open' });
    expect(mayFollowFrom(null, link)).toEqual({ action: 'open' });
    expect(mayFollowFrom(p.url, url('javascript:alert(1)')).action).toBe('refuse');
    expect(mayFollowFrom(p.url, url(`${server.origin}/doc.md`))).toEqual({ action: 'fetch' });
    expect(mayFollowFrom(p.url, url('mailto:me@example.org'))).toEqual({ action: 'hand-off' });
  });

  it('httpUrl knows a command-line URL', () => {
    expect(httpUrl(`${server.origin}/page.html`) && serializeUrl(httpUrl(`${server.origin}/page.html`)!)).toBe(`${server.origin}/page.html`);
    expect(httpUrl('HTTPS://Example.ORG')).not.toBeNull();
    expect(httpUrl('page.html')).toBeNull();
    expect(httpUrl('file:///etc/passwd')).toBeNull();
    expect(httpUrl('http://[bad')).toBeNull();
  });
});
