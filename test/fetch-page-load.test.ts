// loadPage: a URL into a body for the loader, failures as pages, kinds and charsets found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPage, pageFacts, type PageInfo } from '../src/web/page-load.ts';
import type { BodyEnd, Progress } from '../src/web/fetch-body.ts';
import { utf8Transcoder, type Utf8Transcoder } from '../src/input/charset.ts';
import { serializeUrl } from '../src/link/url/index.ts';
import { CP1252_TEXT, HTML, startServer, type TestServer } from './http-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  server.openGate();
  await server.close();
});

interface Loaded {
  info: PageInfo;
  text: string;
  end: BodyEnd | null;
  progress: Progress[];
  /** The order of the sink's calls. */
  calls: string[];
}

function load(path: string, onText?: (text: string, cancel: () => void) => void): Promise<Loaded> {
  const calls: string[] = [];
  const progress: Progress[] = [];
  let info: PageInfo | null = null;
  let text = '';
  let end: BodyEnd | null = null;
  /** The body read in the charset begin() says, as the Loader reads it. */
  let decoder: Utf8Transcoder | null = null;
  const handle = loadPage(server.origin + path, { version: '1.0', responseTimeoutMs: 5000, idleTimeoutMs: 5000 }, {
    begin: (i) => {
      calls.push('begin');
      info = i;
      decoder = utf8Transcoder(i.charset);
    },
    body: (bytes) => {
      calls.push('text');
      text += decoder!.write(bytes).toString('utf8');
      onText?.(text, () => handle.cancel());
    },
    progress: (p) => progress.push(p),
    end: (e) => {
      calls.push('end');
      text += decoder!.end().toString('utf8');
      end = e;
    },
  });
  return handle.done.then(() => ({ info: info!, text, end, progress, calls }));
}

describe('loadPage', () => {
  it('gives the page as UTF-8 with what the reader needs first', async () => {
    const got = await load('/redirect/2');
    expect(got.calls[0]).toBe('begin');
    expect(got.calls.at(-1)).toBe('end');
    expect(got.info.kind).toBe('html');
    expect(got.info.page?.status).toBe(200);
    expect(serializeUrl(got.info.url!)).toBe(`${server.origin}/redirect/0`);
    expect([got.info.charset, got.info.charsetFrom]).toEqual(['utf-8', 'default']);
    expect(got.text).toBe(HTML);
    expect(got.end?.reason).toBe('complete');
    expect(got.progress.at(-1)?.received).toBe(Buffer.byteLength(HTML));
    expect(pageFacts(got.info)).toBe(`200 OK, text/html, utf-8 (assumed), redirected 2 times from ${server.origin}/redirect/2`);
  });

  it('reads the charset from the header', async () => {
    const got = await load('/cp1252.html');
    expect([got.info.charset, got.info.charsetFrom]).toEqual(['windows-1252', 'header']);
    expect(got.text).toBe(CP1252_TEXT);
  });

  it('finds the charset in the HTML when the header names none, past a comment', async () => {
    const got = await load('/meta-charset.html');
    expect([got.info.charset, got.info.charsetFrom]).toEqual(['windows-1252', 'meta']);
    expect(got.text.endsWith(CP1252_TEXT)).toBe(true);
    expect(pageFacts(got.info)).toBe('200 OK, text/html, windows-1252 (from the page)');
  });

  it('lets a byte order mark overrule the header', async () => {
    const got = await load('/utf16.txt');
    expect([got.info.charset, got.info.charsetFrom]).toEqual(['utf-16le', 'bom']);
    expect(got.text).toBe('wide text\n');
  });

  it('sniffs a page nobody typed', async () => {
    const got = await load('/untyped');
    expect([got.info.kind, got.info.page?.contentType]).toEqual(['html', '']);
    expect(pageFacts(got.info)).toBe('200 OK, no type, read as html, utf-8 (assumed)');
    expect(got.text).toBe(HTML);
  });

  it("gives an error status's own page, read as its type says", async () => {
    const got = await load('/missing');
    expect(got.info.failure).toBeNull();
    expect(got.info.page?.status).toBe(404);
    expect(got.info.kind).toBe('html');
    expect(got.text).toBe('<h1>no such page</h1>');
    expect(pageFacts(got.info)).toBe('404 Not Found, text/html, utf-8 (assumed)');
  });

  it('gives a failure as a page of text', async () => {
    const got = await load('/loop');
    expect(got.calls).toEqual(['begin', 'text', 'end']);
    expect(got.info.page).toBeNull();
    expect(got.info.failure?.kind).toBe('redirect');
    expect(got.info.kind).toBe('plain');
    expect(got.text).toMatch(/^Redirect loop\n/);
    expect(got.end).toBeNull();
    expect(pageFacts(got.info)).toMatch(/^Redirect loop: /);
  });

  it("shows a slow page's first bytes without waiting for the whole head, in the head's charset", async () => {
    let begun!: () => void;
    const begin = new Promise<void>((resolve) => (begun = resolve));
    const calls: string[] = [];
    let text = '';
    let info: PageInfo | null = null;
    let decoder: Utf8Transcoder | null = null;
    const handle = loadPage(`${server.origin}/gate.html`, { version: '1.0', headWaitMs: 20 }, {
      begin: (i) => {
        info = i;
        decoder = utf8Transcoder(i.charset);
        calls.push('begin');
        begun();
      },
      body: (bytes) => {
        calls.push('text');
        text += decoder!.write(bytes).toString('utf8');
      },
      end: () => calls.push('end'),
    });
    // The rest is held back until the head has been shown.
    await begin;
    expect(text).toBe('<meta charset="iso-8859-2"><p>first\n');
    server.openGate();
    await handle.done;
    expect([info!.charset, info!.charsetFrom]).toEqual(['iso-8859-2', 'meta']);
    expect(text).toBe('<meta charset="iso-8859-2"><p>first\n<p>č!\n');
    expect(calls).toEqual(['begin', 'text', 'text', 'end']);
  });

  it('stops on cancel, keeping what arrived', async () => {
    const got = await load('/never-ends.txt', (_, cancel) => cancel());
    expect(got.text).toBe('the beginning\n');
    expect(got.end?.reason).toBe('cancelled');
    expect(got.calls).toEqual(['begin', 'text', 'end']);
  });
});
