// Sending a form, as the HTML Standard's form submission says: the entry
// list (the fields in order, the submitter's name and value, checkboxes and
// radio buttons only when checked, each chosen option of a select), then the
// body or query in the form's enctype: application/x-www-form-urlencoded
// (the URL Standard's serializer: the project's URL module's percent-encode
// set, spaces as `+`), multipart/form-data, or text/plain; line breaks as
// CRLF. The submitter's formaction, formmethod and formenctype win over the
// form's. What lwl will not send (a script's URL, a file: URL, a form too big)
// is refused with a sentence that says why.
import { FORM_URLENCODED_SET, inEncodeSet, parseUrl, utf8PercentEncode, type UrlRecord } from '../link/url/index.ts';
import { chosenOptions, isChecked, textValue, type FieldValues, type Forms } from '../document/forms.ts';
import { formEncoding, type Encode } from './form-encoding.ts';
import { formatBytes, formatCount } from '../text/count.ts';

/** One entry of the list a form sends: a name and a value, or an empty file (lwl sends no files). */
export interface Entry {
  name: string;
  value: string;
  file?: boolean;
}

/** Entries a form may send, and bytes of body or query: a page's form past these is not sent. */
export const MOST_ENTRIES = 5000;
export const MOST_BYTES = 4 * 1024 * 1024;

/** The entry list of form `form`, sent by `submitter` (a field number, or null for none). */
export function entryList(forms: Forms, values: FieldValues, form: number, submitter: number | null, charset: string): Entry[] {
  const entries: Entry[] = [];
  for (const i of forms.fieldsOf(form)) {
    const field = forms.fields[i];
    if (field.disabled) continue;
    const isButton = field.kind === 'submit' || field.kind === 'image' || field.kind === 'reset' || field.kind === 'button';
    if (isButton && i !== submitter) continue;
    if (field.kind === 'image') {
      // Where the image was clicked: lwl has no picture to click, so its corner.
      const prefix = field.name === '' ? '' : `${field.name}.`;
      entries.push({ name: `${prefix}x`, value: '0' }, { name: `${prefix}y`, value: '0' });
      continue;
    }
    if (field.name === '') continue;
    if ((field.kind === 'checkbox' || field.kind === 'radio') && !isChecked(forms, values, i)) continue;
    if (field.kind === 'select') {
      for (const k of chosenOptions(forms, values, i)) {
        const option = field.options[k];
        if (option && !option.disabled) entries.push({ name: field.name, value: option.value });
      }
      continue;
    }
    if (field.kind === 'file') {
      entries.push({ name: field.name, value: '', file: true });
      continue;
    }
    if (field.kind === 'hidden' && field.name.toLowerCase() === '_charset_') {
      entries.push({ name: field.name, value: charset.toUpperCase() === 'UTF-8' ? 'UTF-8' : charset });
      continue;
    }
    entries.push({ name: field.name, value: textValue(forms, values, i) });
  }
  return entries;
}

/** Every CR or LF not in a CRLF made a CRLF, as each serializer wants its line breaks. */
export function crlf(text: string): string {
  return text.includes('\r') || text.includes('\n') ? text.replace(/\r\n|\r|\n/g, '\r\n') : text;
}

