// Sending forms: the entry list, the three encodings and the request, held
// to the HTML Standard's form submission and the URL Standard's
// application/x-www-form-urlencoded serializer (Node's URLSearchParams is one
// more implementation of it, to compare with).
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { readWhole } from '../src/document/reader.ts';
import { readerFor } from '../src/document/readers/kinds.ts';
import type { FieldValues, Forms } from '../src/document/forms.ts';
import { crlf, entryList, multipart, newBoundary, submission, textPlain, urlencoded, type Entry, type Submission } from '../src/web/form-submit.ts';
import { formEncoding } from '../src/web/form-encoding.ts';
import { parseUrl, serializeUrl, type UrlRecord } from '../src/link/url/index.ts';

function formsOf(html: string): Forms {
  const doc = new Document('t.html');
  return readWhole(readerFor('html', doc), doc, html).forms!;
}

const url = (text: string): UrlRecord => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.url;
};

const PAGE = url('http://example.org/dir/page.html?old=1#top');
const place = { documentUrl: PAGE, base: PAGE, charset: 'utf-8', boundary: () => 'BOUNDARY' };

/** The form's submission by the button whose caption is `button` (none: the first form, no submitter). */
function send(html: string, button: string | null = null, values: FieldValues = {}): Submission {
  const forms = formsOf(html);
  const submitter = button === null ? null : forms.fields.findIndex((f) => f.label === button);
  return submission(forms, values, submitter === null ? 0 : forms.formOf(submitter), submitter, place);
}

const get = (sent: Submission) => (sent.ok ? serializeUrl(sent.url) : sent.reason);

describe('the application/x-www-form-urlencoded serializer', () => {
  const samples: Entry[][] = [
    [{ name: 'q', value: 'hello world' }],
    [{ name: 'a b', value: 'c+d&e=f' }, { name: '', value: '' }],
    [{ name: 'safe', value: "*-._ !'()~" }],
    [{ name: 'unicode', value: 'café 日本 😀' }],
    [{ name: 'percent', value: '100% %41' }],
    [{ name: 'controls', value: '\t\x00\x7f/?#[]@' }],
  ];

  it.each(samples)('writes %j as URLSearchParams does (spaces as +, the form set percent-encoded)', (...entries) => {
    const reference = new URLSearchParams(entries.map((e): [string, string] => [e.name, e.value])).toString();
    expect(urlencoded(entries)).toBe(reference);
  });

  it('makes every line break a CRLF first, as the Standard converts an entry list to name-value pairs', () => {
    expect(crlf('a\nb\rc\r\nd\n\re')).toBe('a\r\nb\r\nc\r\nd\r\n\r\ne');
    expect(urlencoded([{ name: 'n\n', value: 'one\ntwo\rthree' }])).toBe('n%0D%0A=one%0D%0Atwo%0D%0Athree');
  });

  it('encodes in a single-byte charset, a character it lacks as a decimal reference', () => {
    const latin = formEncoding('', 'windows-1252');
    expect(latin.charset).toBe('windows-1252');
    expect(urlencoded([{ name: 'x', value: 'é€ 日' }], latin.encode)).toBe('x=%E9%80+%26%2326085%3B');
    const cyrillic = formEncoding('KOI8-R', 'utf-8');
    expect(urlencoded([{ name: 'x', value: 'да' }], cyrillic.encode)).toBe('x=%C4%C1');
  });
});

describe('the charset a form is sent in', () => {
  it('is accept-charset\'s first known label, else the page\'s; UTF-16 as UTF-8; multi-byte legacy charsets fall back to UTF-8', () => {
    expect(formEncoding('bogus  ISO-8859-2 utf-8', 'utf-8').charset).toBe('iso-8859-2');
    expect(formEncoding('', 'latin1').charset).toBe('windows-1252');
    expect(formEncoding('', 'utf-16le').charset).toBe('utf-8');
    expect(formEncoding('', 'shift_jis')).toMatchObject({ charset: 'utf-8', fellBack: true });
  });
});

describe('the multipart/form-data and text/plain encodings', () => {
  const utf8 = (s: string) => Buffer.from(s);

  it('writes a part an entry, its name escaped, its value with CRLF line breaks, a file as an empty one, then the closing boundary', () => {
    const body = multipart([{ name: 'a"b\nc', value: 'x\ny' }, { name: 'f', value: '', file: true }], 'B', utf8).toString();
    expect(body).toBe(
      '--B\r\nContent-Disposition: form-data; name="a%22b%0D%0Ac"\r\n\r\nx\r\ny\r\n' +
        '--B\r\nContent-Disposition: form-data; name="f"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n' +
        '--B--\r\n',
    );
  });

  it('makes a boundary of 24 random letters and digits after lwl\'s name', () => {
    expect(newBoundary(() => 0)).toBe(`----lwlFormBoundary${'a'.repeat(24)}`);
    expect(newBoundary()).toMatch(/^----lwlFormBoundary[A-Za-z0-9]{24}$/);
  });

  it('writes text/plain as name=value lines ended by CRLF, nothing escaped', () => {
    expect(textPlain([{ name: 'a', value: 'b c&d' }, { name: 'e', value: '1\n2' }], utf8).toString()).toBe('a=b c&d\r\ne=1\r\n2\r\n');
  });
});

