// The plain reader: SGR, overstrike, OSC 8 and bare URLs read from program output.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { FileText } from '../src/document/filetext.ts';
import { PlainReader, readPlain } from '../src/document/readers/plain.ts';
import { readerFor } from '../src/document/readers/kinds.ts';
import type { TextStyle } from '../src/document/styles.ts';
import fs from 'node:fs';
import { searchAll } from '../src/document/search.ts';
import { seeded } from './random.ts';
import os from 'node:os';
import path from 'node:path';

const ESC = '\x1b';

function read(input: string | Buffer): Document {
  return readPlain(new Document('t'), input);
}

const shown = (doc: Document) => doc.text.text(0, doc.text.length);

/** Each style span as [text, style]. */
function styled(doc: Document): Array<[string, TextStyle]> {
  const out: Array<[string, TextStyle]> = [];
  const spans = doc.styleSpans;
  const [from, to] = spans.range(0, doc.text.length);
  for (let k = from; k < to; k++) out.push([doc.text.text(spans.start(k), spans.end(k)), doc.styleTable.get(spans.tag(k))]);
  return out;
}

/** Each link as [text, href]. */
function links(doc: Document): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let k = 0; k < doc.links.count; k++) out.push([doc.text.text(doc.links.start(k), doc.links.end(k)), doc.href(k)]);
  return out;
}

describe('SGR', () => {
  it('reads 8, 16, 256 and 24-bit colours, foreground and background, with ; and : parameters', () => {
    const doc = read(`${ESC}[31ma${ESC}[0m ${ESC}[92mb${ESC}[m ${ESC}[38;5;208mc${ESC}[39m ${ESC}[48;2;1;2;255md${ESC}[49m ${ESC}[38:2::16:32:48me${ESC}[m ${ESC}[38:5:17;44mf${ESC}[m`);
    expect(shown(doc)).toBe('a b c d e f');
    expect(styled(doc)).toEqual([
      ['a', { fg: 1 }],
      ['b', { fg: 10 }],
      ['c', { fg: 208 }],
      ['d', { bg: '#0102ff' }],
      ['e', { fg: '#102030' }],
      ['f', { fg: 17, bg: 4 }],
    ]);
  });

  it('reads attributes and their resets', () => {
    const doc = read(`${ESC}[1;2;3;4;7;9mall${ESC}[22;23mrest${ESC}[24;27;29mnone${ESC}[4:0m.`);
    expect(styled(doc)).toEqual([
      ['all', { bold: true, dim: true, italic: true, underline: true, reverse: true, strike: true }],
      ['rest', { underline: true, reverse: true, strike: true }],
    ]);
  });

  it('shows a hostile SGR as tokens: a colour out of range, thousands of parameters, a parameter of 40 digits', () => {
    const many = `${ESC}[${'1;'.repeat(3000)}1m`;
    const doc = read(`${ESC}[38;5;999mA ${many}B ${ESC}[${'9'.repeat(40)}mC ${ESC}[38;2;1;2mD`);
    const text = shown(doc);
    expect(text.startsWith('<1b>[38;5;999mA <1b>[1;1;')).toBe(true);
    expect(text).toContain(`B <1b>[${'9'.repeat(40)}mC <1b>[38;2;1;2mD`);
    expect(text).not.toContain(ESC);
    expect(styled(doc)).toEqual([]);
  });

  it('keeps other sequences as tokens, and drops erase-to-end-of-line', () => {
    const doc = read(`${ESC}[2Ja${ESC}[Kb${ESC}]0;title\x07c${ESC}P1$r${ESC}\\d\u009be${ESC}_x${ESC}\\`);
    expect(shown(doc)).toBe('<1b>[2Jab<1b>]0;title<07>c<1b>P1$r<1b>\\d<c29b>e<1b>_x<1b>\\');
  });

  it('is the same however the input is cut into chunks', () => {
    const input = Buffer.from(`x ${ESC}[1;38;5;3mbold${ESC}[m N\bNA\bA ${ESC}]8;;http://h/\x07l${ESC}]8;;\x07 https://e.org/a.\n`.repeat(40));
    const whole = read(input);
    for (const size of [1, 2, 3, 7, 64]) {
      const doc = new Document('t');
      const reader = new PlainReader(doc);
      for (let at = 0; at < input.length; at += size) reader.write(input.subarray(at, at + size));
      reader.end();
      expect(shown(doc)).toBe(shown(whole));
      expect(styled(doc).map(([t, s]) => t + JSON.stringify(s)).join('')).toBe(styled(whole).map(([t, s]) => t + JSON.stringify(s)).join(''));
      expect(links(doc)).toEqual(links(whole));
    }
  });

  it('reads a file in place as it reads a pipe', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-plain-'));
    const file = path.join(dir, 'log');
    const input = `${ESC}[33mcommit 1${ESC}[m\nsee https://example.org/x.\n`;
    fs.writeFileSync(file, input);
    const fd = fs.openSync(file, 'r');
    const doc = new Document(file, new FileText(fd));
    const reader = new PlainReader(doc);
    reader.write(fs.readFileSync(file));
    reader.end();
    expect(shown(doc)).toBe('commit 1\nsee https://example.org/x.\n');
    expect(styled(doc)).toEqual([['commit 1', { fg: 3 }]]);
    expect(links(doc)).toEqual([['https://example.org/x', 'https://example.org/x']]);
    fs.closeSync(fd);
  });
});

