// Fetching a web page for lwl to read: GET over http or https, redirects
// followed to a limit, nothing sent that could identify the reader (no Referer;
// cookies only from the session's jar, where its rules say, and a login only
// to the origin it was typed for), the body delivered as it arrives.
//
// node:http(s) rather than the global fetch (undici): lwl needs a timeout for
// the answer apart from an idle timeout between chunks, progress in bytes on
// the wire against Content-Length (fetch decompresses out of sight, so its
// byte counts are not Content-Length's), each redirect seen (the chain is
// shown, a redirect to file: refused, credentials dropped at every hop), the
// error codes as Node gives them (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED
// rather than "fetch failed"), and only the headers lwl chooses (fetch adds
// Sec-Fetch-Mode, Accept-Language and others).
import type http from 'node:http';
import type { LookupFunction } from 'node:net';
import { parseUrl, serializePath, serializeUrl, serializeHost, defaultPort, type UrlRecord } from '../link/url/index.ts';
import { Body, codingOf, type Progress } from './fetch-body.ts';
import { parseContentType } from './content-type.ts';
import { canonicalCharset } from '../input/charset.ts';
import { openTunnel, proxyAddress, proxyHeaders, type ProxyChoice } from './proxy.ts';
import { describeError, statusFailure, type FetchFailure } from './fetch-failure.ts';
import type { CookieStore } from './cookies.ts';
import { basicChallenge, type BasicChallenge, type Logins } from './auth.ts';

export type { Body, BodyEnd, BodyEndReason, Progress } from './fetch-body.ts';
export type { FetchFailure, FailureKind } from './fetch-failure.ts';

export interface FetchOptions {
  /** lwl's version, for `User-Agent: lwl/VERSION`. */
  version: string;
  /** Aborting stops the load: before the answer, the result is a 'cancelled' failure; after, the body ends 'cancelled'. */
  signal?: AbortSignal;
  /** Redirects followed before giving up (default 10). */
  maxRedirects?: number;
  /** Time for each request to connect and send its headers (default 30 s). */
  responseTimeoutMs?: number;
  /** Time the body may go silent before it is given up (default 30 s). */
  idleTimeoutMs?: number;
  /** Bytes of (decompressed) body kept at most (default 256 MiB). */
  maxBytes?: number;
  /** Called as bytes arrive, and once at the end. */
  onProgress?: (progress: Progress) => void;
  /** The name lookup (default: the system's, as dns.lookup). Tests give one that never leaves the machine. */
  lookup?: LookupFunction;
  /** The proxy for each URL (proxyFromEnv reads http_proxy, https_proxy, no_proxy); default: none, always direct. */
  proxy?: ProxyChoice;
  /** Extra certificate authorities to trust, PEM (default: Node's). */
  ca?: string | Buffer;
  /** The session's cookies: sent and kept (on every response, redirects too); absent, none is sent and every one refused. */
  cookies?: CookieStore | null;
  /** The logins typed this session, each sent to its origin alone. */
  logins?: Logins | null;
  /** A form's body to send by POST (none: a GET); a 301, 302 or 303 redirect goes on by GET, a 307 or 308 sends it again. */
  post?: PostBody | null;
}

/** What a form sends by POST. */
export interface PostBody {
  body: Buffer;
  contentType: string;
}

export const DEFAULTS = {
  maxRedirects: 10,
  responseTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxBytes: 256 * 1024 * 1024,
} as const;

