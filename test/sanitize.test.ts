// The one sanitizer: token forms, contexts, the byte walk of document rows,
// and layout that walks only as far as the screen reaches.
import { describe, expect, it } from 'vitest';
import { fitRows, sanitize, truncate } from '../src/text/sanitize.ts';
import { isBidiControl, isDefaultIgnorable, tokenFor } from '../src/text/code-points.ts';
import { forEachCluster, forEachStringCluster, graphemes, PIECE } from '../src/text/width.ts';

/** What the document walk draws for these bytes, and the bytes each part stands for. */
function walk(bytes: Buffer): Array<[string, number, number, boolean]> {
  const out: Array<[string, number, number, boolean]> = [];
  forEachCluster(bytes, (shown, length, cells, token) => out.push([shown, length, cells, token]) > 0);
  return out;
}

const drawn = (bytes: Buffer) => walk(bytes).map(([s]) => s).join('');

describe('token forms', () => {
  it('writes a C0 control or DEL as its byte, a C1 control as its UTF-8 bytes, the rest as U+', () => {
    expect(tokenFor(0x1b)).toBe('<1b>');
    expect(tokenFor(0x7f)).toBe('<7f>');
    expect(tokenFor(0x9b)).toBe('<c29b>');
    expect(tokenFor(0x202e)).toBe('<U+202E>');
    expect(tokenFor(0xe0001)).toBe('<U+E0001>');
  });

  it('knows the bidi controls and the default-ignorable code points as Unicode does', () => {
    const bidi = /\p{Bidi_Control}/u;
    const ignorable = /\p{Default_Ignorable_Code_Point}/u;
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp < 0xe000) continue;
      const ch = String.fromCodePoint(cp);
      if (isBidiControl(cp) !== bidi.test(ch)) throw new Error(`bidi U+${cp.toString(16)}`);
      if (isDefaultIgnorable(cp) !== ignorable.test(ch)) throw new Error(`ignorable U+${cp.toString(16)}`);
    }
  });
});

describe('sanitize (trust contexts: status line, preview, messages, --links)', () => {
  it('turns an OSC title sequence and a CSI into visible text', () => {
    expect(sanitize('a\x1b]0;PWNED\x07b\u009b2J')).toBe('a<1b>]0;PWNED<07>b<c29b>2J');
  });

  it('turns bidi controls, zero-width and invisible characters into tokens', () => {
    expect(sanitize('x\u202ey\u2066z\u200fw\u061c')).toBe('x<U+202E>y<U+2066>z<U+200F>w<U+061C>');
    expect(sanitize('a\u200bb\u2060c\ufeffd\u00ade\u180ef\u3164g')).toBe('a<U+200B>b<U+2060>c<U+FEFF>d<U+00AD>e<U+180E>f<U+3164>g');
    expect(sanitize('tab\there\nline')).toBe('tab<09>here<0a>line');
  });

  it('keeps emoji sequences whole, but not joiners elsewhere', () => {
    expect(sanitize('👨‍👩‍👧 ❤️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('👨‍👩‍👧 ❤️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿');
    expect(sanitize('pay\u200dpal a\ufe0fb')).toBe('pay<U+200D>pal a<U+FE0F>b');
  });

  it('leaves printable text alone and is idempotent', () => {
    const text = 'héllo, 世界 e\u0301 <1b>';
    expect(sanitize(text)).toBe(text);
    const hostile = '\x1b[2J\u202e\u200b\u009b';
    expect(sanitize(sanitize(hostile))).toBe(sanitize(hostile));
  });

  it('writes a lone surrogate as a token', () => {
    expect(sanitize('a\ud800b')).toBe('a<U+D800>b');
  });
});

describe('the document walk', () => {
  it('makes tokens of controls and bytes that are not UTF-8, whatever the parser did', () => {
    const bytes = Buffer.concat([Buffer.from('a\x1b]0;T\x07'), Buffer.from([0xff, 0xc3]), Buffer.from('\u009b\u202eb')]);
    expect(walk(bytes)).toEqual([
      ['a', 1, 1, false],
      ['<1b>', 1, 4, true],
      [']', 1, 1, false],
      ['0', 1, 1, false],
      [';', 1, 1, false],
      ['T', 1, 1, false],
      ['<07>', 1, 4, true],
      ['<ff>', 1, 4, true],
      ['<c3>', 1, 4, true],
      ['<c29b>', 2, 6, true],
      ['<U+202E>', 3, 8, true],
      ['b', 1, 1, false],
    ]);
  });

  it('rejects overlong forms, surrogates and code points past U+10FFFF', () => {
    expect(drawn(Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80]))).toBe('<c0><af><ed><a0><80><f4><90><80><80>');
  });

  it('keeps tabs, newlines, joiners and variation selectors for the row to place; U+200B is a token', () => {
    expect(drawn(Buffer.from('\t👨‍👩‍👧 क्‍ष 葛󠄀 a\u200bb\n'))).toBe('\t👨‍👩‍👧 क्‍ष 葛󠄀 a<U+200B>b\n');
  });

  it('reports each cluster with the bytes it stands for', () => {
    const text = 'e\u0301x한👍🏽';
    expect(walk(Buffer.from(text)).map(([s, n, c]) => [s, n, c])).toEqual([
      ['e\u0301', 3, 1],
      ['x', 1, 1],
      ['한', 3, 2],
      ['👍🏽', 8, 2],
    ]);
  });

  it('agrees with the string walk in a document context', () => {
    const text = 'a\u0301b\x01c\u202ed\u200be👍🏽\t';
    const fromString: string[] = [];
    forEachStringCluster(text, 'document', (s) => fromString.push(s) > 0);
    expect(fromString.join('')).toBe(drawn(Buffer.from(text)));
  });
});