describe('overstrike', () => {
  it('reads bold, underline and both, as man pages write them', () => {
    const doc = read('N\bNA\bAM\bME\bE _\bf_\bi_\bl_\be _\bB\bBo\bo_\b_');
    expect(shown(doc)).toBe('NAME file Bo_');
    expect(styled(doc)).toEqual([
      ['NAME', { bold: true }],
      ['file', { underline: true }],
      ['B', { bold: true, underline: true }],
      ['o_', { bold: true }],
    ]);
  });

  it('reads overstruck wide and multi-byte characters, with one backspace or two', () => {
    const doc = read('é\béü\bü 中\b\b中_\b文 x\b_');
    expect(shown(doc)).toBe('éü 中文 x');
    expect(styled(doc)).toEqual([
      ['éü', { bold: true }],
      ['中', { bold: true }],
      ['文', { underline: true }],
      ['x', { underline: true }],
    ]);
  });

  it('keeps a backspace that forms no overstrike as a token', () => {
    expect(shown(read('\bstart a\bb end\b'))).toBe('<08>start a<08>b end<08>');
    expect(shown(read('\x1b[1m\bx'))).toBe('<08>x');
  });
});

describe('OSC 8', () => {
  it('reads links ended by ST or BEL, with parameters', () => {
    const doc = read(`a ${ESC}]8;id=7;https://example.org/p?q=1${ESC}\\the text${ESC}]8;;${ESC}\\ b ${ESC}]8;;file:///etc/motd\x07motd${ESC}]8;;\x07.`);
    expect(shown(doc)).toBe('a the text b motd.');
    expect(links(doc)).toEqual([
      ['the text', 'https://example.org/p?q=1'],
      ['motd', 'file:///etc/motd'],
    ]);
  });

  it('ends a link at the end of its line', () => {
    const doc = read(`${ESC}]8;;http://a/${ESC}\\one\ntwo`);
    expect(links(doc)).toEqual([['one', 'http://a/']]);
  });

  it('shows as tokens an OSC 8 holding a control byte, or with no end on its line (CVE-2022-46663)', () => {
    const cve = read(`${ESC}]8;;http://a/${ESC}[2J${ESC}\\x${ESC}]8;;${ESC}\\`);
    expect(shown(cve)).toBe('<1b>]8;;http://a/<1b>[2J<1b>\\x');
    // The URL shown in the tokens is a bare URL like any other; the text after is no link.
    expect(links(cve)).toEqual([['http://a/', 'http://a/']]);
    const c1 = read(`${ESC}]8;;http://a/\u009b2J\x07x${ESC}]8;;\x07`);
    expect(shown(c1)).toBe('<1b>]8;;http://a/<c29b>2J<07>x');
    const open = read(`${ESC}]8;;http://a/\nx`);
    expect(shown(open)).toBe('<1b>]8;;http://a/\nx');
    expect(links(open)).toEqual([['http://a/', 'http://a/']]);
  });
});

