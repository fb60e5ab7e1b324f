// Markdown footnotes (GFM) as GitHub numbers and links them: each note gets
// the number of its first reference, in the order references are rendered
// (the document's order); a reference links to its note, and the note ends
// with a link back to each reference rendered before it. The anchors are
// GitHub's: user-content-fn-<label> for a note, user-content-fnref-<label>
// (then -2, -3 for later references) for its references.
import type * as md from 'mdast';

/**
 * What a block is given, appended, so that the parser makes its references
 * to notes defined in other blocks references (it makes `[^x]` one only when
 * `[^x]:` is in the same text): a definition whose text is this character of
 * the private use area, which the renderer leaves out.
 */
const NOTE_STAND_IN = '\uE000';

/** A definition appended for a note defined elsewhere (footnoteStandIn), not one of the document's. */
export function isNoteStandIn(node: md.FootnoteDefinition): boolean {
  const [first] = node.children;
  return node.children.length === 1 && first.type === 'paragraph' && first.children.length === 1 && first.children[0].type === 'text' && first.children[0].value === NOTE_STAND_IN;
}

/** The text appended to a block that refers to `[label]` (with its ^), a note defined in another block. */
export function footnoteStandIn(label: string): string {
  return `\n\n[${label}]: ${NOTE_STAND_IN}\n`;
}

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A back-link's text: ↩ for the first reference, ↩² for the second, as GitHub writes ↩<sup>2</sup>. */
export function backLinkText(nth: number): string {
  return nth === 1 ? '↩' : `↩${[...String(nth)].map((d) => SUPERSCRIPTS[Number(d)]).join('')}`;
}

/** The anchor a note's `nth` reference sets, and its back-link goes to. */
export function referenceAnchor(identifier: string, nth: number): string {
  return nth === 1 ? `user-content-fnref-${identifier}` : `user-content-fnref-${identifier}-${nth}`;
}

export function noteAnchor(identifier: string): string {
  return `user-content-fn-${identifier}`;
}

/** The notes of one document, by identifier (the label as CommonMark matches it): shared by the renderers of its table cells. */
export class Footnotes {
  private readonly notes = new Map<string, { number: number; references: number }>();

  private note(identifier: string): { number: number; references: number } {
    let note = this.notes.get(identifier);
    if (!note) this.notes.set(identifier, (note = { number: this.notes.size + 1, references: 0 }));
    return note;
  }

  /** A reference is rendered: its note's number (the next one on its first reference), and which reference to it this is (1 for the first). */
  referenced(identifier: string): { number: number; nth: number } {
    const note = this.note(identifier);
    note.references++;
    return { number: note.number, nth: note.references };
  }

  /**
   * A note is rendered: its number, and how many references to it were
   * rendered before it. A note met before its first reference takes the next
   * number and links back to where that reference will be, if the text has
   * one (`referenced`); one the text never refers to has no number (GitHub
   * leaves it out): null.
   */
  defined(identifier: string, referenced: boolean): { number: number; references: number } | null {
    if (!this.notes.has(identifier) && !referenced) return null;
    const note = this.note(identifier);
    return { number: note.number, references: Math.max(1, note.references) };
  }
}

/** Where a line may start a note's definition (`[^label]:`), as DEFINITION_START has it for links: quote marks and up to 3 spaces. */
const DEFINITION_PREFIX = /^(?: {0,3}>)* {0,3}$/;

/**
 * The identifiers (by `key`) of the notes a text refers to: each `[^label]`
 * that does not start a definition. Found without parsing, so one in code
 * counts too: a note it names gets a number even if nothing else refers to it.
 */
export function noteReferencesIn(source: string, key: (label: string) => string, into: Set<string>): void {
  for (let at = source.indexOf('[^'); at >= 0; at = source.indexOf('[^', at + 2)) {
    const end = source.indexOf(']', at + 2);
    if (end < 0) return;
    const label = source.slice(at + 2, end);
    if (label.length === 0 || label.length > 999 || /[\s[]/.test(label)) continue;
    const lineStart = source.lastIndexOf('\n', at) + 1;
    if (source[end + 1] === ':' && DEFINITION_PREFIX.test(source.slice(lineStart, at))) continue;
    into.add(key(label));
  }
}
