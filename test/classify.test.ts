// classify(): one kind and one charset for a source, files and the web alike;
// and the one prescan it reads an HTML page's own charset with.
import { describe, expect, it } from 'vitest';
import { charsetOf, classify, type Described } from '../src/input/classify.ts';
import { charsetInContent, prescanCharset } from '../src/input/prescan.ts';

const ascii = (s: string) => Buffer.from(s, 'latin1');
const kindOf = (name: string, head: string) => classify({ name, head: Buffer.from(head), headComplete: true }).kind;

describe('the kind of a file, from its name and first bytes', () => {
  /** Each a name, the first bytes, and the kind they make. */
  const cases = (table: [string, string, string][]) => table.map(([name, head, kind]) => [name, head, kindOf(name, head), kind]);

  it('reads bro pages and .lwl files as markup, .md files as markdown, .html as html, everything else as plain', () => {
    const table: [string, string, string][] = [
      ['-', 'Retrieved from [https://example.org/](https://example.org/) on 2026-11-30.\n', 'markup'],
      ['page.txt', 'Retrieved from [x](y) on today.', 'markup'],
      ['README.md', 'anything', 'markdown'],
      ['notes.MARKDOWN', '', 'markdown'],
      ['page.md', 'Retrieved from [x](y) on today.', 'markup'],
      ['guide.lwl', '[a b](c d)', 'markup'],
      ['-', '<!DOCTYPE html><title>t</title>', 'html'],
      ['index.htm', 'x', 'html'],
      ['-', '\x1b[33mcommit 0def45f\x1b[m\n', 'plain'],
      ['x.js', 'Retrieved from somewhere on a day.', 'plain'],
    ];
    for (const [name, head, got, kind] of cases(table)) expect([name, head, got]).toEqual([name, head, kind]);
  });

  it('knows HTML by its start, past white space, a byte order mark and comments', () => {
    const table: [string, string, string][] = [
      ['-', '\n  <!DOCTYPE html><html>', 'html'],
      ['-', '\uFEFF<html><body>', 'html'],
      ['-', '<!-- made by hand -->\n<head><title>x</title>', 'html'],
      ['-', '<body>\n<p>x', 'html'],
      ['-', '<p>not sure</p>', 'plain'],
      // A Markdown file that starts with a comment is Markdown still.
      ['README.md', '<!-- badges -->\n# Title\n', 'markdown'],
    ];
    for (const [name, head, got, kind] of cases(table)) expect([name, head, got]).toEqual([name, head, kind]);
  });

  it('takes the kind the user chose, and decides the charset for it', () => {
    const head = ascii('<meta charset="koi8-r"><p>x');
    expect(classify({ name: 'page.html', head, headComplete: true })).toMatchObject({ kind: 'html', charset: 'koi8-r', charsetFrom: 'meta' });
    expect(classify({ name: 'page.html', head, headComplete: true }, 'raw')).toMatchObject({ kind: 'raw', charset: 'utf-8', charsetFrom: 'default' });
  });
});

describe('the kind of a page, from its declared type', () => {
  const typed = (type: string, name = '/x', head = 'text') => classify({ name, head: Buffer.from(head), headComplete: true, type, charset: null });

  it('maps each declared type to a kind, whatever the name and the bytes say', () => {
    expect(typed('text/html').kind).toBe('html');
    expect(typed('application/xhtml+xml').kind).toBe('html');
    expect(typed('text/markdown').kind).toBe('markdown');
    expect(typed('text/x-markdown').kind).toBe('markdown');
    for (const type of ['text/plain', 'text/css', 'application/json', 'application/atom+xml', 'application/vnd.api+json', 'application/xml', 'application/x-sh']) {
      expect([type, typed(type).kind, typed(type).notText]).toEqual([type, 'plain', false]);
    }
    expect(typed('text/plain', '/README.md', '<!doctype html>').kind).toBe('plain');
  });

  it('says a type that is not text is not, and reads it as plain if shown anyway', () => {
    for (const type of ['application/octet-stream', 'image/png', 'application/pdf']) expect([type, typed(type).kind, typed(type).notText]).toEqual([type, 'plain', true]);
  });

  it('reads a page with no type as a file of its name would be read, and sniffs what is not text', () => {
    expect(typed('', '/a/b.HTML').kind).toBe('html');
    expect(typed('', '/README.md').kind).toBe('markdown');
    expect(typed('', '/', '<!doctype html><p>x').kind).toBe('html');
    expect(typed('', '/notes.txt', '# title\n\ntext\twith tab\x1b[1mbold\x1b[m\r\n')).toMatchObject({ kind: 'plain', notText: false });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(200, 0x01)]);
    expect(classify({ name: '/image', head: png, headComplete: true, type: '' }).notText).toBe(true);
    // A file has no transport: its binary question is asked on more of it (cli.ts, binary.ts).
    expect(classify({ name: 'image', head: png, headComplete: true }).notText).toBe(false);
  });
});

