// A web page as the pager reads it: a Source like any other, whose chunks are
// loadPage's body flowing into a stream that a Loader reads as it reads a
// decompressor's output (and decodes as it decodes a file), so the page shows
// as it arrives, and when the pager has read far enough ahead the stream
// fills, loadPage waits, and the network pauses too.
import { Readable } from 'node:stream';
import { Loader } from '../input/load.ts';
import { loadPage, pageFacts, statusSummary, type LoadOptions, type PageInfo, type PageLoad } from './page-load.ts';
import { formatProgress, type BodyEnd, type Progress } from './fetch-body.ts';
import { failureMessage } from './fetch-failure.ts';
import { renderUrl } from '../link/render.ts';
import { serializeHost, serializePath, type UrlRecord } from '../link/url/index.ts';
import { readerFor } from '../document/readers/kinds.ts';
import type { Kind } from '../document/readers/kind-names.ts';
import { Document } from '../document/document.ts';
import { Priority, type Handle, type Scheduler, type Step } from '../schedule/scheduler.ts';

/** Bytes held in the stream before the load waits for the reader. */
const STREAM_BUFFER = 1024 * 1024;

/** The body is handed to the reader in pieces this long (the first shorter): a piece of HTML takes a few milliseconds to read. */
const FIRST_PIECE = 4 * 1024;
const PIECE = 16 * 1024;
/** Text a page's first screen may need: handed over at the screen's priority, the rest as reading ahead. */
const SCREEN_TEXT = 64 * 1024;

/** Cells a URL is rendered in as a document's name: enough for any URL but a monster. */
const NAME_CELLS = 400;

export interface WebEvents {
  /** The answer came (or the load failed): `info` is known; show the page, or ask first (needsQuestion). */
  begin(load: WebLoad): void;
  /** More bytes arrived. */
  progress(load: WebLoad): void;
  /** The load ended, however: its text may still be flowing into the loader. */
  end(load: WebLoad): void;
}

/** One load of a web page, from the request to the end of its body. */
export class WebLoad {
  /** What the answer said; null while connecting. */
  info: PageInfo | null = null;
  /** How the body ended (null for a failure page, or while it arrives). */
  bodyEnd: BodyEnd | null = null;
  /** The load has ended: the whole page arrived, or it stopped. */
  finished = false;
  /** Stopped by the user (^C, or the page left). */
  cancelled = false;
  /** Read as another kind than its type says (K, and \\ for the raw text), and the kind it was read as before. */
  as: { kind: Kind; before: Kind } | null = null;
  /** The pages whose <meta http-equiv=refresh> led here, in order: a chain as a redirect's. */
  refreshedFrom: UrlRecord[] = [];
  private wire: Progress | null = null;
  /** Bytes handed to the loader so far. */
  private pushed = 0;
  /** Text from loadPage not yet handed to the stream, each with where its next piece starts and what to call once it is all handed over. */
  private readonly queued: Array<{ bytes: Buffer; at: number; handed: () => void }> = [];
  /** The stream holds as much as it takes: the job waits for the reader to read. */
  private full = false;
  /** Hands the text over in pieces, a slice at a time. */
  private readonly job: Handle;
  private readonly stream: Readable;
  private readonly load: PageLoad;

  constructor(
    readonly requested: UrlRecord,
    options: LoadOptions,
    events: WebEvents,
    scheduler: Scheduler,
  ) {
    warmHtmlReader(scheduler);
    this.stream = new Readable({
      highWaterMark: STREAM_BUFFER,
      read: () => {
        this.full = false;
        this.job.wake();
      },
    });
    const priority = () => (this.pushed < SCREEN_TEXT ? Priority.firstScreen : Priority.readAhead);
    this.job = scheduler.add({ step: (deadline) => this.handOver(deadline) }, priority);
    // The loader stopped (the page is closed): so is the load, and the text still to hand over is dropped.
    this.stream.on('close', () => {
      this.cancel();
      this.job.wake();
    });
    this.load = loadPage(requested, options, {
      begin: (info) => {
        this.info = info;
        events.begin(this);
      },
      body: (bytes) => this.push(bytes),
      progress: (progress) => {
        this.wire = progress;
        events.progress(this);
      },
      end: (end) => {
        this.bodyEnd = end;
        this.finished = true;
        if (!this.stream.destroyed) this.stream.push(null);
        // loadPage waited for its text to be handed over: the job has nothing more to do.
        if (this.queued.length === 0) this.job.cancel();
        events.end(this);
      },
    });
  }

  /** The page's URL: the final one after redirects once known, else the one asked for. */
  get url(): UrlRecord {
    return this.info?.url ?? this.requested;
  }

  /** The page is not text (its type says so): the pager asks before showing it. */
  get needsQuestion(): boolean {
    return this.info !== null && this.info.notText;
  }

  /** The reader's kind for the text: a failure page, and a page that is not text shown anyway, are plain. */
  get kind(): Kind {
    if (this.as && !this.info?.failure) return this.as.kind;
    return this.info?.kind ?? 'plain';
  }

  /** The name the document shows: the URL, rendered for the screen. */
  get name(): string {
    return renderUrl(this.url, NAME_CELLS);
  }

  /** A Loader that reads the page as it arrives; made once `info` is known, whose charset it is read in, whatever kind it is read as. */
  loader(): Loader {
    const info = this.info!;
    const source = { name: this.name, fd: -1, isFile: false, size: null, stream: this.stream, kindName: serializePath(this.url), type: info.page?.contentType ?? '', charset: info.charset };
    return new Loader(source, this.kind);
  }

