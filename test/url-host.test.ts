// The host parser alone, IPv4/IPv6 serialization and the percent-encode sets, with cases
// taken from the URL Standard's own text (its tables, examples and definitions).

import { describe, expect, it } from 'vitest';
import type { ValidationError } from '../src/link/url/errors.ts';
import { endsInANumber, hostParser, parseHost, parseIPv4, parseIPv6, serializeHost, serializeIPv4, serializeIPv6 } from '../src/link/url/host.ts';
import {
  C0_CONTROL_SET,
  COMPONENT_SET,
  FORM_URLENCODED_SET,
  FRAGMENT_SET,
  inEncodeSet,
  PATH_SET,
  PERCENT_BYTE,
  percentDecode,
  QUERY_SET,
  SPECIAL_QUERY_SET,
  USERINFO_SET,
  utf8PercentEncode,
  type EncodeSet,
} from '../src/link/url/percent.ts';

/** The serialized host, or "failure". */
function host(input: string, isOpaque = false): string {
  const r = parseHost(input, isOpaque);
  return r.ok ? serializeHost(r.host) : 'failure';
}

function errorsOf(input: string, isOpaque = false): ValidationError[] {
  const errors: ValidationError[] = [];
  hostParser(input, isOpaque, errors);
  return errors;
}

describe('host parser: the standard\'s parse-then-serialize table', () => {
  // input, with isOpaque false, with isOpaque true
  const table: [string, string, string][] = [
    ['EXAMPLE.COM', 'example.com', 'EXAMPLE.COM'],
    ['example%2Ecom', 'example.com', 'example%2Ecom'],
    ['faß.example', 'xn--fa-hia.example', 'fa%C3%9F.example'],
    ['0', '0.0.0.0', '0'],
    ['%30', '0.0.0.0', '%30'],
    ['0x', '0.0.0.0', '0x'],
    ['0xffffffff', '255.255.255.255', '0xffffffff'],
    ['[0:0::1]', '[::1]', '[::1]'],
    ['[0:0::1%5D', 'failure', 'failure'],
    ['[0:0::%31]', 'failure', 'failure'],
    ['09', 'failure', '09'],
    ['example.255', 'failure', 'example.255'],
    ['example^example', 'failure', 'failure'],
  ];
  for (const [input, domain, opaque] of table) {
    it(`${input} → ${domain} / ${opaque}`, () => {
      expect(host(input, false)).toBe(domain);
      expect(host(input, true)).toBe(opaque);
    });
  }

  it('gives the kind of host', () => {
    const kinds = ['example.com', '1.2.3.4', '[::1]'].map((s) => {
      const r = parseHost(s, false);
      return r.ok ? r.host.kind : 'failure';
    });
    expect(kinds).toEqual(['domain', 'ipv4', 'ipv6']);
    const opaque = parseHost('host', true);
    expect(opaque.ok && opaque.host).toEqual({ kind: 'opaque', value: 'host' });
    const empty = parseHost('', true);
    expect(empty.ok && empty.host).toEqual({ kind: 'empty' });
  });

  it('fails with a short reason, never by throwing', () => {
    const r = parseHost('[::1', false);
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/IPv6/) });
    expect(parseHost('', false).ok).toBe(false); // a domain is never empty
  });
});