/** Bytes percent-encoded by the application/x-www-form-urlencoded set, 0x20 as `+`. */
function percentEncodeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b === 0x20 ? '+' : inEncodeSet(FORM_URLENCODED_SET, b) ? `%${b.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(b);
  return out;
}

/** One name or value as the urlencoded serializer writes it: UTF-8 by the URL module, another charset from its bytes. */
function formEncode(text: string, encode: Encode | null): string {
  if (encode === null) return text.split(' ').map((part) => utf8PercentEncode(part, FORM_URLENCODED_SET)).join('+');
  return percentEncodeBytes(encode(text));
}

/** The application/x-www-form-urlencoded serializer (`encode`: the charset's, null for UTF-8). */
export function urlencoded(entries: Entry[], encode: Encode | null = null): string {
  return entries.map((e) => `${formEncode(crlf(e.name), encode)}=${formEncode(crlf(e.value), encode)}`).join('&');
}

/** The text/plain encoding: `name=value` lines, ended by CRLF. */
export function textPlain(entries: Entry[], encode: Encode): Buffer {
  return encode(entries.map((e) => `${crlf(e.name)}=${crlf(e.value)}\r\n`).join(''));
}

/** A multipart name or file name: line breaks and quotes escaped, as the Standard's multipart/form-data encoding does. */
function multipartName(name: string): string {
  return crlf(name).replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
}

/** A boundary no value holds by chance: lwl's name and 24 random letters and digits. */
export function newBoundary(random: () => number = Math.random): string {
  const chars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let tail = '';
  for (let i = 0; i < 24; i++) tail += chars[Math.floor(random() * chars.length)];
  return `----lwlFormBoundary${tail}`;
}

/** The multipart/form-data encoding of the entries, parts apart by `boundary`. */
export function multipart(entries: Entry[], boundary: string, encode: Encode): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${multipartName(e.name)}"`;
    if (e.file) head += `; filename=""\r\nContent-Type: application/octet-stream`;
    parts.push(encode(`${head}\r\n\r\n`), e.file ? Buffer.alloc(0) : encode(crlf(e.value)), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

/** What sending a form asks for: a GET of a URL, or a POST of a body. */
export type Submission =
  | { ok: true; method: 'GET'; url: UrlRecord; note: string | null }
  | { ok: true; method: 'POST'; url: UrlRecord; body: Buffer; contentType: string; note: string | null }
  | { ok: false; reason: string };

export interface SubmitPlace {
  /** The document's URL: a form with no action goes back to it. */
  documentUrl: UrlRecord;
  /** The base URL an action is resolved against. */
  base: UrlRecord;
  /** The charset the page was read in. */
  charset: string;
  /** Makes a multipart boundary (tests give a fixed one). */
  boundary?: () => string;
}

const refuse = (reason: string): Submission => ({ ok: false, reason });

/** The request that sends form `form` by `submitter`, or why it is not sent. */
export function submission(forms: Forms, values: FieldValues, form: number, submitter: number | null, place: SubmitPlace): Submission {
  const info = forms.forms[form];
  if (!info) return refuse('This field is in no form: there is nothing to send');
  const button = submitter === null ? null : forms.fields[submitter];
  const actionText = (button?.formAction ?? info.action ?? '').trim();
  let action = place.documentUrl;
  if (actionText !== '') {
    const parsed = parseUrl(actionText, place.base);
    if (!parsed.ok) return refuse(`Not sent: the form's action is not a URL (${parsed.reason})`);
    action = parsed.url;
  }
  if (action.scheme === 'javascript') return refuse('Not sent: the form would run a script (javascript:), and lwl runs none');
  if (action.scheme !== 'http' && action.scheme !== 'https') return refuse(`Not sent: lwl sends forms only to http and https, not ${action.scheme}:`);
  const method = (button?.formMethod ?? info.method).trim().toLowerCase();
  if (method === 'dialog') return refuse('Not sent: this form only closes a dialog, which needs scripts');
  const enctypeText = (button?.formEnctype ?? info.enctype).trim().toLowerCase();
  const enctype = enctypeText === 'multipart/form-data' || enctypeText === 'text/plain' ? enctypeText : 'application/x-www-form-urlencoded';
  const encoding = formEncoding(info.acceptCharset, place.charset);
  const note = encoding.fellBack ? `Sent in UTF-8: lwl cannot write the page's charset, ${place.charset}` : null;
  const entries = entryList(forms, values, form, submitter, encoding.charset);
  if (entries.length > MOST_ENTRIES) return refuse(`Not sent: the form has ${formatCount(entries.length)} fields, and lwl sends at most ${formatCount(MOST_ENTRIES)}`);
  const bytes = entries.reduce((sum, e) => sum + e.name.length + e.value.length, 0);
  if (bytes > MOST_BYTES) return refuse(`Not sent: the form holds ${formatBytes(bytes)}, and lwl sends at most ${formatBytes(MOST_BYTES)}`);
  const encode = encoding.charset === 'utf-8' ? null : encoding.encode;
  if (method !== 'post') {
    // GET: the entries are the action's query, in place of any it had.
    return { ok: true, method: 'GET', url: { ...action, query: urlencoded(entries, encode) }, note };
  }
  if (enctype === 'multipart/form-data') {
    const boundary = (place.boundary ?? newBoundary)();
    return { ok: true, method: 'POST', url: action, body: multipart(entries, boundary, encoding.encode), contentType: `multipart/form-data; boundary=${boundary}`, note };
  }
  if (enctype === 'text/plain') return { ok: true, method: 'POST', url: action, body: textPlain(entries, encoding.encode), contentType: 'text/plain', note };
  return { ok: true, method: 'POST', url: action, body: Buffer.from(urlencoded(entries, encode), 'latin1'), contentType: 'application/x-www-form-urlencoded', note };
}
