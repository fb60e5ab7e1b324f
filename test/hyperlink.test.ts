// OSC 8 hyperlinks on output: what lwl writes, and what the screen's last check lets through.
import { describe, expect, it } from 'vitest';
import { clean } from '../term/screen.ts';
import { HYPERLINK_CLOSE, hyperlinkOpen } from '../term/hyperlink.ts';
import { useHyperlinks } from '../term/caps.ts';
import { mayHyperlinkFrom } from '../src/link/follow-policy.ts';
import { parseUrl } from '../src/link/url/index.ts';

describe('OSC 8 on output', () => {
  it('opens a hyperlink only to a printable ASCII URI with no backslash', () => {
    expect(hyperlinkOpen('https://x.org/a?b=1', 'lwl1-0')).toBe('\x1b]8;id=lwl1-0;https://x.org/a?b=1\x1b\\');
    for (const uri of ['https://x.org/\x1b[2J', 'https://x.org/a b', 'https://x.org/\\', 'https://x.org/é', '']) expect(hyperlinkOpen(uri, 'a')).toBe('');
    expect(hyperlinkOpen('https://x.org/', 'a;b')).toBe('');
  });

  it('passes the screen check whole; any other OSC, or an OSC 8 with a control in it, does not', () => {
    const link = `${hyperlinkOpen('https://x.org/', 'lwl1-0')}\x1b[34mtext\x1b[m${HYPERLINK_CLOSE}`;
    expect(clean(link)).toBe(link);
    expect(clean('\x1b]0;title\x07')).toBe('\ufffd]0;title\ufffd');
    expect(clean('\x1b]8;;http://a\x1b[2J\x1b\\')).toBe('\ufffd]8;;http://a\ufffd[2J\ufffd\\');
  });

  it('is used where asked or where the terminal says it takes them, never on a VT or a dumb terminal', () => {
    expect(useHyperlinks({ TERM: 'xterm-256color' }, null)).toBe(false);
    expect(useHyperlinks({ TERM: 'xterm-256color', VTE_VERSION: '7200' }, null)).toBe(true);
    expect(useHyperlinks({ TERM: 'xterm-256color', TERM_PROGRAM: 'WezTerm' }, false)).toBe(false);
    expect(useHyperlinks({ TERM: 'xterm-256color' }, true)).toBe(true);
    expect(useHyperlinks({ TERM: 'vt100', VTE_VERSION: '7200' }, true)).toBe(false);
    expect(useHyperlinks({ TERM: 'dumb' }, true)).toBe(false);
  });
});

describe('which links are clickable (OSC 8)', () => {
  const url = (href: string) => {
    const parsed = parseUrl(href, null);
    if (!parsed.ok) throw new Error(href);
    return parsed.url;
  };
  const localPage = url('file:///home/me/doc.html');
  const webPage = url('https://example.org/doc.html');

  it('http, https and mailto on any page', () => {
    for (const page of [null, localPage, webPage]) {
      for (const href of ['http://example.org/', 'https://example.org/a?b#c', 'mailto:me@example.org']) expect(mayHyperlinkFrom(page, url(href))).toBe(true);
    }
  });

  it('file: only as a local document\'s own link, never from a web page', () => {
    expect(mayHyperlinkFrom(localPage, url('file:///etc/passwd'))).toBe(true);
    expect(mayHyperlinkFrom(null, url('file:///home/me/other.html'))).toBe(true);
    expect(mayHyperlinkFrom(webPage, url('file:///etc/passwd'))).toBe(false);
    expect(mayHyperlinkFrom(url('http://127.0.0.1:8080/'), url('file:///home/me/other.html'))).toBe(false);
  });

  it('never script, data, or any other scheme', () => {
    for (const href of ['javascript:alert(1)', 'JavaScript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', 'smb://evil/share', 'ftp://example.org/f', 'ssh://host', 'foo:bar']) {
      for (const page of [null, localPage, webPage]) expect(mayHyperlinkFrom(page, url(href))).toBe(false);
    }
  });
});
