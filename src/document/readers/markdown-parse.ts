// The Markdown parser as the reader runs it: micromark with GitHub's
// extensions, through mdast-util-from-markdown (its packages loaded on first
// use), and CommonMark's matching of labels.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { normalizeIdentifier } from 'micromark-util-normalize-identifier';
import type * as md from 'mdast';

let parseOptions: Parameters<typeof fromMarkdown>[1] | undefined;

/** The tree of a Markdown text (CommonMark + GFM); the Markdown worker (markdown-worker.ts) runs it too. */
export function parse(source: string): md.Root {
  parseOptions ??= { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };
  return fromMarkdown(source, parseOptions);
}

/** How references find their definitions: CommonMark's label matching (case folded, white space collapsed). */
export function definitionKey(label: string): string {
  return normalizeIdentifier(label).toLowerCase();
}

/**
 * A block longer than this that is not fenced code or HTML is shown as written,
 * not parsed: the parser's time on one long paragraph or list with no blank
 * line grows faster than its length (0.2 s for 32 KiB of lines, 11 s for 300 KiB), and
 * no key may wait that long.
 */
export const LONGEST_PARSED = 32 * 1024;
