// One pipeline for files and the web: the same bytes make the same document,
// kind and text, read from a file and fetched from a server that names no type
// and no charset (src/input/classify.ts decides both, the Loader decodes).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Loader, openFile } from '../src/input/load.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { wholePage } from '../src/web/cli-web.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-source-'));
/** What the server sends for a path: the bytes, with no Content-Type. */
const bodies = new Map<string, Buffer>();
let server: http.Server;
let origin = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'Content-Length': String(body?.length ?? 0) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const shown = (loader: Loader) => loader.doc.text.text(0, loader.doc.text.length);

/** The kind and text of `bytes` read from a file called `name`, and fetched from /name. */
async function bothWays(name: string, bytes: Buffer): Promise<{ file: [string, string]; web: [string, string] }> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  const fromFile = new Loader(openFile(file));
  await fromFile.readAll();
  // A plain file's text stays in the file: it is read before the file is closed.
  const fileText = shown(fromFile);
  fromFile.stop();
  bodies.set(`/${name}`, bytes);
  const url = parseUrl(`${origin}/${name}`);
  if (!url.ok) throw new Error('bad URL');
  const { loader: fromWeb } = await wholePage(url.url, { version: '1.0' });
  return { file: [fromFile.doc.kind, fileText], web: [fromWeb.doc.kind, shown(fromWeb)] };
}

describe('a file and a page of the same bytes', () => {
  const latin1 = (text: string) => Buffer.from(text, 'latin1');
  const cases: [string, Buffer][] = [
    ['meta.html', latin1('<!doctype html><meta charset="windows-1251"><title>t</title><p>\xcf\xf0\xe8\xe2\xe5\xf2</p>')],
    ['user-defined.html', latin1('<meta charset="x-user-defined"><p>caf\xe9 \x93q\x94</p>')],
    ['open-comment.html', latin1('<p>caf\xc3\xa9</p><!-- <meta charset="koi8-r"> not closed')],
    ['sniffed', latin1('<!doctype html><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2"><p>\xe8</p>')],
    ['wide.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('wide text\n', 'utf16le')])],
    ['notes.md', Buffer.from('# Title\n\nSome *text*, caf\u00e9.\n')],
    ['plain.txt', Buffer.from('just text, caf\u00e9, \x1b[1mbold\x1b[m\n')],
  ];
  for (const [name, bytes] of cases) {
    it(`reads ${name} the same way`, async () => {
      const { file, web } = await bothWays(name, bytes);
      expect(web).toEqual(file);
    });
  }

  it('decodes each as its charset says', async () => {
    expect((await bothWays('meta.html', cases[0][1])).web[1]).toContain('Привет');
    expect((await bothWays('user-defined.html', cases[1][1])).web[1]).toContain('café “q”');
    expect((await bothWays('open-comment.html', cases[2][1])).web[1]).toContain('café');
    expect((await bothWays('sniffed', cases[3][1])).file).toEqual(['html', 'č\n']);
    expect((await bothWays('wide.txt', cases[4][1])).file).toEqual(['plain', 'wide text\n']);
  });
});
