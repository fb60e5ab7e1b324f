// A select's options as options mode lists them in place of the text: the
// select's name, then one option a row (`(*)` the one chosen, `[x]` those
// marked in a multiple select, `>` at the cursor), scrolled to keep the
// cursor on screen; and the typing line's indicator while a field is typed.
import { describeField, type Forms } from '../document/forms.ts';
import type { State } from '../state/types.ts';
import type { Role } from './theme.ts';

export interface OptionRow {
  text: string;
  role: Role;
}

/** The rows of the list, `height` at most. */
export function optionRows(forms: Forms, choosing: NonNullable<State['choosing']>, cols: number, height: number): OptionRow[] {
  const field = forms.fields[choosing.field];
  const title: OptionRow = { text: `Choose ${field.multiple ? 'options' : 'an option'} of ${describeField(forms, {}, choosing.field).replace(/:.*$/, '')}:`, role: 'heading' };
  const room = Math.max(1, height - 1);
  // The cursor's option stays on screen, a screen at a time.
  const first = Math.floor(choosing.at / room) * room;
  const rows: OptionRow[] = [title];
  for (let k = first; k < Math.min(field.options.length, first + room); k++) {
    const option = field.options[k];
    const mark = field.multiple ? (choosing.marked.includes(k) ? '[x]' : '[ ]') : choosing.marked.includes(k) ? '(*)' : '( )';
    const text = `${k === choosing.at ? '>' : ' '} ${mark} ${option.label.replace(/\s+/g, ' ')}${option.disabled ? ' (disabled)' : ''}`;
    rows.push({ text: text.slice(0, Math.max(cols * 4, 16)), role: k === choosing.at ? 'linkSelected' : option.disabled ? 'placeholder' : 'text' });
  }
  return rows;
}

/** The status line in options mode: the keys. */
export function optionsHelp(forms: Forms | null, choosing: State['choosing']): string {
  const multiple = forms && choosing ? forms.fields[choosing.field].multiple : false;
  return multiple ? 'Up/Down: an option, space: mark it, Enter: keep those marked, Escape: leave' : 'Up/Down: an option, Enter: choose it, Escape: leave';
}

/** What the typing line starts with while a field is typed: its name. */
export function fieldIndicator(forms: Forms | null, editing: State['editing']): string {
  const field = forms && editing ? forms.fields[editing.field] : null;
  // The page's name for it, in printable ASCII and short: the indicator is drawn as it is.
  const name = (field?.name || field?.kind || 'field').replace(/[^\x20-\x7e]/g, '?');
  return `${name.length > 24 ? name.slice(0, 23) + '~' : name}: `;
}
