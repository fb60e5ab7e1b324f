// A directory listing's text, in lwl's markup: a heading, `..` on top, then
// the directories and the other entries, each by name, every name a link to
// its file: URL, then its size and its date in columns. Pure: the entries are
// read elsewhere (directory-listing.ts).
import { pathToFileURL } from 'node:url';
import { stringWidth } from '../text/width.ts';

export interface Entry {
  name: string;
  directory: boolean;
  /** Bytes, for a file; null for a directory, or an entry that could not be looked at. */
  size: number | null;
  /** Last modified, ms since the epoch; null if unknown. */
  mtime: number | null;
}

/** Names are padded to this many cells at most: a longer one pushes its own line's columns along. */
const NAME_CELLS = 48;

/** The listing's order: directories first, then the rest, each by name (by code unit, as `ls` in the C locale). */
export function listedBefore(a: Entry, b: Entry): boolean {
  return a.directory !== b.directory ? a.directory : a.name < b.name;
}

/** 512, 1.5K, 23M: a size in few cells, as `ls -h` writes it; `long`: 512 bytes, 1.5 KiB, 23 MiB. */
export function humanSize(n: number, long = false): string {
  if (n < 1024) return long ? `${n} byte${n === 1 ? '' : 's'}` : String(n);
  const units = long ? [' KiB', ' MiB', ' GiB', ' TiB'] : ['K', 'M', 'G', 'T'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)}${units[unit]}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 2026-12-01 22:30, in local time. */
function formatDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A file: URL for a path, with the characters that lwl's markup reads in an href percent-encoded too. */
export function fileHref(path: string): string {
  return pathToFileURL(path).href.replace(/[()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A name as a link's text: controls shown as ? (as `ls` shows them), the markup's brackets escaped. */
function linkText(name: string): string {
  return name.replace(/[\x00-\x1f\x7f\x80-\x9f]/g, '?').replace(/[[\]]/g, '\\$&');
}

/** The cells a name takes in the first column (a link's brackets, and a directory's /), as the reader will show it. */
export function nameCells(entry: Entry): number {
  return stringWidth(entry.name.replace(/[\x00-\x1f\x7f\x80-\x9f]/g, '?')) + (entry.directory ? 3 : 2);
}

/** The first column's width for these entries, at least `widest` (the width for those before them). */
export function nameColumn(entries: Entry[], widest = 5): number {
  for (const entry of entries) widest = Math.max(widest, Math.min(NAME_CELLS, nameCells(entry)));
  return widest;
}

/** One entry's line: `[name](file:///dir/name)`, padded to `column` cells, its size and its date. */
export function entryLine(dir: string, entry: Entry, column: number): string {
  const path = dir.replace(/\/?$/, '/') + entry.name;
  const link = `[${linkText(entry.name)}${entry.directory ? '/' : ''}](${fileHref(entry.directory ? `${path}/` : path)})`;
  const pad = ' '.repeat(Math.max(0, column - nameCells(entry)));
  const size = entry.directory || entry.size === null ? '-' : humanSize(entry.size);
  const date = entry.mtime === null ? '' : formatDate(entry.mtime);
  return `${link}${pad}  ${size.padStart(6)}  ${date}\n`;
}

/** The heading, shown before the entries are read. */
export function listingHead(dir: string): string {
  return `Directory ${linkText(dir)}\n\n`;
}

/** The parent directory's line, on top of the entries (none at the root). */
export function parentLine(dir: string, mtime: number | null, column: number): string {
  const up = dir.replace(/\/+$/, '').replace(/[^/]*$/, '') || '/';
  return `[../](${fileHref(up)})${' '.repeat(Math.max(0, column - 5))}  ${'-'.padStart(6)}  ${mtime === null ? '' : formatDate(mtime)}\n`;
}
