// A web server on 127.0.0.1 for the fetch tests (and the pager's, later): it
// serves the pages a reader meets and the ways a load goes wrong. Never any
// other address: the tests do not leave this machine.
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const HTML = `<!doctype html>
<html><head><title>A page</title></head>
<body><h1>Hello from lwl's test server</h1>
<p>Go <a href="/doc.md">to the markdown</a> or <a href="#end">to the end</a>.</p>
<p id="end">The end.</p>
</body></html>
`;

export const MARKDOWN = `# A markdown page

Some *text* and [a link](/page.html).
`;

/** Windows-1252 bytes: “quoted” café – with curly quotes, é and an en dash. */
export const CP1252_BYTES = Buffer.from([
  ...Buffer.from('<p>'),
  0x93, ...Buffer.from('quoted'), 0x94, 0x20, ...Buffer.from('caf'), 0xe9, 0x20, 0x96,
  ...Buffer.from('</p>\n'),
]);
export const CP1252_TEXT = '<p>\u201cquoted\u201d caf\u00e9 \u2013</p>\n';

export const PASSWD_LINK = '<p>See <a href="file:///etc/passwd">the users</a>.</p>\n';

/** A page of `size` bytes of text, in lines. */
export function bigPage(size: number): Buffer {
  const line = Buffer.from('All work and no play makes a long page; this line is exactly 64.\n');
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += line.length) line.copy(out, at, 0, Math.min(line.length, size - at));
  return out;
}

export interface TestServer {
  /** "http://127.0.0.1:PORT" */
  origin: string;
  port: number;
  /** The requests' headers, in order, for checking what was sent. */
  requests: { url: string; headers: http.IncomingHttpHeaders }[];
  /** Lets the page at /gate go on (it sends its first part and waits for this). */
  openGate(): void;
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, server: ServerState) => void;

interface ServerState {
  gate: Promise<void>;
  count: number;
}

const send = (res: http.ServerResponse, status: number, type: string | null, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...(type ? { 'Content-Type': type } : {}), 'Content-Length': bytes.length, ...headers });
  res.end(bytes);
};

/** Sends `block()` after `block()` for ever, as fast as they are read. */
function forEver(res: http.ServerResponse, type: string, block: () => string): void {
  res.writeHead(200, { 'Content-Type': type });
  const more = () => {
    while (!res.destroyed) if (!res.write(block())) return void res.once('drain', more);
  };
  more();
}

/** The page the browsing tests start from: a link to each of the others. */
export const INDEX = `<!doctype html>
<html><head><title>Index</title></head>
<body><h1>Test index</h1>
<ul>
<li><a href="/page.html">html page</a></li>
<li><a href="/doc.md">markdown page</a></li>
<li><a href="/redirect/2">redirected page</a></li>
<li><a href="/stalled.txt">stalled page</a></li>
<li><a href="/big/3000000">large page</a></li>
<li><a href="/gzip.html">gzipped page</a></li>
<li><a href="/cp1252.html">windows-1252 page</a></li>
<li><a href="/missing">missing page</a></li>
<li><a href="/broken">broken page</a></li>
<li><a href="/passwd-link.html">passwd page</a></li>
<li><a href="/endless.txt">endless page</a></li>
<li><a href="/image.png">image</a></li>
<li><a href="javascript:alert(1)">script link</a></li>
<li><a href="mailto:someone@example.org">mail link</a></li>
<li><a href="#bottom">fragment link</a></li>
<li><a href="/counter">counting page</a></li>
</ul>
${Array.from({ length: 40 }, (_, i) => `<p>filler ${i + 1}</p>\n`).join('')}<p id="bottom">The bottom of the index.</p>
</body></html>
`;

/** Bytes /stalled.txt says it has, and sends before it stalls. */
export const STALLED_LENGTH = 20480;
export const STALLED_SENT = 2048;

