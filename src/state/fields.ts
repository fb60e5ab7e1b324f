// The keys on a document's form fields. A field is a link of the document
// (Tab, n, a click select it); Enter on it types into a text field on the
// typing line (field mode: a text area's line breaks as ⏎, a password as
// `*`), changes a checkbox or radio button (space too), lists a select's
// options (options mode), resets a form, or sends it: the pager builds the
// request (a submit effect) from the values kept here, in state.fields.
import type { FieldAction, LineAction, OptionsAction } from './actions.ts';
import * as edit from './lineedit.ts';
import type { Context, Result, State } from './types.ts';
import { chosenOptions, isToggle, isTyped, textValue, toggled, type FieldValue, type Field } from '../document/forms.ts';

const none = (state: State): Result => ({ state, effects: [] });
const message = (state: State, text: string): Result => none({ ...state, message: text });

/** How a text area's line break shows on the typing line. */
export const NEWLINE_MARK = '⏎';

/** The field link `link` is, if it is one. */
export function fieldOfLink(ctx: Pick<Context, 'doc'>, link: number | null): number | null {
  const forms = ctx.doc.forms;
  if (link === null || !forms || link >= ctx.doc.links.count) return null;
  return forms.fieldOfHref(ctx.doc.links.tag(link));
}

/** A key bound on a selected field (keymap.ts's onField), or null to let paging have it. */
export function fieldKey(state: State, key: string, ctx: Context): Result | null {
  if (state.count !== '') return null;
  const field = fieldOfLink(ctx, state.selected);
  if (field === null) return null;
  const action: FieldAction | undefined = ctx.bindings.for('onField', key);
  if (!action) return null;
  // Space pages on, but on a checkbox or radio button.
  if (action[0] === 'fieldToggle' && !isToggle(ctx.doc.forms!.fields[field])) return null;
  return enterField(state, field, ctx);
}

const ground = (state: State): State => ({ ...state, mode: 'ground', line: edit.emptyLine, recall: 0, editing: null, choosing: null });

/** Enter on field `i`: what it does depends on its kind. */
export function enterField(state: State, i: number, ctx: Context): Result {
  const forms = ctx.doc.forms!;
  const field = forms.fields[i];
  const values = state.fields ?? {};
  if (field.disabled) return message(state, 'This field is disabled');
  if (isTyped(field)) {
    if (field.readOnly) return message(state, 'This field is read only');
    const text = textValue(forms, values, i).replace(/\r\n|\r|\n/g, NEWLINE_MARK);
    return none({ ...state, mode: 'field', line: edit.end(edit.lineOf(text)), recall: 0, editing: { field: i, masked: field.kind === 'password' } });
  }
  if (isToggle(field)) return none({ ...state, fields: toggled(forms, values, i) });
  switch (field.kind) {
    case 'select': {
      if (field.options.length === 0) return message(state, 'This select has no options');
      const marked = chosenOptions(forms, values, i);
      return none({ ...state, mode: 'options', choosing: { field: i, at: marked[0] ?? 0, marked } });
    }
    case 'submit':
    case 'image':
      return submit(state, forms.formOf(i), i, ctx);
    case 'reset': {
      const form = forms.formOf(i);
      const next: Record<number, FieldValue> = { ...values };
      for (const j of forms.fieldsOf(form)) delete next[j];
      return message({ ...state, fields: next }, 'The form is as it was at first');
    }
    case 'file':
      return message(state, 'lwl sends no files: this field goes empty');
    default:
      return message(state, 'This button does nothing without scripts, and lwl runs none');
  }
}

/** The submit effect for form `form`, sent by the button `submitter` (null: Enter in its only text field). */
function submit(state: State, form: number, submitter: number | null, ctx: Context): Result {
  if (ctx.secure) return message(state, 'Sending forms is disabled in secure mode');
  // The fields after the button may not be read yet: the form is sent once the page is all read.
  if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action: ['follow'], count: null }] };
  if (form < 0) return message(state, 'This button is in no form: there is nothing to send');
  return { state, effects: [{ kind: 'submit', form, submitter, values: state.fields ?? {} }] };
}

/** What was typed, as the field keeps it: a text area's ⏎ as line breaks, a one-line field's line breaks dropped. */
function typedValue(field: Field, text: string): string {
  if (field.kind === 'textarea') return text.replaceAll(NEWLINE_MARK, '\n');
  return text.replace(/[\r\n]/g, '');
}

/**
 * A key in field mode: Enter keeps what was typed, Escape leaves the field as
 * it was, Backspace on an empty line does nothing (an emptied field stays in
 * the mode); the rest edits the line (`editLine`, the typing modes' editor).
 */
export function editField(state: State, action: LineAction | ['type', string], ctx: Context, editLine: (state: State, action: LineAction | ['type', string]) => Result): Result {
  const editing = state.editing;
  if (!editing || !ctx.doc.forms) return none(ground(state));
  switch (action[0]) {
    case 'submit': {
      const forms = ctx.doc.forms;
      const fields = { ...(state.fields ?? {}), [editing.field]: typedValue(forms.fields[editing.field], state.line.text) };
      const kept = { ...ground(state), fields };
      // A form with no submit button and this one text field (a search box): Enter sends it, as browsers do.
      if (forms.sendsOnEnter(editing.field) && ctx.doc.complete) return submit(kept, forms.formOf(editing.field), null, ctx);
      return none(kept);
    }
    case 'cancel':
      return none(ground(state));
    case 'deleteBack':
      if (state.line.text === '') return none(state);
      break;
    case 'newline':
      if (ctx.doc.forms.fields[editing.field].kind !== 'textarea') return message(state, 'Only a text area has more than one line');
      break;
  }
  return editLine(state, action);
}

/** A key in options mode: the cursor moves over the select's options, Enter chooses, space marks (a multiple select), Escape leaves. */
export function pressOptions(state: State, action: OptionsAction, ctx: Context): Result {
  const choosing = state.choosing;
  const forms = ctx.doc.forms;
  if (!choosing || !forms) return none(ground(state));
  const field = forms.fields[choosing.field];
  const options = field.options;
  switch (action[0]) {
    case 'optionMove': {
      let at = choosing.at;
      // Disabled options are passed over.
      do at += action[1];
      while (at >= 0 && at < options.length && options[at].disabled);
      if (at < 0 || at >= options.length) return none(state);
      return none({ ...state, choosing: { ...choosing, at } });
    }
    case 'optionToggle': {
      if (!field.multiple) return pressOptions(state, ['optionChoose'], ctx);
      if (options[choosing.at]?.disabled) return none(state);
      const marked = choosing.marked.includes(choosing.at) ? choosing.marked.filter((k) => k !== choosing.at) : [...choosing.marked, choosing.at].sort((a, b) => a - b);
      return none({ ...state, choosing: { ...choosing, marked } });
    }
    case 'optionChoose': {
      if (options[choosing.at]?.disabled) return message(state, 'That option is disabled');
      const chosen = field.multiple ? choosing.marked : [choosing.at];
      return none({ ...ground(state), fields: { ...(state.fields ?? {}), [choosing.field]: chosen } });
    }
    case 'optionCancel':
      return none(ground(state));
  }
}
