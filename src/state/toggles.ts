// `-` typed while paging, then a letter: an option turned on or off, as in
// less. The state only names the option; the pager holds the options (they
// outlast a document) and says what it turned them to.
import type { Result, State, ToggledOption } from './types.ts';

const toggled = new Set<string>(['N', 'S', 'i', 'I']);

/** The key after `-`: an option's letter, or Escape / ^C to change nothing. */
export function toggleOption(state: State, key: string): Result {
  if (toggled.has(key)) return { state, effects: [{ kind: 'toggle', option: key as ToggledOption }] };
  if (key === '<Escape>' || key === '<C-c>') return { state, effects: [] };
  return { state: { ...state, message: '-N line numbers, -S chop long lines, -i / -I case in searches' }, effects: [] };
}
