// file: URLs as ls --hyperlink and terminals write them: this machine's by its name too.
import { describe, expect, it } from 'vitest';
import { isLocalFile, localPath } from '../src/link/local-file.ts';
import { mayFollowFrom } from '../src/link/follow-policy.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';
import os from 'node:os';

const url = (href: string): UrlRecord => {
  const parsed = parseUrl(href);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.url;
};

describe('file: URLs', () => {
  it("are this machine's with no host, localhost, or its own name (in any case)", () => {
    expect(localPath(url('file:///tmp/a%20b.txt'), 'box')).toBe('/tmp/a b.txt');
    expect(localPath(url('file://localhost/etc/hosts'), 'box')).toBe('/etc/hosts');
    expect(localPath(url('file://box/home/me/x'), 'box')).toBe('/home/me/x');
    expect(localPath(url('file://BOX/home/me/x'), 'Box')).toBe('/home/me/x');
  });

  it("are another machine's with another host, and name no file here", () => {
    expect(isLocalFile(url('file://otherbox/etc/passwd'), 'box')).toBe(false);
    expect(localPath(url('file://otherbox/etc/passwd'), 'box')).toBeNull();
    expect(localPath(url('file://box.example/x'), 'box')).toBeNull();
  });

  it('name no file when a segment decodes to a slash or a NUL', () => {
    expect(localPath(url('file:///tmp/a%2Fb'), 'box')).toBeNull();
    expect(localPath(url('file:///tmp/a%00b'), 'box')).toBeNull();
  });

  it("are opened by Enter when they are this machine's (by os.hostname()), refused when another's", () => {
    expect(mayFollowFrom(null, url(`file://${os.hostname()}/tmp/x`)).action).toBe('open');
    expect(mayFollowFrom(null, url('file://not-this-machine.invalid/tmp/x'))).toEqual({ action: 'refuse', reason: 'the file is on not-this-machine.invalid, another machine' });
  });
});
