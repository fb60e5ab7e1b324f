// A web server on 127.0.0.1 for the tests of a browsing session: cookies (a
// login that needs one, set on a redirect), Basic authentication, error pages
// with the server's own body and without, meta refresh, frames, noscript and
// iframes. The same server answers as http://localhost:PORT, a second host
// name, which must get neither the cookies nor the login of 127.0.0.1.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const USER = 'alice';
export const PASSWORD = 'wonder land:42';

export interface SessionServer {
  /** "http://127.0.0.1:PORT" */
  origin: string;
  /** "http://localhost:PORT": the same server, another host. */
  otherOrigin: string;
  /** Every request: its Host, path and headers. */
  requests: { host: string; url: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

const page = (title: string, body: string) => `<!doctype html>\n<html><head><title>${title}</title></head><body>\n${body}\n</body></html>\n`;

function send(res: http.ServerResponse, status: number, type: string | null, body: string, headers: http.OutgoingHttpHeaders = {}): void {
  const bytes = Buffer.from(body);
  res.writeHead(status, { ...(type ? { 'Content-Type': type } : {}), 'Content-Length': bytes.length, ...headers });
  res.end(bytes);
}

const html = (res: http.ServerResponse, body: string, headers: http.OutgoingHttpHeaders = {}, status = 200) => send(res, status, 'text/html; charset=utf-8', body, headers);

/** What the request's Cookie and Authorization were, for the page to show. */
function echo(req: http.IncomingMessage): string {
  const login = req.headers.authorization ? 'a login' : 'no login';
  return `<p>Cookie sent: ${req.headers.cookie ?? 'none'}</p>\n<p>Login sent: ${login}</p>`;
}

const GOOD_LOGIN = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

function handle(req: http.IncomingMessage, res: http.ServerResponse, origin: string, otherOrigin: string): void {
  const path = (req.url ?? '/').split('?')[0];
  switch (path) {
    case '/':
      return html(res, page('Session index', `<h1>Session index</h1>
<ul>
<li><a href="/login">log in</a></li>
<li><a href="/check">check the cookie</a></li>
<li><a href="${otherOrigin}/check">the other host</a></li>
<li><a href="/private">private page</a></li>
<li><a href="/missing">missing page</a></li>
<li><a href="/broken">broken page</a></li>
<li><a href="/gone">gone page</a></li>
</ul>`));
    // A login: the cookie comes on a redirect, and the check page needs it.
    case '/login':
      res.writeHead(302, { Location: '/check', 'Set-Cookie': ['session=opened; Path=/; HttpOnly', 'theme=dark; Path=/'], 'Content-Length': 0 });
      return void res.end();
    case '/check': {
      const opened = /(?:^|;\s*)session=opened(?:;|$)/.test(req.headers.cookie ?? '');
      return html(res, page('Check', `<h1>${opened ? 'Welcome back: cookie received' : 'No cookie received'}</h1>\n${echo(req)}\n<p><a href="${otherOrigin}/check">the other host</a></p>`));
    }
    case '/lasting':
      return html(res, page('Lasting', '<p>A lasting cookie was set.</p>'), { 'Set-Cookie': ['kept=yes; Path=/; Max-Age=86400', 'brief=yes; Path=/'] });
    case '/private':
      if (req.headers.authorization === GOOD_LOGIN) return html(res, page('Private', `<h1>Secret page for ${USER}</h1>\n<p><a href="${otherOrigin}/check">the other host</a> <a href="/to-other">redirected to the other host</a></p>`));
      return html(res, page('Login needed', '<h1>Login needed (server body)</h1>'), { 'WWW-Authenticate': 'Basic realm="Test realm", charset="UTF-8"' }, 401);
    case '/to-other':
      res.writeHead(302, { Location: `${otherOrigin}/check`, 'Content-Length': 0 });
      return void res.end();
    case '/missing':
      return html(res, page('Not here', '<h1>Not here (custom 404 body)</h1>\n<p><a href="/">home</a></p>'), {}, 404);
    case '/broken':
      return send(res, 500, 'text/plain; charset=utf-8', 'Server trouble (custom 500 body)\n');
    case '/gone':
      return send(res, 404, 'text/html', '');
    case '/refresh-0':
      return html(res, `<html><head><meta http-equiv="refresh" content="0; url=/refreshed"></head><body><p>Moving at once</p></body></html>`);
    case '/refresh-3':
      return html(res, `<html><head><meta http-equiv="refresh" content="3;URL='/refreshed'"></head><body><p>Moving in 3 s</p></body></html>`);
    case '/refresh-30':
      return html(res, page('Slow refresh', '<p>Moving in 30 s</p>').replace('<head>', '<head><meta http-equiv="refresh" content="30; url=/refreshed">'));
    case '/refresh-loop':
      return html(res, `<html><head><meta http-equiv="refresh" content="0; url=/refresh-loop"><title>Loop</title></head><body><p>Round and round</p></body></html>`);
    case '/refreshed':
      return html(res, page('Refreshed', '<p>You were refreshed here.</p>'));
    case '/frames':
      return html(res, `<!doctype html><html><head><title>Framed</title></head>
<frameset cols="25%,75%"><frame src="/nav.html" name="nav"><frame src="/main.html" name="main" title="Main text">
<noframes><p>This site uses frames: <a href="/main.html">the main page alone</a>.</p></noframes></frameset></html>`);
    case '/main.html':
      return html(res, page('Main', '<p>The main frame.</p>'));
    case '/noscript':
      return html(res, page('Scripts', '<script>document.write("never shown")</script><noscript><p>Shown without scripts: <a href="/plain">the plain site</a></p></noscript>'));
    case '/iframe':
      return html(res, page('Embedding', '<p>Before the map.</p><iframe src="/main.html" title="A map of the site">Your browser shows no iframes.</iframe><p>After the map.</p>'));
    default:
      return html(res, page('Nothing', `<p>Nothing at ${path}.</p>`), {}, 404);
  }
}

/** Starts the server on 127.0.0.1 at a free port. */
export async function startSessionServer(): Promise<SessionServer> {
  const requests: SessionServer['requests'] = [];
  let origin = '';
  let otherOrigin = '';
  const server = http.createServer((req, res) => {
    requests.push({ host: req.headers.host ?? '', url: req.url ?? '', headers: req.headers });
    handle(req, res, origin, otherOrigin);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  otherOrigin = `http://localhost:${port}`;
  return {
    origin,
    otherOrigin,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
