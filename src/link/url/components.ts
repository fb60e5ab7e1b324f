// The URL API's getters (URL Standard 6.1), as functions of a URL record.

import { serializeHost } from './host.ts';
import { origin, serializePath, serializeUrl } from './serialize.ts';
import type { UrlRecord } from './record.ts';

export function href(url: UrlRecord): string {
  return serializeUrl(url);
}

export function protocol(url: UrlRecord): string {
  return url.scheme + ':';
}

export function username(url: UrlRecord): string {
  return url.username;
}

export function password(url: UrlRecord): string {
  return url.password;
}

export function host(url: UrlRecord): string {
  if (url.host === null) return '';
  if (url.port === null) return serializeHost(url.host);
  return serializeHost(url.host) + ':' + url.port;
}

export function hostname(url: UrlRecord): string {
  return url.host === null ? '' : serializeHost(url.host);
}

export function port(url: UrlRecord): string {
  return url.port === null ? '' : String(url.port);
}

export function pathname(url: UrlRecord): string {
  return serializePath(url);
}

export function search(url: UrlRecord): string {
  return url.query === null || url.query === '' ? '' : '?' + url.query;
}

export function hash(url: UrlRecord): string {
  return url.fragment === null || url.fragment === '' ? '' : '#' + url.fragment;
}

export { origin };
