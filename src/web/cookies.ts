// A session's cookies (RFC 6265): tough-cookie's jar decides which cookie a
// response may set and to which requests it goes (host-only and domain
// cookies, paths, Secure, expiry, the Public Suffix List). Kept in memory for
// the session; the cookies that outlive a session (Expires, Max-Age) are also
// written to a file when the configuration names one (`cookies FILE`), 0600.
//
// tough-cookie (and the tldts it needs) is compiled on the first cookie a
// server sends, or the first request once a file holds cookies: a page from a
// server that sets none never loads it.
import fs from 'node:fs';
import path from 'node:path';
import { CookieJar, type SerializedCookieJar } from 'tough-cookie';

/** What a fetch asks of the cookies: all a form's POST needs too. */
export interface CookieStore {
  /** The Cookie header for a request to `url` (serialized): '' when no cookie goes there. */
  cookieHeader(url: string): string;
  /** Keeps the cookies a response from `url` sets (its Set-Cookie headers); returns how many were kept. */
  store(url: string, setCookies: readonly string[]): number;
}

/** Set-Cookie headers read from one response, at most: a response's headers are bounded (16 KiB), this says so again. */
const MOST_PER_RESPONSE = 200;

export class SessionCookies implements CookieStore {
  private jar: CookieJar | null = null;
  /** The file's cookies are read into the jar before the first request (or the first cookie kept). */
  private fileRead = false;
  /** A failed write is said once. */
  private writeFailed = false;

  /**
   * `file`: where the cookies that outlive the session are kept (null: in
   * memory only); `say`: what went wrong reading or writing it.
   */
  constructor(
    readonly file: string | null = null,
    private readonly say: (message: string) => void = () => {},
  ) {}

  cookieHeader(url: string): string {
    this.readFile();
    if (this.jar === null) return '';
    try {
      return this.jar.getCookieStringSync(url);
    } catch {
      return '';
    }
  }

  store(url: string, setCookies: readonly string[]): number {
    if (setCookies.length === 0) return 0;
    this.readFile();
    const jar = (this.jar ??= newJar());
    let kept = 0;
    for (const header of setCookies.slice(0, MOST_PER_RESPONSE)) {
      let cookie;
      try {
        cookie = jar.setCookieSync(header, url, { ignoreError: true });
      } catch {
        cookie = undefined;
      }
      if (cookie) kept++;
    }
    // Any Set-Cookie may change the file: a lasting cookie set, or one ended (Max-Age=0).
    this.writeFile();
    return kept;
  }

  /** The cookies held now (for tests and `=`). */
  count(): number {
    return this.jar?.serializeSync()?.cookies.length ?? 0;
  }

  private readFile(): void {
    if (this.fileRead || this.file === null) return;
    this.fileRead = true;
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.say(`Cookies not read from ${this.file}: ${(err as Error).message}`);
      return;
    }
    if (text.trim() === '') return;
    try {
      this.jar = CookieJar.deserializeSync(JSON.parse(text) as SerializedCookieJar);
    } catch {
      this.say(`Cookies not read from ${this.file}: it is not a cookie file`);
    }
  }

  /** The lasting cookies to the file, replaced whole: written apart, 0600, then renamed into place. */
  private writeFile(): void {
    if (this.file === null || this.jar === null) return;
    const serialized = this.jar.serializeSync();
    if (!serialized) return;
    const lasting = { ...serialized, cookies: serialized.cookies.filter((c) => c.expires !== undefined || c.maxAge !== undefined) };
    const temporary = path.join(path.dirname(this.file), `.${path.basename(this.file)}.${process.pid}.tmp`);
    try {
      fs.writeFileSync(temporary, JSON.stringify(lasting) + '\n', { mode: 0o600 });
      fs.chmodSync(temporary, 0o600);
      fs.renameSync(temporary, this.file);
    } catch (err) {
      fs.rmSync(temporary, { force: true });
      if (!this.writeFailed) this.say(`Cookies not written to ${this.file}: ${(err as Error).message}`);
      this.writeFailed = true;
    }
  }
}

function newJar(): CookieJar {
  return new CookieJar(undefined, { rejectPublicSuffixes: true, looseMode: false });
}
