// Proxies from the environment, and fetching through one: a proxy on 127.0.0.1 (test/http-server.ts).
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPage, type FetchOptions, type FetchResult } from '../src/web/fetch.ts';
import { bypassesProxy, proxyFromEnv, proxyHeaders } from '../src/web/proxy.ts';
import { parseUrl, serializeUrl } from '../src/link/url/index.ts';
import { HTML, startProxy, startServer, startTlsServer, type TestProxy, type TestServer, type TlsServer } from './http-server.ts';

const url = (text: string) => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.url;
};
const via = (env: NodeJS.ProcessEnv, target: string) => {
  const proxy = proxyFromEnv(env)(url(target));
  return proxy && serializeUrl(proxy);
};

describe('proxies from the environment', () => {
  it('takes http_proxy for http, https_proxy for https, all_proxy for either', () => {
    const env = { http_proxy: 'http://p1:3128', https_proxy: 'p2:8080' };
    expect(via(env, 'http://example.org/')).toBe('http://p1:3128/');
    expect(via(env, 'https://example.org/')).toBe('http://p2:8080/');
    expect(via({ ALL_PROXY: 'http://p3:1' }, 'https://example.org/')).toBe('http://p3:1/');
    expect(via({ all_proxy: 'http://p3:1' }, 'http://example.org/')).toBe('http://p3:1/');
    expect(via({ HTTPS_PROXY: 'http://p4:1' }, 'https://example.org/')).toBe('http://p4:1/');
    expect(via({}, 'http://example.org/')).toBeNull();
  });

  it('ignores upper-case HTTP_PROXY (a CGI request header can set it), and proxies lwl cannot use', () => {
    expect(via({ HTTP_PROXY: 'http://evil:1' }, 'http://example.org/')).toBeNull();
    expect(via({ http_proxy: 'socks5://p:1080' }, 'http://example.org/')).toBeNull();
    expect(via({ http_proxy: '' }, 'http://example.org/')).toBeNull();
  });

  it('goes direct to the hosts no_proxy names', () => {
    const noProxy = 'localhost, .internal.example,example.com:8443,[::1],10.0.0.1';
    const bypass = (target: string) => bypassesProxy(url(target), noProxy);
    expect(bypass('http://localhost:8080/')).toBe(true);
    expect(bypass('http://a.internal.example/')).toBe(true);
    expect(bypass('http://internal.example/')).toBe(true);
    expect(bypass('http://notinternal.example/')).toBe(false);
    expect(bypass('https://example.com:8443/')).toBe(true);
    expect(bypass('https://example.com/')).toBe(false);
    expect(bypass('http://[::1]:3000/')).toBe(true);
    expect(bypass('http://10.0.0.1/')).toBe(true);
    expect(bypassesProxy(url('http://anything/'), '*')).toBe(true);
    expect(via({ http_proxy: 'http://p:1', NO_PROXY: 'example.org' }, 'http://www.example.org/')).toBeNull();
  });

  it("sends the proxy's own user to the proxy", () => {
    expect(proxyHeaders(url('http://me:p%40ss@proxy:3128'))).toEqual({ 'Proxy-Authorization': `Basic ${Buffer.from('me:p@ss').toString('base64')}` });
    expect(proxyHeaders(url('http://proxy:3128'))).toEqual({});
  });
});

let server: TestServer;
let tls: TlsServer;
let proxy: TestProxy;
beforeAll(async () => {
  [server, tls, proxy] = await Promise.all([startServer(), startTlsServer(), startProxy()]);
});
afterAll(async () => {
  server.openGate();
  await Promise.all([server.close(), tls.close(), proxy.close()]);
});

/** No name is looked up by lwl when a proxy is used: any lookup is an error. */
const noLookup = ((hostname: string, _: unknown, callback: (...args: unknown[]) => void) =>
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }))) as unknown as LookupFunction;