describe('domains', () => {
  it('go through domain to ASCII (UTS #46, not IDNA2008)', () => {
    expect(host('☕.example')).toBe('xn--53h.example');
    expect(host('ＥＸＡＭＰＬＥ.com')).toBe('example.com'); // full-width letters map to ASCII
    expect(host('xn--53h.example')).toBe('xn--53h.example');
  });

  it('fail on forbidden domain code points, also once percent-decoded', () => {
    for (const s of ['exa mple.org', 'exa<mple.org', 'exa%23mple.org', 'exa%25mple.org', 'a%00b', 'a\u007fb', 'a|b']) {
      expect(host(s), s).toBe('failure');
    }
  });

  it('fail when domain to ASCII gives the empty string', () => {
    expect(host('\u00ad')).toBe('failure'); // a soft hyphen maps to nothing
  });

  it('keep ASCII punycode labels as written, lowercased, as the current standard says', () => {
    expect(host('xn--')).toBe('xn--');
    expect(host('xn--a')).toBe('xn--a');
    expect(host('XN--A.b.c.xn--pokxncvks')).toBe('xn--a.b.c.xn--pokxncvks');
    // Only the strict run looks at them, for the validation error.
    expect(errorsOf('xn--a')).toContain('domain-to-ASCII');
    expect(errorsOf('xn--53h.example')).toEqual([]);
  });

  it('map non-ASCII domains with UTS #46, nontransitional', () => {
    expect(host('FAẞ.de')).toBe('xn--fa-hia.de'); // ẞ maps to ß, which stays
    expect(host('faß.example')).toBe('xn--fa-hia.example');
    expect(host('Ↄ.com')).toBe('xn--r5g.com'); // maps to U+2184
    expect(host('look\u180Eout.net')).toBe('lookout.net'); // U+180E maps to nothing
  });

  it('check forbidden code points after ToASCII, on its result', () => {
    expect(host('<\u0338')).toBe('xn--gdh'); // NFC makes U+226E
    expect(host('a<\u0338b')).toBe('xn--ab-tjv'); // a≮b
    expect(host('<x\u0338')).toBe('failure');
  });

  it('signal domain-percent-encoded and domain-to-ASCII', () => {
    expect(errorsOf('exam%70le.org')).toEqual(['domain-percent-encoded']);
    expect(errorsOf('exa%23mple.org')).toContain('domain-to-ASCII');
    expect(errorsOf('example.org')).toEqual([]);
  });

  it('that end in a number are IPv4 addresses or failures', () => {
    expect(endsInANumber('example.com')).toBe(false);
    expect(endsInANumber('1.2.3.4')).toBe(true);
    expect(endsInANumber('example.0x1f')).toBe(true);
    expect(endsInANumber('example.0x')).toBe(true);
    expect(endsInANumber('example.0xg')).toBe(false);
    expect(endsInANumber('example.42.')).toBe(true); // a last empty part is ignored
    expect(host('example.42')).toBe('failure');
  });
});

describe('IPv4', () => {
  it('parses every form: decimal, hex, octal, and fewer than four parts', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', '127.0.0.1'],
      ['0x7f.1', '127.0.0.1'],
      ['0177.0.0.1', '127.0.0.1'],
      ['2130706433', '127.0.0.1'],
      ['127.1', '127.0.0.1'],
      ['127.0.1', '127.0.0.1'],
      ['0x7F.0X0.00.0x1', '127.0.0.1'],
      ['1.2.65535', '1.2.255.255'],
      ['4294967295', '255.255.255.255'],
      ['0xffffffff', '255.255.255.255'],
      ['127.0.0.1.', '127.0.0.1'],
      ['0x', '0.0.0.0'],
      ['00', '0.0.0.0'],
    ];
    for (const [input, out] of cases) expect(host(input), input).toBe(out);
  });

  it('fails where the standard says failure', () => {
    for (const s of ['1.2.3.4.5', '1.2.3.256', '1.2.65536', '4294967296', '256.0.0.1', '08', '0x1g.1', '1..2.3', 'test.42']) {
      expect(host(s), s).toBe('failure');
    }
    // Not ending in a number, these are domains, not IPv4 addresses.
    expect(host('0x1g')).toBe('0x1g');
    expect(host('1.2.3.4a')).toBe('1.2.3.4a');
  });

  it('signals the table\'s validation errors', () => {
    expect(errorsOf('127.0.0.1.')).toEqual(['IPv4-empty-part']);
    expect(errorsOf('1.2.3')).toEqual(['IPv4-too-few-parts']);
    expect(errorsOf('1.2.3.4.5')).toEqual(['IPv4-too-many-parts']);
    expect(errorsOf('test.42')).toEqual(['IPv4-non-numeric-part']);
    expect(errorsOf('127.0.0x0.1')).toEqual(['IPv4-non-decimal-part']);
    expect(errorsOf('255.255.4000.1')).toEqual(['IPv4-out-of-range-part']);
    expect(errorsOf('①.②.③.④')).toEqual(['IPv4-non-ASCII-input']);
  });

  it('keeps an out-of-range last part only as large as the parts before it allow', () => {
    expect(parseIPv4('1.256')).toBe(1 * 256 ** 3 + 256);
    expect(parseIPv4('1.16777216')).toBe('IPv4-out-of-range-part');
  });

  it('serializes as four decimal numbers', () => {
    expect(serializeIPv4(0)).toBe('0.0.0.0');
    expect(serializeIPv4(0xffffffff)).toBe('255.255.255.255');
    expect(serializeIPv4(0xc0a80101)).toBe('192.168.1.1');
    expect(serializeHost({ kind: 'ipv4', value: 0x7f000001 })).toBe('127.0.0.1');
  });
});

