// One call for the loader: a URL in, UTF-8 text out as it arrives, whatever
// happens. The answer's facts come first (the reader to use, the final URL);
// a failure comes as its page of text, so history keeps it like any page.
import type { UrlRecord } from '../link/url/index.ts';
import { utf8Transcoder } from './charset.ts';
import { sniffKind, type ReaderKind } from './content-type.ts';
import { fetchPage, type FetchOptions, type FetchedPage } from './fetch.ts';
import type { BodyEnd, Progress } from './fetch-body.ts';
import { failureMessage, failurePage, reasonPhrase, type FetchFailure } from './fetch-failure.ts';
import { renderUrl } from '../link/render.ts';
import { PRESCAN_BYTES, prescanCharset } from './html-charset.ts';

/** What is known of a page before its text: enough to pick the reader and name the document. */
export interface PageInfo {
  /** The final URL (after redirects), or for a failure the URL that failed; null for text that is not a URL. */
  url: UrlRecord | null;
  /** The page fetched, or null when the text is a failure page. */
  page: FetchedPage | null;
  /** The failure the text describes, or null. */
  failure: FetchFailure | null;
  /** The reader for the text; a failure page is 'plain'. */
  kind: ReaderKind;
  /** The charset the bytes were read in (before becoming UTF-8): from the header, else the HTML's meta, else utf-8. */
  charset: string;
  /** Where the charset came from. */
  charsetFrom: 'header' | 'meta' | 'bom' | 'default';
}

export interface PageReceiver {
  /** Called once, before any text. */
  begin(info: PageInfo): void;
  /** UTF-8 text, in order; a promise returned holds the next text back until it settles (the reader is behind). */
  text(utf8: Buffer): void | Promise<void>;
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
 * names no charset are gathered before any text is given, so the meta charset
 * can be found first (as browsers do), unless they take longer than
 * headWaitMs after the first bytes; all else flows at once.
 */
export function loadPage(url: string | UrlRecord, options: LoadOptions, sink: PageReceiver): PageLoad {
  const controller = new AbortController();
  const done = run(url, { ...options, signal: controller.signal, onProgress: (p) => sink.progress?.(p) }, options.headWaitMs ?? HEAD_WAIT_MS, sink);
  return { cancel: () => controller.abort(), done };
}

async function run(url: string | UrlRecord, options: FetchOptions, headWaitMs: number, sink: PageReceiver): Promise<void> {
  const result = await fetchPage(url, options);
  if (!result.ok) {
    sink.begin({ url: result.url ?? result.requested, page: null, failure: result, kind: 'plain', charset: 'utf-8', charsetFrom: 'default' });
    await sink.text(Buffer.from(failurePage(result)));
    sink.end(null);
    return;
  }
  const chunks = result.body[Symbol.asyncIterator]();
  /** The chunk asked for and not yet taken: a wait for the head may give up on it, the loop below takes it. */
  let pending: Promise<IteratorResult<Buffer>> | null = null;
  const nextChunk = () => (pending ??= chunks.next());
  // The head: what is needed to know the reader and the charset.
  const needsHead = !result.typeKnown || (result.kind === 'html' && result.charset === null);
  const head: Buffer[] = [];
  let headBytes = 0;
  let finished = false;
  let waited: NodeJS.Timeout | null = null;
  let giveUp!: (value: 'gave up') => void;
  const gaveUp = new Promise<'gave up'>((resolve) => (giveUp = resolve));
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
  } while (!finished && (needsHead ? headBytes < PRESCAN_BYTES : headBytes === 0));
  if (waited) clearTimeout(waited);
  const first = Buffer.concat(head);
  const kind = result.typeKnown ? result.kind : sniffKind(first);
  let charset = result.charset;
  let charsetFrom: PageInfo['charsetFrom'] = charset ? 'header' : 'default';
  if (charset === null && kind === 'html') {
    charset = prescanCharset(first);
    if (charset) charsetFrom = 'meta';
  }
  const transcoder = utf8Transcoder(charset);
  const text = transcoder.write(first);
  // A byte order mark overrules both: the transcoder has seen it by now (or the head was under 3 bytes).
  if (first.length >= 3 && transcoder.encoding !== (charset ?? 'utf-8')) charsetFrom = 'bom';
  sink.begin({ url: result.url, page: result, failure: null, kind, charset: transcoder.encoding, charsetFrom });
  if (text.length > 0) await sink.text(text);
  if (!finished) {
    for (let next = await nextChunk(); !next.done; pending = null, next = await nextChunk()) {
      const out = transcoder.write(next.value);
      if (out.length > 0) await sink.text(out);
    }
  }
  const tail = transcoder.end();
  if (tail.length > 0) await sink.text(tail);
  sink.end(await result.body.ended);
}

/**
 * What `=` adds for a page from the web: "200 OK, text/html, windows-1252
 * (from the page), redirected 2 times from http://example.org/". A failure
 * page gives its status-line message. Everything from the server is
 * printable ASCII or a rendered URL by now.
 */
export function pageFacts(info: PageInfo, cells = 200): string {
  if (info.failure) return failureMessage(info.failure, cells);
  const page = info.page!;
  const status = `${page.status} ${reasonPhrase(page.status, page.statusText)}`.trim();
  const type = page.typeKnown ? page.contentType || `no type, read as ${info.kind}` : `no type, read as ${info.kind}`;
  const from = { header: '', meta: ' (from the page)', bom: ' (from its byte order mark)', default: ' (assumed)' }[info.charsetFrom];
  const parts = [status, type, `${info.charset}${from}`];
  const n = page.redirects.length;
  if (n > 0) parts.push(`redirected ${n === 1 ? 'once' : `${n} times`} from ${renderUrl(page.requested, Math.max(20, cells - parts.join(', ').length - 30))}`);
  return parts.join(', ');
}
