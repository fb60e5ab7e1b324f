// One call for the loader: a URL in, the body out as it arrives, whatever
// happens. The answer's facts come first (the final URL, and the kind and
// charset classify() decides from the type, the path and the first bytes); a
// failure comes as its page of text, so history keeps it like any page.
import type { Kind } from '../document/readers/kind-names.ts';
import { serializePath, type UrlRecord } from '../link/url/index.ts';
import { classify, type CharsetFrom, type Described } from '../input/classify.ts';
import { fetchPage, type CookieCount, type FetchOptions, type FetchedPage } from './fetch.ts';
import type { BasicChallenge } from './auth.ts';
import type { BodyEnd, Progress } from './fetch-body.ts';
import { failureMessage, failurePage, reasonPhrase, statusFailure, type FetchFailure } from './fetch-failure.ts';
import { renderUrl } from '../link/render.ts';
import { PRESCAN_BYTES } from '../input/prescan.ts';

/** What is known of a page before its text: enough to pick the reader and name the document. */
export interface PageInfo {
  /** The final URL (after redirects), or for a failure the URL that failed; null for text that is not a URL. */
  url: UrlRecord | null;
  /** The page fetched, or null when the text is a failure page. */
  page: FetchedPage | null;
  /** The failure the text describes, or null. */
  failure: FetchFailure | null;
  /** The kind of document the body makes; a failure page is 'plain'. */
  kind: Kind;
  /** The body is not text (its type says so, or it has none and looks binary): the pager asks before showing it. */
  notText: boolean;
  /** The charset the bytes are in: a byte order mark's, else the header's, else the HTML's meta, else utf-8. */
  charset: string;
  /** Where the charset came from. */
  charsetFrom: CharsetFrom;
  /** What the server said of the session: the cookies it set, and a login it asks for. */
  session: SessionFacts;
}

export interface SessionFacts {
  cookies: CookieCount;
  /** A 401 with a Basic challenge (whether a login sent was refused); null when no login is asked for. */
  login: { challenge: BasicChallenge; refused: boolean } | null;
}

const NO_SESSION: SessionFacts = { cookies: { set: 0, refused: 0 }, login: null };

function sessionFacts(page: FetchedPage): SessionFacts {
  return { cookies: page.cookies, login: page.challenge ? { challenge: page.challenge, refused: page.loginSent } : null };
}

export interface PageReceiver {
  /** Called once, before any text. */
  begin(info: PageInfo): void;
  /** The body's bytes (in `info.charset`), in order; a promise returned holds the next back until it settles (the reader is behind). */
  body(bytes: Buffer): void | Promise<void>;
  /** Bytes on the wire so far, for the status line. */
  progress?(progress: Progress): void;
  /** Called once, last: how the body ended (null for a failure page); the end's message is for the status line. */
  end(end: BodyEnd | null): void;
}

export interface PageLoad {
  /** Stops the load (^C): the sink gets what arrived, then end() with reason 'cancelled'. */
  cancel(): void;
  /** Resolves after the sink's end(). */
  done: Promise<void>;
}

export interface LoadOptions extends Omit<FetchOptions, 'signal' | 'onProgress'> {
  /** How long the first bytes of a page wait for the rest of the head before they are shown (default 100 ms). */
  headWaitMs?: number;
}

const HEAD_WAIT_MS = 100;

/**
 * Loads a URL into a sink. The first 1024 bytes of an HTML page whose header
 * names no charset, or of a page with no type, are gathered before begin(), so
 * that the meta charset, or what the page is, can be found first (as browsers
 * do), unless they take longer than headWaitMs after the first bytes; all else
 * flows at once.
 */
export function loadPage(url: string | UrlRecord, options: LoadOptions, sink: PageReceiver): PageLoad {
  const controller = new AbortController();
  const done = run(url, { ...options, signal: controller.signal, onProgress: (p) => sink.progress?.(p) }, options.headWaitMs ?? HEAD_WAIT_MS, sink);
  return { cancel: () => controller.abort(), done };
}

/** What classify() is told of a page: its path, type and charset, and its first bytes. */
function described(page: FetchedPage, head: Buffer, headComplete: boolean): Described {
  return { name: serializePath(page.url), head, headComplete, type: page.contentType, charset: page.charset };
}

