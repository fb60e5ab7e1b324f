// The parts of a piece of code that highlighted code colours: highlight.js's
// common languages (through lowlight) find them; what each of its scopes is
// drawn as (a CodeRole) is decided here, as GitHub colours them. lowlight is
// a package compiled on first use (build.mjs), so only a document whose code
// names a language, once that code is drawn, loads it.
import { common, createLowlight } from 'lowlight';
import type { CodeRole } from '../styles.ts';

/** A part of the code: [start, end) in UTF-16 units of the code, and its role. */
export type CodeToken = [number, number, CodeRole];

/** What each highlight.js scope is drawn as; null: as plain code, whatever it is inside of (a `${}` in a template string). */
const SCOPE_ROLES: Record<string, CodeRole | null> = {
  keyword: 'keyword',
  built_in: 'keyword',
  type: 'keyword',
  meta: 'keyword',
  'selector-tag': 'keyword',
  doctag: 'keyword',
  'variable.language': 'keyword',
  string: 'string',
  regexp: 'string',
  symbol: 'string',
  'char.escape': 'string',
  comment: 'comment',
  quote: 'comment',
  number: 'number',
  literal: 'number',
  attr: 'number',
  'variable.constant': 'number',
  title: 'title',
  section: 'title',
  name: 'title',
  attribute: 'title',
  'selector-id': 'title',
  'selector-class': 'title',
  subst: null,
  params: null,
};

/** Names of no language to highlight: their code keeps the code colour. */
const PLAIN = new Set(['plaintext', 'text', 'txt', 'plain']);

let highlighter: ReturnType<typeof createLowlight> | null = null;
const lowlight = () => (highlighter ??= createLowlight(common));

/** The language a fenced code block's info string or an HTML class names (its first word, in lower case), or null for none. */
export function languageOf(info: string | null | undefined): string | null {
  const word = info?.trim().split(/\s/, 1)[0].toLowerCase() ?? '';
  return word === '' ? null : word;
}

/** Whether code in `language` (a name or an alias: js, py, sh) is highlighted. Loads lowlight. */
export function highlightable(language: string): boolean {
  return !PLAIN.has(language) && lowlight().registered(language);
}

/** A hast node as lowlight makes them: elements with classes, and text. */
interface HastNode {
  type: string;
  value?: string;
  properties?: { className?: unknown };
  children?: HastNode[];
}

/** The role of an element's classes (`hljs-title function_` is scope title.function): the fullest scope named, else inherited. */
function roleOf(classes: unknown, inherited: CodeRole | null): CodeRole | null {
  if (!Array.isArray(classes) || classes.length === 0) return inherited;
  const base = String(classes[0]).replace(/^hljs-/, '');
  const full = [base, ...classes.slice(1).map((c) => String(c).replace(/_+$/, ''))].join('.');
  if (full in SCOPE_ROLES) return SCOPE_ROLES[full];
  if (base in SCOPE_ROLES) return SCOPE_ROLES[base];
  return inherited;
}

/** The parts of `code` in `language` (highlightable) that have a role, in order, none touching another of its role. */
export function codeTokens(code: string, language: string): CodeToken[] {
  const tokens: CodeToken[] = [];
  let at = 0;
  const visit = (node: HastNode, role: CodeRole | null): void => {
    if (node.type === 'text') {
      const length = node.value?.length ?? 0;
      if (role !== null && length > 0) {
        const last = tokens[tokens.length - 1];
        if (last && last[1] === at && last[2] === role) last[1] += length;
        else tokens.push([at, at + length, role]);
      }
      at += length;
      return;
    }
    const inner = node.type === 'element' ? roleOf(node.properties?.className, role) : role;
    for (const child of node.children ?? []) visit(child, inner);
  };
  visit(lowlight().highlight(language, code) as HastNode, null);
  return tokens;
}
