// The pure parts of the fetch layer: Content-Type, charsets, failure words, progress.
import { describe, expect, it } from 'vitest';
import { parseContentType } from '../src/web/content-type.ts';
import { canonicalCharset, utf8Transcoder } from '../src/input/charset.ts';
import { codingOf, formatProgress } from '../src/web/fetch-body.ts';
import { formatBytes } from '../src/text/count.ts';
import { describeError, failureMessage, failurePage, reasonPhrase, statusFailure, type FetchFailure } from '../src/web/fetch-failure.ts';
import { mayFollowFrom } from '../src/link/follow-policy.ts';
import { parseUrl } from '../src/link/url/index.ts';

const url = (text: string) => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.url;
};

describe('Content-Type', () => {
  it('reads the essence and the charset', () => {
    expect(parseContentType('text/html; charset=UTF-8')).toEqual({ essence: 'text/html', charset: 'utf-8' });
    expect(parseContentType('Text/HTML;Charset="Shift_JIS"')).toEqual({ essence: 'text/html', charset: 'shift_jis' });
    expect(parseContentType('text/plain; format=flowed; charset=iso-8859-2; charset=utf-8')).toEqual({ essence: 'text/plain', charset: 'iso-8859-2' });
    expect(parseContentType('text/plain; title="a;b"; charset=koi8-r')).toEqual({ essence: 'text/plain', charset: 'koi8-r' });
    expect(parseContentType('application/json')).toEqual({ essence: 'application/json', charset: null });
  });

  it('gives an empty essence for what it cannot read', () => {
    for (const bad of [undefined, '', 'html', 'text/', '/html', 'text html/x', 'te xt/html']) expect(parseContentType(bad).essence).toBe('');
  });
});

describe('charsets', () => {
  it('knows the WHATWG names', () => {
    expect(canonicalCharset('latin1')).toBe('windows-1252');
    expect(canonicalCharset('ISO-8859-1')).toBe('windows-1252');
    expect(canonicalCharset('iso-8859-2')).toBe('iso-8859-2');
    expect(canonicalCharset('sjis')).toBe('shift_jis');
    expect(canonicalCharset('utf8')).toBe('utf-8');
    expect(canonicalCharset('no-such-charset')).toBeNull();
    expect(canonicalCharset(null)).toBeNull();
  });

  it('passes UTF-8 through untouched', () => {
    const t = utf8Transcoder(null);
    const bytes = Buffer.from('héllo');
    expect(t.write(bytes)).toBe(bytes);
    expect(t.end().length).toBe(0);
    expect(utf8Transcoder('no-such-charset').encoding).toBe('utf-8');
  });

  it('decodes a character split between chunks', () => {
    // "日本" in Shift_JIS: 93 FA 96 7B, fed one byte at a time.
    const t = utf8Transcoder('Shift_JIS');
    const out = [0x93, 0xfa, 0x96, 0x7b].map((b) => t.write(Buffer.from([b])));
    out.push(t.end());
    expect(Buffer.concat(out).toString('utf8')).toBe('日本');
  });

  it('decodes ISO-8859-5 and KOI8-R', () => {
    const iso = utf8Transcoder('iso-8859-5');
    expect(Buffer.concat([iso.write(Buffer.from([0xbf, 0xe0, 0xd8])), iso.end()]).toString()).toBe('При');
    const koi = utf8Transcoder('koi8-r');
    expect(Buffer.concat([koi.write(Buffer.from([0xf0, 0xd2, 0xc9])), koi.end()]).toString()).toBe('При');
  });

  it('lets a byte order mark overrule the header', () => {
    const t = utf8Transcoder('windows-1252');
    const out = [t.write(Buffer.from([0xff])), t.write(Buffer.from([0xfe, 0x41, 0x00, 0xe9])), t.write(Buffer.from([0x00])), t.end()];
    expect(t.encoding).toBe('utf-16le');
    expect(Buffer.concat(out).toString()).toBe('Aé');
    const utf8 = utf8Transcoder('windows-1252');
    expect(Buffer.concat([utf8.write(Buffer.from('\uFEFFcafé')), utf8.end()]).toString()).toBe('\uFEFFcafé');
    expect(utf8.encoding).toBe('utf-8');
  });

  it('ends a short body held for its byte order mark', () => {
    const t = utf8Transcoder('windows-1252');
    expect(t.write(Buffer.from([0xff])).length).toBe(0);
    expect(t.end().toString()).toBe('ÿ');
  });
});

