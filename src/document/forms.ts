// The forms of an HTML document, as its reader found them: each form (its
// action, method, enctype, accept-charset) and each field (kind, name, its
// default value, options, width on screen). Every field that shows is also a
// link of the document (so Tab, n, a click and the link numbers reach it): its
// href number says which field it is. What a field holds now is not kept
// here but in the pager's state (FieldValues, changes from the defaults); the
// functions below read a field's current value through both, and lay it out
// in the cells its text in the document takes, so the screen shows the value
// typed without the document's text changing.
import { forEachStringCluster } from '../text/width.ts';

export type FieldKind =
  | 'text' | 'search' | 'email' | 'url' | 'number' | 'tel' | 'password' | 'hidden' | 'file'
  | 'checkbox' | 'radio' | 'select' | 'textarea'
  | 'submit' | 'image' | 'reset' | 'button';

export interface SelectOption {
  label: string;
  value: string;
  selected: boolean;
  disabled: boolean;
}

export interface FormInfo {
  /** The action as written (null: none, the document's own URL). */
  action: string | null;
  /** get, post or dialog, lower case (anything else reads as get). */
  method: string;
  /** application/x-www-form-urlencoded, multipart/form-data or text/plain. */
  enctype: string;
  /** The accept-charset attribute as written ('' for none). */
  acceptCharset: string;
  id: string | null;
  name: string;
}

export interface Field {
  kind: FieldKind;
  name: string;
  /** The default: a text field's value, a textarea's text, a checkbox's value when checked, a button's value. */
  value: string;
  /** A checkbox or radio button checked by default. */
  checked: boolean;
  /** A select's options, in order. */
  options: SelectOption[];
  multiple: boolean;
  placeholder: string;
  /** What the field says of itself: a button's caption, or the text of its <label>. */
  label: string;
  /** Cells between the brackets (a text field, a select, a textarea's line). */
  width: number;
  /** Lines a textarea shows. */
  lines: number;
  /** The form it belongs to (an index into forms), or -1. */
  form: number;
  /** A form= attribute naming its form by id, looked up when the form is sent. */
  formId: string | null;
  disabled: boolean;
  readOnly: boolean;
  /** A submit button's formaction, formmethod and formenctype, when it has them. */
  formAction: string | null;
  formMethod: string | null;
  formEnctype: string | null;
  id: string | null;
}

/** What a field holds when the user changed it: text, checked or not, a select's chosen options. */
export type FieldValue = string | boolean | readonly number[];
/** Fields changed from their defaults, by field number. */
export type FieldValues = Readonly<Record<number, FieldValue>>;

/** Kinds typed into on the typing line. */
const TYPED = new Set<FieldKind>(['text', 'search', 'email', 'url', 'number', 'tel', 'password', 'textarea']);
/** Kinds that send the form. */
const SUBMITS = new Set<FieldKind>(['submit', 'image']);

export const isTyped = (field: Field): boolean => TYPED.has(field.kind);
export const isSubmitter = (field: Field): boolean => SUBMITS.has(field.kind);
export const isToggle = (field: Field): boolean => field.kind === 'checkbox' || field.kind === 'radio';

/** The forms and fields of one document, filled in by its reader. */
export class Forms {
  readonly forms: FormInfo[] = [];
  readonly fields: Field[] = [];
  /** Field numbers by the href number of their link. */
  private readonly byHref = new Map<number, number>();
  /** Forms open around the reader's place, innermost last. */
  private readonly open: number[] = [];
  /** Each form's number by its element (the parser's form owner of a field names it). */
  private readonly byElement = new Map<object, number>();
  /** Text of each <label for=id>, by id; and the fields with each id. */
  private readonly labels = new Map<string, string>();
  private readonly withId = new Map<string, number[]>();
  /** The radio button checked last in each group (form and name): a later one checked unchecks it. */
  private readonly checkedRadios = new Map<string, number>();
  /** Marks an href as a field's: unguessable, so that no link of the page passes for a field. */
  private readonly mark = `lwl-field-${Math.random().toString(36).slice(2)}:`;

