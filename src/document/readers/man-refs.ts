// References to manual pages in plain text, as man pages and programs write
// them: `dircolors(1)`, `crontab(5)`, `ls(1p)`, `Net::HTTP(3pm)`,
// `systemd.unit(5)`. The plain reader stops at `(` and asks these whether a
// name ends there and a section follows; each becomes a link `man:name(section)`,
// shown once man is known to have the page (link/man.ts).

/** A name longer than this is not a page's. */
const NAME_MOST = 64;
/** A section is a digit and at most this many letters after it (3pm, 3ssl, 1p). */
const SUFFIX_MOST = 6;

const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
const isLower = (b: number) => b >= 0x61 && b <= 0x7a;
const isAlnum = (b: number) => isDigit(b) || isLower(b) || (b >= 0x41 && b <= 0x5a);
/** What a page's name holds: letters, digits, `_ - . : +`. */
export const isNameByte = (b: number) => isAlnum(b) || b === 0x5f || b === 0x2d || b === 0x2e || b === 0x3a || b === 0x2b;
/** What a name may not start or end with (a sentence's `-`, `.`, `:` around it; g++ ends with its `+`). */
const isNameEdge = (b: number) => b === 0x2d || b === 0x2e || b === 0x3a;

/**
 * The section after the `(` at buf[open]: where the reference ends (past its
 * `)`), or -1 if none is there: a digit 1-9, a few lower-case letters,
 * `)`, then no letter or digit.
 */
export function sectionEnd(buf: Uint8Array, open: number, end: number): number {
  let i = open + 1;
  if (i >= end || buf[i] < 0x31 || buf[i] > 0x39) return -1;
  i++;
  const most = i + SUFFIX_MOST;
  while (i < end && i < most && isLower(buf[i])) i++;
  if (i >= end || buf[i] !== 0x29) return -1;
  return i + 1 < end && isAlnum(buf[i + 1]) ? -1 : i + 1;
}

/**
 * Where the name that ends at buf[open] (the `(`) starts, looking back no
 * further than buf[from]; -1 if there is none: the name runs back to a byte
 * that is not a name's, holds a lower-case letter, and starts and ends with no `-` `.` `:`.
 */
export function nameStart(buf: Uint8Array, from: number, open: number): number {
  let start = open;
  while (start > from && open - start < NAME_MOST && isNameByte(buf[start - 1])) start--;
  if (start > from && isNameByte(buf[start - 1])) return -1;
  while (start < open && isNameEdge(buf[start])) start++;
  return isName(buf, start, open) ? start : -1;
}

/**
 * Whether buf[start, end) may be a page's name: some of it, no edge at its
 * end, and a lower-case letter among it: a page's own title, `LS(1)` at its
 * top and foot, is not a reference (man would find the page it is on).
 */
export function isName(buf: Uint8Array, start: number, end: number): boolean {
  if (end <= start || end - start > NAME_MOST || isNameEdge(buf[start]) || isNameEdge(buf[end - 1])) return false;
  for (let k = start; k < end; k++) if (!isNameByte(buf[k])) return false;
  for (let k = start; k < end; k++) if (isLower(buf[k])) return true;
  return false;
}

/** The href of the reference: `man:` and the name and section as written. */
export function manHref(name: Uint8Array, section: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from('man:'), name, section]);
}