describe('bodies', () => {
  it('knows the codings', () => {
    expect(codingOf(undefined)).toBe('identity');
    expect(codingOf('GZIP')).toBe('gzip');
    expect(codingOf('x-gzip')).toBe('gzip');
    expect(codingOf(' br ')).toBe('br');
    expect(codingOf('deflate')).toBe('deflate');
    expect(codingOf('compress')).toBeNull();
    expect(codingOf('gzip, br')).toBeNull();
  });

  it('writes sizes and progress', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(812)).toBe('812 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(256 * 1024 * 1024)).toBe('256 MiB');
    expect(formatProgress({ received: 1536, total: null, delivered: 0 })).toBe('1.5 KiB');
    expect(formatProgress({ received: 1024 * 1024, total: 4 * 1024 * 1024, delivered: 0 })).toBe('1 MiB of 4 MiB (25%)');
  });
});

describe('failures', () => {
  it('names network errors', () => {
    const e = (code: string, message = code) => Object.assign(new Error(message), { code });
    expect(describeError(e('ENOTFOUND'), 'x.test').kind).toBe('dns');
    expect(describeError(e('EAI_AGAIN'), 'x.test').title).toBe('Name lookup failed');
    expect(describeError(e('ECONNREFUSED'), 'x.test').kind).toBe('refused');
    expect(describeError(e('ECONNRESET'), 'x.test').title).toBe('Connection reset');
    expect(describeError(e('EHOSTUNREACH'), 'x.test').title).toBe('Host unreachable');
    expect(describeError(e('CERT_HAS_EXPIRED'), 'x.test').detail).toBe('The secure connection to x.test was refused: its certificate has expired.');
    expect(describeError(e('ERR_TLS_CERT_ALTNAME_INVALID'), 'x.test').kind).toBe('tls');
    expect(describeError(e('EPROTO', 'C0:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../ssl/record.c:354:'), 'x.test').detail).toBe(
      'The TLS connection to x.test failed: wrong version number.',
    );
    expect(describeError(e('EWHATEVER', 'odd\x1b[31m thing'), 'x.test')).toMatchObject({ kind: 'network', detail: 'The connection to x.test failed: odd[31m thing.' });
  });

  it('names statuses, keeping only printable reason phrases', () => {
    expect(statusFailure(404, 'Not Found').title).toBe('Not Found (404)');
    expect(statusFailure(404, '').title).toBe('Not Found (404)');
    expect(statusFailure(599, undefined).title).toBe('Server Error (599)');
    expect(reasonPhrase(403, 'Go\x1b]8;;x\x07 away')).toBe('Go]8;;x away');
    expect(reasonPhrase(499)).toBe('Client Error');
  });

  it('renders the URL on the page and the status line: no credentials, nothing invisible', () => {
    const failure: FetchFailure = {
      ok: false,
      kind: 'status',
      requested: url('http://user:pw@example.org/a%E2%80%AEb'),
      url: url('http://example.org/a%E2%80%AEb'),
      redirects: [],
      status: 404,
      statusText: 'Not Found',
      code: null,
      title: 'Not Found (404)',
      detail: 'The server has no page at this address.',
    };
    const text = failurePage(failure);
    expect(text).toBe('Not Found (404)\n\n  http://example.org/a%E2%80%AEb\n  404 Not Found\n\nThe server has no page at this address.\n');
    expect(failureMessage(failure)).toBe('Not Found (404): http://example.org/a%E2%80%AEb');
    expect(failureMessage({ ...failure, url: url('http://example.org/' + 'x'.repeat(200)) }, 40).length).toBeLessThanOrEqual(40);
    expect(failurePage({ ...failure, url: null })).not.toContain('pw');
  });
});

describe('mayFollowFrom', () => {
  const web = url('https://example.org/page');
  it('decides by the link and the page', () => {
    expect(mayFollowFrom(web, url('http://example.org/'))).toEqual({ action: 'fetch' });
    expect(mayFollowFrom(web, url('file:///etc/passwd')).action).toBe('ask');
    expect(mayFollowFrom(url('file:///tmp/a.md'), url('file:///etc/passwd'))).toEqual({ action: 'open' });
    expect(mayFollowFrom(web, url('JavaScript:alert(1)'))).toEqual({ action: 'refuse', reason: 'javascript: links are not followed: lwl runs no scripts' });
    expect(mayFollowFrom(null, url('javascript:void(0)')).action).toBe('refuse');
    expect(mayFollowFrom(web, url('mailto:a@b.c'))).toEqual({ action: 'hand-off' });
    expect(mayFollowFrom(web, url('data:text/html,<p>x'))).toEqual({ action: 'hand-off' });
  });
});
