import { describe, expect, it } from 'vitest';
import { looksLikeHost, readAddress } from '../src/input/address.ts';
import { serializeUrl } from '../src/link/url/index.ts';

const none = () => false;

describe('readAddress', () => {
  it('reads a file: URL as its path', () => {
    expect(readAddress('file:///etc/hostname', none)).toEqual({ kind: 'path', path: '/etc/hostname' });
    expect(readAddress('file://localhost/tmp/a%20b', none)).toEqual({ kind: 'path', path: '/tmp/a b' });
    expect(readAddress('file://elsewhere/x', none).kind).toBe('bad');
  });

  it('reads http(s) URLs as web addresses', () => {
    const address = readAddress('https://example.org/x', none);
    expect(address.kind === 'web' && !address.guessed && serializeUrl(address.url)).toBe('https://example.org/x');
  });

  it('guesses http:// for a name that is no file but looks like a host', () => {
    const address = readAddress('127.0.0.1:8000/x', none);
    expect(address.kind === 'web' && address.guessed && serializeUrl(address.url)).toBe('http://127.0.0.1:8000/x');
    expect(readAddress('127.0.0.1:8000/x', () => true)).toEqual({ kind: 'path', path: '127.0.0.1:8000/x' });
    expect(readAddress('notes.txt', none)).toEqual({ kind: 'path', path: 'notes.txt' });
  });

  it('knows a host when it sees one', () => {
    for (const name of ['www.python.org', 'www.example.org/docs/', 'localhost:8080', 'host.example:80/x?y', '[::1]:8080/']) expect(looksLikeHost(name), name).toBe(true);
    for (const name of ['README.md', 'www', 'www.md', '/tmp/x:1', 'a:b', 'dir/www.x.y']) expect(looksLikeHost(name), name).toBe(false);
  });
});