  /** The form of element `element`, numbered when first met (described by `info`). */
  formOfElement(element: object, info: () => FormInfo): number {
    let n = this.byElement.get(element);
    if (n === undefined) {
      n = this.forms.push(info()) - 1;
      this.byElement.set(element, n);
    }
    return n;
  }

  /** The reader is in a form's element, until closeForm. */
  openForm(element: object, info: () => FormInfo): void {
    this.open.push(this.formOfElement(element, info));
  }

  closeForm(): void {
    this.open.pop();
  }

  /** The form around the reader's place, or -1: a field's when the parser did not say its form owner (an HTML fragment). */
  get current(): number {
    return this.open.length > 0 ? this.open[this.open.length - 1] : -1;
  }

  label(forId: string, text: string): void {
    if (!this.labels.has(forId)) this.labels.set(forId, text);
    for (const i of this.withId.get(forId) ?? []) if (this.fields[i].label === '') this.fields[i].label = text;
  }

  /** Adds a field; returns its number. A radio button checked unchecks those before it in its group (the last checked wins). */
  add(field: Field): number {
    const i = this.fields.length;
    this.fields.push(field);
    if (field.id !== null) {
      if (field.label === '') field.label = this.labels.get(field.id) ?? '';
      const same = this.withId.get(field.id);
      if (same) same.push(i);
      else this.withId.set(field.id, [i]);
    }
    if (field.kind === 'radio' && field.checked && field.name !== '') {
      const group = `${field.form} ${field.name}`;
      const before = this.checkedRadios.get(group);
      if (before !== undefined) this.fields[before].checked = false;
      this.checkedRadios.set(group, i);
    }
    return i;
  }

  /** The href that makes link text a field's link: the field's number and what it links to (its form's action). */
  markHref(field: number, href: string): string {
    return `${this.mark}${field} ${href}`;
  }

  /** A marked href's field and the href itself; null for any other href. */
  unmark(href: string): { field: number; href: string } | null {
    if (!href.startsWith(this.mark)) return null;
    const space = href.indexOf(' ', this.mark.length);
    const field = Number(href.slice(this.mark.length, space));
    return Number.isInteger(field) && field >= 0 && field < this.fields.length ? { field, href: href.slice(space + 1) } : null;
  }

  /** The field's link has href number `href`. */
  linked(href: number, field: number): void {
    this.byHref.set(href, field);
  }

  /** The field whose link has href number `href`, or null. */
  fieldOfHref(href: number): number | null {
    return this.byHref.get(href) ?? null;
  }

  /** The form field `i` belongs to (its form= attribute first), or -1. */
  formOf(i: number): number {
    const field = this.fields[i];
    if (field.formId !== null) return this.forms.findIndex((f) => f.id === field.formId);
    return field.form;
  }

  /** The fields of form `form`, in order. */
  fieldsOf(form: number): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.fields.length; i++) if (this.formOf(i) === form) found.push(i);
    return found;
  }

  /**
   * Whether Enter in text field `i` sends its form, as the HTML Standard's
   * implicit submission does for a form with no submit button: when it is the
   * form's only field that would take the Enter (a text, search, password
   * field and the like).
   */
  sendsOnEnter(i: number): boolean {
    const form = this.formOf(i);
    if (form < 0 || this.fields[i].kind === 'textarea') return false;
    const own = this.fieldsOf(form).map((j) => this.fields[j]);
    return !own.some(isSubmitter) && own.filter((f) => isTyped(f) && f.kind !== 'textarea').length === 1;
  }

  /** The radio buttons of field `i`'s group (itself included). */
  group(i: number): number[] {
    const field = this.fields[i];
    const form = this.formOf(i);
    const found: number[] = [];
    for (let j = 0; j < this.fields.length; j++) {
      const other = this.fields[j];
      if (other.kind === 'radio' && other.name === field.name && this.formOf(j) === form) found.push(j);
    }
    return field.name === '' ? [i] : found;
  }
}

