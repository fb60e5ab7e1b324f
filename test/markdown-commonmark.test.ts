// The CommonMark spec's examples whose HTML holds a link or an image
// (test/data/commonmark-link-examples.json, from commonmark-spec 0.31.2,
// CC-BY-SA-4.0): the links the Markdown reader finds, hrefs in order, against
// the reference HTML's <a href> (and <img src> outside a link: an image is a
// link to itself, a linked image one link to its target).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFragment, type DefaultTreeAdapterTypes as T } from 'parse5';
import { renderMarkdown } from '../src/document/readers/markdown.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';

interface Example {
  number: number;
  section: string;
  markdown: string;
  html: string;
}
const data = JSON.parse(fs.readFileSync(new URL('./data/commonmark-link-examples.json', import.meta.url), 'utf8')) as { examples: Example[] };

/** The hrefs a reader of the reference HTML can follow, in order. */
function expectedHrefs(html: string): string[] {
  const hrefs: string[] = [];
  const walk = (node: T.Node, inLink: boolean) => {
    if (!('childNodes' in node)) return;
    for (const child of (node as T.ParentNode).childNodes) {
      let linked = inLink;
      if ('tagName' in child) {
        const get = (name: string) => child.attrs.find((a) => a.name === name)?.value;
        // A link with no text has nothing to show or visit: the reader leaves it out.
        if (child.tagName === 'a' && get('href') !== undefined && !inLink && shows(child)) {
          hrefs.push(get('href')!);
          linked = true;
        } else if (child.tagName === 'img' && !inLink) {
          hrefs.push(get('src') ?? '');
        }
      }
      walk(child, linked);
    }
  };
  walk(parseFragment(html), false);
  return hrefs;
}

function shows(el: T.Element): boolean {
  const walk = (n: T.Node): boolean =>
    (n.nodeName === '#text' && /\S/.test((n as T.TextNode).value)) || ('tagName' in n && n.tagName === 'img') || ('childNodes' in n && (n as T.ParentNode).childNodes.some(walk));
  return walk(el);
}

/** CommonMark's href normalisation (as its HTML writer does): percent-encode what is not URL-safe, keep `%XX`. */
function normalizeHref(href: string): string {
  return href.replace(/%(?![0-9a-fA-F]{2})|[^A-Za-z0-9;/?:@&=+$,\-_.!~*'()#%]/gu, (c) => encodeURIComponent(c));
}

function foundHrefs(markdown: string): string[] {
  const sink = new RenderCollector();
  renderMarkdown(markdown, sink);
  return sink.links.map((l) => normalizeHref(l.href));
}

describe('CommonMark spec examples with links', () => {
  const failing: number[] = [];
  for (const example of data.examples) {
    const same = JSON.stringify(foundHrefs(example.markdown)) === JSON.stringify(expectedHrefs(example.html).map(normalizeHref));
    if (!same) failing.push(example.number);
  }

  it('finds the same links as the reference HTML in nearly every example', () => {
    const passing = data.examples.length - failing.length;
    console.log(`CommonMark link examples: ${passing} of ${data.examples.length} pass; differ: ${failing.join(', ')}`);
    expect(data.examples.length).toBe(146);
    expect(failing).toEqual([]);
  });

  it('finds the links of reference, autolink and image examples', () => {
    // [foo][bar] with its definition; an autolink; a linked image (one link).
    expect(foundHrefs('[foo][bar]\n\n[bar]: /url "title"\n')).toEqual(['/url']);
    expect(foundHrefs('<http://foo.bar.baz>\n')).toEqual(['http://foo.bar.baz']);
    expect(foundHrefs('[![moon](moon.jpg)](/uri)\n')).toEqual(['/uri']);
  });
});
