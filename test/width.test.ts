// Plain prose (text/width.ts): the non-ASCII of prose and documentation is a
// grapheme cluster a character, of no zero width, without ICU's patterns of
// Unicode properties. Checked here against ICU itself: the segmenter and the
// properties the other paths use.
import { eastAsianWidth } from 'get-east-asian-width';
import { describe, expect, it } from 'vitest';
import { PLAIN_PROSE, codePointWidth, graphemes, stringWidth } from '../src/text/width.ts';
import { prng } from './random.ts';

/** The code points the fast path takes, beyond ASCII. */
const PROSE: number[] = [];
for (const [from, to] of PLAIN_PROSE) for (let cp = from; cp <= to; cp++) PROSE.push(cp);

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const icuClusters = (s: string) => Array.from(segmenter.segment(s), (x) => x.segment);

describe('plain prose', () => {
  it('holds no character that joins or is joined (but the soft hyphen, a cluster of its own as a control), none of zero width past U+02FF', () => {
    const joins = /[\p{M}\p{Grapheme_Extend}\p{Cf}\p{Emoji_Modifier}\p{Regional_Indicator}]/u;
    const zeroWidth = /^[\p{Mn}\p{Me}\p{Cf}]$/u;
    const joining = PROSE.filter((cp) => joins.test(String.fromCodePoint(cp)));
    expect(joining).toEqual([0xad]);
    expect(PROSE.filter((cp) => cp >= 0x300 && zeroWidth.test(String.fromCodePoint(cp)))).toEqual([]);
    for (const cp of PROSE) expect(codePointWidth(cp)).toBe(cp < 0x300 ? 1 : eastAsianWidth(cp));
  });

  it('is cut into clusters as ICU cuts it, a character each, beside ASCII and beside itself', () => {
    const random = prng(20261202);
    const pick = () => (random() < 0.3 ? 0x20 + Math.floor(random() * 95) : PROSE[Math.floor(random() * PROSE.length)]);
    for (let n = 0; n < 2000; n++) {
      const text = String.fromCodePoint(...Array.from({ length: 1 + Math.floor(random() * 60) }, pick));
      expect(graphemes(text)).toEqual(icuClusters(text));
      expect(graphemes(text)).toHaveLength(text.length);
    }
    // Every character of it between two others.
    const all = String.fromCodePoint(...PROSE.flatMap((cp) => [cp, 0x61]));
    for (let at = 0; at < all.length; at += 1000) expect(graphemes(all.slice(at, at + 1000))).toEqual(icuClusters(all.slice(at, at + 1000)));
    expect(stringWidth('• a bullet — “quoted” ½ → ∑ ┌─┐ ■')).toBe(33); // a cell each
  });
});
