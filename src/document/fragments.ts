// Where a document defines a fragment (#name): the target of a link to a
// place in the same document.
import type { Document } from './document.ts';

/** GitHub-style heading slug: "## 1.2 Design Considerations" → "12-design-considerations". */
export function slug(heading: string): string {
  return heading
    .replace(/^#+/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * Where the document defines a fragment, or null: a heading that links to
 * itself (as bro writes `## [1](#section-1). Introduction`), a heading whose
 * slug is the fragment, an HTML id or name attribute, or a `{#fragment}` mark.
 */
export function findFragment(doc: Document, fragment: string): number | null {
  const anchor = anchorOf(doc, fragment);
  if (anchor !== null) return anchor;
  const names = namesOf(fragment);
  const text = doc.text;
  const isHeading = (offset: number) => text.byteAt(text.lineStart(offset)) === 0x23; // '#'
  for (let i = 0; i < doc.links.count; i++) {
    const href = doc.href(i);
    if (href[0] === '#' && names.has(href.slice(1)) && isHeading(doc.links.start(i))) return text.lineStart(doc.links.start(i));
  }
  // Markdown headings, by slug.
  for (let at = text.byteAt(0) === 0x23 ? 0 : text.find(Buffer.from('\n#'), 0); at >= 0; ) {
    const start = text.byteAt(at) === 0x0a ? at + 1 : at;
    const end = text.lineEnd(start);
    if (names.has(slug(text.text(start, end)))) return start;
    at = text.find(Buffer.from('\n#'), end - 1);
  }
  for (const name of names) {
    for (const mark of [`id="${name}"`, `name="${name}"`, `id='${name}'`, `name='${name}'`, `{#${name}}`]) {
      const at = text.find(Buffer.from(mark), 0);
      if (at >= 0) return text.lineStart(at);
    }
  }
  return null;
}

/** The fragment as written and percent-decoded: either names the place. */
function namesOf(fragment: string): Set<string> {
  const names = new Set([fragment]);
  try {
    names.add(decodeURIComponent(fragment));
  } catch {
    // Not valid percent-encoded UTF-8: the fragment as written is all there is.
  }
  return names;
}

/**
 * The place a reader named for the fragment (an HTML id or name, a Markdown
 * heading's slug), or null: what findFragment looks at first, and all it needs
 * of a document read only so far, since a name read is not taken back.
 */
export function anchorOf(doc: Document, fragment: string): number | null {
  for (const name of namesOf(fragment)) {
    const at = doc.anchors.get(name);
    if (at !== undefined) return at;
  }
  return null;
}
