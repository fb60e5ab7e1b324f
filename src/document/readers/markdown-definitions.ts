// Link reference definitions (and footnotes' definitions), which may be
// anywhere in a text: where they may be, found without parsing, kept small,
// and parsed when a block uses their label (DefinitionIndex).
import type * as md from 'mdast';
import zlib from 'node:zlib';
import { definitionKey, LONGEST_PARSED, parse } from './markdown-parse.ts';
import { noteReferencesIn } from './footnotes.ts';

export interface Definition {
  url: string;
  title: string | null;
}

/** A line that may start a link reference definition: up to 3 spaces, `[label]:`. */
export const DEFINITION_START = /^(?: {0,3}>)* {0,3}\[((?:[^\[\]\\]|\\[\s\S]){1,999})\]:/;

/** The definitions in a parsed group of lines, first of each label first (inside quotes and lists too); the notes' identifiers into `notes`. */
function definitionsIn(nodes: md.Nodes[], into = new Map<string, Definition>(), notes?: Set<string>): Map<string, Definition> {
  for (const node of nodes) {
    if (node.type === 'definition') {
      if (!into.has(node.identifier)) into.set(node.identifier, { url: node.url, title: node.title ?? null });
    } else if (node.type === 'footnoteDefinition') {
      notes?.add(node.identifier);
    } else if (node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem') {
      definitionsIn(node.children, into, notes);
    }
  }
  return into;
}

/**
 * A definition on one line in its plainest form, which needs no parser: no
 * escape or character reference (only the parser decodes them), no parenthesis
 * in a bare destination (it must balance), no quote prefix.
 */
const PLAIN_DEFINITION = /^ {0,3}\[([^[\]\\]{1,999})\]:[ \t]*(?:<([^<>\n\\&]*)>|([^\s<\\&()][^\s\\&()]*))(?:[ \t]+(?:"([^"\n\\&]*)"|'([^'\n\\&]*)'|\(([^()\n\\&]*)\)))?[ \t]*$/;

/** The definitions of a group of lines if each is a plain one (PLAIN_DEFINITION), first of each label first; else null. */
function plainDefinitions(group: string): Map<string, Definition> | null {
  const found = new Map<string, Definition>();
  for (const line of group.replace(/\n$/, '').split('\n')) {
    const m = PLAIN_DEFINITION.exec(line.replace(/\r$/, ''));
    // `[^label]:` defines a footnote (GFM), whatever follows: the parser's to read.
    if (!m || !/\S/.test(m[1]) || m[1][0] === '^') return null;
    const key = definitionKey(m[1]);
    if (!found.has(key)) found.set(key, { url: m[2] ?? m[3], title: m[4] ?? m[5] ?? m[6] ?? null });
  }
  return found;
}

/**
 * Where a text's link reference definitions may be, found without parsing:
 * groups of lines that start with a line like `[label]:` and run to a blank
 * line, listed under each label they seem to define. A group is parsed by the
 * real parser only when a block uses one of its labels (resolve), so the first
 * screen parses none of the definitions it does not show. The first group (in
 * the text's order) that really defines a label wins, as CommonMark says.
 * A definition-looking line inside fenced code counts too: a rare false
 * positive, and only for a reference that has no real definition.
 *
 * Kept compact, as a file may hold hundreds of thousands of definitions: a
 * label is listed by a 32-bit hash of its key, in typed arrays (a hash shared
 * by two labels only makes a group parsed that need not be), and each group
 * is a copy of its own text, not a slice keeping the chunk it was cut from;
 * past the first MiB of them, deflated (zlib, loaded then): most are never
 * used, and a list of definitions deflates to a tenth.
 */
export class DefinitionIndex {
  /** The candidate groups, in text order (a group repeated, a README repeated, is one, parsed once). */
  private readonly groups: CandidateGroup[] = [];
  /** Group number by its text (or, deflated, by its bytes as Latin-1). */
  private readonly groupNumbers = new Map<string, number>();
  /** How much text the groups kept as text hold. */
  private textKept = 0;
  /**
   * The (label hash, group) pairs, chained by hash bucket, newest first:
   * bucket → its newest pair + 1 (0: none); a pair → the next older in its bucket + 1.
   */
  private buckets = new Int32Array(16);
  private pairHashes = new Int32Array(16);
  private pairGroups = new Int32Array(16);
  private pairNext = new Int32Array(16);
  private pairs = 0;

