// Which reader a document is read with, by its kind (src/input/classify.ts
// decides the kind from the name, the first bytes or a declared type, unless
// the user forced one with --kind). The kinds:
// - `html`: .html, .htm, .xhtml, text that starts as HTML does (a doctype, or
//   an html, head, body or title tag), or a page whose type says text/html;
// - `markup` (lwl's own [text](href), lenient, as bro writes pages): a bro
//   page, whose first line is `Retrieved from [URL](URL) on DATE.`, and files
//   named .lwl (lwl's markup written by hand, as samples/markup.lwl);
// - `markdown` (CommonMark with GitHub's extensions): files named .md,
//   .markdown, .mdown or .mkd that are not bro pages;
// - anything else is `plain` (plain.ts): program output, source code, logs, any
//   pipe that does not start as a bro page: no bracket hidden, and SGR,
//   overstrike, OSC 8 and bare URLs read as less -R reads them;
// - `raw` is never guessed: the text as it came, every escape a token (the \
//   key, or --kind=raw).
import type { Document } from '../document.ts';
import { HtmlDocReader, MarkdownDocReader } from './rich-readers.ts';
import type { Reader } from '../reader.ts';
import type { Kind } from './kind-names.ts';
import { MarkupReader } from './markup.ts';
import { PlainReader } from './plain.ts';

/** Whether a document of this kind is rendered (its text is not the input's bytes, so it is held in memory). */
export const isRendered = (kind: Kind): boolean => kind === 'markdown' || kind === 'html';

/**
 * The reader for a kind, which reads UTF-8 (the Loader decodes any other
 * charset); `wholeText`, a Markdown file's text when at hand (whole, or in
 * pieces cut after blank lines), lets references find definitions further on.
 */
export function readerFor(kind: Kind, doc: Document, wholeText?: string | Iterable<string>): Reader {
  if (kind === 'markdown') return new MarkdownDocReader(doc, wholeText);
  if (kind === 'html') return new HtmlDocReader(doc);
  if (kind === 'plain' || kind === 'raw') return new PlainReader(doc, kind === 'raw');
  doc.kind = 'markup';
  return new MarkupReader(doc);
}
