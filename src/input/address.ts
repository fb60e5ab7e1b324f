// What a name given on the command line or at :e stands for: a file: URL is
// the file it names; an http(s) URL is a web page; a name that is not a file
// but looks like a host (www.example.org, 127.0.0.1:8000/x) is guessed to be
// a web address, as w3m and lynx guess; anything else is a path. Pure but for
// the look at whether the name is a file, which the caller gives.
import { fileURLToPath } from 'node:url';
import { parseUrl, serializeUrl, type UrlRecord } from '../link/url/index.ts';

export type Address =
  | { kind: 'path'; path: string }
  /** `guessed`: the name had no scheme; http:// was put before it. */
  | { kind: 'web'; url: UrlRecord; guessed: boolean }
  /** A file: URL that names no local path (another host, a bad encoding). */
  | { kind: 'bad'; reason: string };

/** A host and port (`127.0.0.1:8000`, `localhost:80/x`, `[::1]:8080`), or a name that starts www. and has a dot after it. */
const HOST_LIKE = /^(?:(?:[a-z0-9-]+\.)*[a-z0-9-]+|\[[0-9a-f:.]+\]):\d{1,5}(?:[/?#]|$)|^www\.[a-z0-9-]+\.[a-z0-9.-]*[a-z0-9](?::\d{1,5})?(?:[/?#]|$)/i;

/** Whether a name that is not a file looks like a web address without its scheme. */
export function looksLikeHost(name: string): boolean {
  return HOST_LIKE.test(name);
}

export function readAddress(name: string, isFile: (path: string) => boolean): Address {
  if (/^file:/i.test(name)) {
    const parsed = parseUrl(name);
    if (!parsed.ok || parsed.url.scheme !== 'file') return { kind: 'bad', reason: `${name} is not a file: URL` };
    try {
      return { kind: 'path', path: fileURLToPath(serializeUrl(parsed.url, true)) };
    } catch (err) {
      return { kind: 'bad', reason: `${name}: ${(err as Error).message}` };
    }
  }
  if (/^https?:\/\//i.test(name)) {
    const parsed = parseUrl(name);
    if (parsed.ok) return { kind: 'web', url: parsed.url, guessed: false };
  }
  if (!isFile(name) && looksLikeHost(name)) {
    const parsed = parseUrl(`http://${name}`);
    if (parsed.ok) return { kind: 'web', url: parsed.url, guessed: true };
  }
  return { kind: 'path', path: name };
}

/** What the status line says of a guess. */
export function guessNote(name: string, url: UrlRecord): string {
  return `${name} is not a file: opened as ${serializeUrl(url)}`;
}
