// The host display policy (src/link/hosts.ts) on Unicode's UTS #39 data: which
// internationalized hosts are shown in punycode, and the words that say why.

import { describe, expect, it } from 'vitest';
import {
  asciiPrototype,
  asciiReading,
  identifierType,
  isAllowedInIdentifiers,
  scriptsOf,
  spoofVerdict,
} from '../src/link/hosts.ts';
import { describeHost, renderUrl } from '../src/link/render.ts';
import { parseUrl, serializeUrl, type UrlRecord } from '../src/link/url/index.ts';

function url(s: string): UrlRecord {
  const r = parseUrl(s);
  if (!r.ok) throw new Error(`test URL does not parse: ${s} (${r.reason})`);
  return r.url;
}

/** How the host of https://HOST/ is shown, and why. */
function shown(host: string): { display: string; reason: string | null } {
  const d = describeHost(url(`https://${host}/`));
  return { display: d.display, reason: d.reason };
}

describe('the UTS #39 data', () => {
  it('knows which characters identifiers may use', () => {
    for (const ch of 'az09-ßéıаօ日ひカ한') expect(isAllowedInIdentifiers(ch.codePointAt(0)!), ch).toBe(true);
    for (const cp of [0x2044, 0x2215, 0x29f8, 0xa789, 0x0261, 0x2184, 0x200b]) expect(isAllowedInIdentifiers(cp), cp.toString(16)).toBe(false);
  });

  it('gives the identifier type of the others', () => {
    expect(identifierType(0x2044)).toBe('Not_XID');
    expect(identifierType(0xa789)).toBe('Not_XID');
    expect(identifierType(0x0261)).toBe('Technical');
    expect(identifierType(0x180e)).toBe('Default_Ignorable');
    expect(identifierType(0x0378)).toBe('Not_Character'); // unassigned
  });

  it('maps look-alikes to their ASCII prototypes', () => {
    expect(asciiPrototype(0x2044)).toBe('/');
    expect(asciiPrototype(0xa789)).toBe(':');
    expect(asciiPrototype(0x0131)).toBe('i');
    expect(asciiPrototype(0x0585)).toBe('o');
    expect(asciiPrototype(0x0430)).toBe('a');
    expect(asciiPrototype(0x00fc)).toBeUndefined(); // ü has no ASCII prototype
    expect(asciiReading('аррӏе')).toBe('apple');
    expect(asciiReading('münchen')).toBeNull();
    expect(asciiReading('café')).toBeNull(); // e and a combining acute: not ASCII
  });

  it('reads Script_Extensions, with Common and Inherited going with any script', () => {
    expect([...scriptsOf('a')!]).toEqual(['Latin']);
    expect([...scriptsOf('ー')!].sort()).toEqual(['Hiragana', 'Katakana']);
    expect(scriptsOf('1')).toBeNull();
    expect(scriptsOf('-')).toBeNull();
    expect(scriptsOf('\u0301')!.has('Latin')).toBe(true); // a mark with Script_Extensions
  });
});

describe('characters that names do not use: punycode, and the reason', () => {
  it.each([
    ['\u2044', 'U+2044 ⁄', '/'],
    ['\u2215', 'U+2215 ∕', '/'],
    ['\u29f8', 'U+29F8 ⧸', '/'],
    ['\ua789', 'U+A789 ꞉', ':'],
  ])('bank.com%s login: the slash and colon look-alike %s', (ch, name, looks) => {
    const u = url(`https://bank.com${ch}login.evil.example/`);
    const d = describeHost(u);
    expect(d.display).toMatch(/^bank\.xn--comlogin-[a-z0-9]+\.evil\.example$/);
    expect(d.punycode).toBe(true);
    expect(d.reason).toBe(
      `it holds ${name}, a symbol or punctuation mark, not a letter or digit, which names do not use (UTS #39: Not_XID); it looks like "${looks}"`,
    );
    expect(renderUrl(u, 80)).toBe(`https://${d.display}/`);
    expect(renderUrl(u, 80)).not.toContain(ch);
  });

  it('a technical letter: ɡoogle.com (U+0261)', () => {
    expect(shown('ɡoogle.com')).toEqual({
      display: 'xn--oogle-qmc.com',
      reason: 'it holds U+0261 ɡ, a technical character, not used to write words, which names do not use (UTS #39: Technical); it looks like "g"',
    });
  });

  it('an obsolete letter: Ↄ.com', () => {
    expect(shown('Ↄ.com')).toEqual({ display: 'xn--r5g.com', reason: expect.stringContaining('U+2184 ↄ, an obsolete character') });
  });
});

