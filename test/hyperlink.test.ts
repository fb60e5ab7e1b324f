// OSC 8 hyperlinks on output: what lwl writes, and what the screen's last check lets through.
import { describe, expect, it } from 'vitest';
import { clean } from '../term/screen.ts';
import { HYPERLINK_CLOSE, hyperlinkOpen } from '../term/hyperlink.ts';
import { useHyperlinks } from '../term/caps.ts';

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
