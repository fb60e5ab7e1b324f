// The URL record (URL Standard 4.1) and the facts about schemes (4.2).

import type { ValidationError } from './errors.ts';
import type { Host } from './host.ts';

export interface UrlRecord {
  scheme: string;
  username: string;
  password: string;
  host: Host | null;
  port: number | null;
  /** A list of segments, or one string for an opaque path (e.g. "mailto:", "data:"). */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

export type ParseResult =
  | { ok: true; url: UrlRecord; errors: ValidationError[] }
  | { ok: false; reason: string; errors: ValidationError[] };

/** Whether the scheme is special (ftp, file, http, https, ws, wss). */
export function isSpecialScheme(scheme: string): boolean {
  switch (scheme) {
    case 'http':
    case 'https':
    case 'file':
    case 'ftp':
    case 'ws':
    case 'wss':
      return true;
    default:
      return false;
  }
}

/** The scheme's default port, or null (also for file and for schemes that are not special). */
export function defaultPort(scheme: string): number | null {
  switch (scheme) {
    case 'http':
    case 'ws':
      return 80;
    case 'https':
    case 'wss':
      return 443;
    case 'ftp':
      return 21;
    default:
      return null;
  }
}

export function hasOpaquePath(url: UrlRecord): url is UrlRecord & { path: string } {
  return typeof url.path === 'string';
}

/** Whether the URL includes credentials: a username or a password. */
export function includesCredentials(url: UrlRecord): boolean {
  return url.username !== '' || url.password !== '';
}
