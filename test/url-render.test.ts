// URL rendering for the screen: the host stays visible, credentials never show, punycode
// stays where Unicode could mislead, nothing invisible gets through, and the result fits.

import { describe, expect, it } from 'vitest';
import { describeHost, maskedHref, maskedWritten, registrableLabelCount, renderUrl } from '../src/link/render.ts';
import { stringWidth as cellWidth } from '../src/text/width.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';

function url(s: string): UrlRecord {
  const r = parseUrl(s);
  if (!r.ok) throw new Error(`test URL does not parse: ${s} (${r.reason})`);
  return r.url;
}

const render = (s: string, cells: number): string => renderUrl(url(s), cells);

// Anything that would not be seen, or would reorder what is around it.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

describe('renderUrl: fitting', () => {
  it('shows a URL that fits in full, as serialized but for credentials', () => {
    expect(render('https://www.example.com/a/b?c=d#e', 80)).toBe('https://www.example.com/a/b?c=d#e');
    expect(render('file:///home/me/notes.txt', 80)).toBe('file:///home/me/notes.txt');
    expect(render('mailto:someone@example.com', 80)).toBe('mailto:someone@example.com');
  });

  it('never exceeds the cells, and fills them exactly when it elides ASCII', () => {
    const u = 'https://user:secret@docs.sub.example.co.uk:8443/a/very/long/path/index.html?query=string&more=1#fragment';
    const full = renderUrl(url(u), 1000);
    const head = 'https://docs.sub.example.co.uk:8443'.length;
    for (let cells = 0; cells <= full.length + 2; cells++) {
      const out = render(u, cells);
      expect(cellWidth(out), `${cells}: ${out}`).toBeLessThanOrEqual(cells);
      // Eliding the path side fills the line; dropping whole labels of the host may not.
      if (cells < full.length && cells > head) expect(cellWidth(out), `${cells}: ${out}`).toBe(cells);
    }
    expect(full).toBe(u.replace('user:secret@', ''));
  });

  it('counts wide characters as two cells and never splits one', () => {
    const u = 'https://例え.jp/%E3%83%91%E3%82%B9/%E3%83%91%E3%82%B9';
    expect(render(u, 80)).toBe('https://例え.jp/パス/パス');
    expect(cellWidth('https://例え.jp/パス/パス')).toBe(25);
    for (let cells = 1; cells <= 25; cells++) {
      const out = render(u, cells);
      expect(cellWidth(out), out).toBeLessThanOrEqual(cells);
      // Past the host, a wide character that does not fit leaves at most one cell free.
      if (cells > cellWidth('https://例え.jp')) expect(cellWidth(out), out).toBeGreaterThanOrEqual(cells - 1);
    }
    expect(render(u, 19)).toBe('https://例え.jp/パ…'); // 18 cells: "ス" would need 2 more
  });

  it('gives nothing for no room', () => {
    expect(render('https://example.com/', 0)).toBe('');
    expect(render('https://example.com/', -3)).toBe('');
  });
});