describe('the entry list', () => {
  it('takes the fields in order: checked boxes only (on by default), each chosen option, the submitter and no other button', () => {
    const forms = formsOf(`<form>
      <input name=t value="a b"><input name="" value=unnamed><input name=off disabled value=x>
      <input type=checkbox name=c1><input type=checkbox name=c2 checked><input type=checkbox name=c3 value=yes checked>
      <input type=radio name=r value=1><input type=radio name=r value=2 checked>
      <select name=s multiple><option selected>one<option value=2 selected>two<option disabled selected>three</select>
      <select name=empty></select><textarea name=ta>l1
l2</textarea><input type=hidden name=_charset_>
      <input type=submit name=go value=Go><input type=submit name=other value=Other><button name=b value=v>B</button><input type=reset name=rs>
      <input type=image name=pic alt=Pic><input type=file name=up></form>`);
    const names = (submitter: number | null) => entryList(forms, {}, 0, submitter, 'utf-8').map((e) => `${e.name}=${e.value}${e.file ? ' (file)' : ''}`);
    const go = forms.fields.findIndex((f) => f.label === 'Go');
    expect(names(go)).toEqual(['t=a b', 'c2=on', 'c3=yes', 'r=2', 's=one', 's=2', 'ta=l1\nl2', '_charset_=UTF-8', 'go=Go', 'up= (file)']);
    const pic = forms.fields.findIndex((f) => f.kind === 'image');
    expect(names(pic)).toContain('pic.x=0');
    expect(names(pic)).toContain('pic.y=0');
    expect(names(null)).not.toContain('go=Go');
    // A value typed, a box unchecked, an option chosen.
    expect(entryList(forms, { 0: 'typed', 4: false, 8: [1] }, 0, null, 'utf-8').slice(0, 4).map((e) => e.value)).toEqual(['typed', 'yes', '2', '2']);
  });
});

describe('the request', () => {
  it('GETs the action with the entries as its query, in place of any (the fragment stays); no action is the page itself', () => {
    expect(get(send('<form action="find?x=1#frag"><input name=q value="a b"><input type=submit value=Go></form>', 'Go'))).toBe('http://example.org/dir/find?q=a+b#frag');
    expect(get(send('<form><input name=q value=1></form>'))).toBe('http://example.org/dir/page.html?q=1#top');
  });

  it('POSTs urlencoded, multipart or text/plain as the form says, and the submitter\'s formaction, formmethod and formenctype win', () => {
    const html = `<form action=/p method=post><input name=q value="a b">
      <input type=submit value=Plain><input type=submit value=Multi formenctype=multipart/form-data>
      <input type=submit value=Text formenctype=text/plain><input type=submit value=Get formmethod=get formaction=/g></form>`;
    const plain = send(html, 'Plain');
    expect(plain).toMatchObject({ ok: true, method: 'POST', contentType: 'application/x-www-form-urlencoded' });
    expect(plain.ok && plain.method === 'POST' && [serializeUrl(plain.url), plain.body.toString()]).toEqual(['http://example.org/p', 'q=a+b']);
    const multi = send(html, 'Multi');
    expect(multi).toMatchObject({ method: 'POST', contentType: 'multipart/form-data; boundary=BOUNDARY' });
    expect(multi.ok && multi.method === 'POST' && multi.body.toString()).toBe('--BOUNDARY\r\nContent-Disposition: form-data; name="q"\r\n\r\na b\r\n--BOUNDARY--\r\n');
    expect(send(html, 'Text')).toMatchObject({ method: 'POST', contentType: 'text/plain' });
    expect(get(send(html, 'Get'))).toBe('http://example.org/g?q=a+b');
  });

  it('refuses a script, a non-web action, a dialog, a bad URL, too many entries and too many bytes, saying why', () => {
    const refused = (html: string) => {
      const sent = send(html);
      return sent.ok ? 'sent' : sent.reason;
    };
    expect(refused('<form action="javascript:alert(1)"></form>')).toBe('Not sent: the form would run a script (javascript:), and lwl runs none');
    expect(refused('<form action="JavaScript:void(0)"></form>')).toContain('javascript:');
    expect(refused('<form action="file:///etc/passwd"></form>')).toBe('Not sent: lwl sends forms only to http and https, not file:');
    expect(refused('<form action="mailto:a@b.example"></form>')).toBe('Not sent: lwl sends forms only to http and https, not mailto:');
    expect(refused('<form method=dialog></form>')).toBe('Not sent: this form only closes a dialog, which needs scripts');
    expect(refused('<form action="http://[bad"></form>')).toMatch(/^Not sent: the form's action is not a URL/);
    const many = Array.from({ length: 5001 }, (_, i) => `<input type=hidden name=n${i}>`).join('');
    expect(refused(`<form>${many}</form>`)).toBe('Not sent: the form has 5,001 fields, and lwl sends at most 5,000');
    const big = submission(formsOf('<form><input type=hidden name=big></form>'), { 0: 'x'.repeat(5 * 1024 * 1024) }, 0, null, place);
    expect(big.ok ? 'sent' : big.reason).toBe('Not sent: the form holds 5.0 MiB, and lwl sends at most 4 MiB');
  });

  it('says when it sends UTF-8 for a charset it cannot write', () => {
    const sent = submission(formsOf('<form><input name=q value=日本></form>'), {}, 0, null, { ...place, charset: 'shift_jis' });
    expect(sent).toMatchObject({ ok: true, note: 'Sent in UTF-8: lwl cannot write the page\'s charset, shift_jis' });
    expect(get(sent)).toBe('http://example.org/dir/page.html?q=%E6%97%A5%E6%9C%AC#top');
  });
});