describe('IPv6', () => {
  it('parses compression and embedded IPv4', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1:2::7:8')).toEqual([1, 2, 0, 0, 0, 0, 7, 8]);
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::ffff:192.168.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0001]);
    expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
    expect(parseIPv6('ABCD:ef01:2345:6789:abcd:EF01:2345:6789')).toEqual([
      0xabcd, 0xef01, 0x2345, 0x6789, 0xabcd, 0xef01, 0x2345, 0x6789,
    ]);
  });

  it('fails with the table\'s errors', () => {
    const cases: [string, ValidationError][] = [
      ['[::1', 'IPv6-unclosed'],
      ['[:1]', 'IPv6-invalid-compression'],
      ['[1:2:3:4:5:6:7:8:9]', 'IPv6-too-many-pieces'],
      ['[1::1::1]', 'IPv6-multiple-compression'],
      ['[1:2:3!:4]', 'IPv6-invalid-code-point'],
      ['[1:2:3:]', 'IPv6-invalid-code-point'],
      ['[1:2:3]', 'IPv6-too-few-pieces'],
      ['[1:1:1:1:1:1:1:127.0.0.1]', 'IPv4-in-IPv6-too-many-pieces'],
      ['[ffff::.0.0.1]', 'IPv4-in-IPv6-invalid-code-point'],
      ['[ffff::127.0.xyz.1]', 'IPv4-in-IPv6-invalid-code-point'],
      ['[ffff::127.0xyz]', 'IPv4-in-IPv6-invalid-code-point'],
      ['[ffff::127.00.0.1]', 'IPv4-in-IPv6-invalid-code-point'],
      ['[ffff::127.0.0.1.2]', 'IPv4-in-IPv6-invalid-code-point'],
      ['[ffff::127.0.0.4000]', 'IPv4-in-IPv6-out-of-range-part'],
      ['[ffff::127.0.0]', 'IPv4-in-IPv6-too-few-parts'],
    ];
    for (const [input, error] of cases) {
      expect(host(input), input).toBe('failure');
      expect(errorsOf(input), input).toContain(error);
    }
  });

  it('signals a leading zero without failing', () => {
    expect(host('[::01]')).toBe('[::1]');
    expect(errorsOf('[::01]')).toEqual(['IPv6-piece-leading-zero']);
  });

  it('serializes in lower case, compressing the first longest run of two or more zeros', () => {
    expect(serializeIPv6([0, 0xf, 0, 0, 0xf, 0xf, 0, 0])).toBe('0:f::f:f:0:0'); // the standard's example
    expect(serializeIPv6([1, 0, 0, 2, 0, 0, 0, 3])).toBe('1:0:0:2::3');
    expect(serializeIPv6([1, 0, 2, 3, 4, 5, 6, 7])).toBe('1:0:2:3:4:5:6:7'); // a single zero stays
    expect(serializeIPv6([0, 0, 0, 0, 0, 0, 0, 0])).toBe('::');
    expect(serializeIPv6([0, 0, 0, 0, 0, 0, 0, 1])).toBe('::1');
    expect(serializeIPv6([1, 0, 0, 0, 0, 0, 0, 0])).toBe('1::');
    expect(serializeIPv6([0xabcd, 0, 0, 0, 0, 0, 0, 0xef])).toBe('abcd::ef');
    expect(serializeHost({ kind: 'ipv6', value: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1] })).toBe('[2001:db8::1]');
  });

  it('round-trips through the host parser', () => {
    for (const s of ['[2001:db8::1]', '[::ffff:c0a8:1]', '[1:2:3:4:5:6:7:8]', '[::]']) expect(host(s)).toBe(s);
    expect(host('[::ffff:192.168.0.1]')).toBe('[::ffff:c0a8:1]');
    expect(host('[0:0:0:0:0:0:0:1]')).toBe('[::1]');
  });
});

