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

/** A block longer than this is parsed in the Markdown worker: the parser's time grows at least with the text (18 KB of `www.a.b `: 127 ms). */
const PARSED_HERE_LONGEST = 8 * 1024;
/**
 * A block with more marks than this is parsed in the worker too: the parser's
 * time on some runs of them grows with the square of their number (740 marks
 * of nested emphasis in 2 KiB: 155 ms), while a README's 5 KiB table of 451
 * takes 11 ms. The marks: brackets, emphasis, code, HTML, escapes, entities,
 * strikethrough and a table's pipes.
 */
const PARSED_HERE_MARKS = 500;

/** Whether a block may keep the parser long enough to keep a key waiting (PARSED_HERE_LONGEST, PARSED_HERE_MARKS): the worker's to parse. */
export function slowToParse(block: string): boolean {
  if (block.length > PARSED_HERE_LONGEST) return true;
  let marks = 0;
  for (let i = 0; i < block.length; i++) {
    switch (block.charCodeAt(i)) {
      case 0x21: // !
      case 0x26: // &
      case 0x2a: // *
      case 0x3c: // <
      case 0x3e: // >
      case 0x5b: // [
      case 0x5c: // \
      case 0x5d: // ]
      case 0x5f: // _
      case 0x60: // `
      case 0x7c: // |
      case 0x7e: // ~
        if (++marks > PARSED_HERE_MARKS) return true;
    }
  }
  return false;
}