describe('renderUrl: the host stays visible', () => {
  it('elides the path side first, with "…"', () => {
    expect(render('https://example.com/a/long/path/to/a/page.html', 30)).toBe('https://example.com/a/long/pa…');
    expect(render('https://example.com/?q=' + 'x'.repeat(50), 25)).toBe('https://example.com/?q=x…');
  });

  it('then drops the scheme and port rather than any of the host', () => {
    expect(render('https://www.example.com:8080/a/b/c', 22)).toBe('www.example.com:8080…');
    expect(render('https://www.example.com:8080/a/b/c', 16)).toBe('www.example.com…');
  });

  it('then elides subdomains from the left, never the registrable domain', () => {
    // The standard's example: examplecorp.com.evil.com must not look like examplecorp.com.
    const u = 'https://examplecorp.com.evil.com/login';
    expect(render(u, 14)).toBe('…com.evil.com…');
    expect(render(u, 10)).toBe('…evil.com…');
    expect(render(u, 9)).toBe('…evil.com');
    for (let cells = 1; cells <= 40; cells++) {
      const out = render(u, cells);
      expect(out, out).not.toMatch(/examplecorp\.com(?!\.evil)/);
      if (cells >= 9) expect(out).toContain('evil.com');
    }
    expect(render('https://www.example.com/x', 12)).toBe('…example.com');
    expect(render('https://a.b.example.co.uk/x', 14)).toBe('…example.co.uk');
  });

  it('shows the beginning of a registrable domain that does not fit, never its end', () => {
    // The standard: loading not-really-examplecorp.com must not show "…examplecorp.com".
    const u = 'https://not-really-examplecorp.com/';
    for (let cells = 1; cells < 26; cells++) {
      const out = render(u, cells);
      if (out !== '…') expect(out.startsWith('…'), out).toBe(false);
      expect(cellWidth(out)).toBeLessThanOrEqual(cells);
    }
    expect(render(u, 12)).toBe('not-really-…');
  });

  it('keeps an IP address host visible from its start', () => {
    expect(render('http://[2001:db8::1]:8080/x', 30)).toBe('http://[2001:db8::1]:8080/x');
    expect(render('http://[2001:db8::1]:8080/x', 12)).toBe('[2001:db8::…');
    expect(render('http://192.168.0.1/admin', 15)).toBe('192.168.0.1…');
  });
});

describe('renderUrl: credentials', () => {
  it('never shows username or password', () => {
    const u = 'https://examplecorp.com@attacker.example/';
    expect(render(u, 80)).toBe('https://attacker.example/');
    for (let cells = 1; cells < 40; cells++) expect(render(u, cells)).not.toContain('examplecorp');
    expect(render('ftp://user:pass@files.example/x', 80)).toBe('ftp://files.example/x');
  });
});

describe('maskedHref and maskedWritten: a URL in full, its credentials as …@', () => {
  it('puts …@ in place of a user name and password, and leaves any other URL as serialized', () => {
    expect(maskedHref(url('https://user:secret@example.org:8443/a?b#c'))).toBe('https://…@example.org:8443/a?b#c');
    expect(maskedHref(url('ftp://user@files.example/x'))).toBe('ftp://…@files.example/x');
    expect(maskedHref(url('foo://u:p@host/x'))).toBe('foo://…@host/x');
    expect(maskedHref(url('https://example.org/a@b'))).toBe('https://example.org/a@b');
    expect(maskedHref(url('mailto:me@example.org'))).toBe('mailto:me@example.org');
  });

  it('masks them as written too, up to the last @ before the path', () => {
    expect(maskedWritten('https://user:secret@example.org/')).toBe('https://…@example.org/');
    expect(maskedWritten('HTTP:\\\\a@b@example.com\\x')).toBe('HTTP:\\\\…@example.com\\x');
    expect(maskedWritten('//me@example.net/')).toBe('//…@example.net/');
    expect(maskedWritten('https://example.org/a@b')).toBe('https://example.org/a@b');
    expect(maskedWritten('mailto:me@example.org')).toBe('mailto:me@example.org');
    expect(maskedWritten('page.html#x@y')).toBe('page.html#x@y');
  });
});

