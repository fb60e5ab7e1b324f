// Web proxies as curl, lynx and w3m take them from the environment:
// http_proxy, https_proxy, all_proxy (or upper case), and no_proxy for the
// hosts reached directly. A plain http page is asked of the proxy by its whole
// URL; an https one goes through a CONNECT tunnel, so the proxy sees only the
// host name. The proxy's own user and password, if its URL has them, go to the
// proxy only (Proxy-Authorization), never to a site.
import type http from 'node:http';
import type { Socket } from 'node:net';
import { parseUrl, percentDecode, serializeHost, defaultPort, type UrlRecord } from '../link/url/index.ts';

/** The proxy for a URL, or null to go direct. */
export type ProxyChoice = (url: UrlRecord) => UrlRecord | null;

/** A proxy URL from the environment: "host:port" alone means http://host:port. */
function proxyUrl(value: string | undefined): UrlRecord | null {
  const text = value?.trim();
  if (!text) return null;
  const parsed = parseUrl(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`);
  return parsed.ok && parsed.url.scheme === 'http' && parsed.url.host !== null ? parsed.url : null;
}

/** Whether no_proxy names this host: "*", a host, a domain with its subdomains (".example.org" or "example.org"), host:port. */
export function bypassesProxy(url: UrlRecord, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = serializeHost(url.host!).toLowerCase().replace(/^\[|\]$/g, '');
  const port = String(url.port ?? defaultPort(url.scheme));
  return noProxy.split(/[\s,]+/).some((entry) => {
    let name = entry.trim().toLowerCase();
    if (name === '') return false;
    if (name === '*') return true;
    const portMatch = /^(.*[^:\]]|\[.*\]):(\d+)$/.exec(name);
    if (portMatch) {
      if (portMatch[2] !== port) return false;
      name = portMatch[1];
    }
    name = name.replace(/^\[|\]$/g, '').replace(/^\*?\./, '');
    return host === name || host.endsWith(`.${name}`);
  });
}

/** The proxy choice the environment makes (nothing set: always direct). */
export function proxyFromEnv(env: NodeJS.ProcessEnv = process.env): ProxyChoice {
  const get = (name: string) => env[name] ?? env[name.toUpperCase()];
  // Upper-case HTTP_PROXY is ignored, as curl does: a CGI environment sets it from a request header.
  const httpProxy = proxyUrl(env.http_proxy ?? get('all_proxy'));
  const httpsProxy = proxyUrl(get('https_proxy') ?? get('all_proxy'));
  const noProxy = get('no_proxy');
  return (url) => {
    const proxy = url.scheme === 'https' ? httpsProxy : url.scheme === 'http' ? httpProxy : null;
    return proxy && !bypassesProxy(url, noProxy) ? proxy : null;
  };
}

/** Where to connect for a proxy: host (IPv6 without brackets) and port. */
export function proxyAddress(proxy: UrlRecord): { hostname: string; port: number } {
  return { hostname: serializeHost(proxy.host!).replace(/^\[|\]$/g, ''), port: proxy.port ?? 80 };
}

/** The Proxy-Authorization header for a proxy URL with a user, else none. */
export function proxyHeaders(proxy: UrlRecord): Record<string, string> {
  if (proxy.username === '' && proxy.password === '') return {};
  const decode = (s: string) => Buffer.from(percentDecode(s)).toString('utf8');
  const token = Buffer.from(`${decode(proxy.username)}:${decode(proxy.password)}`).toString('base64');
  return { 'Proxy-Authorization': `Basic ${token}` };
}

/** A proxy's refusal of a tunnel, with its status. */
export class TunnelRefused extends Error {
  code = 'ETUNNEL';
  constructor(readonly status: number, statusText: string) {
    super(`the proxy refused the tunnel: ${status} ${statusText.replace(/[^\x20-\x7e]/g, '')}`.trim());
  }
}

/**
 * Asks the proxy for a tunnel to host:port (CONNECT). The request is handed to
 * `track` at once, so a timeout or a stop can destroy it; resolves with the
 * socket once the proxy says 200.
 */
export function openTunnel(
  request: typeof http.request,
  proxy: UrlRecord,
  target: string,
  lookup: import('node:net').LookupFunction | undefined,
  track: (req: http.ClientRequest) => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = proxyAddress(proxy);
    const req = request({ hostname, port, method: 'CONNECT', path: target, headers: { Host: target, ...proxyHeaders(proxy) }, agent: false, lookup });
    track(req);
    req.on('connect', (res: http.IncomingMessage, socket: Socket) => {
      if (res.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new TunnelRefused(res.statusCode ?? 0, res.statusMessage ?? ''));
    });
    req.on('response', (res: http.IncomingMessage) => {
      res.destroy();
      reject(new TunnelRefused(res.statusCode ?? 0, res.statusMessage ?? ''));
    });
    req.on('error', reject);
    req.end();
  });
}
