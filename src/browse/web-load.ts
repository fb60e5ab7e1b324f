// A web page as the pager reads it: loadPage's UTF-8 text flows into a stream
// that a Loader reads as it reads a decompressor's output, so the page shows
// as it arrives, and when the pager has read far enough ahead the stream
// fills, loadPage waits, and the network pauses too.
import { Readable } from 'node:stream';
import { Loader } from '../input/load.ts';
import { loadPage, pageFacts, type LoadOptions, type PageInfo, type PageLoad } from '../input/page-load.ts';
import { formatProgress, type BodyEnd, type Progress } from '../input/fetch-body.ts';
import { failureMessage } from '../input/fetch-failure.ts';
import { renderUrl } from '../link/render.ts';
import { serializeHost, type UrlRecord } from '../link/url/index.ts';
import { readerFor, type Kind } from '../document/readers/kinds.ts';
import { Document } from '../document/document.ts';

/** Text held in the stream before the load waits for the reader. */
const STREAM_BUFFER = 1024 * 1024;

/** Text is handed to the reader in pieces this long (the first shorter): a piece of HTML takes a few milliseconds to read. */
const FIRST_PIECE = 4 * 1024;
const PIECE = 16 * 1024;
/** Reading the text gives keys and the screen a turn at least this often. */
const SLICE_MS = 8;

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
  private wire: Progress | null = null;
  /** Text handed to the loader so far. */
  private pushed = 0;
  /** When keys last had a turn. */
  private lastTurn = 0;
  private waiting: (() => void) | null = null;
  private readonly stream: Readable;
  private readonly load: PageLoad;

  constructor(
    readonly requested: UrlRecord,
    options: LoadOptions,
    events: WebEvents,
  ) {
    warmHtmlReader();
    this.stream = new Readable({ highWaterMark: STREAM_BUFFER, read: () => this.wake() });
    // The loader stopped (the page is closed): so is the load.
    this.stream.on('close', () => this.cancel());
    this.load = loadPage(requested, options, {
      begin: (info) => {
        this.info = info;
        events.begin(this);
      },
      text: (utf8) => this.push(utf8),
      progress: (progress) => {
        this.wire = progress;
        events.progress(this);
      },
      end: (end) => {
        this.bodyEnd = end;
        this.finished = true;
        if (!this.stream.destroyed) this.stream.push(null);
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
    return this.info !== null && this.info.failure === null && this.info.kind === 'binary';
  }

  /** The reader's kind for the text: a failure page and a binary page shown anyway are plain. */
  get kind(): Kind {
    if (this.as && !this.info?.failure) return this.as.kind;
    const kind = this.info?.failure ? 'plain' : (this.info?.kind ?? 'plain');
    return kind === 'binary' ? 'plain' : kind;
  }

  /** The name the document shows: the URL, rendered for the screen. */
  get name(): string {
    return renderUrl(this.url, NAME_CELLS);
  }

  /** A Loader that reads the page's text as it arrives; made once `info` is known. */
  loader(): Loader {
    // loadPage made the text UTF-8 whatever the page says of itself.
    return new Loader({ name: this.name, fd: -1, isFile: false, size: null, stream: this.stream, charset: 'utf-8' }, this.kind);
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
    return this.bodyEnd?.message ?? null;
  }

  /** What = adds: status, type, charset, redirects. */
  facts(cells: number): string | null {
    return this.info ? pageFacts(this.info, cells) : null;
  }

  /**
   * Hands text to the stream, where the loader reads it at once: in pieces
   * (the first small, so that the first screen comes soon), giving keys and
   * the screen a turn every few milliseconds, and waiting while the stream is
   * full (the reader is that far ahead of the screen).
   */
  private async push(utf8: Buffer): Promise<void> {
    for (let at = 0; at < utf8.length; ) {
      if (this.stream.destroyed) return;
      const size = this.pushed === 0 ? FIRST_PIECE : PIECE;
      const piece = utf8.subarray(at, at + size);
      at += piece.length;
      this.pushed += piece.length;
      if (performance.now() - this.lastTurn > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        this.lastTurn = performance.now();
      }
      if (!this.stream.push(piece)) await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}

let warmed = false;

/**
 * Makes the HTML reader ready while the first page is on its way (most pages
 * are HTML): its parser is compiled on first use, which takes some tens of
 * milliseconds that the first screen would otherwise wait for.
 */
function warmHtmlReader(): void {
  if (warmed) return;
  warmed = true;
  setImmediate(() => {
    const reader = readerFor('html', new Document('warm-up'));
    reader.write(Buffer.from('<!doctype html><title>t</title><p>a <a href="b">c</a></p>'));
    reader.end();
  });
}

/** Options for every load: lwl's version, proxies from the environment, and the limits LWL_FETCH_TIMEOUT and LWL_FETCH_LIMIT set. */
export function loadOptions(version: string, env: NodeJS.ProcessEnv, proxy: LoadOptions['proxy']): LoadOptions {
  const options: LoadOptions = { version, proxy };
  const seconds = Number(env.LWL_FETCH_TIMEOUT);
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