  /** Stops the load: what arrived stays (before the answer, the page becomes a "Stopped" failure page). */
  cancel(): void {
    if (this.finished) return;
    this.cancelled = true;
    this.load.cancel();
  }

  /** For the status line while loading; null once the load has ended. */
  progressText(): string | null {
    if (this.finished) return null;
    const host = this.url.host ? serializeHost(this.url.host) : '';
    if (this.info === null) return `Connecting to ${host}... (^C to stop)`;
    return `Loading ${host}: ${this.wire ? formatProgress(this.wire) : 'waiting for the page'} (^C to stop)`;
  }

  /** What to say when the load has ended: why the page failed, or why its text is not all there; null when all is well. */
  endMessage(cells: number): string | null {
    if (this.info?.failure) return failureMessage(this.info.failure, cells);
    const page = this.info?.page;
    // The server's own error page: its status said, as lwl's page would.
    const status = page && page.status >= 400 ? statusSummary(page) : null;
    const end = this.bodyEnd?.message ?? null;
    return status && end ? `${status}; ${end}` : (status ?? end);
  }

  /** What = adds: status, type, charset, redirects, cookies, and the refreshes that led here. */
  facts(cells: number): string | null {
    if (!this.info) return null;
    const facts = pageFacts(this.info, cells);
    const n = this.refreshedFrom.length;
    if (n === 0) return facts;
    const from = renderUrl(this.refreshedFrom[0], Math.max(20, cells - facts.length - 40));
    return `${facts}, refreshed ${n === 1 ? 'once' : `${n} times`} from ${from} (meta refresh)`;
  }

  /** Queues text for the stream; the promise settles once it is all handed over (loadPage holds the next text back until then). */
  private push(bytes: Buffer): Promise<void> {
    return new Promise((handed) => {
      this.queued.push({ bytes, at: 0, handed });
      this.job.wake();
    });
  }

  /**
   * Hands text to the stream, where the loader reads it at once: in pieces
   * (the first small, so that the first screen comes soon) until `deadline`,
   * waiting while the stream is full (the reader is that far ahead of the
   * screen).
   */
  private handOver(deadline: number): Step {
    while (this.queued.length > 0) {
      const next = this.queued[0];
      if (this.stream.destroyed) next.at = next.bytes.length;
      else if (this.full) return 'wait';
      else if (next.at < next.bytes.length) {
        const piece = next.bytes.subarray(next.at, next.at + (this.pushed === 0 ? FIRST_PIECE : PIECE));
        next.at += piece.length;
        this.pushed += piece.length;
        this.full = !this.stream.push(piece);
      }
      // Handed over once the stream has room again: until then loadPage (and the network) waits.
      if (next.at >= next.bytes.length && (!this.full || this.stream.destroyed)) {
        this.queued.shift();
        next.handed();
      }
      if (Date.now() >= deadline) return 'more';
    }
    return this.stream.destroyed ? 'done' : 'wait';
  }
}

let warmed = false;

/**
 * Makes the HTML reader ready while the first page is on its way (most pages
 * are HTML): its parser is compiled on first use, which takes some tens of
 * milliseconds that the first screen would otherwise wait for.
 */
function warmHtmlReader(scheduler: Scheduler): void {
  if (warmed) return;
  warmed = true;
  const warm = () => {
    const reader = readerFor('html', new Document('warm-up'));
    reader.write(Buffer.from('<!doctype html><title>t</title><p>a <a href="b">c</a></p>'));
    reader.end();
    return 'done' as const;
  };
  scheduler.add({ step: warm }, Priority.readAhead);
}

/** The longest wait a timer takes (2^31 - 1 ms, some 24.8 days): past it, Node's timers fire at once. */
const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/**
 * Options for every load: lwl's version, proxies from the environment, and
 * the limits LWL_FETCH_TIMEOUT and LWL_FETCH_LIMIT set; a number out of range
 * is clamped, and `say` told so.
 */
export function loadOptions(version: string, env: NodeJS.ProcessEnv, proxy: LoadOptions['proxy'], say: (note: string) => void = () => {}): LoadOptions {
  const options: LoadOptions = { version, proxy };
  let seconds = Number(env.LWL_FETCH_TIMEOUT);
  if (seconds > MAX_TIMEOUT_SECONDS) {
    say(`LWL_FETCH_TIMEOUT=${env.LWL_FETCH_TIMEOUT} is longer than a timer waits: ${MAX_TIMEOUT_SECONDS} seconds is used`);
    seconds = MAX_TIMEOUT_SECONDS;
  }
  if (env.LWL_FETCH_TIMEOUT && seconds > 0) options.responseTimeoutMs = options.idleTimeoutMs = seconds * 1000;
  const limit = byteCount(env.LWL_FETCH_LIMIT);
  if (limit !== null) options.maxBytes = limit;
  return options;
}

/** "512K", "64M", "1G", "1000": bytes; null if not a size. */
export function byteCount(text: string | undefined): number | null {
  const match = /^\s*(\d+)\s*([KMG]?)i?B?\s*$/i.exec(text ?? '');
  if (!match) return null;
  const scale = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[match[2].toUpperCase() as '' | 'K' | 'M' | 'G'];
  const n = Number(match[1]) * scale;
  return n > 0 ? n : null;
}