  /** The notes the texts refer to (noteReferencesIn), by identifier. */
  readonly noteReferences = new Set<string>();

  /** Adds a text's candidate groups, and its references to notes (texts come in order). */
  add(source: string): void {
    noteReferencesIn(source, definitionKey, this.noteReferences);
    const starts = new RegExp(DEFINITION_START.source, 'gm');
    for (let m = starts.exec(source); m; m = starts.exec(source)) {
      const lineStart = m.index;
      // A long run of definitions is a group a piece at a time (cut at a line's end): the parser's time on one block grows faster than its length.
      let groupEnd = blankLineAfter(source, lineStart, lineStart + LONGEST_PARSED);
      if (groupEnd < 0) groupEnd = Math.max(source.lastIndexOf('\n', lineStart + LONGEST_PARSED), lineStart + 1);
      const text = source.slice(lineStart, groupEnd);
      const group = this.groupOf(text);
      // Every label the group's lines seem to define: the same group under each.
      const inGroup = new RegExp(DEFINITION_START.source, 'gm');
      for (let d = inGroup.exec(text); d; d = inGroup.exec(text)) this.list(labelHash(definitionKey(d[1])), group);
      starts.lastIndex = Math.max(groupEnd, lineStart + 1);
    }
  }

  /** The number of the group of this text, added if it is new. */
  private groupOf(text: string): number {
    const kept = this.textKept < TEXT_KEPT;
    const deflated = kept ? null : deflateText(text);
    const key = deflated ? deflated.bytes.toString('latin1') : text;
    let group = this.groupNumbers.get(key);
    if (group === undefined) {
      group = this.groups.length;
      const own = deflated ? key : ownCopy(text);
      if (kept) this.textKept += text.length;
      this.groups.push({ text: deflated ? null : own, deflated, parsed: null, notes: null });
      this.groupNumbers.set(own, group);
    }
    return group;
  }

  /** Lists a group under a label's hash, once. */
  private list(hash: number, group: number): void {
    const bucket = hash & (this.buckets.length - 1);
    for (let pair = this.buckets[bucket] - 1; pair >= 0; pair = this.pairNext[pair] - 1) {
      if (this.pairHashes[pair] === hash && this.pairGroups[pair] === group) return;
    }
    if (this.pairs === this.pairHashes.length) {
      this.pairHashes = grown(this.pairHashes);
      this.pairGroups = grown(this.pairGroups);
      this.pairNext = grown(this.pairNext);
    }
    const pair = this.pairs++;
    this.pairHashes[pair] = hash;
    this.pairGroups[pair] = group;
    this.pairNext[pair] = this.buckets[bucket];
    this.buckets[bucket] = pair + 1;
    if (this.pairs > this.buckets.length) this.rehash();
  }

  /** Twice the buckets, the pairs chained again (each bucket's newest first still). */
  private rehash(): void {
    this.buckets = new Int32Array(this.buckets.length * 2);
    const mask = this.buckets.length - 1;
    for (let pair = 0; pair < this.pairs; pair++) {
      const bucket = this.pairHashes[pair] & mask;
      this.pairNext[pair] = this.buckets[bucket];
      this.buckets[bucket] = pair + 1;
    }
  }

  /** The groups that may define a label key, in text order. */
  private candidates(key: string): CandidateGroup[] {
    const hash = labelHash(key);
    const found: CandidateGroup[] = [];
    for (let pair = this.buckets[hash & (this.buckets.length - 1)] - 1; pair >= 0; pair = this.pairNext[pair] - 1) {
      if (this.pairHashes[pair] === hash) found.push(this.groups[this.pairGroups[pair]]);
    }
    return found.reverse();
  }