/** A page whose answer has come: its headers read, its body arriving. */
export interface FetchedPage {
  ok: true;
  /** The URL asked for, without credentials. */
  requested: UrlRecord;
  /** The final URL after redirects, with the fragment asked for unless a redirect gave one: the document's URL and base. */
  url: UrlRecord;
  /** `url` serialized, for $LWL_URL and the document's name. */
  href: string;
  /** The URLs redirected to, in order (the last is `url`). */
  redirects: UrlRecord[];
  /** 2xx, a 3xx without a Location (shown as a page), or a 4xx or 5xx whose body is the server's page. */
  status: number;
  statusText: string;
  /** The Content-Type's "type/subtype", lower case; "" when the server sent none. */
  contentType: string;
  /** The charset from Content-Type (its WHATWG name), or null: the page then says its own (meta charset), else it is UTF-8. */
  charset: string | null;
  /** Content-Length: bytes on the wire (compressed, when the body is). */
  length: number | null;
  /** Content-Disposition as the server sent it (the file name a download is saved under), or null. */
  disposition: string | null;
  /** The body, as it arrives. */
  body: Body;
  /** Cookies the answers (the redirects' too) set, and those refused (no jar, or its rules said no). */
  cookies: CookieCount;
  /** A 401's Basic challenge: the page asks for a login. */
  challenge: BasicChallenge | null;
  /** A login was sent for this page (a 401 then means it was refused). */
  loginSent: boolean;
  /** The answer is to a POST (a form sent, and no redirect that turned it into a GET): loading it again sends the form again. */
  posted: boolean;
}

export interface CookieCount {
  set: number;
  refused: number;
}

export type FetchResult = FetchedPage | FetchFailure;

/** Whether lwl fetches URLs of this scheme itself. */
export function isFetchable(url: UrlRecord): boolean {
  return url.scheme === 'http' || url.scheme === 'https';
}

