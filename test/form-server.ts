// A web server on 127.0.0.1 for the forms tests: pages with forms of every
// kind of field, and /echo, which answers with what it got (method, path and
// query, Content-Type, body) as plain text, so a test reads on screen what lwl
// sent. Never any other address: the tests do not leave this machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FormServer {
  origin: string;
  /** What /echo got, in order. */
  received: { method: string; url: string; contentType: string; body: Buffer }[];
  close(): Promise<void>;
}

/** A GET form with a field of every kind. */
export const EVERY_FIELD = `<!doctype html><title>Every field</title>
<form action="/echo" id="f">
<p><label for="q">Search:</label> <input id="q" name="q" placeholder="words to find"></p>
<p>Find <input type="search" name="find" size="10"> Mail <input type="email" name="mail" value="a@b.example"> Site <input type="url" name="site" size="12"> Count <input type="number" name="count" value="3" size="4"></p>
<p>Secret <input type="password" name="pw"> <input type="hidden" name="token" value="t0k&n"> Phone <input type="tel" name="phone" size="8"></p>
<p><label><input type="checkbox" name="exact"> exact</label> <input type="checkbox" name="sure" value="yes" checked> sure</p>
<p><input type="radio" name="where" value="docs" checked> docs <input type="radio" name="where" value="web"> web</p>
<p><select name="lang"><option value="en">English<option value="de">Deutsch<option value="fr" disabled>Français<option value="nl">Nederlands</select></p>
<p><select name="tags" multiple><option selected>red<option>green<option>blue</select></p>
<p><textarea name="note" rows="3" cols="30">First line
second line</textarea></p>
<p><input type="submit" name="go" value="Go"> <button name="alt" value="other">Other</button> <input type="reset"> <input type="submit" formaction="/echo/posted" formmethod="post" value="Post it"> <input type="image" name="pic" src="go.png" alt="Picture"> <input type="button" value="Script only"></p>
</form>`;

/** POST forms, one per enctype. */
export const POST_FORMS = `<!doctype html><title>Post forms</title>
<form action="/echo" method="post"><input name="who" value="a b+c&d"> <input type="submit" value="Urlencoded"></form>
<form action="/echo" method="post" enctype="multipart/form-data"><textarea name="text">one
two</textarea> <input type="file" name="upload"> <input type="submit" value="Multipart"></form>
<form action="/echo" method="post" enctype="text/plain"><input name="plain" value="x y"> <input type="submit" value="Plain"></form>
<form action="/see-other" method="post"><input name="then" value="get"> <input type="submit" value="Redirected"></form>
<form action="/echo" method="post" accept-charset="windows-1252"><input name="cafe" value="café € 日"> <input type="submit" value="Latin"></form>`;

/** Forms lwl refuses to send. */
export function hostileForms(): string {
  const many = Array.from({ length: 10_000 }, (_, i) => `<input type="hidden" name="f${i}" value="${i}">`).join('');
  return `<!doctype html><title>Hostile</title>
<form action="javascript:alert(1)"><input type="submit" value="Script"></form>
<form action="file:///etc/passwd"><input type="submit" value="File"></form>
<form action="/echo">${many}<input type="submit" value="Many"></form>
<form action="/echo" method="post"><input type="submit" value="Big"><textarea name="big">${'x'.repeat(10 * 1024 * 1024)}</textarea></form>`;
}

export async function startFormServer(): Promise<FormServer> {
  const received: FormServer['received'] = [];
  const hostile = hostileForms();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '/';
      const html = (text: string) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(text);
      };
      if (url === '/every') return html(EVERY_FIELD);
      if (url === '/post') return html(POST_FORMS);
      if (url === '/hostile') return html(hostile);
      if (url === '/see-other') {
        received.push({ method: req.method ?? '', url, contentType: req.headers['content-type'] ?? '', body });
        res.writeHead(303, { Location: '/echo?after=post' });
        return res.end();
      }
      if (url.startsWith('/echo')) {
        received.push({ method: req.method ?? '', url, contentType: req.headers['content-type'] ?? '', body });
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        // Bytes past ASCII as \xNN: what was sent, whatever the charset.
        const shown = body.toString('latin1').replace(/[\x80-\xff]/g, (c) => `\\x${c.charCodeAt(0).toString(16)}`);
        return res.end(`method ${req.method} ${received.length}\nurl ${url}\ntype ${req.headers['content-type'] ?? '-'}\nbody ${shown.replace(/\r\n/g, '<CRLF>\n')}\nend of echo\n`);
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not here');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
