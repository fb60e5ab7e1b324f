// HTTP Basic authentication (RFC 7617): a 401's WWW-Authenticate read for a
// Basic challenge, and the logins typed this session, each kept for its
// origin alone (scheme, host and port): sent again to that origin, never to
// another, and never written anywhere.
import { serializeHost, defaultPort, type UrlRecord } from '../link/url/index.ts';
import { splitOutsideQuotes } from './content-type.ts';

/** A Basic challenge: the protection space's name, as the server gave it (printable, 80 characters at most). */
export interface BasicChallenge {
  realm: string;
}

/**
 * The Basic challenge among a WWW-Authenticate header's (or headers'), or null:
 * `Basic realm="Private", Bearer realm="x"` gives { realm: 'Private' }.
 */
export function basicChallenge(header: string | readonly string[] | undefined): BasicChallenge | null {
  if (header === undefined) return null;
  for (const value of typeof header === 'string' ? [header] : header) {
    let inBasic = false;
    for (const part of splitOutsideQuotes(value, ',').filter((p) => p.trim() !== '')) {
      // A part that starts with a token and a space (or is a lone token) starts a challenge; the rest are its parameters.
      const start = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s+(.*))?$/s.exec(part);
      let param = part;
      if (start && !/^\s*[^=\s]+\s*=/.test(part)) {
        inBasic = start[1].toLowerCase() === 'basic';
        if (!inBasic) continue;
        param = start[2] ?? '';
        if (param.trim() === '') return { realm: '' };
      }
      if (!inBasic) continue;
      const realm = /^\s*realm\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/i.exec(param);
      if (realm) return { realm: printable(realm[1]?.replace(/\\(.)/g, '$1') ?? realm[2]) };
    }
    if (inBasic) return { realm: '' };
  }
  return null;
}

function printable(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').trim().slice(0, 80);
}

/** A URL's origin, as logins are kept by: "http://127.0.0.1:8000". */
export function originOf(url: UrlRecord): string {
  const port = url.port ?? defaultPort(url.scheme);
  return `${url.scheme}://${url.host ? serializeHost(url.host) : ''}${port === null ? '' : `:${port}`}`;
}

/** The logins of this session, by origin: in memory only. */
export class Logins {
  private readonly byOrigin = new Map<string, string>();

  /** The Authorization header for a request to `url`, or null: only the origin the login was typed for gets it. */
  authorization(url: UrlRecord): string | null {
    return this.byOrigin.get(originOf(url)) ?? null;
  }

  /** Keeps a login for `url`'s origin (in UTF-8, as RFC 7617's charset="UTF-8" asks). */
  add(url: UrlRecord, user: string, password: string): void {
    this.byOrigin.set(originOf(url), `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`);
  }

  /** The login for `url`'s origin was refused: it is not sent again. */
  forget(url: UrlRecord): void {
    this.byOrigin.delete(originOf(url));
  }
}
