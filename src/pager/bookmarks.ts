// Bookmarks: a Markdown file, one `- [title](url)` a line, so that lwl reads
// it as any document (and any editor edits it), in $XDG_DATA_HOME/lwl (by
// default ~/.local/share/lwl). `a` adds the page shown or the selected link;
// `B` and `lwl --bookmarks` open it.
import fs from 'node:fs';
import path from 'node:path';

/** Where the bookmarks are kept; null with neither XDG_DATA_HOME nor HOME set. */
export function bookmarksPath(env: NodeJS.ProcessEnv): string | null {
  // The XDG base directory spec: a relative XDG_DATA_HOME is to be ignored.
  const data = env.XDG_DATA_HOME && path.isAbsolute(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : env.HOME ? path.join(env.HOME, '.local', 'share') : null;
  return data === null ? null : path.join(data, 'lwl', 'bookmarks.md');
}

/** A bookmark's line: the title's Markdown escaped, the URL in <> when a bare one would end early. */
export function bookmarkLine(title: string, url: string): string {
  const text = (title.replace(/[\x00-\x1f\x7f]/g, ' ').trim() || url).replace(/[\\[\]*_`<>]/g, '\\$&');
  const destination = /[\s()<>]/.test(url) ? `<${url.replace(/[<>\s]/g, encodeURIComponent)}>` : url;
  return `- [${text}](${destination})\n`;
}

/** Adds a bookmark to `file` (made, with its directory, if need be); the sentence for the status line. */
export function addBookmark(file: string, title: string, url: string): string {
  const line = bookmarkLine(title, url);
  try {
    const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    if (before !== null && before.split('\n').some((l) => l.endsWith(`](${url})`) || l.endsWith(`](<${url}>)`))) return `Already in the bookmarks: ${url}`;
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // A file that does not end its last line gets one first.
    const head = before === null ? '# Bookmarks\n\n' : before === '' || before.endsWith('\n') ? '' : '\n';
    fs.appendFileSync(file, head + line, { mode: 0o600 });
    return `Bookmarked: ${url}`;
  } catch (err) {
    return `Not bookmarked: ${file}: ${(err as Error).message}`;
  }
}