/** lwl's page in place of one that failed: the sink gets its text, and no body. */
async function sendFailure(failure: FetchFailure, sink: PageReceiver, session = NO_SESSION): Promise<void> {
  sink.begin({ url: failure.url ?? failure.requested, page: null, failure, kind: 'plain', notText: false, charset: 'utf-8', charsetFrom: 'default', session });
  await sink.body(Buffer.from(failurePage(failure)));
  sink.end(null);
}

/** An error status whose body was empty, as a failure: lwl's own page explains it. */
function statusFailureOf(page: FetchedPage): FetchFailure {
  return { ok: false, requested: page.requested, url: page.url, redirects: page.redirects, code: null, ...statusFailure(page.status, page.statusText) };
}

async function run(url: string | UrlRecord, options: FetchOptions, headWaitMs: number, sink: PageReceiver): Promise<void> {
  const result = await fetchPage(url, options);
  if (!result.ok) return sendFailure(result, sink);
  const chunks = result.body[Symbol.asyncIterator]();
  /** The chunk asked for and not yet taken: a wait for the head may give up on it, the loop below takes it. */
  let pending: Promise<IteratorResult<Buffer>> | null = null;
  const nextChunk = () => (pending ??= chunks.next());
  // The head: what is needed to know the kind and the charset.
  const untyped = result.contentType === '';
  const head: Buffer[] = [];
  let headBytes = 0;
  let finished = false;
  let waited: NodeJS.Timeout | null = null;
  let giveUp!: (value: 'gave up') => void;
  const gaveUp = new Promise<'gave up'>((resolve) => (giveUp = resolve));
  const enough = () => (untyped ? headBytes >= PRESCAN_BYTES : classify(described(result, Buffer.concat(head), false)).charset !== null);
  do {
    const next = await Promise.race([nextChunk(), gaveUp]);
    if (next === 'gave up') break;
    pending = null;
    if (next.done) finished = true;
    else {
      head.push(next.value);
      headBytes += next.value.length;
      // A slow server's first bytes are shown soon, whatever the rest of the head.
      waited ??= setTimeout(() => giveUp('gave up'), headWaitMs);
    }
  } while (!finished && !enough());
  if (waited) clearTimeout(waited);
  const first = Buffer.concat(head);
  // An error status shows the server's page; with none (an empty body), lwl's.
  if (result.status >= 400 && finished && first.length === 0) {
    await result.body.ended;
    return sendFailure(statusFailureOf(result), sink, sessionFacts(result));
  }
  // Decided once, on what has come (a wait given up on decides on less): a whole head always names a charset.
  const { kind, notText, charset, charsetFrom } = classify(described(result, first, true));
  sink.begin({ url: result.url, page: result, failure: null, kind, notText, charset: charset!, charsetFrom, session: sessionFacts(result) });
  if (first.length > 0) await sink.body(first);
  if (!finished) {
    for (let next = await nextChunk(); !next.done; pending = null, next = await nextChunk()) await sink.body(next.value);
  }
  sink.end(await result.body.ended);
}

/**
 * What `=` adds for a page from the web: "200 OK, text/html, windows-1252
 * (from the page), redirected 2 times from http://example.org/". A failure
 * page gives its status-line message. Everything from the server is
 * printable ASCII or a rendered URL by now.
 */
export function pageFacts(info: PageInfo, cells = 200): string {
  if (info.failure) return failureMessage(info.failure, cells) + cookieFacts(info.session.cookies);
  const page = info.page!;
  const status = statusSummary(page);
  const type = page.contentType || `no type, read as ${info.kind}`;
  const from = { header: '', meta: ' (from the page)', bom: ' (from its byte order mark)', default: ' (assumed)' }[info.charsetFrom];
  const parts = [status, type, `${info.charset}${from}${cookieFacts(info.session.cookies)}`];
  const n = page.redirects.length;
  if (n > 0) parts.push(`redirected ${n === 1 ? 'once' : `${n} times`} from ${renderUrl(page.requested, Math.max(20, cells - parts.join(', ').length - 30))}`);
  return parts.join(', ');
}

/** "404 Not Found": the status line's word on a page the server answered with an error. */
export function statusSummary(page: FetchedPage): string {
  return `${page.status} ${reasonPhrase(page.status, page.statusText)}`.trim();
}

/** ", 2 cookies set", ", 1 cookie refused": what the answer did to the session's cookies. */
function cookieFacts({ set, refused }: CookieCount): string {
  const cookies = (n: number) => `${n} cookie${n === 1 ? '' : 's'}`;
  return (set > 0 ? `, ${cookies(set)} set` : '') + (refused > 0 ? `, ${cookies(refused)} refused` : '');
}