/** A field's text now: what was typed, else its default. */
export function textValue(forms: Forms, values: FieldValues, i: number): string {
  const v = values[i];
  return typeof v === 'string' ? v : forms.fields[i].value;
}

/** A checkbox or radio button is checked now. */
export function isChecked(forms: Forms, values: FieldValues, i: number): boolean {
  const v = values[i];
  return typeof v === 'boolean' ? v : forms.fields[i].checked;
}

/** A select's chosen options now: the ones chosen, else the default (a single select: the last marked selected, else its first option that may be chosen). */
export function chosenOptions(forms: Forms, values: FieldValues, i: number): readonly number[] {
  const v = values[i];
  if (Array.isArray(v)) return v;
  const field = forms.fields[i];
  const marked = field.options.flatMap((o, k) => (o.selected ? [k] : []));
  if (field.multiple) return marked;
  if (marked.length > 0) return [marked[marked.length - 1]];
  const first = field.options.findIndex((o) => !o.disabled);
  return first >= 0 ? [first] : [];
}

/** The values after a checkbox is toggled, or a radio button chosen (the others of its group unchosen). */
export function toggled(forms: Forms, values: FieldValues, i: number): FieldValues {
  const field = forms.fields[i];
  if (field.kind === 'checkbox') return { ...values, [i]: !isChecked(forms, values, i) };
  const next: Record<number, FieldValue> = { ...values };
  for (const j of forms.group(i)) next[j] = j === i;
  return next;
}

/** How a field shows: lines of cells (a cluster in each, '' for the second cell of a wide one), and the cells of the first line drawn dim (a placeholder). */
export interface FieldLook {
  lines: string[][];
  dim: { from: number; to: number } | null;
}

/** Fits text in `width` cells, one entry a cell: cut with `…` if longer, filled with `pad`. */
export function fitCells(text: string, width: number, pad: string): string[] {
  const cells: string[] = [];
  let cut = false;
  forEachStringCluster(text, 'trust', (shown, _length, n, token) => {
    if (cells.length + n > width) {
      cut = true;
      return false;
    }
    if (token || n === 1) for (const ch of shown) cells.push(ch);
    else if (n === 2) cells.push(shown, '');
    return true;
  });
  if (cut) {
    let dropped: string | undefined;
    while (cells.length > Math.max(0, width - 1)) dropped = cells.pop();
    // A wide character whose second cell went: a blank instead.
    if (dropped === '' && cells.length > 0) cells[cells.length - 1] = pad;
    if (width > 0) cells.push('…');
  }
  while (cells.length < width) cells.push(pad);
  return cells;
}

/** The cell a text field is filled with; a select's (a no-break space, so that the line never breaks in it). */
const TEXT_PAD = '_';
const SELECT_PAD = '\u00a0';

/** How field `i` shows now; null for one whose look never changes (a button). */
export function fieldLook(forms: Forms, values: FieldValues, i: number): FieldLook | null {
  const field = forms.fields[i];
  switch (field.kind) {
    case 'checkbox':
      return { lines: [[...(isChecked(forms, values, i) ? '[x]' : '[ ]')]], dim: null };
    case 'radio':
      return { lines: [[...(isChecked(forms, values, i) ? '(*)' : '( )')]], dim: null };
    case 'select': {
      const labels = chosenOptions(forms, values, i).map((k) => field.options[k]?.label ?? '');
      return { lines: [['[', ...fitCells(labels.join(', '), field.width, SELECT_PAD), ']']], dim: null };
    }
    case 'textarea': {
      const text = textValue(forms, values, i);
      if (text === '' && field.placeholder !== '') return placeholderLook(field);
      const shown = firstLines(text, field.lines + 1, shownUnits(field.width));
      const lines: string[][] = [];
      for (let k = 0; k < field.lines; k++) {
        let line = shown[k] ?? '';
        // The last line shown says there are more.
        if (k === field.lines - 1 && shown.length > field.lines) line += ' …';
        lines.push(['[', ...fitCells(line, field.width, TEXT_PAD), ']']);
      }
      return { lines, dim: null };
    }
    case 'text':
    case 'search':
    case 'email':
    case 'url':
    case 'number':
    case 'tel':
    case 'password': {
      const text = textValue(forms, values, i);
      if (text === '' && field.placeholder !== '') return placeholderLook(field);
      // Only what can show is looked at: a value may be megabytes long.
      const start = text.slice(0, shownUnits(field.width));
      const shown = field.kind === 'password' ? '*'.repeat([...start].length) : start.replace(/\r?\n|\r/g, ' ');
      return { lines: [['[', ...fitCells(shown, field.width, TEXT_PAD), ']']], dim: null };
    }
    default:
      return null;
  }
}

