// Highlighted code: the parts highlight.js finds (code-tokens.ts), and the
// style spans of a document's code blocks found when asked (code-highlights.ts),
// over the document's own text: in lists and quotes (whose prefixes are not
// code), past a slice of a long block, and in UTF-8.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { HtmlDocReader, MarkdownDocReader } from '../src/document/readers/rich-readers.ts';
import { codeTokens, highlightable, languageOf } from '../src/document/readers/code-tokens.ts';
import { SLICE } from '../src/document/readers/code-highlights.ts';
import { renderMarkdown } from '../src/document/readers/markdown.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';
import { HtmlReader } from '../src/document/readers/html.ts';

/** Each part of `code` with a role, as `role:text`. */
const parts = (code: string, language: string) => codeTokens(code, language).map(([s, e, role]) => `${role}:${code.slice(s, e)}`);

/** A Markdown or HTML document read whole. */
function read(source: string, kind: 'markdown' | 'html' = 'markdown'): Document {
  const doc = new Document(kind === 'markdown' ? 'x.md' : 'x.html');
  const reader = kind === 'markdown' ? new MarkdownDocReader(doc, source) : new HtmlDocReader(doc);
  reader.write(Buffer.from(source));
  reader.end();
  reader.work(Infinity);
  return doc;
}

/** The style spans over [start, end) of a document, as `role:text` (a heading's level left out). */
function styled(doc: Document, start = 0, end = doc.text.length): string[] {
  return doc.styleSpans.within(start, end).map(([s, e, n]) => `${doc.styleTable.get(n).role}:${doc.text.text(s, e)}`);
}

describe('the parts of code', () => {
  it('keywords, strings, comments, numbers and names, as GitHub colours them', () => {
    expect(parts('const a = "x"; // note\nfunction f() { return 42; }', 'js')).toEqual([
      'keyword:const', 'string:"x"', 'comment:// note', 'keyword:function', 'title:f', 'keyword:return', 'number:42',
    ]);
    expect(parts('def f(n):\n    return n  # one', 'python')).toEqual(['keyword:def', 'title:f', 'keyword:return', 'comment:# one']);
  });

  it("a template string's substitution is plain code, not string", () => {
    expect(parts('`a${b}c`', 'js')).toEqual(['string:`a', 'string:c`']);
  });

  it('knows the common languages by name and alias, and no others', () => {
    expect(['js', 'javascript', 'py', 'sh', 'ts', 'rust', 'json'].every(highlightable)).toBe(true);
    expect(['nosuchlanguage', 'text', 'plaintext'].some(highlightable)).toBe(false);
    expect(languageOf('JS title="x.js"')).toBe('js');
    expect(languageOf('  ')).toBe(null);
  });
});

describe('highlighted code in a document', () => {
  it('a fenced block in a language: its parts styled, the text as written', () => {
    const doc = read('# T\n\n```js\nconst s = "hi"; // say\n```\n');
    expect(doc.text.text(0, doc.text.length)).toBe('T\n\nconst s = "hi"; // say\n');
    expect(styled(doc)).toEqual(['heading:T', 'keyword:const', 'string:"hi"', 'comment:// say']);
  });

  it('a block in an unknown language, or none, is in the code colour, as before', () => {
    expect(styled(read('```nosuchlanguage\nconst x\n```\n'))).toEqual(['code:const x']);
    expect(styled(read('```\nconst x\n```\n'))).toEqual(['code:const x']);
  });

  it("in a list and a quote: the lines' indents and bars are not code", () => {
    const doc = read('- item\n\n  ```python\n  x = 1\n  # two\n  ```\n\n> ```sh\n> echo "a"\n> # b\n> ```\n');
    const text = doc.text.text(0, doc.text.length);
    expect(text).toContain('  x = 1\n  # two');
    expect(text).toContain('│ echo "a"\n│ # b');
    expect(styled(doc).filter((s) => !s.startsWith('listMarker') && !s.startsWith('quote'))).toEqual(['number:1', 'comment:# two', 'keyword:echo', 'string:"a"', 'comment:# b']);
  });

  it('offsets in UTF-8: a part after non-ASCII text lands on its bytes', () => {
    const doc = read('```js\nconst é = "ü😀"; // ñ\n```\n');
    expect(styled(doc)).toEqual(['keyword:const', 'string:"ü😀"', 'comment:// ñ']);
  });

  it('a long block is highlighted a slice at a time, each where the screen asks', () => {
    const line = 'let n = 1; // c\n';
    const lines = Math.ceil((3 * SLICE) / line.length);
    const doc = read('```js\n' + line.repeat(lines) + 'return "end"\n```\n');
    const end = doc.text.length;
    // Near the end, only what is there: its last line's parts, whole.
    expect(styled(doc, end - 6, end)).toEqual(['string:"end"']);
    // Every line alike, across the slices' cuts.
    const all = styled(doc);
    expect(all.length).toBe(lines * 3 + 2);
    expect(all.slice(0, 3)).toEqual(['keyword:let', 'number:1', 'comment:// c']);
  });

  it("HTML: a pre's language from its code's class, GitHub's lang-x and highlight-source-x, and lang", () => {
    const page = (body: string) => styled(read(`<html><body>${body}</body></html>`, 'html'));
    expect(page('<pre><code class="language-python">x = "a"  # c</code></pre>')).toEqual(['string:"a"', 'comment:# c']);
    expect(page('<pre class="lang-js">var x</pre>')).toEqual(['keyword:var']);
    expect(page('<div class="highlight highlight-source-js"><pre>var <span class="pl-s">"a"</span></pre></div>')).toEqual(['keyword:var', 'string:"a"']);
    expect(page('<pre lang="sh">echo</pre>')).toEqual(['keyword:echo']);
    // None named: the code colour, as before.
    expect(page('<pre><code>var x</code></pre>')).toEqual(['code:var x', 'code:var x']);
  });

  it('the readers name the language and the prefix of the lines to the target', () => {
    const collector = new RenderCollector();
    renderMarkdown('> ```ts\n> let x\n> ```\n', collector);
    expect(collector.codeLanguages).toEqual([{ start: 2, language: 'ts', linePrefix: '│ ' }]);
    const html = new RenderCollector();
    const reader = new HtmlReader(html);
    reader.write('<pre><code class="language-rust">fn main</code></pre>');
    reader.end();
    expect(html.codeLanguages.map((c) => c.language)).toEqual(['rust']);
  });
});