describe('opaque hosts', () => {
  it('fail on forbidden host code points', () => {
    for (const s of ['exa[mple.org', 'a b', 'a#b', 'a/b', 'a:b', 'a<b', 'a>b', 'a?b', 'a@b', 'a\\b', 'a]b', 'a^b', 'a|b']) {
      expect(host(s, true), s).toBe('failure');
      expect(errorsOf(s, true), s).toEqual(['host-invalid-code-point']);
    }
  });

  it('are kept as written, percent-encoding C0 controls and non-ASCII', () => {
    expect(host('EXAMPLE.com', true)).toBe('EXAMPLE.com');
    expect(host('a\u0001b', true)).toBe('a%01b');
    expect(host('über', true)).toBe('%C3%BCber');
    expect(host('a%zz', true)).toBe('a%zz');
    expect(errorsOf('a%zz', true)).toEqual(['invalid-URL-unit']);
    expect(errorsOf('a\u0001b', true)).toEqual(['invalid-URL-unit']);
    expect(errorsOf('a%41b', true)).toEqual([]);
  });
});

describe('percent-encode sets, as the standard defines them', () => {
  const ascii = (set: EncodeSet): string =>
    Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))
      .filter((ch) => inEncodeSet(set, ch.charCodeAt(0)))
      .join('');

  it('C0 control: C0 controls and everything above U+007E', () => {
    for (let c = 0; c < 0x20; c++) expect(inEncodeSet(C0_CONTROL_SET, c)).toBe(true);
    expect(inEncodeSet(C0_CONTROL_SET, 0x7f)).toBe(true);
    expect(inEncodeSet(C0_CONTROL_SET, 0x80)).toBe(true);
    expect(inEncodeSet(C0_CONTROL_SET, 0x10ffff)).toBe(true);
    expect(ascii(C0_CONTROL_SET)).toBe('');
  });

  it('each printable ASCII set', () => {
    expect(ascii(FRAGMENT_SET)).toBe(' "<>`');
    expect(ascii(QUERY_SET)).toBe(' "#<>'); // not "`": it is not the fragment set plus "#"
    expect(ascii(SPECIAL_QUERY_SET)).toBe(' "#\'<>');
    expect(ascii(PATH_SET)).toBe(' "#<>?^`{}');
    expect(ascii(USERINFO_SET)).toBe(' "#/:;<=>?@[\\]^`{|}');
    expect(ascii(COMPONENT_SET)).toBe(' "#$%&+,/:;<=>?@[\\]^`{|}');
  });

  it('application/x-www-form-urlencoded: all but ASCII alphanumerics, *, -, . and _', () => {
    const kept = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c))
      .filter((ch) => !inEncodeSet(FORM_URLENCODED_SET, ch.charCodeAt(0)))
      .join('');
    expect(kept).toBe('*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz');
  });

  it('the component set with UTF-8 gives what encodeURIComponent gives', () => {
    const all = Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c)).join('') + 'é≡‽💩';
    expect(utf8PercentEncode(all, COMPONENT_SET)).toBe(encodeURIComponent(all));
  });

  it('the standard\'s examples', () => {
    expect(PERCENT_BYTE[0x23]).toBe('%23');
    expect(PERCENT_BYTE[0x7f]).toBe('%7F');
    expect([...percentDecode('%25%s%1G')].map((b) => String.fromCharCode(b)).join('')).toBe('%%s%1G');
    expect([...percentDecode('‽%25%2E')]).toEqual([0xe2, 0x80, 0xbd, 0x25, 0x2e]);
    expect(utf8PercentEncode('≡', USERINFO_SET)).toBe('%E2%89%A1');
    expect(utf8PercentEncode('‽', USERINFO_SET)).toBe('%E2%80%BD');
    expect(utf8PercentEncode('Say what‽', USERINFO_SET)).toBe('Say%20what%E2%80%BD');
  });

  it('encodes a lone surrogate as U+FFFD and keeps "%" as it is', () => {
    expect(utf8PercentEncode('a\ud800b', PATH_SET)).toBe('a%EF%BF%BDb');
    expect(utf8PercentEncode('100%', PATH_SET)).toBe('100%');
  });
});