describe('look-alikes of ASCII names', () => {
  it('whole-script: all-Armenian օօօ.com and all-Cyrillic аррӏе.com', () => {
    expect(shown('օօօ.com')).toEqual({
      display: 'xn--zbbaa.com',
      reason: 'the label "օօօ" reads as the ASCII name "ooo": its letters are Armenian ones that look Latin',
    });
    expect(shown('аррӏе.com')).toEqual({
      display: 'xn--80ak6aa92e.com',
      reason: 'the label "аррӏе" reads as the ASCII name "apple": its letters are Cyrillic ones that look Latin',
    });
  });

  it('whole-script look-alikes are names like others under their own country domain', () => {
    expect(shown('сосо.рф')).toEqual({ display: 'сосо.рф', reason: null });
    expect(shown('сосо.ru')).toEqual({ display: 'сосо.ru', reason: null });
    expect(shown('օօօ.am').reason).toBeNull();
    expect(shown('сосо.com').display).toBe('xn--n1aahb.com');
  });

  it('Latin: ınstagram.com (U+0131)', () => {
    expect(shown('ınstagram.com')).toEqual({
      display: 'xn--nstagram-skb.com',
      reason: 'the label "ınstagram" reads as the ASCII name "instagram": U+0131 ı looks like "i"',
    });
  });

  it('leaves names that do not read as ASCII in Unicode', () => {
    for (const host of ['münchen.de', 'café.fr', 'ıspanakçı.com.tr', 'яндекс.рф', 'παράδειγμα.gr', 'faß.de']) {
      expect(shown(host), host).toEqual({ display: host, reason: null });
    }
  });
});

describe('scripts and digits that do not go together', () => {
  it('mixed scripts: аpple.com (Cyrillic а)', () => {
    expect(shown('аpple.com')).toEqual({
      display: 'xn--pple-43d.com',
      reason: 'the label "аpple" mixes Cyrillic and Latin letters (U+0430 а is Cyrillic)',
    });
    expect(shown('paypаl.com').reason).toBe('the label "paypаl" mixes Latin and Cyrillic letters (U+0430 а is Cyrillic)');
  });

  it('allows Latin with the Japanese, Chinese and Korean scripts', () => {
    expect(shown('ソニーstore.jp').reason).toBeNull();
    expect(shown('한국abc.kr').reason).toBeNull();
  });

  it('mixed number systems', () => {
    expect(spoofVerdict('১1.com')).toEqual({ kind: 'mixed-digits', reason: 'the label "১1" mixes digits of different number systems' });
    expect(spoofVerdict('১২.com')).toBeNull();
  });

  it('right-to-left letters', () => {
    expect(spoofVerdict('مثال.com')?.kind).toBe('bidi');
    expect(shown('xn--mgbh0fb.xn--kgbechtv').display).toBe('xn--mgbh0fb.xn--kgbechtv');
  });
});

describe('only the eye gets Unicode', () => {
  it('the serialized URL keeps the punycode host', () => {
    expect(serializeUrl(url('https://ınstagram.com/x'))).toBe('https://xn--nstagram-skb.com/x');
    expect(serializeUrl(url('https://münchen.de/'))).toBe('https://xn--mnchen-3ya.de/');
  });
});