const routes: Record<string, Handler> = {
  '/': (_, res) => send(res, 200, 'text/html; charset=utf-8', INDEX),
  // Says it has 20 KiB, sends 2 KiB of lines, then nothing: progress shows, ^C stops it.
  '/stalled.txt': (_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': STALLED_LENGTH });
    res.write(bigPage(STALLED_SENT));
  },
  // Lines for ever, as fast as they are read.
  '/endless.txt': (_, res) => {
    let n = 0;
    forEver(res, 'text/plain', () => {
      let block = '';
      for (let i = 0; i < 1000; i++) block += `endless line ${++n}\n`;
      return block;
    });
  },
  // A line of text, then nested divs for ever: a page that shows nothing more, however much of it is read.
  '/endless-divs.html': (_, res) => {
    let first = true;
    forEver(res, 'text/html', () => (first ? ((first = false), '<p>an endless page</p>') : '<div>'.repeat(2000)));
  },
  // Paragraphs for ever, a flat page.
  '/endless-paragraphs.html': (_, res) => forEver(res, 'text/html', () => '<p>an endless paragraph</p>\n'.repeat(400)),

  '/page.html': (_, res) => send(res, 200, 'text/html; charset=utf-8', HTML),
  '/doc.md': (_, res) => send(res, 200, 'text/markdown', MARKDOWN),
  '/notes.txt': (_, res) => send(res, 200, 'text/plain', 'plain text\n'),
  '/data.json': (_, res) => send(res, 200, 'application/json', '{"a": 1}\n'),
  '/image.png': (_, res) => send(res, 200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
  '/untyped.md': (_, res) => send(res, 200, null, MARKDOWN),
  '/untyped': (_, res) => send(res, 200, null, HTML),
  '/cp1252.html': (_, res) => send(res, 200, 'text/html; charset="Windows-1252"', CP1252_BYTES),
  '/meta-charset.html': (_, res) =>
    send(res, 200, 'text/html', Buffer.concat([Buffer.from('<!-- <meta charset="koi8-r"> --><html><head>\n<META HTTP-EQUIV=Content-Type CONTENT="text/html; charset=windows-1252">\n</head>'), CP1252_BYTES])),
  '/utf16.txt': (_, res) => send(res, 200, 'text/plain; charset=iso-8859-1', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text\n', 'utf16le')])),
  '/passwd-link.html': (_, res) => send(res, 200, 'text/html', PASSWD_LINK),
  '/gzip.html': (_, res) => send(res, 200, 'text/html', zlib.gzipSync(HTML), { 'Content-Encoding': 'gzip' }),
  '/brotli.html': (_, res) => send(res, 200, 'text/html', zlib.brotliCompressSync(HTML), { 'Content-Encoding': 'br' }),
  '/deflate.html': (_, res) => send(res, 200, 'text/html', zlib.deflateSync(HTML), { 'Content-Encoding': 'deflate' }),
  '/deflate-raw.html': (_, res) => send(res, 200, 'text/html', zlib.deflateRawSync(HTML), { 'Content-Encoding': 'deflate' }),
  '/gzip-big.txt': (_, res) => send(res, 200, 'text/plain', zlib.gzipSync(bigPage(4 * 1024 * 1024)), { 'Content-Encoding': 'gzip' }),
  '/corrupt-gzip.html': (_, res) =>
    send(res, 200, 'text/html', Buffer.concat([zlib.gzipSync(HTML).subarray(0, 20), Buffer.from('not gzip at all, not at all')]), { 'Content-Encoding': 'gzip' }),
  '/compress.html': (_, res) => send(res, 200, 'text/html', HTML, { 'Content-Encoding': 'compress' }),
  '/missing': (_, res) => send(res, 404, 'text/html', '<h1>no such page</h1>'),
  '/broken': (_, res) => send(res, 500, 'text/html', '<h1>oops</h1>'),
  '/teapot': (_, res) => send(res, 418, 'text/plain', 'short and stout', {}),
  '/echo': (req, res) => send(res, 200, 'application/json', JSON.stringify(req.headers)),
  '/set-cookie': (_, res) => send(res, 302, 'text/plain', '', { Location: '/echo', 'Set-Cookie': 'session=secret; Path=/' }),
  '/loop': (_, res) => send(res, 302, 'text/plain', '', { Location: '/loop' }),
  '/to-passwd': (_, res) => send(res, 302, 'text/plain', '', { Location: 'file:///etc/passwd' }),
  '/to-javascript': (_, res) => send(res, 302, 'text/plain', '', { Location: 'javascript:alert(1)' }),
  '/to-fragment': (_, res) => send(res, 301, 'text/plain', '', { Location: '/page.html' }),
  '/to-other-fragment': (_, res) => send(res, 301, 'text/plain', '', { Location: '/page.html#there' }),
  '/no-location': (_, res) => send(res, 302, 'text/html', '<p>moved, somewhere</p>'),
  // Headers, then the body in ten parts of 1 KiB, each on its own turn.
  '/slow.txt': (_, res) => {
    const part = bigPage(1024);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': part.length * 10 });
    let sent = 0;
    const next = () => {
      if (res.destroyed) return;
      res.write(part);
      if (++sent === 10) res.end();
      else setTimeout(next, 5);
    };
    next();
  },
  // The first part, then nothing until the test opens the gate, then the rest.
  '/gate.txt': (_, res, state) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 8 });
    res.write('first\n');
    void state.gate.then(() => res.end('!\n'));
  },
  // An HTML head shorter than the prescan's 1024 bytes, then nothing until the gate opens.
  '/gate.html': (_, res, state) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.write('<meta charset="iso-8859-2"><p>first\n');
    // "<p>č!" in ISO-8859-2.
    void state.gate.then(() => res.end(Buffer.from([0x3c, 0x70, 0x3e, 0xe8, 0x21, 0x0a])));
  },
  // A first part, then silence for ever: an idle timeout or a cancel ends it.
  '/never-ends.txt': (_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('the beginning\n');
  },
  // The headers never come.
  '/silent': () => {},
  // Says 1000 bytes, sends 12, hangs up.
  '/truncated.txt': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 1000 });
    res.write('twelve bytes', () => req.socket.destroy());
  },
};