describe('bare URLs', () => {
  const found = (text: string) => links(read(text)).map(([t]) => t);

  it('finds http, https, ftp, file, mailto and www hosts', () => {
    expect(links(read('see http://a.org/x, https://b.org ftp://c.org/f file:///tmp/f mailto:me@d.org www.e.org/p.'))).toEqual([
      ['http://a.org/x', 'http://a.org/x'],
      ['https://b.org', 'https://b.org'],
      ['ftp://c.org/f', 'ftp://c.org/f'],
      ['file:///tmp/f', 'file:///tmp/f'],
      ['mailto:me@d.org', 'mailto:me@d.org'],
      ['www.e.org/p', 'http://www.e.org/p'],
    ]);
  });

  it('gives back trailing punctuation and an unbalanced parenthesis, as GitHub does', () => {
    expect(found('(see https://en.wikipedia.org/wiki/Less_(Unix)). https://x.org/a; https://x.org/b: "https://x.org/c"')).toEqual([
      'https://en.wikipedia.org/wiki/Less_(Unix)',
      'https://x.org/a',
      'https://x.org/b',
      'https://x.org/c',
    ]);
    expect(found('https://x.org/?q=1! [https://y.org/] <https://z.org/>')).toEqual(['https://x.org/?q=1', 'https://y.org/', 'https://z.org/']);
  });

  it('needs a word boundary and something after the scheme', () => {
    expect(found('xhttp://a.org nowww.a.org http:// https:x www. mailto:')).toEqual([]);
  });

  it('finds a coloured URL, and none inside an OSC 8 link', () => {
    expect(found(`${ESC}[33mhttps://a.org/${ESC}[m`)).toEqual(['https://a.org/']);
    expect(links(read(`${ESC}]8;;http://b/\x07https://c.org${ESC}]8;;\x07`))).toEqual([['https://c.org', 'http://b/']]);
  });

  it('ends a URL before a byte that is not UTF-8 or a C1 control, which stay tokens', () => {
    const doc = read(Buffer.concat([Buffer.from('https://a.org/é'), Buffer.from([0xff]), Buffer.from(' https://b.org/x\u009by')]));
    expect(shown(doc)).toBe('https://a.org/é<ff> https://b.org/x<c29b>y');
    expect(links(doc)).toEqual([
      ['https://a.org/é', 'https://a.org/é'],
      ['https://b.org/x', 'https://b.org/x'],
    ]);
  });

  it('never hides a bracket in plain text', () => {
    const doc = read('return value[chaiInspect](options); a[b](c) \\[x\\]');
    expect(shown(doc)).toBe('return value[chaiInspect](options); a[b](c) \\[x\\]');
    expect(doc.links.count).toBe(0);
  });
});

describe('kinds', () => {
  it('shows the raw text, every escape a token, and finds no link in it', () => {
    const doc = new Document('x');
    const reader = readerFor('raw', doc);
    reader.write(Buffer.from('\x1b[33mhttps://a.org\x1b[m N\bN \x1b]8;;http://b/\x07l'));
    reader.end();
    expect(doc.kind).toBe('raw');
    expect(shown(doc)).toBe('<1b>[33mhttps://a.org<1b>[m N<08>N <1b>]8;;http://b/<07>l');
    expect(doc.links.count).toBe(0);
    expect(styled(doc)).toEqual([]);
  });
});