describe('the charset, as the encoding sniffing algorithm decides it', () => {
  const charset = (head: Buffer, declared: string | null = null, kind: 'html' | 'plain' = 'html') => charsetOf(kind, head, declared, true);

  it('takes a byte order mark first, then the declared charset, then (HTML) the prescan, then UTF-8', () => {
    expect(charset(Buffer.from([0xef, 0xbb, 0xbf, 0x3c]), 'koi8-r')).toEqual({ charset: 'utf-8', from: 'bom' });
    expect(charset(Buffer.from([0xff, 0xfe, 0x3c, 0]))).toEqual({ charset: 'utf-16le', from: 'bom' });
    expect(charset(Buffer.from([0xfe, 0xff, 0, 0x3c]), null, 'plain')).toEqual({ charset: 'utf-16be', from: 'bom' });
    expect(charset(ascii('<meta charset="iso-8859-2">'), 'Shift_JIS')).toEqual({ charset: 'shift_jis', from: 'header' });
    expect(charset(ascii('<meta charset="iso-8859-2">'))).toEqual({ charset: 'iso-8859-2', from: 'meta' });
    expect(charset(ascii('<meta charset=latin1>'))).toEqual({ charset: 'windows-1252', from: 'meta' });
    expect(charset(ascii('<meta charset="iso-8859-2">'), null, 'plain')).toEqual({ charset: 'utf-8', from: 'default' });
    expect(charset(ascii('<meta charset="no-such-thing">'))).toEqual({ charset: 'utf-8', from: 'default' });
    expect(charset(ascii('<meta charset="utf-8">'), 'no-such-charset')).toEqual({ charset: 'utf-8', from: 'meta' });
  });

  it('waits for more of a head that is too short to say', () => {
    expect(charsetOf('plain', Buffer.from([0xef, 0xbb]), null, false).charset).toBeNull();
    expect(charsetOf('plain', Buffer.from('ab'), null, false).charset).toBe('utf-8');
    expect(charsetOf('html', ascii('<p>'), null, false).charset).toBeNull();
    expect(charsetOf('html', ascii('<p>'), 'koi8-r', false).charset).toBe('koi8-r');
    expect(charsetOf('html', ascii('<p>'.repeat(400)), null, false).charset).toBe('utf-8');
    expect(charsetOf('html', ascii('<p>'), null, true).charset).toBe('utf-8');
  });

  it('gives the same kind and charset for the same bytes from a file and from a response that names no charset', () => {
    const heads = [
      '<!doctype html><meta charset="windows-1251"><p>x',
      '<html><!-- <meta charset="koi8-r"> --><meta charset=x-user-defined>',
      '<!-- unclosed <meta charset="koi8-r">',
      '<!doctype html><p>plain UTF-8 \u00e9',
      'Retrieved from [x](y) on today.',
      'just text\n',
    ];
    for (const text of heads) {
      const head = Buffer.from(text, 'latin1');
      for (const name of ['page.html', 'notes.txt', 'README.md']) {
        const file: Described = { name, head, headComplete: true };
        const untyped = classify({ ...file, name: `/${name}`, type: '', charset: null });
        expect([text, name, untyped]).toEqual([text, name, classify(file)]);
      }
      const typed = classify({ name: '/page', head, headComplete: true, type: 'text/html', charset: null });
      const { charset: fromFile } = classify({ name: 'page.html', head, headComplete: true });
      expect([text, typed.charset]).toEqual([text, fromFile]);
    }
  });
});