function get(target: string, options: Partial<FetchOptions> = {}): Promise<FetchResult> {
  const env = { http_proxy: proxy.origin, https_proxy: proxy.origin };
  return fetchPage(target, { version: '2.0', responseTimeoutMs: 5000, idleTimeoutMs: 5000, lookup: noLookup, proxy: proxyFromEnv(env), ...options });
}

async function body(result: FetchResult): Promise<string> {
  if (!result.ok) throw new Error(`${result.title}: ${result.detail}`);
  const chunks: Buffer[] = [];
  for await (const chunk of result.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

describe('fetching through a proxy', () => {
  it('asks the proxy for a plain http page by its whole URL; the proxy looks the name up', async () => {
    const target = `http://lwl.test:${server.port}/page.html#frag`;
    const result = await get(target, { proxy: proxyFromEnv({ http_proxy: `http://me:pw@127.0.0.1:${proxy.port}` }) });
    expect(await body(result)).toBe(HTML);
    const asked = proxy.requests.at(-1)!;
    expect(asked.line).toBe(`GET http://lwl.test:${server.port}/page.html`);
    expect(asked.headers.host).toBe(`lwl.test:${server.port}`);
    expect(asked.headers['user-agent']).toBe('lwl/2.0');
    expect(asked.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('me:pw').toString('base64')}`);
    expect(server.requests.at(-1)!.headers['proxy-authorization']).toBeUndefined();
  });

  it('tunnels https with CONNECT and checks the site certificate inside the tunnel', async () => {
    const target = `${tls.origin}/page.html`;
    expect(await body(await get(target, { ca: tls.certificate }))).toBe(HTML);
    expect(proxy.requests.at(-1)!.line).toBe(`CONNECT ${tls.origin.replace('https://', '')}`);
    const untrusted = await get(target);
    expect(untrusted.ok).toBe(false);
    if (!untrusted.ok) {
      expect([untrusted.kind, untrusted.title]).toEqual(['tls', 'Certificate not trusted']);
      expect(untrusted.detail).toBe('The secure connection to 127.0.0.1 was refused: its certificate is self-signed.');
    }
  });

  it('says when the proxy refuses a tunnel', async () => {
    const result = await get('https://elsewhere.example/');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect([result.kind, result.title]).toEqual(['network', 'Proxy refused']);
      expect(result.detail).toBe('The proxy would not connect to elsewhere.example: 403 Forbidden.');
    }
  });

  it('names the proxy when it cannot be reached', async () => {
    const free = net.createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    const result = await get(`http://lwl.test:${server.port}/`, { proxy: proxyFromEnv({ http_proxy: `127.0.0.1:${port}` }) });
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.kind, result.detail]).toEqual(['refused', 'Nothing at the proxy 127.0.0.1 accepts connections on this port.']);
  });

  it('goes direct to a host no_proxy names', async () => {
    const before = proxy.requests.length;
    const direct = proxyFromEnv({ http_proxy: proxy.origin, no_proxy: '127.0.0.1' });
    expect(await body(await get(`${server.origin}/doc.md`, { proxy: direct }))).toContain('# A markdown page');
    expect(proxy.requests.length).toBe(before);
  });

  it('times out, or stops, a load whose tunnel leads to something that never answers', async () => {
    const mute = net.createServer(() => {});
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    const target = `https://127.0.0.1:${(mute.address() as net.AddressInfo).port}/`;
    try {
      const timedOut = await get(target, { responseTimeoutMs: 200 });
      expect(timedOut.ok ? 'page' : timedOut.kind).toBe('timeout');
      expect(proxy.requests.at(-1)!.line).toBe(`CONNECT ${target.slice('https://'.length, -1)}`);
      const controller = new AbortController();
      const pending = get(target, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      const stopped = await pending;
      expect(stopped.ok ? 'page' : stopped.kind).toBe('cancelled');
    } finally {
      mute.close();
    }
  });
});
