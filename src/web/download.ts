// Saving a web address's body to a file (S, and a page that is not text): the
// name from the server's Content-Disposition or the URL, kept to a plain name
// in the directory the user named (never a path the server chose), written
// beside its place as NAME.part and moved there once whole, never over a file
// unless the user said so.
import fs from 'node:fs';
import path from 'node:path';
import { percentDecode, type UrlRecord } from '../link/url/index.ts';
import { fetchPage, type FetchOptions, type FetchedPage } from './fetch.ts';
import { failureMessage } from './fetch-failure.ts';
import type { Progress } from './fetch-body.ts';

/** What a part of a header holds, its quotes and backslash escapes undone. */
function unquote(value: string): string {
  return value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** The file name a Content-Disposition gives (RFC 6266: filename*, else filename), as the server wrote it; null if none. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*([^';\s]*)'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    const bytes = Buffer.from(percentDecode(extended[2]));
    return extended[1].toLowerCase() === 'utf-8' ? bytes.toString('utf8') : bytes.toString('latin1');
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;\s]+)/i.exec(header);
  return plain ? unquote(plain[1]) : null;
}

/**
 * A name a server (or a URL) suggested, made a plain file name: its last
 * part only (no directory, so no `..`), no controls, no leading dots (a
 * hidden file, or `..` itself); null if nothing is left.
 */
export function safeFileName(suggested: string): string | null {
  const last = suggested.split(/[/\\]/).pop() ?? '';
  const name = last.replace(/[\x00-\x1f\x7f]/g, '').replace(/^[.\s]+/, '').trim();
  return name === '' ? null : name.slice(0, 200);
}

/** The name a URL's last path segment gives, or index.html for a directory's URL. */
export function urlFileName(url: UrlRecord): string {
  const segments = Array.isArray(url.path) ? url.path : [url.path];
  const last = Buffer.from(percentDecode(segments[segments.length - 1] ?? '')).toString('utf8');
  return safeFileName(last) ?? 'index.html';
}

/** The name to save a page under: its Content-Disposition's, else its URL's. */
export function suggestedName(page: Pick<FetchedPage, 'disposition' | 'url'>): string {
  const given = dispositionName(page.disposition);
  return (given !== null && safeFileName(given)) || urlFileName(page.url);
}

/** Where a download goes: that file, or a directory (the name comes with the answer). */
export type Destination = { file: string } | { dir: string };

export interface DownloadEvents {
  /** Bytes arrived, for the status line; `file` is where they go. */
  progress(file: string, progress: Progress): void;
}

/** The sentence a download ends with. */
export type Outcome = { saved: true; file: string; bytes: number } | { saved: false; message: string };

/** Downloads are not held to a page's size limit: a file is as big as it is. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;

/** Fetches `url` and writes its body to `to`; `overwrite`: the user said a file there may be replaced. */
export async function download(url: UrlRecord, to: Destination, overwrite: boolean, options: FetchOptions, events: DownloadEvents): Promise<Outcome> {
  const page = await fetchPage(url, { ...options, maxBytes: NO_LIMIT });
  if (!page.ok) return { saved: false, message: `Not saved: ${failureMessage(page)}` };
  if (page.status >= 300) {
    page.body.cancel();
    return { saved: false, message: `Not saved: the server answered ${page.status} ${page.statusText}`.trim() };
  }
  const file = 'file' in to ? to.file : path.join(to.dir, suggestedName(page));
  const part = `${file}.part`;
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(part, 'wx');
  } catch (err) {
    page.body.cancel();
    return { saved: false, message: `Not saved: ${part}: ${(err as Error).message}` };
  }
  // lwl ended mid-way (q): the part written goes with it.
  const dropPart = () => fs.rmSync(part, { force: true });
  process.once('exit', dropPart);
  try {
    return await write(page, handle, part, file, overwrite, events);
  } finally {
    process.removeListener('exit', dropPart);
  }
}

/** Writes the body to `part`, then puts it in its place. */
async function write(page: FetchedPage, handle: fs.promises.FileHandle, part: string, file: string, overwrite: boolean, events: DownloadEvents): Promise<Outcome> {
  let bytes = 0;
  try {
    for await (const chunk of page.body) {
      await handle.write(chunk);
      bytes += chunk.length;
      events.progress(file, page.body.progress);
    }
  } catch (err) {
    // A write failed (a full disk): nothing half written is left.
    page.body.cancel();
    await handle.close();
    fs.rmSync(part, { force: true });
    return { saved: false, message: `Not saved: ${file}: ${(err as Error).message}` };
  }
  await handle.close();
  const end = await page.body.ended;
  if (end.reason !== 'complete') {
    fs.rmSync(part, { force: true });
    return { saved: false, message: `Not saved: ${end.message ?? end.reason}` };
  }
  return place(part, file, overwrite, bytes);
}

/** Moves the whole file from `part` to `file`: over a file there only with `overwrite` (a hard link refuses to replace one). */
function place(part: string, file: string, overwrite: boolean, bytes: number): Outcome {
  try {
    if (overwrite) fs.renameSync(part, file);
    else {
      fs.linkSync(part, file);
      fs.rmSync(part);
    }
    return { saved: true, file, bytes };
  } catch (err) {
    fs.rmSync(part, { force: true });
    const e = err as NodeJS.ErrnoException;
    return { saved: false, message: `Not saved: ${file}: ${e.code === 'EEXIST' ? 'the file exists: not overwritten' : e.message}` };
  }
}