  /** The definition of a label key, parsing its candidate groups in order until one defines it; undefined if none does. */
  resolve(key: string): Definition | undefined {
    for (const entry of this.candidates(key)) {
      const found = parsedGroup(entry).get(key);
      if (found) return found;
    }
    return undefined;
  }

  /** About how many bytes the index holds: its groups' text (a byte a character, as V8 holds Latin-1; deflated, its bytes) and its tables. */
  heldBytes(): number {
    let text = 0;
    for (const entry of this.groups) text += entry.text !== null ? entry.text.length : entry.deflated!.bytes.length;
    return text + 4 * (this.buckets.length + 3 * this.pairHashes.length);
  }

  /** Whether a footnote (`[^label]:`, by its identifier) is defined, parsing its candidate groups in order until one defines it. */
  definesNote(identifier: string): boolean {
    return this.candidates(`^${identifier}`).some((entry) => (parsedGroup(entry), entry.notes!.has(identifier)));
  }
}

/** A label key's hash (FNV-1a over its UTF-16 units). */
function labelHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

function grown(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** Where ownCopy encodes a text to decode it again (kept: a buffer each copy would be that much more garbage). */
let copyBuffer = Buffer.alloc(0);

/**
 * A string's text in a string of its own: a slice would keep the whole text
 * it was cut from (V8 shares it). Through a buffer and back, each code unit as
 * it is: as Latin-1 (one byte each, as V8 holds such text) where it can be.
 */
function ownCopy(text: string): string {
  const encoding = /[^\x00-\xff]/.test(text) ? 'utf16le' : 'latin1';
  if (copyBuffer.length < text.length * 2) copyBuffer = Buffer.allocUnsafe(text.length * 2);
  return copyBuffer.toString(encoding, 0, copyBuffer.write(text, encoding));
}

/** Where a blank line ends a group that starts at `from` (the \n before it), or the text's end; -1 if there is none before `limit`. */
function blankLineAfter(source: string, from: number, limit: number): number {
  for (let nl = source.indexOf('\n', from); nl >= 0 && nl <= limit; nl = source.indexOf('\n', nl + 1)) {
    let at = nl + 1;
    while (source[at] === ' ' || source[at] === '\t') at++;
    if (at === source.length || source[at] === '\n') return nl;
  }
  return source.length <= limit ? source.length : -1;
}

/** The groups' text kept as text, at most (the first ones: a README's few definitions); the rest is deflated. */
const TEXT_KEPT = 1024 * 1024;

/** A group's text deflated, with the encoding that gives it back unit for unit. */
interface DeflatedText {
  bytes: Buffer;
  encoding: 'latin1' | 'utf16le';
}

function deflateText(text: string): DeflatedText {
  const encoding = /[^\x00-\xff]/.test(text) ? 'utf16le' : 'latin1';
  if (copyBuffer.length < text.length * 2) copyBuffer = Buffer.allocUnsafe(text.length * 2);
  const out = zlib.deflateRawSync(copyBuffer.subarray(0, copyBuffer.write(text, encoding)), { level: 1 });
  // zlib's result is a slice of a bigger buffer: a copy of its own, as long as it is.
  const bytes = Buffer.allocUnsafeSlow(out.length);
  out.copy(bytes);
  return { bytes, encoding };
}

function groupText(entry: CandidateGroup): string {
  return entry.text ?? zlib.inflateRawSync(entry.deflated!.bytes).toString(entry.deflated!.encoding);
}

interface CandidateGroup {
  /** Its text, or (past TEXT_KEPT) null and its text deflated. */
  text: string | null;
  deflated: DeflatedText | null;
  /** Its link definitions, once parsed; and its footnotes' identifiers. */
  parsed: Map<string, Definition> | null;
  notes: Set<string> | null;
}

/** A candidate group's definitions, parsed on first use (plain one-line definitions need no parser). */
function parsedGroup(entry: CandidateGroup): Map<string, Definition> {
  if (entry.parsed) return entry.parsed;
  entry.notes = new Set();
  const text = groupText(entry);
  entry.parsed = plainDefinitions(text) ?? definitionsIn(parse(text).children, undefined, entry.notes);
  return entry.parsed;
}