/** An http(s) URL from text (a command-line argument), or null if the text is not one. */
export function httpUrl(text: string): UrlRecord | null {
  if (!/^https?:\/\//i.test(text.trim())) return null;
  const parsed = parseUrl(text.trim());
  return parsed.ok && isFetchable(parsed.url) ? parsed.url : null;
}

/** The URL without username and password: they are never sent, nor shown. */
function withoutCredentials(url: UrlRecord): UrlRecord {
  return url.username === '' && url.password === '' ? url : { ...url, username: '', password: '' };
}

/** What lwl asks for: readable documents first. */
const ACCEPT = 'text/html, application/xhtml+xml, text/markdown;q=0.9, text/plain;q=0.8, */*;q=0.5';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Answer = { ok: true; res: http.IncomingMessage } | { ok: false; err: NodeJS.ErrnoException; why: 'error' | 'timeout' | 'cancelled' };

/** Marks an error as lwl's own, to tell a timeout or a cancel from a network error. */
class Stop extends Error {
  constructor(readonly why: 'timeout' | 'cancelled') {
    super(why);
  }
}

/**
 * One GET, resolved when the headers of the answer have come (or it failed),
 * directly or through a proxy. node:http, https and tls are loaded when first
 * used: https costs some 20 ms to load, which lwl's first screen should not pay.
 */
function request(url: UrlRecord, options: FetchOptions, timeoutMs: number, sent: Record<string, string>, post: PostBody | null): Promise<Answer> {
  const proxy = options.proxy?.(url) ?? null;
  return new Promise((resolve) => {
    /** What a timeout or a stop destroys: the request under way. */
    let current: http.ClientRequest | null = null;
    let settled = false;
    const done = (answer: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const failed = (err: NodeJS.ErrnoException) => done({ ok: false, err, why: err instanceof Stop ? err.why : 'error' });
    const stop = (why: Stop['why']) => (current ? current.destroy(new Stop(why)) : failed(new Stop(why)));
    const onAbort = () => stop('cancelled');
    const timer = setTimeout(() => stop('timeout'), timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    const send = async () => {
      const host = serializeHost(url.host!);
      // An IPv6 host is serialized in brackets; the socket wants the address.
      const hostname = host.replace(/^\[|\]$/g, '');
      const port = url.port ?? defaultPort(url.scheme)!;
      const path = serializePath(url) + (url.query !== null ? `?${url.query}` : '');
      const headers = {
        Host: url.port === null ? host : `${host}:${url.port}`,
        'User-Agent': `lwl/${options.version}`,
        Accept: ACCEPT,
        'Accept-Encoding': 'gzip, deflate, br',
        ...sent,
        ...(post ? { 'Content-Type': post.contentType, 'Content-Length': String(post.body.length) } : {}),
      };
      const { request: httpRequest } = await import('node:http');
      if (settled) return;
      // A connection of its own, closed after: no pooled sockets outlive the load.
      const common = { method: post ? 'POST' : 'GET', agent: false as const, lookup: options.lookup };
      let req: http.ClientRequest;
      if (url.scheme === 'http') {
        // Through a proxy, a plain http page is asked for by its whole URL.
        req = proxy
          ? httpRequest({ ...common, ...proxyAddress(proxy), path: serializeUrl(url, true), headers: { ...headers, ...proxyHeaders(proxy) } })
          : httpRequest({ ...common, hostname, port, path, headers });
      } else {
        const { request: httpsRequest } = await import('node:https');
        const tls = await import('node:tls');
        const { isIP } = await import('node:net');
        if (settled) return;
        const tunnel = proxy ? await openTunnel(httpRequest, proxy, `${host}:${port}`, options.lookup, (r) => (current = r)) : null;
        if (settled) return void tunnel?.destroy();
        req = httpsRequest({
          ...common,
          hostname,
          port,
          path,
          headers,
          ca: options.ca,
          // Through a proxy, TLS runs inside the tunnel, checked against the site's name.
          ...(tunnel ? { createConnection: () => tls.connect({ socket: tunnel, host: hostname, servername: isIP(hostname) ? undefined : hostname, ca: options.ca }) } : {}),
        });
      }
      current = req;
      // Listened to before anything can destroy it: an error with no listener would be thrown.
      req.on('error', failed);
      if (settled) return void req.destroy();
      req.on('response', (res) => done({ ok: true, res }));
      req.end(post?.body);
    };
    send().catch(failed);
  });
}

function hostOf(url: UrlRecord): string {
  return url.host ? serializeHost(url.host) : '';
}

/** A header value as Node gives it (latin1 per byte) read as UTF-8, as browsers read Location. */
function headerText(value: string): string {
  const utf8 = Buffer.from(value, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? value : utf8;
}

/**
 * Fetches an http(s) URL: resolves once the answer's headers are in, with the
 * page (its body arriving) or a failure to show as a page (failurePage). Never
 * rejects.
 */
export async function fetchPage(input: string | UrlRecord, options: FetchOptions): Promise<FetchResult> {
  const maxRedirects = options.maxRedirects ?? DEFAULTS.maxRedirects;
  const timeoutMs = options.responseTimeoutMs ?? DEFAULTS.responseTimeoutMs;
  const redirects: UrlRecord[] = [];
  const parsed = typeof input === 'string' ? parseUrl(input) : { ok: true as const, url: input };
  const requested = parsed.ok ? withoutCredentials(parsed.url) : null;
  type Described = Pick<FetchFailure, 'kind' | 'title' | 'detail'> & Partial<FetchFailure>;
  const fail = (url: UrlRecord | null, described: Described): FetchFailure => ({
    ok: false,
    requested,
    url,
    redirects,
    status: null,
    statusText: '',
    code: null,
    ...described,
  });
  const stopped = { kind: 'cancelled', title: 'Stopped', detail: 'The load was stopped before the page arrived.' } as const;
  if (!parsed.ok) return fail(null, { kind: 'url', title: 'Not a URL', detail: `lwl cannot read this as a URL: ${parsed.reason}.` });
  if (!isFetchable(parsed.url)) return fail(requested, { kind: 'url', title: 'Not a web address', detail: `lwl fetches only http and https URLs, not ${parsed.url.scheme}:.` });

  let url = requested!;
  const cookies: CookieCount = { set: 0, refused: 0 };
  let post = options.post ?? null;
  for (;;) {
    if (options.signal?.aborted) return fail(url, stopped);
    const sent = sessionHeaders(url, options);
    const answer = await request(url, options, timeoutMs, sent, post);
    if (!answer.ok) {
      if (answer.why === 'cancelled') return fail(url, stopped);
      if (answer.why === 'timeout') {
        return fail(url, { kind: 'timeout', title: 'Timed out', detail: `${hostOf(url)} did not answer within ${timeoutMs / 1000} s.` });
      }
      return fail(url, describeError(answer.err, hostOf(url), options.proxy?.(url) ?? null));
    }
    const res = answer.res;
    const status = res.statusCode ?? 0;
    keepCookies(url, res, options, cookies);
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location !== undefined) {
      res.destroy();
      const statusInfo = { status, statusText: res.statusMessage ?? '' };
      const next = parseUrl(headerText(location), url);
      if (!next.ok) return fail(url, { kind: 'redirect', title: 'Bad redirect', detail: `The server redirected to something that is not a URL (${next.reason}).`, ...statusInfo });
      if (!isFetchable(next.url)) {
        return fail(url, { kind: 'redirect', title: 'Redirect refused', detail: `The server redirected to a ${next.url.scheme}: URL; lwl follows redirects only to http and https.`, ...statusInfo });
      }
      if (redirects.length >= maxRedirects) {
        const target = serializeUrl(next.url, true);
        const loop = [requested!, ...redirects].some((seen) => serializeUrl(seen, true) === target);
        const title = loop ? 'Redirect loop' : 'Too many redirects';
        const detail = loop ? 'The server redirects in a loop: the page never arrives.' : `The server redirected more than ${maxRedirects} times.`;
        return fail(url, { kind: 'redirect', title, detail, ...statusInfo });
      }
      // The fragment asked for survives a redirect that names none (Fetch standard).
      const target = withoutCredentials(next.url.fragment === null ? { ...next.url, fragment: url.fragment } : next.url);
      redirects.push(target);
      url = target;
      // As browsers do: a form sent by POST and redirected by 301, 302 or 303 is followed by a GET.
      if (status !== 307 && status !== 308) post = null;
      continue;
    }
    if (status < 200) {
      res.destroy();
      return fail(url, statusFailure(status, res.statusMessage));
    }
    const coding = codingOf(res.headers['content-encoding']);
    if (coding === null) {
      res.destroy();
      return fail(url, { kind: 'encoding', title: 'Unknown compression', detail: `The server compressed the page as "${String(res.headers['content-encoding']).replace(/[^\x20-\x7e]/g, '')}", which lwl cannot undo.` });
    }
    const type = parseContentType(res.headers['content-type']);
    const lengthHeader = res.headers['content-length'];
    const length = lengthHeader !== undefined && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
    const body = new Body(res, coding, length, {
      maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
      idleTimeoutMs: options.idleTimeoutMs ?? DEFAULTS.idleTimeoutMs,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    return {
      ok: true,
      requested: requested!,
      url,
      href: serializeUrl(url),
      redirects,
      status,
      statusText: res.statusMessage ?? '',
      contentType: type.essence,
      charset: canonicalCharset(type.charset),
      length,
      disposition: res.headers['content-disposition'] ?? null,
      body,
      cookies,
      challenge: status === 401 ? basicChallenge(res.headers['www-authenticate']) : null,
      loginSent: sent.Authorization !== undefined,
      posted: post !== null,
    };
  }
}

/** The session's headers for a request to `url`: its cookies, and the login typed for its origin. */
function sessionHeaders(url: UrlRecord, options: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const cookie = options.cookies?.cookieHeader(serializeUrl(url, true));
  if (cookie) headers.Cookie = cookie;
  const login = options.logins?.authorization(url);
  if (login) headers.Authorization = login;
  return headers;
}

/** An answer's Set-Cookie headers into the jar (or counted as refused), whatever the status: a redirect's too. */
function keepCookies(url: UrlRecord, res: http.IncomingMessage, options: FetchOptions, count: CookieCount): void {
  const setCookies = res.headers['set-cookie'] ?? [];
  if (setCookies.length === 0) return;
  const kept = options.cookies ? options.cookies.store(serializeUrl(url, true), setCookies) : 0;
  count.set += kept;
  count.refused += setCookies.length - kept;
}
