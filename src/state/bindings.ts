// keymap.ts's tables as lookups: the action a key is bound to in a mode.
import { keymap, type Binding } from '../../keymap.ts';
import type { BusyAction, GroundAction, LineAction, PreviewAction } from './actions.ts';

export type TypingMode = 'search' | 'fork' | 'exec';
export type Mode = 'ground' | TypingMode | 'preview';

interface ActionOf {
  ground: GroundAction;
  search: LineAction;
  fork: LineAction;
  exec: LineAction;
  preview: PreviewAction;
  busy: BusyAction;
}
type Table = keyof ActionOf;

function lookup<A>(bindings: Binding<A>[]): Map<string, A> {
  const map = new Map<string, A>();
  for (const { keys, action } of bindings) for (const key of keys) if (!map.has(key)) map.set(key, action);
  return map;
}

const tables = new Map<Table, Map<string, unknown>>();

/** The action `key` is bound to in `mode`, if any (the first binding wins). */
export function bindingFor<T extends Table>(mode: T, key: string): ActionOf[T] | undefined {
  let table = tables.get(mode);
  if (!table) tables.set(mode, (table = lookup<unknown>(keymap[mode])));
  return table.get(key) as ActionOf[T] | undefined;
}
