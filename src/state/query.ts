// A typed search or filter line as the query it stands for. lwl's searches
// are literal, and `re:` in front makes one a regular expression; with
// --regex-search (less's way) they are regular expressions, and `lit:` in
// front makes one literal (keymap.ts names both prefixes; ^R types or takes
// away the one of the mode).
import { literalPrefix, regexPrefix } from '../../keymap.ts';
import { compile, type Query } from '../document/search.ts';

/** The prefix that turns a line from the mode's way of searching to the other: ^R types it. */
export const togglePrefix = (regexSearch: boolean | undefined): string => (regexSearch ? literalPrefix : regexPrefix);

/** The query a typed search line stands for: null if it is empty, or a pattern that does not compile (the error). */
export function queryOf(text: string, backward: boolean, regexSearch = false): { query: Query | null; error: string | null } {
  const prefix = togglePrefix(regexSearch);
  const toggled = text.startsWith(prefix);
  const regex = toggled !== regexSearch;
  const query = { text: toggled ? text.slice(prefix.length) : text, regex, backward };
  if (query.text === '') return { query: null, error: null };
  // A literal query always compiles: not compiled here, at every key of a long pasted line.
  if (!regex) return { query, error: null };
  const compiled = compile(query);
  if (!compiled.ok) return { query: null, error: compiled.error };
  return { query, error: null };
}
