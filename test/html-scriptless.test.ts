// What pages say to browsers without scripts or frames: meta refresh read as
// the HTML standard reads it and shown as a link, frames and iframes as links,
// <noframes> and <noscript> shown.
import { describe, expect, it } from 'vitest';
import { renderHtml, writeHtmlFragment } from '../src/document/readers/html.ts';
import { parseRefresh } from '../src/document/readers/html-scriptless.ts';
import { BlockWriter } from '../src/document/readers/layout.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';

function render(html: string): RenderCollector & { refreshed: Array<[number, string]> } {
  const refreshed: Array<[number, string]> = [];
  const sink = Object.assign(new RenderCollector(), { refreshed, refresh: (seconds: number, href: string) => void refreshed.push([seconds, href]) });
  renderHtml(html, sink);
  return sink;
}

describe('parseRefresh', () => {
  it.each([
    ['0', { seconds: 0, url: null }],
    ['3; url=/next', { seconds: 3, url: '/next' }],
    ['30;URL="/a b"', { seconds: 30, url: '/a b' }],
    ["5, url='/q?x=1' and more'", { seconds: 5, url: '/q?x=1' }],
    ['  7  /plain  ', { seconds: 7, url: '/plain' }],
    ['1.5; url=/half', { seconds: 1, url: '/half' }],
    ['.5; url=/dot', { seconds: 0, url: '/dot' }],
    ['99999999999999; url=/far', { seconds: 1e9, url: '/far' }],
  ])('reads %j', (content, expected) => {
    expect(parseRefresh(content)).toEqual(expected);
  });

  it.each(['', 'soon', '; url=/x', '3x; url=/x'])('%j is no refresh', (content) => {
    expect(parseRefresh(content)).toBeNull();
  });
});

describe('the HTML reader, for a browser without scripts or frames', () => {
  it('shows a meta refresh as a link at the top, and tells the document', () => {
    const doc = render('<html><head><meta http-equiv="Refresh" content="30; url=/target"><title>t</title></head><body><p>Body text</p></body></html>');
    expect(doc.textContent.split('\n')[0]).toBe('Refresh (30 s): /target');
    expect(doc.linkTexts()).toEqual([{ text: 'Refresh (30 s): /target', href: '/target' }]);
    expect(doc.refreshed).toEqual([[30, '/target']]);
    expect(doc.textContent).toContain('Body text');
  });

  it('a refresh of the page itself links to it', () => {
    const doc = render('<meta http-equiv=refresh content=0><p>again</p>');
    expect(doc.linkTexts()).toEqual([{ text: 'Refresh (0 s): (this page)', href: '' }]);
    expect(doc.refreshed).toEqual([[0, '']]);
  });

  it('leaves other metas out', () => {
    const doc = render('<meta http-equiv="content-type" content="text/html"><meta name=refresh content="0; url=/x"><p>x</p>');
    expect(doc.links).toEqual([]);
    expect(doc.refreshed).toEqual([]);
  });

  it('shows <noscript> content, in the head and the body', () => {
    const doc = render('<html><head><noscript><p>Scripts are off (head)</p></noscript></head><body><script>no()</script><noscript>Enable <a href="/nojs">the plain site</a></noscript></body></html>');
    expect(doc.textContent).toContain('Scripts are off (head)');
    expect(doc.textContent).not.toContain('no()');
    expect(doc.linkTexts()).toEqual([{ text: 'the plain site', href: '/nojs' }]);
  });

  it('a frameset is a list of its frames, and <noframes> shows', () => {
    const doc = render(`<html><head><title>Frames</title></head>
<frameset cols="20%,80%"><frame src="/nav.html" name="nav"><frameset rows="*,*"><frame src="/main.html" title="Main text"><frame src="/foot.html"></frameset>
<noframes><p>Your browser shows no frames: <a href="/main.html">the main page</a>.</p></noframes></frameset></html>`);
    expect(doc.linkTexts()).toEqual([
      { text: 'FRAME: nav', href: '/nav.html' },
      { text: 'FRAME: Main text', href: '/main.html' },
      { text: 'FRAME: /foot.html', href: '/foot.html' },
      { text: 'the main page', href: '/main.html' },
    ]);
    expect(doc.textContent).toContain('Your browser shows no frames');
    expect(doc.textContent.split('\n').slice(0, 3)).toEqual(['FRAME: nav', 'FRAME: Main text', 'FRAME: /foot.html']);
  });

  it('an iframe is a link named by its title, its fallback text left out', () => {
    const doc = render('<p>Before</p><iframe src="/map.html" title="The map">fallback <b>text</b></iframe><iframe></iframe><p>After</p>');
    expect(doc.linkTexts()).toEqual([{ text: 'IFRAME: The map', href: '/map.html' }]);
    expect(doc.textContent).not.toContain('fallback');
    expect(doc.textContent.split('\n').filter(Boolean)).toEqual(['Before', 'IFRAME: The map', 'After']);
  });

  it('in a fragment (raw HTML in Markdown) too, <noscript> is markup', () => {
    const sink = new RenderCollector();
    const w = new BlockWriter(sink);
    writeHtmlFragment(w, '<noscript><img src="/pixel.gif" alt="pixel"></noscript>');
    w.finish();
    expect(sink.textContent).toBe('[image: pixel]\n');
  });
});
