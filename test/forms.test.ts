// Forms: what the HTML reader records of them (fields as links, their forms,
// labels, defaults), how a field looks with the value it holds, and the keys
// on fields (state.fields, field mode, options mode), without a terminal.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { readWhole } from '../src/document/reader.ts';
import { readerFor } from '../src/document/readers/kinds.ts';
import { chosenOptions, describeField, fieldLook, fitCells, isChecked, textValue, type Forms } from '../src/document/forms.ts';
import { initialState, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import { draw } from '../src/draw/draw.ts';
import { themeFor } from '../src/draw/theme.ts';
import { pressKeys } from './press-keys.ts';
import { clickKey } from '../term/keys.ts';
import { EVERY_FIELD } from './form-server.ts';

function read(html: string): Document {
  const doc = new Document('t.html');
  return readWhole(readerFor('html', doc), doc, html);
}

function context(html: string, secure = false): Context {
  const doc = read(html);
  return { doc, rows: new Wrap(doc, 80), height: 10, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure, bindings: defaultBindings };
}

const text = (doc: Document) => doc.text.text(0, doc.text.length);
const linkText = (doc: Document, i: number) => doc.text.text(doc.links.start(i), doc.links.end(i));
const fieldOfLink = (doc: Document, i: number) => doc.forms!.fieldOfHref(doc.links.tag(i));
const screen = (ctx: Context, state: State) => draw(ctx, state, { cols: ctx.rows.width, rows: 12 }, themeFor(false)).rows;
const plainRows = (ctx: Context, state: State) => screen(ctx, state).map((r) => r.replace(/\x1b\[[0-9;]*m/g, ''));

describe('the HTML reader records forms', () => {
  it('makes every field that shows a link, in order, its href the form action, and keeps hidden ones unshown', () => {
    const doc = read('<form action="/find" method=POST enctype="multipart/form-data" accept-charset="latin1"><a href="/x">a link</a> <input name=q> <input type=hidden name=t value=1> <input type=checkbox name=c checked> <button name=b value=v>Go <b>now</b></button></form>');
    const forms = doc.forms!;
    expect(forms.forms).toEqual([{ action: '/find', method: 'post', enctype: 'multipart/form-data', acceptCharset: 'latin1', id: null, name: '' }]);
    expect(forms.fields.map((f) => [f.kind, f.name, f.value])).toEqual([['text', 'q', ''], ['hidden', 't', '1'], ['checkbox', 'c', 'on'], ['submit', 'b', 'v']]);
    expect(doc.links.count).toBe(4);
    expect([0, 1, 2, 3].map((i) => fieldOfLink(doc, i))).toEqual([null, 0, 2, 3]);
    expect([1, 2, 3].map((i) => doc.href(i))).toEqual(['/find', '/find', '/find']);
    expect(linkText(doc, 3)).toBe('[button: Go now]');
    expect(forms.fields[3].label).toBe('Go now');
    expect(text(doc)).toBe('a link [____________________] [x] [button: Go now]\n');
  });

  it("gives a field its form owner as the parser sets it (a form the parser left empty in a table too), or the form its form= attribute names", () => {
    const doc = read('<table><form action=/t><tr><td><input name=a></td></tr></form></table><form id=f2 action=/two></form><input name=b form=f2><form action=/three><input name=c></form><input name=d>');
    const forms = doc.forms!;
    expect(forms.fields.map((f, i) => [f.name, forms.forms[forms.formOf(i)]?.action ?? 'none'])).toEqual([['a', '/t'], ['b', '/two'], ['c', '/three'], ['d', 'none']]);
    // The field laid out in a table cell is a link too.
    expect(fieldOfLink(doc, 0)).toBe(0);
  });

  it('names fields by their labels, and records what a field needs: size, placeholder, options, a textarea as written', () => {
    const doc = read(`<form><label for=q>Query</label> <input id=q name=q size=5 placeholder="type here">
      <label>Exact <input type=checkbox name=e></label>
      <select name=s><option value=1>One<optgroup disabled><option>Two</optgroup><option selected>Three</select>
      <textarea name=t rows=3 cols=8>  two\n lines</textarea></form>`);
    const [q, e, s, t] = doc.forms!.fields;
    expect([q.label, q.width, q.placeholder, e.label]).toEqual(['Query', 5, 'type here', 'Exact']);
    expect(s.options).toEqual([
      { label: 'One', value: '1', selected: false, disabled: false },
      { label: 'Two', value: 'Two', selected: false, disabled: true },
      { label: 'Three', value: 'Three', selected: true, disabled: false },
    ]);
    expect([t.value, t.width, t.lines]).toEqual(['  two\n lines', 8, 3]);
    expect(text(doc)).toContain('[  two___]\n[ lines__]\n[________]');
  });

  it("keeps a hidden form's fields in it, not in the form before it", () => {
    const doc = read('<form action=/shown><input name=q></form><div hidden><form action=/hidden><input name=secret><select name=s><option>x</select></form></div>');
    const forms = doc.forms!;
    expect(forms.fields.map((f, i) => [f.name, forms.forms[forms.formOf(i)].action])).toEqual([['q', '/shown'], ['secret', '/hidden'], ['s', '/hidden']]);
  });

  it('keeps the inputs of a hidden element (a login token in a display:none block), and the last checked radio of a group', () => {
    const doc = read('<form><div style="display:none"><input name=token value=s3cret></div><input type=radio name=r value=a checked><input type=radio name=r value=b checked><fieldset disabled><input name=off></fieldset></form>');
    const forms = doc.forms!;
    expect(forms.fields.map((f) => [f.name, f.value])).toEqual([['token', 's3cret'], ['r', 'a'], ['r', 'b'], ['off', '']]);
    expect(forms.fields.map((f) => f.checked)).toEqual([false, false, true, false]);
    expect(forms.fields[3].disabled).toBe(true);
    expect(doc.links.count).toBe(3);
  });

  it('records the same fields from a page read in pieces as from the whole page', () => {
    const whole = read(EVERY_FIELD);
    const doc = new Document('t.html');
    const reader = readerFor('html', doc);
    for (let at = 0; at < EVERY_FIELD.length; at += 7) reader.write(Buffer.from(EVERY_FIELD.slice(at, at + 7)));
    reader.end();
    reader.work?.(Infinity);
    expect(doc.forms!.fields).toEqual(whole.forms!.fields);
    expect(text(doc)).toBe(text(whole));
    expect(whole.forms!.fields.find((f) => f.name === 'alt')?.label).toBe('Other');
  });

  it('does not take a link for a field, whatever its href says', () => {
    const doc = read('<form><a href="lwl-field-x:0 /evil">a link</a> <input name=q></form>');
    expect(fieldOfLink(doc, 0)).toBe(null);
    expect(doc.href(0)).toBe('lwl-field-x:0 /evil');
  });
});

describe('a field with the value it holds', () => {
  const forms = (html: string): Forms => read(html).forms!;

  it('fits text in its cells, cut with …, wide characters as two cells', () => {
    expect(fitCells('abc', 5, '_')).toEqual(['a', 'b', 'c', '_', '_']);
    expect(fitCells('abcdef', 4, '_')).toEqual(['a', 'b', 'c', '…']);
    expect(fitCells('日本', 5, '_')).toEqual(['日', '', '本', '', '_']);
    expect(fitCells('日本語', 4, '_')).toEqual(['日', '', '_', '…']);
    expect(fitCells('a\x1bb', 6, ' ').join('')).not.toContain('\x1b');
  });

  it('shows a placeholder dim only while the field is empty, a password as *, a select its choice', () => {
    const f = forms('<input name=q placeholder=find size=6><input type=password name=p size=6><select name=s><option>a<option>bb</select>');
    expect(fieldLook(f, {}, 0)).toEqual({ lines: [[...'[find__]']], dim: { from: 1, to: 5 } });
    expect(fieldLook(f, { 0: 'x' }, 0)).toEqual({ lines: [[...'[x_____]']], dim: null });
    expect(fieldLook(forms('<input placeholder=日本 size=6>'), {}, 0)).toEqual({ lines: [['[', '日', '', '本', '', '_', '_', ']']], dim: { from: 1, to: 5 } });
    expect(fieldLook(f, { 1: 'secret!!' }, 1)!.lines[0].join('')).toBe('[*****…]');
    expect(fieldLook(f, { 2: [1] }, 2)!.lines[0].join('')).toBe('[bb]');
    expect(fieldLook(f, {}, 2)!.lines[0].join('')).toBe('[a\u00a0]');
  });

  it('reads values through the changes, else the defaults', () => {
    const f = forms('<input name=q value=d><input type=checkbox name=c><select name=s multiple><option selected>a<option>b</select>');
    expect([textValue(f, {}, 0), textValue(f, { 0: 'typed' }, 0)]).toEqual(['d', 'typed']);
    expect([isChecked(f, {}, 1), isChecked(f, { 1: true }, 1)]).toEqual([false, true]);
    expect([chosenOptions(f, {}, 2), chosenOptions(f, { 2: [] }, 2)]).toEqual([[0], []]);
  });

  it('says on the status line what the field is', () => {
    const f = forms('<input name=q><input type=checkbox name=exact checked><input type=submit value=Go><select name=l multiple></select><input type=password name=pw disabled>');
    expect([0, 1, 2, 3, 4].map((i) => describeField(f, {}, i))).toEqual([
      'text field q: Enter to type',
      'checkbox exact, checked: Enter or space to change',
      'submit button Go: Enter to send the form',
      'multiple select l: Enter to choose',
      'password field pw: disabled',
    ]);
  });
});

describe('a field on screen', () => {
  it('draws the value over the field where the row wraps it, and a textarea\'s lines behind a list\'s indent', () => {
    const doc = read('<ul><li>Note: <textarea name=t rows=2 cols=6>ab\ncd</textarea></li></ul><p>Words before the field <input name=q size=12 value=0123456789></p>');
    const ctx: Context = { doc, rows: new Wrap(doc, 30), height: 10, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
    const state: State = { ...initialState, fields: { 0: 'x\nyz', 1: 'typed and longer' } };
    const rows = plainRows(ctx, state);
    expect(rows.slice(0, 2)).toEqual(['• Note: [x_____]', '  [yz____]']);
    expect(rows.join('\n')).toContain('[typed and l…]');
    // The document keeps its defaults.
    expect(doc.text.text(0, doc.text.length)).toContain('[0123456789__]');
  });
});

describe('a field and OSC 8', () => {
  it('is never a hyperlink: its href is the action Enter sends the form to', () => {
    const ctx = context('<form action="https://x.example/s"><input name=q></form> <a href="https://x.example/">a link</a>');
    const rows = [draw(ctx, initialState, { cols: 80, rows: 5 }, themeFor(false), { color: false, hyperlinks: true }).rows.join('\n')];
    expect(rows[0].match(/\x1b\]8;id=[^;]*;https:[^\x1b]*/g)).toEqual([expect.stringMatching(/;https:\/\/x\.example\/$/)]);
    expect(rows[0]).not.toContain('https://x.example/s');
  });
});

describe('the keys on fields', () => {
  const FORM = '<form action=/s><input name=q value=old> <input type=checkbox name=c> <input type=radio name=r value=1 checked> <input type=radio name=r value=2> <select name=l><option>a<option disabled>b<option>c</select> <textarea name=t>x</textarea> <input type=password name=p> <input type=submit value=Go> <input type=reset></form>';

  it('Enter types into a text field on the typing line; Enter keeps it, Escape does not, Backspace on an empty line stays', () => {
    const ctx = context(FORM);
    let { state } = pressKeys(ctx, ['<Tab>', '<Enter>']);
    expect([state.mode, state.line.text]).toEqual(['field', 'old']);
    state = pressKeys(ctx, ['<C-u>', '<Backspace>', 'n', 'e', 'w', '<Enter>'], state).state;
    expect([state.mode, state.fields]).toEqual(['ground', { 0: 'new' }]);
    expect(plainRows(ctx, state)[0]).toContain('[new_________________]');
    state = pressKeys(ctx, ['<Enter>', 'x', '<Escape>'], state).state;
    expect(state.fields).toEqual({ 0: 'new' });
  });

  it('Enter and space change a checkbox and choose a radio button of its group; space elsewhere pages on', () => {
    const ctx = context(FORM);
    let { state } = pressKeys(ctx, ['<Tab>', '<Tab>', ' ']);
    expect(state.fields).toEqual({ 1: true });
    state = pressKeys(ctx, ['<Enter>', '<Tab>', '<Tab>', ' '], state).state;
    expect(state.fields).toEqual({ 1: false, 2: false, 3: true });
    expect(plainRows(ctx, state)[0]).toContain('[ ] ( ) (*)');
  });

  it('lists a select\'s options: Down passes a disabled one, Enter chooses, Escape leaves', () => {
    const ctx = context(FORM);
    let { state } = pressKeys(ctx, ['<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Enter>']);
    expect(state.mode).toBe('options');
    expect(plainRows(ctx, state).slice(0, 4)).toEqual(['Choose an option of select l:', '> (*) a', '  ( ) b (disabled)', '  ( ) c']);
    state = pressKeys(ctx, ['<Down>'], state).state;
    expect(state.choosing!.at).toBe(2);
    state = pressKeys(ctx, ['<Enter>'], state).state;
    expect([state.mode, state.fields]).toEqual(['ground', { 4: [2] }]);
    state = pressKeys(ctx, ['<Enter>', '<Up>', '<Escape>'], state).state;
    expect(state.fields).toEqual({ 4: [2] });
  });

  it('types a textarea\'s line breaks as ⏎, and a password as * on the typing line', () => {
    const ctx = context(FORM);
    let { state } = pressKeys(ctx, ['<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Enter>', '<C-o>', 'y', '<Enter>']);
    expect(state.fields).toEqual({ 5: 'x\ny' });
    state = pressKeys(ctx, ['<Tab>', '<Enter>', 's', 'e', 'c'], state).state;
    const status = plainRows(ctx, state).at(-1);
    expect(status).toBe('p: ***');
    state = pressKeys(ctx, ['<C-o>'], state).state;
    expect(plainRows(ctx, state).at(-1)).toBe('Only a text area has more than one line');
  });

  it('Enter on the submit button sends the form with the values; the reset button drops them; secure mode sends nothing', () => {
    const ctx = context(FORM);
    const typed = pressKeys(ctx, ['<Tab>', '<Enter>', '!', '<Enter>']).state;
    const go = pressKeys(ctx, ['<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Tab>', '<Enter>'], typed);
    expect(go.effects).toEqual([{ kind: 'submit', form: 0, submitter: 7, values: { 0: 'old!' } }]);
    const reset = pressKeys(ctx, ['<Tab>', '<Enter>'], go.state).state;
    expect([reset.fields, reset.message]).toEqual([{}, 'The form is as it was at first']);
    const secure = context(FORM, true);
    const refused = pressKeys(secure, ['<S-Tab>', '<S-Tab>', '<Enter>']);
    expect(refused.effects).toEqual([]);
    expect(refused.state.message).toBe('Sending forms is disabled in secure mode');
  });

  it('a click selects a field, and a second click acts on it as Enter does', () => {
    const ctx = context(FORM);
    const col = text(ctx.doc).indexOf('[ ]');
    const once = pressKeys(ctx, [clickKey(0, col + 1)]).state;
    expect(fieldOfLink(ctx.doc, once.selected!)).toBe(1);
    expect(pressKeys(ctx, [clickKey(0, col + 1)], once).state.fields).toEqual({ 1: true });
  });

  it("sends a form with no submit button by Enter in its only text field, as browsers do; not one with a button or two text fields", () => {
    const sent = (html: string) => pressKeys(context(html), ['<Tab>', '<Enter>', 'x', '<Enter>']).effects;
    expect(sent('<form action=/s><input name=q><input type=hidden name=h value=1><input type=checkbox name=c></form>')).toEqual([{ kind: 'submit', form: 0, submitter: null, values: { 0: 'x' } }]);
    expect(sent('<form action=/s><input name=q><input type=submit></form>')).toEqual([]);
    expect(sent('<form action=/s><input name=q><input name=r></form>')).toEqual([]);
  });

  it('waits for the whole page before it sends a form', () => {
    const ctx = context('<form><input type=submit value=Go><input name=later value=1></form>');
    ctx.doc.complete = false;
    const { effects } = pressKeys(ctx, ['<Tab>', '<Enter>'], initialState);
    expect(effects).toEqual([{ kind: 'awaitLoad', action: ['follow'], count: null }]);
  });
});
