// The URL serializer (URL Standard 4.5) and a URL's origin (4.7), serialized as HTML does.

import { serializeHost } from './host.ts';
import { parseUrl } from './parse.ts';
import type { UrlRecord } from './record.ts';

/** The URL serializer: the URL as an ASCII string, optionally without its fragment. */
export function serializeUrl(url: UrlRecord, excludeFragment = false): string {
  let output = url.scheme + ':';
  if (url.host !== null) {
    output += '//';
    if (url.username !== '' || url.password !== '') {
      output += url.username;
      if (url.password !== '') output += ':' + url.password;
      output += '@';
    }
    output += serializeHost(url.host);
    if (url.port !== null) output += ':' + url.port;
  } else if (typeof url.path !== 'string' && url.path.length > 1 && url.path[0] === '') {
    // Without this, "web+demo:/.//not-a-host/" would come back as "web+demo://not-a-host/",
    // whose path has become a host.
    output += '/.';
  }
  output += serializePath(url);
  if (url.query !== null) output += '?' + url.query;
  if (!excludeFragment && url.fragment !== null) output += '#' + url.fragment;
  return output;
}

/** The URL path serializer. */
export function serializePath(url: UrlRecord): string {
  const path = url.path;
  if (typeof path === 'string') return path;
  let output = '';
  for (let i = 0; i < path.length; i++) output += '/' + path[i];
  return output;
}

/** The URL's origin, serialized: "scheme://host[:port]", or "null" for an opaque origin. */
export function origin(url: UrlRecord): string {
  switch (url.scheme) {
    case 'blob': {
      // A blob URL's origin is its path's, when that is an http(s) or file URL.
      const inner = parseUrl(serializePath(url));
      if (inner.ok && (inner.url.scheme === 'http' || inner.url.scheme === 'https' || inner.url.scheme === 'file')) {
        return origin(inner.url);
      }
      return 'null';
    }
    case 'ftp':
    case 'http':
    case 'https':
    case 'ws':
    case 'wss':
      return url.scheme + '://' + serializeHost(url.host!) + (url.port !== null ? ':' + url.port : '');
    default:
      // "file" is left to the implementation by the standard; an opaque origin is the safe
      // answer. Every other scheme has an opaque origin.
      return 'null';
  }
}