describe('coloured runs', () => {
  /** What a document shows, as one string: text, tokens, styles and links. */
  function everything(doc: Document): string {
    const tokens = doc.tokens.within(0, doc.text.length).map(([s, e]) => `${s}-${e}`);
    return JSON.stringify({ text: shown(doc), tokens, styles: styled(doc), links: links(doc) });
  }

  /** Reads `input` from a file, in chunks of `size`, as the pager does a regular file. */
  function fromFile(input: Buffer, size: number): { doc: Document; pieces: number; close: () => void } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-runs-'));
    const file = path.join(dir, 'log');
    fs.writeFileSync(file, input);
    const fd = fs.openSync(file, 'r');
    const doc = new Document(file, new FileText(fd));
    const reader = new PlainReader(doc);
    for (let at = 0; at < input.length; at += size) reader.write(input.subarray(at, at + size));
    reader.end();
    const pieces = (doc.text as unknown as { starts: { count: number } }).starts.count;
    return { doc, pieces, close: () => (fs.closeSync(fd), fs.rmSync(dir, { recursive: true })) };
  }

  it('keeps a coloured log as a piece per 32 KiB, not one per colour, with its styles found when asked', () => {
    const line = `${ESC}[2m12:00:01${ESC}[m ${ESC}[1;31mERROR${ESC}[m ${ESC}[36mload${ESC}[m: a ${ESC}[38;5;208mcommit${ESC}[39m failed\n`;
    const input = Buffer.from(line.repeat(5000));
    const { doc, pieces, close } = fromFile(input, 65536);
    expect(shown(doc)).toBe('12:00:01 ERROR load: a commit failed\n'.repeat(5000));
    expect(pieces).toBeLessThanOrEqual(Math.ceil(input.length / 32768) + 1);
    expect(doc.styles.count).toBe(0); // none stored: all found in the runs
    const spans = doc.styleSpans;
    const last = doc.text.length - 37;
    const [from, to] = spans.range(last, doc.text.length);
    const seen = [];
    for (let k = from; k < to; k++) seen.push([doc.text.text(spans.start(k), spans.end(k)), doc.styleTable.get(spans.tag(k))]);
    expect(seen).toEqual([
      ['12:00:01', { dim: true }],
      ['ERROR', { fg: 1, bold: true }],
      ['load', { fg: 6 }],
      ['commit', { fg: 208 }],
    ]);
    // From inside a span, far into its run: the spans that overlap, the first begun before.
    const [inFrom, inTo] = spans.range(last + 3, last + 12);
    const inside = [];
    for (let k = inFrom; k < inTo; k++) inside.push(doc.text.text(spans.start(k), spans.end(k)));
    expect(inside).toEqual(['12:00:01', 'ERROR']);
    expect((doc.text as FileText).changed).toBe(false);
    close();
  });

  it('carries a colour on from one run into the next', () => {
    const input = Buffer.from(`${ESC}[33m` + 'yellow words\n'.repeat(10000) + `${ESC}[m` + 'plain\n');
    const { doc, close } = fromFile(input, 4096);
    const spans = styled(doc);
    expect(spans).toEqual([['yellow words\n'.repeat(10000), { fg: 3 }]]);
    close();
  });

  it('shows and styles any mix of sequences alike from a file and from a pipe, however cut, and reads back what it parsed', () => {
    const random = seeded(16);
    const parts = [
      `${ESC}[31m`, `${ESC}[m`, `${ESC}[1;4m`, `${ESC}[38;5;12m`, `${ESC}[48;2;1;2;3m`, `${ESC}[38:2::9:8:7m`, `${ESC}[K`, `${ESC}[0K`,
      `${ESC}[38;5;999m`, `${ESC}[${'1;'.repeat(40)}1m`, `${ESC}[1234m`, `${ESC}[2J`, `${ESC}[?25l`, `${ESC}`, `${ESC}[`, `${ESC}[31`,
      '\r\n', '\r', '\b', 'N\bN', '_\bx', '\x00', '\x7f', '\u009b', 'é', '中', '\n', ' ', 'text', 'https://example.org/a.', 'www.x.org',
      `${ESC}]8;;http://h/\x07`, `${ESC}]8;;\x07`, `${ESC}]8;;http://h/${ESC}[2J\x07`,
    ];
    for (let round = 0; round < 12; round++) {
      let text = '';
      for (let k = 0; k < 400; k++) text += parts[random(parts.length)];
      const input = Buffer.concat([Buffer.from(text), Buffer.from([0xff, 0xc3])]);
      for (const size of [7, 100, 4096]) {
        const pipe = new Document('t');
        const reader = new PlainReader(pipe);
        for (let at = 0; at < input.length; at += size) reader.write(input.subarray(at, at + size));
        reader.end();
        const { doc, close } = fromFile(input, size);
        expect(everything(doc)).toBe(everything(pipe));
        expect((doc.text as FileText).changed).toBe(false);
        close();
      }
      expect(shown(read(input))).not.toContain(ESC);
    }
  });

  it('finds a coloured word as shown, and never a match that runs into an SGR', () => {
    const doc = read(`${ESC}[33mcommit${ESC}[m 0def ${ESC}[1mco${ESC}[22mmmit\n`);
    expect(searchAll(doc.text, { text: 'commit', regex: false, backward: false })).toEqual([
      [0, 6],
      [12, 18],
    ]);
    expect(searchAll(doc.text, { text: '[33m', regex: false, backward: false })).toEqual([]);
  });
});

