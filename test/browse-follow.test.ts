// What Enter, o and O do with each kind of link, on a local page and on a web
// page, as the state function decides it (no network): the pager's effects.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';
import { initialState, press, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import { byteCount } from '../src/web/web-load.ts';

const url = (text: string): UrlRecord => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.url;
};

/** A one-link document at `base`; `web` says it came from there over the network. */
function context(href: string, base: string, options: { web?: boolean; browser?: string | null; secure?: boolean; loading?: boolean } = {}): Context {
  const doc = parseAll(new Document('t.md'), `[link](${href})\n`);
  const web = options.web ? { url: url(base), progress: options.loading ? 'Loading...' : null, facts: () => '200 OK' } : null;
  return {
    doc,
    rows: new Wrap(doc, 80),
    height: 5,
    links: new LinkTargets(doc, null, url(base)),
    lines: new LineIndex(doc),
    browser: options.browser === undefined ? null : options.browser,
    secure: options.secure ?? false,
    bindings: defaultBindings,
    web,
  };
}

function run(ctx: Context, keys: string[], state: State = initialState) {
  let result = { state, effects: [] as ReturnType<typeof press>['effects'] };
  for (const key of keys) result = press(result.state, key, ctx);
  return result;
}

const page = 'https://example.org/dir/page.html';

describe('following links to the web', () => {
  it('Enter loads an http(s) link in lwl when there is no browser command, else hands it over', () => {
    expect(run(context('next.html', page, { web: true }), ['n', '<Enter>']).effects).toEqual([{ kind: 'fetch', url: 'https://example.org/dir/next.html' }]);
    expect(run(context('http://example.com/', 'file:///tmp/a.md'), ['n', '<Enter>']).effects).toEqual([{ kind: 'fetch', url: 'http://example.com/' }]);
    expect(run(context('next.html', page, { web: true, browser: 'w3m "$LINK"' }), ['n', '<Enter>']).effects).toEqual([
      { kind: 'run', command: 'w3m "$LINK"', link: 'https://example.org/dir/next.html', then: 'resume' },
    ]);
  });

  it('o always loads in lwl; O always hands over, and says so without a browser command', () => {
    const ctx = context('next.html', page, { web: true, browser: 'w3m "$LINK"' });
    expect(run(ctx, ['n', 'o']).effects).toEqual([{ kind: 'fetch', url: 'https://example.org/dir/next.html' }]);
    expect(run(ctx, ['n', 'O']).effects[0]).toMatchObject({ kind: 'run', link: 'https://example.org/dir/next.html' });
    const none = run(context('next.html', page, { web: true }), ['n', 'O']);
    expect(none.effects).toEqual([]);
    expect(none.state.message).toBe('No browser command to hand the link to: set LWL_BROWSER or BROWSER (o loads it in lwl)');
    expect(run(context('mailto:a@example.org', page), ['n', 'o']).state.message).toBe('lwl loads http and https links, not mailto: (O hands it to the browser command)');
  });

  it('a fragment of this page jumps within it, not a load', () => {
    const result = run(context('#nowhere', page, { web: true }), ['n', '<Enter>']);
    expect(result.effects).toEqual([]);
    expect(result.state.message).toBe('#nowhere is not defined in this document');
  });

  it('secure mode fetches nothing', () => {
    const result = run(context('next.html', page, { secure: true }), ['n', '<Enter>']);
    expect(result.effects).toEqual([]);
    expect(result.state.message).toBe('Fetching web pages is disabled in secure mode');
  });
});

describe('safety', () => {
  it('a file: link on a web page asks first; y opens it, n does not', () => {
    const ctx = context('file:///etc/passwd', page, { web: true });
    const asked = run(ctx, ['n', '<Enter>']);
    expect(asked.effects).toEqual([]);
    expect(asked.state.mode).toBe('question');
    expect(asked.state.question?.text).toBe('This web page links to a file on this machine, file:///etc/passwd: open it? (y/n)');
    // Other keys wait for the answer.
    expect(run(ctx, ['j', 'G'], asked.state).state.mode).toBe('question');
    expect(run(ctx, ['y'], asked.state).effects).toEqual([{ kind: 'open', url: 'file:///etc/passwd' }]);
    const no = run(ctx, ['n'], asked.state);
    expect(no.effects).toEqual([]);
    expect(no.state).toMatchObject({ mode: 'ground', message: 'Not opened', question: null });
    // From a local page it opens at once, as before.
    expect(run(context('file:///etc/passwd', 'file:///tmp/a.md'), ['n', '<Enter>']).effects).toEqual([{ kind: 'open', url: 'file:///etc/passwd' }]);
  });

  it('javascript: links are refused, from any page', () => {
    for (const ctx of [context('javascript:alert(1)', page, { web: true }), context('javascript:alert(1)', 'file:///tmp/a.md', { browser: 'w3m "$LINK"' })]) {
      const result = run(ctx, ['n', '<Enter>']);
      expect(result.effects).toEqual([]);
      expect(result.state.message).toBe('Not followed: javascript: links are not followed: lwl runs no scripts');
    }
  });
});

describe('keys for loading', () => {
  it('^C stops a load under way, and quits when none is', () => {
    expect(run(context('a', page, { web: true, loading: true }), ['<C-c>']).effects).toEqual([{ kind: 'stopLoad' }]);
    expect(run(context('a', page, { web: true }), ['<C-c>']).effects).toEqual([{ kind: 'quit', status: 0 }]);
    expect(run(context('a', page, { web: true, loading: true }), ['q']).effects).toEqual([{ kind: 'quit', status: 0 }]);
  });

  it('r reloads; = tells the page\'s facts', () => {
    const ctx = context('a', page, { web: true });
    expect(run(ctx, ['r']).effects).toEqual([{ kind: 'reload' }]);
    expect(run(ctx, ['=']).state.message).toContain('(markup): 200 OK; bytes');
  });

  it('LWL_FETCH_LIMIT reads sizes as people write them', () => {
    expect(byteCount('1M')).toBe(1024 * 1024);
    expect(byteCount('512k')).toBe(512 * 1024);
    expect(byteCount('2GiB')).toBe(2 * 1024 ** 3);
    expect(byteCount('1000')).toBe(1000);
    expect(byteCount('lots')).toBeNull();
    expect(byteCount('0')).toBeNull();
  });
});
