// Which reader a document is read with: its kind, from the name, the first
// bytes, or what the user forced (--kind). One place for the rule:
// - `html`: .html, .htm, .xhtml, or text that starts <!doctype html or <html;
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
import { HtmlDocReader, MarkdownDocReader } from './document-sink.ts';
import type { Reader } from '../reader.ts';
import { HTML_NAME, MARKDOWN_NAME } from './kind-names.ts';
import { MarkupReader } from './markup.ts';
import { PlainReader } from './plain.ts';

export const kinds = ['markup', 'markdown', 'html', 'plain', 'raw'] as const;
export type Kind = (typeof kinds)[number];

const BRO_PAGE = /^Retrieved from \[[^\]\n]*\]\([^)\n]*\) on /;
const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html)[\s>]/i;

/** The kind of a document named `name` (a path, maybe with .gz and the like taken off) whose input starts with `head`. */
export function kindOf(name: string, head: Buffer): Kind {
  const start = head.subarray(0, 1024).toString('utf8').replace(/^\ufeff/, '');
  if (BRO_PAGE.test(start)) return 'markup';
  if (HTML_NAME.test(name) || HTML_START.test(start)) return 'html';
  if (MARKDOWN_NAME.test(name)) return 'markdown';
  if (/\.lwl$/i.test(name)) return 'markup';
  return 'plain';
}

/** Whether a document of this kind is rendered (its text is not the input's bytes, so it is held in memory). */
export const isRendered = (kind: Kind): boolean => kind === 'markdown' || kind === 'html';

/**
 * The reader for a kind; `wholeText`, a Markdown file's text when at hand, lets
 * references find definitions further on; `charset`, when the text's is known
 * (a web page's, made UTF-8 as it arrived), overrules an HTML page's own <meta>.
 */
export function readerFor(kind: Kind, doc: Document, wholeText?: string, charset?: string): Reader {
  if (kind === 'markdown') return new MarkdownDocReader(doc, wholeText);
  if (kind === 'html') return new HtmlDocReader(doc, charset ?? null);
  if (kind === 'plain' || kind === 'raw') return new PlainReader(doc, kind === 'raw');
  doc.kind = 'markup';
  return new MarkupReader(doc);
}