describe('bounded segmentation', () => {
  it('segments in pieces without splitting a cluster at a piece boundary', () => {
    const text = 'a'.repeat(PIECE - 1) + 'e\u0301' + '👨‍👩‍👧'.repeat(PIECE);
    const clusters = graphemes(text);
    expect(clusters.length).toBe(PIECE - 1 + 1 + PIECE);
    expect(clusters[PIECE - 1]).toBe('e\u0301');
    expect(new Set(clusters.slice(PIECE))).toEqual(new Set(['👨‍👩‍👧']));
  });

  it('truncate walks only as far as the width: a 40,000-control string costs what fits', () => {
    let walked = 0;
    const text = '\x01'.repeat(40000);
    forEachStringCluster(text, 'trust', () => ++walked < 10);
    expect(walked).toBe(10);
    expect(truncate(text, 10)).toEqual({ text: '<01><01>…', cells: 9 });
    expect(truncate('日本語', 4)).toEqual({ text: '日…', cells: 3 });
    expect(truncate('abc', 3)).toEqual({ text: 'abc', cells: 3 });
  });

  it('fitRows lays out no more rows than asked, the first narrower', () => {
    const rows = fitRows('\x1b'.repeat(40000), 8, 10, 3);
    expect(rows).toEqual([
      { text: '<1b><1b>', cells: 8 },
      { text: '<1b><1b>', cells: 8 },
      { text: '<1b><1b>', cells: 8 },
    ]);
    expect(fitRows('short', 10, 10, 5)).toEqual([{ text: 'short', cells: 5 }]);
  });
});

describe('the walk agrees with the segmenter', () => {
  it('on random text mixing ASCII, marks, emoji, Hangul, Indic and prepended marks', () => {
    const pool = ['a', 'b', ' ', '1', 'é', 'e\u0301', '\u0301', '한', '\u1100', '\u1161', '\u11a8', '日', '🙂', '👍', '🏽', '\u200d', '\ufe0f', '🇰', '🇷', 'क', '\u094d', 'ष', '\u0600', '\u0e33', 'ก', 'Ж', '\u{20000}'];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let round = 0; round < 2000; round++) {
      let text = '';
      const length = 1 + Math.floor(random() * 40);
      for (let k = 0; k < length; k++) text += pool[Math.floor(random() * pool.length)];
      const walked: string[] = [];
      forEachStringCluster(text, 'document', (s) => walked.push(s) > 0);
      expect(JSON.stringify(walked), JSON.stringify(text)).toBe(JSON.stringify(graphemes(text)));
      expect(drawn(Buffer.from(text)), JSON.stringify(text)).toBe(text);
    }
  });
});
