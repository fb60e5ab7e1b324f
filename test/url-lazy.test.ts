// The packages for UTS #46 (tr46) and the Public Suffix List (tldts) load only when an
// input needs them: ASCII hosts and URLs that fit never pay for either.
import { describe, expect, it } from 'vitest';
import { loadedPackages } from '../src/link/lazy.ts';
import { describeHost, renderUrl } from '../src/link/render.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';

function url(s: string): UrlRecord {
  const r = parseUrl(s);
  if (!r.ok) throw new Error(s);
  return r.url;
}

describe('lazy loading', () => {
  it('loads nothing for ASCII hosts and URLs that fit', () => {
    for (const s of ['https://example.com/a/b?c#d', 'HTTP://WWW.Example.ORG/', 'sftp://host.example/x', 'file:///tmp/x']) {
      expect(renderUrl(url(s), 80)).not.toBe('');
    }
    expect(describeHost(url('https://example.com/')).display).toBe('example.com');
    expect(loadedPackages()).toEqual([]);
  });

  it('loads tr46 for a non-ASCII host or xn-- labels, and tldts when a host must be cut', () => {
    // An xn-- label is only lowercased, but the validation error asks whether it is valid.
    expect(url('https://XN--A.example/').host).toEqual({ kind: 'domain', value: 'xn--a.example' });
    expect(loadedPackages()).toEqual(['tr46']);
    url('https://münchen.de/');
    expect(renderUrl(url('https://a.b.c.example.com/path'), 12)).toBe('…example.com');
    expect(loadedPackages()).toEqual(['tr46', 'tldts']);
  });
});
