// Manual pages as links: `man:ls(1)` (what the plain reader makes of a
// reference, readers/man-refs.ts), `man:ls` and `man:bash` typed at the
// command line or :e. Pure: which page a URL names, the words man is given
// for it (never a shell's command line), and whether a page is known to be
// there, as the pager's check (input/man-pages.ts) says: a reference man
// does not have is shown as text.

/** A manual page by name, and its section if one is named ("1", "3pm"). */
export interface ManPage {
  name: string;
  section: string | null;
}

const PAGE = /^man:([A-Za-z0-9_][A-Za-z0-9_.:+-]{0,63})(?:\(([1-9][a-z]{0,6})\))?$/;

/** The page a `man:` URL names; null if it is not one (a name starting with `-` is not taken as one: man would read it as an option). */
export function manPageOf(href: string): ManPage | null {
  const found = PAGE.exec(href);
  return found ? { name: found[1], section: found[2] ?? null } : null;
}

/** The page as man names it on its command line: `ls.1`, or `ls`. */
export function manName(page: ManPage): string {
  return page.section === null ? page.name : `${page.name}.${page.section}`;
}

/** man's arguments to print `page`, formatted, to its standard output. */
export function manArguments(page: ManPage): string[] {
  return ['-P', 'cat', '--', manName(page)];
}

/** man's arguments to say only where `page` is (status 0 if it has it). */
export function manWhereArguments(page: ManPage): string[] {
  return ['-w', '--', manName(page)];
}

/** Whether man is known to have the page a `man:` link names (asking, the first time); until the pager sets a check, none is. */
let known: (page: ManPage) => boolean = () => false;

export function knowManPagesBy(check: (page: ManPage) => boolean): void {
  known = check;
}

/** Whether a `man:` href's page is known to be there (a link to it is shown as one). */
export function manPageKnown(href: string): boolean {
  const page = manPageOf(href);
  return page !== null && known(page);
}