/** An empty field with a placeholder: the placeholder in its first line, dim (the cells it takes, after the `[`). */
/** UTF-16 units of a value enough to fill `width` cells, whatever its characters (a cluster may take many). */
const shownUnits = (width: number) => width * 8 + 64;

/** The first `n` lines of a text, each cut at `units`: what a textarea shows of a value of any length. */
function firstLines(text: string, n: number, units: number): string[] {
  const lines: string[] = [];
  for (let at = 0; lines.length < n && at <= text.length; ) {
    const lf = text.indexOf('\n', at);
    const cr = text.indexOf('\r', at);
    const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
    lines.push(text.slice(at, end < 0 ? Math.min(text.length, at + units) : Math.min(end, at + units)));
    if (end < 0) break;
    at = end + (text.startsWith('\r\n', end) ? 2 : 1);
  }
  return lines;
}

function placeholderLook(field: Field): FieldLook {
  // Filled with NUL first (the text has none: controls are tokens), to count the cells the placeholder takes.
  const cells = fitCells(field.placeholder.replace(/\s+/g, ' '), field.width, '\0');
  let taken = cells.length;
  while (taken > 0 && cells[taken - 1] === '\0') taken--;
  const first = ['[', ...cells.map((c, k) => (k >= taken ? TEXT_PAD : c)), ']'];
  const rest = Array.from({ length: Math.max(0, (field.kind === 'textarea' ? field.lines : 1) - 1) }, () => ['[', ...fitCells('', field.width, TEXT_PAD), ']']);
  return { lines: [first, ...rest], dim: { from: 1, to: 1 + taken } };
}

/** A field's text as the document holds it: its look with its defaults. */
export function defaultText(forms: Forms, i: number): string {
  const look = fieldLook(forms, {}, i);
  return look ? look.lines.map((cells) => cells.join('')).join('\n') : '';
}

const KIND_NAMES: Record<FieldKind, string> = {
  text: 'text field', search: 'search field', email: 'email field', url: 'URL field', number: 'number field', tel: 'phone field',
  password: 'password field', hidden: 'hidden field', file: 'file field', checkbox: 'checkbox', radio: 'radio button',
  select: 'select', textarea: 'text area', submit: 'submit button', image: 'image button', reset: 'reset button', button: 'button',
};

/** What the status line says of a selected field: its kind and name (a button's caption), and what a key does with it. */
export function describeField(forms: Forms, values: FieldValues, i: number): string {
  const field = forms.fields[i];
  const kind = field.kind === 'select' && field.multiple ? 'multiple select' : KIND_NAMES[field.kind];
  const button = field.kind === 'submit' || field.kind === 'image' || field.kind === 'reset' || field.kind === 'button';
  const name = button ? field.label || field.name : field.name;
  const label = !button && field.label !== '' && field.label !== field.name ? ` (${field.label})` : '';
  const state = isToggle(field) ? (isChecked(forms, values, i) ? ', checked' : ', not checked') : '';
  const does = field.disabled ? ': disabled' : hintOf(field);
  return `${kind}${name ? ' ' + name : ''}${label}${state}${does}`;
}

function hintOf(field: Field): string {
  if (isTyped(field)) return field.readOnly ? ': read only' : ': Enter to type';
  if (isToggle(field)) return ': Enter or space to change';
  if (field.kind === 'select') return ': Enter to choose';
  if (isSubmitter(field)) return ': Enter to send the form';
  if (field.kind === 'reset') return ': Enter to reset the form';
  return '';
}
