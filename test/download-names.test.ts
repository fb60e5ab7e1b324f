import { describe, expect, it } from 'vitest';
import { dispositionName, safeFileName, suggestedName, urlFileName } from '../src/web/download.ts';
import { bookmarkLine, bookmarksPath } from '../src/pager/bookmarks.ts';
import { parseUrl, type UrlRecord } from '../src/link/url/index.ts';

const url = (text: string): UrlRecord => {
  const parsed = parseUrl(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.url;
};

describe('the name a download is saved under', () => {
  it("reads Content-Disposition's filename* before its filename", () => {
    expect(dispositionName('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(dispositionName('attachment; filename=plain.bin')).toBe('plain.bin');
    expect(dispositionName("attachment; filename=\"x.txt\"; filename*=UTF-8''caf%C3%A9.txt")).toBe('café.txt');
    expect(dispositionName('inline')).toBeNull();
    expect(dispositionName(null)).toBeNull();
  });

  it('keeps only a plain name: no directory, no leading dots, no controls', () => {
    expect(safeFileName('../../x')).toBe('x');
    expect(safeFileName('..\\..\\windows\\evil.exe')).toBe('evil.exe');
    expect(safeFileName('/etc/passwd')).toBe('passwd');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('a\x1b[2Jb')).toBe('a[2Jb');
    expect(safeFileName('..')).toBeNull();
    expect(safeFileName('dir/')).toBeNull();
  });

  it("falls back on the URL's last segment, or index.html", () => {
    expect(urlFileName(url('http://h/a/b%20c.tar.gz?x=1'))).toBe('b c.tar.gz');
    expect(urlFileName(url('http://h/a/'))).toBe('index.html');
    expect(suggestedName({ disposition: 'attachment; filename="../../x"', url: url('http://h/dl') })).toBe('x');
    expect(suggestedName({ disposition: 'attachment; filename=".."', url: url('http://h/dl') })).toBe('dl');
  });
});

describe('a bookmark', () => {
  it('is a line of Markdown, its title escaped', () => {
    expect(bookmarkLine('A [page]', 'http://h/x')).toBe('- [A \\[page\\]](http://h/x)\n');
    expect(bookmarkLine('', 'http://h/x_(y)')).toBe('- [http://h/x\\_(y)](<http://h/x_(y)>)\n');
  });

  it('lives in $XDG_DATA_HOME/lwl, else ~/.local/share/lwl', () => {
    expect(bookmarksPath({ XDG_DATA_HOME: '/d', HOME: '/h' })).toBe('/d/lwl/bookmarks.md');
    expect(bookmarksPath({ XDG_DATA_HOME: 'relative', HOME: '/h' })).toBe('/h/.local/share/lwl/bookmarks.md');
    expect(bookmarksPath({})).toBeNull();
  });
});