describe('renderUrl and describeHost: internationalized hosts', () => {
  it('show a single-script name in Unicode', () => {
    expect(render('https://münchen.de/', 80)).toBe('https://münchen.de/');
    expect(render('https://xn--mnchen-3ya.de/', 80)).toBe('https://münchen.de/');
    const d = describeHost(url('https://münchen.de/'));
    expect(d).toMatchObject({ display: 'münchen.de', idn: true, punycode: false, mixedScripts: false });
  });

  it('allow the Han-based mixes of Japanese, Chinese and Korean', () => {
    expect(render('https://例え.テスト/', 80)).toBe('https://例え.テスト/');
    expect(describeHost(url('https://日本語ひらがなカタカナ.jp/')).punycode).toBe(false);
    expect(describeHost(url('https://한국어漢字.kr/')).punycode).toBe(false);
  });

  it('keep a label that mixes scripts in punycode', () => {
    // "аpple": Cyrillic а, then Latin.
    const u = url('https://\u0430pple.com/');
    expect(renderUrl(u, 80)).toBe('https://xn--pple-43d.com/');
    expect(describeHost(u)).toMatchObject({
      display: 'xn--pple-43d.com',
      unicode: '\u0430pple.com',
      idn: true,
      punycode: true,
      mixedScripts: true,
    });
  });

  it('keep a whole-script look-alike of a Latin name in punycode', () => {
    // "аррӏе": all Cyrillic, all look-alikes of Latin letters.
    const u = url('https://\u0430\u0440\u0440\u04cf\u0435.com/');
    expect(renderUrl(u, 80)).toBe('https://xn--80ak6aa92e.com/');
    expect(describeHost(u)).toMatchObject({ punycode: true, mixedScripts: false, confusable: true });
    // A Cyrillic name with letters Latin does not have is shown as it is.
    expect(render('https://яндекс.рф/', 80)).toBe('https://яндекс.рф/');
  });

  it('keep right-to-left names in punycode', () => {
    const d = describeHost(url('https://xn--mgbh0fb.xn--kgbechtv/'));
    expect(d.display).toBe('xn--mgbh0fb.xn--kgbechtv');
    expect(d.punycode).toBe(true);
  });

  it('describe hosts that are not internationalized plainly', () => {
    expect(describeHost(url('https://example.com/'))).toMatchObject({ display: 'example.com', idn: false, punycode: false });
    expect(describeHost(url('http://[::1]/')).display).toBe('[::1]');
    expect(describeHost(url('mailto:x@example.com')).display).toBe('');
    expect(describeHost({ kind: 'ipv4', value: 0x7f000001 }).display).toBe('127.0.0.1');
  });
});

describe('renderUrl: nothing invisible reaches the screen', () => {
  it('decodes visible UTF-8 in the path, query and fragment', () => {
    expect(render('https://x.example/caf%C3%A9?q=%F0%9F%98%80#na%C3%AFve', 80)).toBe('https://x.example/café?q=😀#naïve');
  });

  it('keeps encoded ASCII encoded, so %2F is not taken for a slash', () => {
    expect(render('https://x.example/a%2Fb%20c', 80)).toBe('https://x.example/a%2Fb%20c');
  });

  it('keeps bidirectional controls, zero-width and invisible characters encoded', () => {
    const invisibles = ['%E2%80%8E', '%E2%80%8F', '%E2%80%AA', '%E2%80%AE', '%E2%81%A6', '%E2%81%A9', '%E2%80%8B', '%E2%80%8D', '%EF%BB%BF', '%C2%AD', '%C2%85', '%C2%A0', '%E3%80%80', '%E2%A0%80', '%D7%90'];
    for (const seq of invisibles) {
      const out = render(`https://x.example/a${seq}b`, 80);
      expect(out, seq).toBe(`https://x.example/a${seq}b`);
      expect(INVISIBLE.test(out), seq).toBe(false);
    }
  });

  it('shows a combining mark only on a non-ASCII letter', () => {
    expect(render('https://x.example/a%CC%81', 80)).toBe('https://x.example/a%CC%81');
    expect(render('https://x.example/%C3%A9%CC%81', 80)).toBe('https://x.example/\u00e9\u0301');
  });

  it('shows spaces of an opaque path as %20', () => {
    expect(render('javascript:alert(1)   //x', 80)).toBe('javascript:alert(1)%20%20%20//x');
  });

  it('escapes raw controls and invisibles even in a hand-made record', () => {
    const u: UrlRecord = {
      scheme: 'https',
      username: '',
      password: '',
      host: { kind: 'opaque', value: 'a\u202eb' },
      port: null,
      path: ['x\u0007y', 'z\u200bw', 'ok\u00e9'],
      query: 'q\u009bx',
      fragment: '\u2066f',
    };
    const out = renderUrl(u, 200);
    expect(INVISIBLE.test(out), out).toBe(false);
    expect(out).toBe('https://a\\u{202E}b/x%07y/z%E2%80%8Bw/ok\u00e9?q%C2%9Bx#%E2%81%A6f');
  });

  it('leaves nothing invisible for any WPT-like input', () => {
    const inputs = [
      'http://example.com/\u0000\u001f\u007f\u0080\u009f',
      'non-spec:/\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
      'https://example.com/?\ufeff\u180e\u2060\u00ad',
      'https://example.com/#\u{e0001}\u{e0041}',
    ];
    for (const s of inputs) {
      const out = render(s, 200);
      expect(INVISIBLE.test(out), JSON.stringify(out)).toBe(false);
    }
  });
});

