// keymap.ts's tables as lookups, with the user's configuration on top: the
// action a key is bound to in a mode.
import { keymap, lessGroundKeys, type Binding } from '../../keymap.ts';
import type { BusyAction, FieldAction, GroundAction, LineAction, OptionsAction, PreviewAction, QuestionAction, StartAction } from './actions.ts';
import { keyName } from '../../term/keys.ts';

export type TypingMode = 'search' | 'filter' | 'fork' | 'exec' | 'examine' | 'save' | 'pipe' | 'login' | 'field';
export type Mode = 'ground' | TypingMode | 'preview' | 'question' | 'options';

export interface ActionOf {
  ground: GroundAction;
  search: LineAction;
  filter: LineAction;
  fork: LineAction;
  exec: LineAction;
  examine: LineAction;
  save: LineAction;
  pipe: LineAction;
  login: LineAction;
  preview: PreviewAction;
  busy: BusyAction;
  starting: StartAction;
  question: QuestionAction;
  onField: FieldAction;
  field: LineAction;
  options: OptionsAction;
}
export type Table = keyof ActionOf;
export const tables = Object.keys(keymap) as Table[];

/** A change to the defaults, from the configuration file: a key bound to an action, or unbound (null). */
export interface Rebinding {
  table: Table;
  key: string;
  action: ActionOf[Table] | null;
}

export class Bindings {
  private readonly maps = new Map<Table, Map<string, unknown>>();

  /** `lessKeys`: keymap.ts's lessKeys on top of its tables (--less-keys), under the configuration's changes. */
  constructor(rebindings: Rebinding[] = [], lessKeys = false) {
    for (const table of tables) {
      const map = new Map<string, unknown>();
      // The first binding of a key wins, as keymap.ts lists them.
      for (const { keys, action } of keymap[table] as Binding<unknown>[]) for (const key of keys) if (!map.has(key)) map.set(key, action);
      this.maps.set(table, map);
    }
    if (lessKeys) for (const { keys, action } of lessGroundKeys) for (const key of keys) this.maps.get('ground')!.set(key, action);
    for (const { table, key, action } of rebindings) {
      if (action === null) this.maps.get(table)!.delete(key);
      else this.maps.get(table)!.set(key, action);
    }
  }

  /** The action `key` is bound to in `table`, if any (a click by its name, wherever it was). */
  for<T extends Table>(table: T, key: string): ActionOf[T] | undefined {
    return this.maps.get(table)!.get(keyName(key)) as ActionOf[T] | undefined;
  }
}

/** keymap.ts as it is, with no configuration. */
export const defaultBindings = new Bindings();