describe('references to manual pages', () => {
  const bold = (word: string) => [...word].map((c) => `${c}\b${c}`).join('');
  const under = (word: string) => [...word].map((c) => `_\b${c}`).join('');

  it('links name(section) to man:name(section), as written and as a man page strikes it over', () => {
    expect(links(read('see dircolors(1), crontab(5) and ls(1p).\n'))).toEqual([
      ['dircolors(1)', 'man:dircolors(1)'],
      ['crontab(5)', 'man:crontab(5)'],
      ['ls(1p)', 'man:ls(1p)'],
    ]);
    expect(links(read(`Use the ${bold('dircolors')}(1) command and ${under('printf')}(3).\n`))).toEqual([
      ['dircolors(1)', 'man:dircolors(1)'],
      ['printf(3)', 'man:printf(3)'],
    ]);
    expect(links(read('Net::HTTP(3pm) systemd.unit(5) git-log(1) g++(1) (see bash(1))\n')).map(([, href]) => href)).toEqual(['man:Net::HTTP(3pm)', 'man:systemd.unit(5)', 'man:git-log(1)', 'man:g++(1)', 'man:bash(1)']);
  });

  it('links a name coloured by SGR before its section, as groff writes bold names', () => {
    expect(links(read(`${ESC}[1mls${ESC}[0m(1), ${ESC}[1mcat${ESC}[0m${ESC}[22m(1) and ${ESC}[4mcp${ESC}[24m (1)\n`))).toEqual([
      ['ls(1)', 'man:ls(1)'],
      ['cat(1)', 'man:cat(1)'],
    ]);
  });

  it('leaves calls, counts and the rest as text', () => {
    for (const text of ['f(0)', 'f(10)', 'x (1)', 'f(1a', 'f(1)x', '2(3)', 'f(abc)', '.(1)', `${bold('SEE')} (1)`, 'http://a/b(1)', 'LS(1)   User Commands   LS(1)']) {
      expect(links(read(`${text}\n`)).filter(([, href]) => href.startsWith('man:')), text).toEqual([]);
    }
    // The sentence's punctuation is not the name's.
    expect(links(read('--ls(1).\n'))).toEqual([['ls(1)', 'man:ls(1)']]);
  });

  it('keeps the text as it was: the reference is only a link over it', () => {
    const doc = read(`${bold('ls')}(1) ${ESC}[31mcat(1)${ESC}[0m\n`);
    expect(shown(doc)).toBe('ls(1) cat(1)\n');
    expect(links(doc)).toEqual([
      ['ls(1)', 'man:ls(1)'],
      ['cat(1)', 'man:cat(1)'],
    ]);
  });
});
