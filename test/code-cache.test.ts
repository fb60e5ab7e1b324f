// The names of dist/lwl's code caches, which of them are another build's, and when there are none (src/startup/code-cache.ts).
import { describe, expect, it } from 'vitest';
import { cacheDirectory, cacheName, cachingCode, nodeName, onlyOurs, otherBuilds, secure } from '../src/startup/code-cache.ts';

describe('code cache files', () => {
  it("are named by the bundle's hash, Node's version, the architecture, and the package", () => {
    expect(cacheName('0123abcd', 'v20.1.0', 'x64')).toBe('0123abcd-v20.1.0-x64.v8');
    expect(cacheName('0123abcd', 'v20.1.0', 'x64', 'parse5')).toBe('0123abcd-v20.1.0-x64.parse5.v8');
    expect(cacheName('0123abcd', 'v20.1.0', 'x64', '@scope/name')).toBe('0123abcd-v20.1.0-x64._scope_name.v8');
  });

  it("of another build for this Node and architecture are another build's; others, and ours, are not", () => {
    const ours = (part?: string) => cacheName('aaaa', 'v20.1.0', 'x64', part);
    const theirs = (part?: string, node = 'v20.1.0', arch = 'x64') => cacheName('bbbb', node, arch, part);
    const other = (name: string) => otherBuilds(name, 'aaaa', 'v20.1.0', 'x64');
    expect(other(theirs())).toBe(true);
    expect(other(theirs('parse5'))).toBe(true);
    expect(other(ours())).toBe(false);
    expect(other(ours('tr46'))).toBe(false);
    // Another Node's: that Node's own to remove.
    expect(other(theirs(undefined, 'v22.0.0'))).toBe(false);
    expect(other(theirs('parse5', 'v20.1.0', 'arm64'))).toBe(false);
    expect(other('notes.txt')).toBe(false);
    expect(other(`${theirs()}.1234`)).toBe(false);
    // Made under node's flags or not, for this Node: another build's all the same.
    const flagged = nodeName('v20.1.0', ['--max-semi-space-size=2']);
    expect(other(theirs(undefined, flagged))).toBe(true);
    expect(other(theirs('parse5', flagged))).toBe(true);
    expect(other(cacheName('aaaa', flagged, 'x64'))).toBe(false);
    expect(other(theirs(undefined, nodeName('v22.0.0', ['--x'])))).toBe(false);
  });

  it("name node's flags when it was started with any (V8 rejects a cache made under other flags)", () => {
    expect(nodeName('v20.1.0', [])).toBe('v20.1.0');
    const flagged = nodeName('v20.1.0', ['--max-semi-space-size=2', '--no-allocation-site-pretenuring']);
    expect(flagged).toMatch(/^v20\.1\.0\+[0-9a-f]{8}$/);
    expect(nodeName('v20.1.0', ['--max-semi-space-size=2', '--no-allocation-site-pretenuring'])).toBe(flagged);
    expect(nodeName('v20.1.0', ['--max-semi-space-size=2'])).not.toBe(flagged);
  });

  it('live in XDG_CACHE_HOME/lwl or ~/.cache/lwl, and nowhere without an absolute directory', () => {
    expect(cacheDirectory({ XDG_CACHE_HOME: '/c', HOME: '/h' })).toBe('/c/lwl');
    expect(cacheDirectory({ HOME: '/h' })).toBe('/h/.cache/lwl');
    expect(cacheDirectory({ XDG_CACHE_HOME: 'relative' })).toBeNull();
    expect(cacheDirectory({})).toBeNull();
  });

  it('are not kept in secure mode nor with LWL_CODE_CACHE=0', () => {
    expect(cachingCode({}, [])).toBe(true);
    expect(cachingCode({ LWL_CODE_CACHE: '0' }, [])).toBe(false);
    expect(cachingCode({ LWL_SECURE: '1' }, [])).toBe(false);
    expect(cachingCode({ LWL_SECURE: '0' }, [])).toBe(true);
    expect(cachingCode({}, ['--secure', 'file'])).toBe(false);
    expect(secure({ LESS: '-R --secure' }, [])).toBe(true);
    expect(secure({ LWL: '--secure' }, [])).toBe(true);
  });
});

describe('a cache file or directory lwl trusts', () => {
  // Another user's file cannot be made without root: the rule is checked on the stat it reads.
  it("is the effective user's and writable by no one else", () => {
    expect(onlyOurs({ uid: 1000, mode: 0o100600 }, 1000)).toBe(true);
    expect(onlyOurs({ uid: 1000, mode: 0o40700 }, 1000)).toBe(true);
    // Another user's (root with a user's HOME; a directory someone made for us).
    expect(onlyOurs({ uid: 65534, mode: 0o100600 }, 1000)).toBe(false);
    expect(onlyOurs({ uid: 1000, mode: 0o100600 }, 0)).toBe(false);
    // Ours, but others could write it.
    expect(onlyOurs({ uid: 1000, mode: 0o100620 }, 1000)).toBe(false);
    expect(onlyOurs({ uid: 1000, mode: 0o40702 }, 1000)).toBe(false);
  });
});