describe('prescanCharset', () => {
  const scan = (html: string) => prescanCharset(Buffer.from(html, 'latin1'));
  it('finds <meta charset> and <meta http-equiv>', () => {
    expect(scan('<html><head><meta charset="ISO-8859-2"><title>x')).toBe('iso-8859-2');
    expect(scan("<meta charset='shift_jis'>")).toBe('shift_jis');
    expect(scan('<meta charset=koi8-r />')).toBe('koi8-r');
    expect(scan('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">')).toBe('windows-1251');
    expect(scan('<meta content="text/html;charset=\'latin1\'" http-equiv=content-type>')).toBe('windows-1252');
  });

  it('skips comments, unknown labels and other metas; stops at 1024 bytes', () => {
    expect(scan('<!-- <meta charset="koi8-r"> --><meta charset="big5">')).toBe('big5');
    expect(scan('<meta name="viewport" content="charset=koi8-r"><meta charset="nonsense"><meta charset=euc-jp>')).toBe('euc-jp');
    expect(scan('<metadata charset="koi8-r">')).toBeNull();
    expect(scan(' '.repeat(1024) + '<meta charset="koi8-r">')).toBeNull();
    expect(scan('<p>no meta here</p>')).toBeNull();
  });

  it('reads UTF-16 in a meta as UTF-8, x-user-defined as windows-1252', () => {
    expect(scan('<meta charset="utf-16">')).toBe('utf-8');
    expect(scan('<meta charset="x-user-defined">')).toBe('windows-1252');
  });

  it('finds the charset in a content value', () => {
    expect(charsetInContent('text/html; charset="utf-8"')).toBe('utf-8');
    expect(charsetInContent('text/html;CHARSET = gbk ; x')).toBe('gbk');
    expect(charsetInContent('text/html')).toBeNull();
  });
});

describe('the prescan, where the two that were disagreed', () => {
  const scan = (html: string) => prescanCharset(Buffer.from(html, 'latin1'));
  it('reads x-user-defined as windows-1252, from charset= and from http-equiv', () => {
    expect(scan('<meta charset="X-User-Defined">')).toBe('windows-1252');
    expect(scan('<meta http-equiv="content-type" content="text/html; charset=x-user-defined">')).toBe('windows-1252');
  });

  it('lets a comment left open hide the rest of the head', () => {
    expect(scan('<!-- not closed <meta charset="koi8-r">')).toBeNull();
    expect(scan('<!-- not closed > <meta charset="koi8-r">')).toBeNull();
    expect(scan('<!-- -- > still open <meta charset="koi8-r">')).toBeNull();
  });

  it('ends a comment at its first -->, the dashes of <!-- counting', () => {
    expect(scan('<!--><meta charset="koi8-r">')).toBe('koi8-r');
    expect(scan('<!---><meta charset="koi8-r"> -->')).toBe('koi8-r');
    expect(scan('<!-- a --><meta charset="koi8-r">')).toBe('koi8-r');
  });

  it('skips the attributes of other tags, quoted > and all, and <!...>, </...>, <?...>', () => {
    expect(scan('<div title="<meta charset=koi8-r>"><meta charset="big5">')).toBe('big5');
    expect(scan('<!doctype html><?xml x?></p><meta charset="big5">')).toBe('big5');
    expect(scan('<script>"<meta charset=koi8-r>"</script>')).toBe('koi8-r');
  });

  it('needs http-equiv for a content charset, takes the first of an attribute, and finds nothing in a tag cut off', () => {
    expect(scan('<meta content="text/html; charset=koi8-r">')).toBeNull();
    expect(scan('<meta charset="koi8-r" charset="big5">')).toBe('koi8-r');
    expect(scan('<meta content="charset=koi8-r" http-equiv="Content-Type" charset="big5">')).toBe('big5');
    expect(scan('<meta charset="nonsense" content="charset=koi8-r" http-equiv=content-type>')).toBeNull();
    expect(scan('<meta charset="koi8-r"')).toBeNull();
  });
});
