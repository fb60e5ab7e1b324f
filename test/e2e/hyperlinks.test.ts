// OSC 8 hyperlinks only where a click may do what lwl itself would do (issue 29):
// http, https and mailto; file: on a local document only. Read from the bytes
// lwl writes with --hyperlinks, one link per scheme.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';
import { startServer } from '../http-server.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-hyperlinks-'));

/** The URIs of the OSC 8 hyperlinks lwl opened in its output. */
function hyperlinked(output: string): string[] {
  return [...output.matchAll(/\x1b\]8;id=lwl\d+-\d+;([^\x1b]*)\x1b\\/g)].map((m) => m[1]);
}

const links: [text: string, href: string, clickable: string | null][] = [
  ['web', 'https://example.org/a', 'https://example.org/a'],
  ['plain', 'http://example.org/b', 'http://example.org/b'],
  ['mail', 'mailto:me@example.org', 'mailto:me@example.org'],
  ['local', 'other.html', `file://${dir}/other.html`],
  ['passwd', 'file:///etc/passwd', 'file:///etc/passwd'],
  ['script', 'javascript:alert(1)', null],
  ['vbs', 'vbscript:msgbox(1)', null],
  ['data', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;', null],
  ['share', 'smb://evil/share', null],
  ['broken', 'http://[::1', null],
];

describe('--hyperlinks', () => {
  it('on a local document: http, https, mailto and its file: links clickable; no other scheme', async () => {
    const file = path.join(dir, 'schemes.html');
    fs.writeFileSync(file, `<p>${links.map(([text, href]) => `<a href="${href}">${text}</a>`).join(' ')} end</p>\n`);
    const s = Session.lwl(['--hyperlinks', file]);
    await s.waitForText('end');
    const shown = hyperlinked(s.output);
    for (const [text, , clickable] of links) {
      if (clickable) expect(shown, text).toContain(clickable);
    }
    expect(shown.filter((uri) => !/^(https?|mailto|file):/.test(uri))).toEqual([]);
  });

  it('in secure mode: none, as lwl follows no link out of the document there', async () => {
    const file = path.join(dir, 'secure.html');
    fs.writeFileSync(file, '<p><a href="https://example.org/">web</a> <a href="other.html">local</a> end</p>\n');
    const s = Session.lwl(['--secure', '--hyperlinks', file]);
    await s.waitForText('end');
    expect(s.output).not.toContain('\x1b]8;');
  });

  it('on a web page: its file: and script links are not clickable, its http and mailto links are', async () => {
    const server = await startServer();
    try {
      await webPages(server.origin);
    } finally {
      await server.close();
    }
  });
});

/** The passwd page and the index of the test server at `origin`, read with --hyperlinks. */
async function webPages(origin: string): Promise<void> {
  const s = Session.lwl(['--hyperlinks', `${origin}/passwd-link.html`], { env: { LWL_BROWSER: '', BROWSER: '' } });
  await s.waitForText('the users');
  expect(s.output).not.toContain('file:///etc/passwd');
  const index = Session.lwl(['--hyperlinks', `${origin}/`], { env: { LWL_BROWSER: '', BROWSER: '' } });
  await index.waitForText('Test index');
  const shown = hyperlinked(index.output);
  expect(shown).toContain(`${origin}/page.html`);
  expect(shown).toContain('mailto:someone@example.org');
  expect(shown.filter((uri) => !/^(http|mailto):/.test(uri))).toEqual([]);
}
