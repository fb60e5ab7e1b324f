// What the v preview says about a link, and when it warns.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { parseUrl } from '../src/link/url/index.ts';
import { previewLines } from '../src/draw/preview.ts';

function preview(markup: string, link = 0, baseHref = 'https://example.org/dir/'): string[] {
  const doc = parseAll(new Document('/tmp/p.md'), markup);
  const base = parseUrl(baseHref);
  const links = new LinkTargets(doc, base.ok ? base.url : null);
  return previewLines(doc, links, link).map((l) => l.label + l.value);
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

  it('warns about an internationalized host in punycode, and says why in words', () => {
    expect(preview('[a shop](https://xn--80ak6aa92e.com/)')).toEqual([
      'Link text: a shop',
      'Written:   https://xn--80ak6aa92e.com/',
      'Goes to:   https://xn--80ak6aa92e.com/',
      'Host:      xn--80ak6aa92e.com',
      'Warning:   the host is shown in punycode because the label "аррӏе" reads as the ASCII name "apple": ' +
        'its letters are Cyrillic ones that look Latin; in Unicode it reads аррӏе.com',
    ]);
    expect(preview('[log in](https://bank.com\u2044login.evil.example/)')).toContain(
      'Warning:   the host is shown in punycode because it holds U+2044 ⁄, a symbol or punctuation mark, not a letter or digit, ' +
        'which names do not use (UTS #39: Not_XID); it looks like "/"; in Unicode it reads bank.com⁄login.evil.example',
    );
    for (const [href, because] of [
      ['https://ɡoogle.com/', 'it holds U+0261 ɡ, a technical character'],
      ['https://ınstagram.com/', 'the label "ınstagram" reads as the ASCII name "instagram": U+0131 ı looks like "i"'],
      ['https://օօօ.com/', 'the label "օօօ" reads as the ASCII name "ooo": its letters are Armenian ones that look Latin'],
      ['https://аpple.com/', 'the label "аpple" mixes Cyrillic and Latin letters (U+0430 а is Cyrillic)'],
    ]) {
      expect(preview(`[x](${href})`).find((l) => l.startsWith('Warning')), href).toContain(`punycode because ${because}`);
    }
    expect(preview('[x](https://münchen.de/)').filter((l) => l.startsWith('Warning'))).toEqual([]);
  });

  it('shows the host inside a blob: URL', () => {
    expect(preview('[x](blob:https://login.bank.example/1234)')).toContain('Host:      login.bank.example');
  });

  it("reads bro's (No href) placeholder as plain text, not a link", () => {
    const doc = parseAll(new Document('/tmp/p.md'), '[a](No href) [b](No%20href) [c](x.html)');
    expect(doc.text.text(0, doc.text.length)).toBe('[a] [b] [c]');
    expect(doc.links.count).toBe(2);
    expect(doc.href(0)).toBe('No%20href');
  });

  it('warns about credentials and script URLs', () => {
    expect(preview('[x](https://u:p@example.org/)')).toContain(
      'Warning:   the URL holds a user name or password, shown as …@ here and not at all on the status line',
    );
    expect(preview('[x](javascript:alert(1))')).toContain('Warning:   it is a javascript: URL, not a page address');
  });

  it('shows no user name or password, written or resolved: …@ in their place', () => {
    const lines = preview('[x](https://user:secret@example.org/a?b) [y](//me@example.net/) [z](http://a@b@example.com/)');
    expect(lines.slice(0, 4)).toEqual(['Link text: x', 'Written:   https://…@example.org/a?b', 'Goes to:   https://…@example.org/a?b', 'Host:      example.org']);
    expect(preview('[y](//me@example.net/)', 0)[1]).toBe('Written:   //…@example.net/');
    expect(preview('[z](http://a@b@example.com/)', 0).slice(1, 3)).toEqual(['Written:   http://…@example.com/', 'Goes to:   http://…@example.com/']);
    for (const line of [...lines, ...preview('[y](//me@example.net/)'), ...preview('[z](http://a:b@example.com/)')]) {
      expect(line).not.toMatch(/user:|secret|me@|a:b@/);
    }
  });

  it('says whether and where this document defines a fragment', () => {
    const doc = '# Title\n\nSee [the intro](#introduction) and [nothing](#missing).\n\n## Introduction\n\ntext\n';
    expect(preview(doc, 0, 'file:///tmp/p.md')).toEqual([
      'Link text: the intro',
      'Written:   #introduction',
      'Goes to:   file:///tmp/p.md#introduction',
      'Host:      (none)',
      'Place:     #introduction is defined in this document at line 5: ## Introduction',
    ]);
    expect(preview(doc, 1, 'file:///tmp/p.md')).toContain('Place:     #missing is not defined in this document');
    // A fragment of another document says nothing of this one.
    expect(preview('[x](other.md#introduction)', 0, 'file:///tmp/p.md').some((l) => l.startsWith('Place'))).toBe(false);
  });

  it('says why a link that does not parse goes nowhere', () => {
    expect(preview('[x](http://exa mple/)')).toEqual([
      'Link text: x',
      'Written:   http://exa mple/',
      'Goes to:   nowhere: it cannot be followed (invalid domain name)',
    ]);
  });
});