describe('registrable domain from the Public Suffix List', () => {
  it('counts the labels of the registrable domain, private suffixes included', () => {
    expect(registrableLabelCount(['www', 'example', 'com'])).toBe(2);
    expect(registrableLabelCount(['www', 'example', 'co', 'uk'])).toBe(3);
    expect(registrableLabelCount(['a', 'example', 'com', ''])).toBe(2);
    expect(registrableLabelCount(['localhost'])).toBe(1);
    expect(registrableLabelCount('bank.com.attacker.github.io'.split('.'))).toBe(3);
    expect(registrableLabelCount('a.b.city.kawasaki.jp'.split('.'))).toBe(3); // *.kawasaki.jp, !city.kawasaki.jp
    expect(registrableLabelCount('x.y.example.pvt.k12.ma.us'.split('.'))).toBe(5);
    expect(registrableLabelCount('github.io'.split('.'))).toBe(2); // a public suffix: kept whole
  });
});

describe('renderUrl: hosts that are not plain domains', () => {
  it('keeps the owner of a private suffix ("attacker.github.io") at every width', () => {
    const u = 'https://bank.com.attacker.github.io/login';
    expect(render(u, 80)).toBe(u);
    expect(render(u, 24)).toBe('…com.attacker.github.io…');
    expect(render(u, 22)).toBe('…attacker.github.io…');
    for (let cells = 19; cells <= 40; cells++) expect(render(u, cells), String(cells)).toContain('attacker.github.io');
    expect(render(u, 20)).toBe('…attacker.github.io…');
    expect(render(u, 19)).toBe('…attacker.github.io');
  });

  it('elides an opaque host (sftp:, ssh:, git:) from the left like a domain', () => {
    for (const scheme of ['sftp', 'ssh', 'git']) {
      const u = `${scheme}://login.bank.com.evil.example/repo`;
      expect(render(u, 80)).toBe(u);
      expect(render(u, 18)).toBe('…com.evil.example…');
      expect(render(u, 14)).toBe('…evil.example…');
      for (let cells = 13; cells <= 40; cells++) expect(render(u, cells)).toContain('evil.example');
    }
  });

  it('shows the host inside a blob: URL, and keeps it visible', () => {
    const u = 'blob:https://login.bank.com.evil.example/0b7a-4c3e-9f1d';
    expect(render(u, 80)).toBe(u);
    expect(render(u, 46)).toBe('blob:https://login.bank.com.evil.example/0b7a…');
    expect(render(u, 30)).toBe('login.bank.com.evil.example…');
    expect(render(u, 14)).toBe('…evil.example…');
    for (let cells = 13; cells <= 60; cells++) expect(render(u, cells)).toContain('evil.example');
    expect(describeHost(url(u)).display).toBe('login.bank.com.evil.example');
    // A look-alike host inside blob: is judged like any other.
    expect(render('blob:https://\u0430\u0440\u0440\u04cf\u0435.com/x', 80)).toBe('blob:https://xn--80ak6aa92e.com/x');
  });
});
