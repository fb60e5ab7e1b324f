// Why a page could not be fetched, in words: a failure from a network error
// code or an HTTP status, and the short page the pager shows in its place.
import { renderUrl } from '../link/render.ts';
import { serializeHost, type UrlRecord } from '../link/url/index.ts';

export type FailureKind =
  /** The URL is not one lwl fetches (not http or https, or not a URL). */
  | 'url'
  /** The host name is unknown (ENOTFOUND) or the name service failed. */
  | 'dns'
  /** Nothing listens there (ECONNREFUSED). */
  | 'refused'
  /** The secure connection failed: a certificate, or TLS itself. */
  | 'tls'
  /** No answer in time (connecting, or waiting for the headers). */
  | 'timeout'
  /** The connection failed otherwise (reset, unreachable). */
  | 'network'
  /** The server answered with an error status (4xx, 5xx). */
  | 'status'
  /** Redirects: too many, a loop, or to somewhere lwl does not go. */
  | 'redirect'
  /** The body is compressed in a way lwl cannot undo. */
  | 'encoding'
  /** Stopped by the user before the page began to arrive. */
  | 'cancelled';

export interface FetchFailure {
  ok: false;
  kind: FailureKind;
  /** The URL asked for (without credentials). */
  requested: UrlRecord | null;
  /** The URL that failed: the last one in a redirect chain. */
  url: UrlRecord | null;
  /** The URLs redirected through, in order, after `requested`. */
  redirects: UrlRecord[];
  /** The HTTP status, for kind 'status' (and a failed redirect). */
  status: number | null;
  /** The server's reason phrase, or the standard one for the status. */
  statusText: string;
  /** Node's error code (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED...), if any. */
  code: string | null;
  /** One line for the status line: "Not Found (404)", "Connection refused". */
  title: string;
  /** A sentence or two saying what happened, for the page. */
  detail: string;
}

/** The standard reason phrases of the statuses a reader meets. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  511: 'Network Authentication Required',
};

/** The reason phrase for a status: the server's if it sent a printable one, else the standard one. */
export function reasonPhrase(status: number, sent?: string): string {
  const printable = sent?.replace(/[^\x20-\x7e]/g, '').trim();
  if (printable) return printable.slice(0, 80);
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : '');
}

/** What a status means to a reader. */
function statusDetail(status: number): string {
  switch (status) {
    case 401:
      return 'The server asks for a login (lwl types a Basic one on the status line, no other kind).';
    case 407:
      return 'The proxy asks for a login; lwl sends none.';
    case 403:
      return 'The server refuses to show this page.';
    case 404:
      return 'The server has no page at this address.';
    case 410:
      return 'The page was here once and has been removed.';
    case 429:
      return 'The server has had too many requests; try again later.';
    case 502:
    case 504:
      return 'A gateway between lwl and the server got no good answer from it.';
    case 503:
      return 'The server cannot serve the page now; try again later.';
    default:
      if (status >= 500) return 'The server failed while answering.';
      return 'The server would not serve this request.';
  }
}

/** TLS error codes that are about the certificate, and what each means. */
const CERTIFICATE_PROBLEMS: Record<string, string> = {
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate nobody here trusts',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate cannot be verified',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer of its certificate is unknown here',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer of its certificate is unknown here',
  CERT_REVOKED: 'its certificate has been revoked',
  CERT_SIGNATURE_FAILURE: 'its certificate signature is wrong',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  HOSTNAME_MISMATCH: 'its certificate is for another name',
};

/**
 * The kind, title and detail of a network error from node:http(s), dns or
 * tls, for a page on `host`, reached through `proxy` if not null: a
 * connection's failure is then the proxy's, a certificate's still the site's.
 */
export function describeError(err: NodeJS.ErrnoException, site: string, proxy: UrlRecord | null = null): Pick<FetchFailure, 'kind' | 'code' | 'title' | 'detail'> {
  const described = describeParts(err, site, proxy);
  return { ...described, detail: described.detail[0].toUpperCase() + described.detail.slice(1) };
}

