// What the v preview says about a link, and when it warns.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/parse.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { previewLines } from '../src/view/preview.ts';

function preview(markup: string): string[] {
  const doc = parseAll(new Document('/tmp/p.md'), markup);
  const base = parseUrl('https://example.org/dir/');
  const links = new LinkTargets(doc, base.ok ? base.url : null);
  return previewLines(doc, links, 0).map((l) => l.label + l.value);
}

describe('link preview', () => {
  it('shows the text, the href as written, where it goes and its host', () => {
    expect(preview('[the  docs\nhere](../Docs/a b.html?x#y)')).toEqual([
      'Link text: the docs here',
      'Written:   ../Docs/a b.html?x#y',
      'Goes to:   https://example.org/Docs/a%20b.html?x#y',
      'Host:      example.org',
    ]);
  });

  it('warns when the text names another host than the target', () => {
    expect(preview('[https://bank.example.com/](https://evil.test/bank)')).toContain(
      "Warning:   the link's text looks like bank.example.com but it goes to evil.test",
    );
    expect(preview('[www.example.org](https://www.example.org/x)').filter((l) => l.startsWith('Warning'))).toEqual([]);
  });

  it('warns about an internationalized host in punycode, and says what it reads', () => {
    const lines = preview('[a shop](https://xn--80ak6aa92e.com/)');
    expect(lines.find((l) => l.startsWith('Warning'))).toMatch(/punycode/);
  });

  it('warns about credentials and script URLs', () => {
    expect(preview('[x](https://u:p@example.org/)')).toContain(
      'Warning:   the URL holds a user name or password, which the status line does not show',
    );
    expect(preview('[x](javascript:alert(1))')).toContain('Warning:   it is a javascript: URL, not a page address');
  });

  it('says why a link that does not parse goes nowhere', () => {
    expect(preview('[x](http://exa mple/)')).toEqual([
      'Link text: x',
      'Written:   http://exa mple/',
      'Goes to:   nowhere: it cannot be followed (invalid domain name)',
    ]);
  });
});
