// A typed search or filter line as the query it stands for: `re:` in front
// makes it a regular expression (keymap.ts names the prefix).
import { regexPrefix } from '../../keymap.ts';
import { compile, type Query } from '../document/search.ts';

/** The query a typed search line stands for: null if it is empty, or a pattern that does not compile (the error). */
export function queryOf(text: string, backward: boolean): { query: Query | null; error: string | null } {
  const regex = text.startsWith(regexPrefix);
  const query = { text: regex ? text.slice(regexPrefix.length) : text, regex, backward };
  if (query.text === '') return { query: null, error: null };
  // A literal query always compiles: not compiled here, at every key of a long pasted line.
  if (!regex) return { query, error: null };
  const compiled = compile(query);
  if (!compiled.ok) return { query: null, error: compiled.error };
  return { query, error: null };
}