function describeParts(err: NodeJS.ErrnoException, site: string, proxy: UrlRecord | null): Pick<FetchFailure, 'kind' | 'code' | 'title' | 'detail'> {
  const code = err.code ?? null;
  const certificate = code ? CERTIFICATE_PROBLEMS[code] : undefined;
  if (certificate) return { kind: 'tls', code, title: 'Certificate not trusted', detail: `The secure connection to ${site} was refused: ${certificate}.` };
  if (code === 'ETUNNEL') return { kind: 'network', code, title: 'Proxy refused', detail: `The proxy would not connect to ${site}: ${err.message.replace(/^the proxy refused the tunnel: /, '')}.` };
  const host = proxy?.host ? `the proxy ${serializeHost(proxy.host)}` : site;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_NONAME':
    case 'EAI_NODATA':
      return { kind: 'dns', code, title: 'Host not found', detail: `The name service (DNS) does not know ${host}.` };
    case 'EAI_AGAIN':
    case 'ESERVFAIL':
      return { kind: 'dns', code, title: 'Name lookup failed', detail: `The name service (DNS) did not answer for ${host}; try again later.` };
    case 'ECONNREFUSED':
      return { kind: 'refused', code, title: 'Connection refused', detail: `Nothing at ${host} accepts connections on this port.` };
    case 'ECONNRESET':
    case 'EPIPE':
      return { kind: 'network', code, title: 'Connection reset', detail: `${host} closed the connection before answering.` };
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ENETDOWN':
      return { kind: 'network', code, title: 'Host unreachable', detail: `There is no route to ${host} from this machine.` };
    case 'ETIMEDOUT':
      return { kind: 'timeout', code, title: 'Timed out', detail: `${host} did not answer in time.` };
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_VERSION':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_HEADER_OVERFLOW':
      return { kind: 'network', code, title: 'Bad answer', detail: `${host} answered with something that is not HTTP.` };
  }
  if (code === 'EPROTO' || code?.startsWith('ERR_SSL_') || code?.startsWith('ERR_TLS_') || /SSL|TLS/.test(err.message)) {
    return { kind: 'tls', code, title: 'Secure connection failed', detail: `The TLS connection to ${site} failed: ${tlsReason(err.message)}.` };
  }
  return { kind: 'network', code, title: 'Connection failed', detail: `The connection to ${host} failed: ${err.message.replace(/[^\x20-\x7e]/g, '')}.` };
}

/** OpenSSL's "...:error:0A00010B:SSL routines::wrong version number" → "wrong version number". */
function tlsReason(message: string): string {
  const tail = /routines:[^:]*:([^:\n]+)/.exec(message)?.[1] ?? message;
  return tail.replace(/[^\x20-\x7e]/g, '').trim().replace(/\.$/, '');
}

/** The failure for an HTTP error status. */
export function statusFailure(status: number, sent: string | undefined): Pick<FetchFailure, 'kind' | 'status' | 'statusText' | 'title' | 'detail'> {
  const statusText = reasonPhrase(status, sent);
  return { kind: 'status', status, statusText, title: `${statusText} (${status})`, detail: statusDetail(status) };
}

/** Width given to URLs on a failure page: wide enough that renderUrl elides nothing but monsters. */
const PAGE_URL_CELLS = 400;

/**
 * The page shown in place of one that failed: plain text, a few lines, the URL
 * rendered for the screen (never with credentials or invisible characters).
 */
export function failurePage(failure: FetchFailure): string {
  const lines = [failure.title, ''];
  if (failure.url) lines.push(`  ${renderUrl(failure.url, PAGE_URL_CELLS)}`);
  else if (failure.requested) lines.push(`  ${renderUrl(failure.requested, PAGE_URL_CELLS)}`);
  if (failure.status !== null) lines.push(`  ${failure.status} ${failure.statusText}`.trimEnd());
  lines.push('', failure.detail);
  if (failure.redirects.length > 0 && failure.requested) {
    lines.push('', `Redirected ${failure.redirects.length} time${failure.redirects.length === 1 ? '' : 's'}, from:`, `  ${renderUrl(failure.requested, PAGE_URL_CELLS)}`);
  }
  if (failure.code !== null && failure.kind !== 'status') lines.push('', `(${failure.code})`);
  return lines.join('\n') + '\n';
}

/** One line for the status line: "Not Found (404): http://host/path". */
export function failureMessage(failure: FetchFailure, cells = 80): string {
  const url = failure.url ?? failure.requested;
  if (!url) return failure.title;
  const room = cells - failure.title.length - 2;
  return room >= 10 ? `${failure.title}: ${renderUrl(url, room)}` : failure.title;
}
