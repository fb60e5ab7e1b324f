// Which file a `file:` URL names on this machine. Its host is this machine's
// when it is empty, `localhost` (the URL parser makes that empty), or this
// machine's own name: `ls --hyperlink` and terminals write
// file://HOSTNAME/path, as the OSC 8 convention has it. A URL with another
// host names a file on another machine, which lwl does not open.
import os from 'node:os';
import { percentDecode, serializeHost, type UrlRecord } from './url/index.ts';

/** This machine's name, as `hostname` prints it (asked once). */
let machine: string | null = null;
function machineName(): string {
  machine ??= os.hostname();
  return machine;
}

/** Whether a `file:` URL's host is this machine (`hostname`: this machine's name). */
export function isLocalFile(url: UrlRecord, hostname?: string): boolean {
  const host = url.host;
  if (host === null || host.kind === 'empty') return true;
  // Only now is the machine's name asked for (os is loaded on first use).
  const name = (hostname ?? machineName()).toLowerCase();
  return host.kind === 'domain' && name !== '' && host.value === name;
}

/** The path a `file:` URL names on this machine, its escapes decoded; null if it is another machine's, or a segment decodes to a `/` or a NUL (no file's name holds one). */
export function localPath(url: UrlRecord, hostname?: string): string | null {
  if (url.scheme !== 'file' || !isLocalFile(url, hostname) || typeof url.path === 'string') return null;
  const segments = url.path.map((segment) => Buffer.from(percentDecode(segment)).toString('utf8'));
  return segments.some((segment) => /[/\0]/.test(segment)) ? null : '/' + segments.join('/');
}

/** The host of a `file:` URL on another machine, as written in the URL ("otherbox"). */
export function foreignHost(url: UrlRecord): string {
  return url.host === null ? '' : serializeHost(url.host);
}