function handler(state: ServerState): Handler {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // /redirect/N: N redirects (relative, absolute and scheme-relative in turn, each kind of status) to /page.html.
    const chain = /^\/redirect\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const n = Number(chain[1]);
      const host = req.headers.host;
      const locations = [`/redirect/${n - 1}`, `http://${host}/redirect/${n - 1}`, `//${host}/redirect/${n - 1}`, `${n - 1}`];
      const statuses = [301, 302, 303, 307, 308];
      if (n === 0) return send(res, 200, 'text/html', HTML);
      return send(res, statuses[n % statuses.length], 'text/plain', '', { Location: locations[n % locations.length] });
    }
    // /counter: how many times it was asked for, so that a reload shows a new page.
    if (url.pathname === '/counter') return send(res, 200, 'text/plain', `asked ${++state.count} times\n`);
    const big = /^\/big\/(\d+)$/.exec(url.pathname);
    if (big) return send(res, 200, 'text/plain', bigPage(Number(big[1])));
    const route = routes[url.pathname];
    if (route) return route(req, res, state);
    send(res, 404, 'text/plain', 'not here');
  };
}

function track(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Starts the server on 127.0.0.1 at a free port. */
export async function startServer(): Promise<TestServer> {
  let openGate!: () => void;
  const state: ServerState = { gate: new Promise((resolve) => (openGate = resolve)), count: 0 };
  const requests: TestServer['requests'] = [];
  const serve = handler(state);
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    serve(req, res, state);
  });
  const sockets = track(server);
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    openGate,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TlsServer {
  origin: string;
  /** The server's self-signed certificate, PEM: trust it with the `ca` option. */
  certificate: string;
  close(): Promise<void>;
}

/** An https server on 127.0.0.1 with a certificate made for the test (openssl), serving the same pages. */
export async function startTlsServer(): Promise<TlsServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const certificate = fs.readFileSync(cert, 'utf8');
  let openGate!: () => void;
  const state: ServerState = { gate: new Promise((resolve) => (openGate = resolve)), count: 0 };
  openGate();
  const serve = handler(state);
  const server = https.createServer({ key: fs.readFileSync(key), cert: certificate }, (req, res) => serve(req, res, state));
  fs.rmSync(dir, { recursive: true, force: true });
  const sockets = track(server);
  const port = await listen(server);
  return {
    origin: `https://127.0.0.1:${port}`,
    certificate,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface TestProxy {
  /** "http://127.0.0.1:PORT" */
  origin: string;
  port: number;
  /** What the proxy was asked: "GET http://..." or "CONNECT host:port", with the headers. */
  requests: { line: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A web proxy on 127.0.0.1: plain requests by their whole URL, https through
 * CONNECT. It reaches 127.0.0.1 only (the name lwl.test included); anything
 * else it refuses with 403, so nothing leaves the machine.
 */
export async function startProxy(): Promise<TestProxy> {
  const requests: TestProxy['requests'] = [];
  const local = (hostname: string) => (hostname === '127.0.0.1' || hostname === 'lwl.test' ? '127.0.0.1' : null);
  const server = http.createServer((req, res) => {
    requests.push({ line: `${req.method} ${req.url}`, headers: req.headers });
    const target = new URL(req.url ?? '');
    const address = local(target.hostname);
    if (!address) return send(res, 403, 'text/plain', 'not from here');
    const { 'proxy-authorization': _, ...headers } = req.headers;
    const upstream = http.request({ hostname: address, port: target.port, path: target.pathname + target.search, headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end();
  });
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    requests.push({ line: `CONNECT ${req.url}`, headers: req.headers });
    const [hostname, port] = (req.url ?? '').split(':');
    const address = local(hostname);
    if (!address) return client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    const upstream = net.connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const sockets = track(server);
  const port = await listen(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
