// S: what is saved (the selected link's target, else the page shown: a web
// page's source fetched again, a file's bytes, or lwl's own text), the name
// offered for it, and the saving: a name that is a directory takes the name
// from the server (Content-Disposition) or the URL, inside it; a file that
// exists is replaced only after a yes; a download shows its progress.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemHomes, typedPath } from '../input/typed-path.ts';
import { parseUrl } from '../link/url/index.ts';
import { isDirectory } from '../navigator/directory-listing.ts';
import { humanSize } from '../navigator/directory-text.ts';
import type { Page } from '../navigator/page.ts';
import type { PagerAction, SaveTarget } from '../state/types.ts';
import { download, safeFileName, suggestedName, urlFileName } from '../web/download.ts';
import { formatProgress } from '../web/fetch-body.ts';
import type { LoadOptions } from '../web/page-load.ts';
import { copyFile, saveInput } from './save.ts';

export interface DownloadHost {
  /** The state function is told, and the frame drawn. */
  report(action: PagerAction): void;
  /** The state function is told; the frame is left for later (progress). */
  note(action: PagerAction): void;
  renderSoon(): void;
  readonly secure: boolean;
  /** The options the session's web pages load with (proxies, limits): a download is fetched as they are. */
  loadOptions(): LoadOptions;
}

/** What S saves and the name offered for it, or the sentence that says why nothing is. */
export function saveChoice(page: Page, link: string | null): { target: SaveTarget; name: string } | string {
  if (link !== null) return linkChoice(link);
  const shown = page.kind === 'endWindow' ? page.main : page;
  if (shown.kind === 'web') {
    const fetched = shown.web.info?.page;
    if (!fetched) return 'Nothing to save: the page did not load';
    return { target: { kind: 'web', url: fetched.href }, name: suggestedName(fetched) };
  }
  const { source } = shown.loader;
  if (shown.kind === 'file' && source.isFile && source.fd !== 0) return { target: { kind: 'file', path: source.name }, name: path.basename(source.name) };
  const name = shown.kind === 'directory' ? `${path.basename(shown.path) || 'root'}.txt` : shown.kind === 'help' ? 'lwl-help.txt' : 'input.txt';
  return { target: { kind: 'text' }, name };
}

function linkChoice(link: string): { target: SaveTarget; name: string } | string {
  const parsed = parseUrl(link);
  if (!parsed.ok) return `Cannot save this link: ${parsed.reason}`;
  const { url } = parsed;
  if (url.scheme === 'http' || url.scheme === 'https') return { target: { kind: 'web', url: link }, name: urlFileName(url) };
  if (url.scheme !== 'file') return `S saves http, https and file: links, not ${url.scheme}:`;
  let file: string;
  try {
    file = fileURLToPath(link);
  } catch (err) {
    return `Cannot save this link: ${(err as Error).message}`;
  }
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return `Cannot save ${file}: not a regular file`;
  return { target: { kind: 'file', path: file }, name: path.basename(file) };
}

export class Downloads {
  constructor(private readonly host: DownloadHost) {}

  /**
   * Saves `target` to the name typed: a directory (one that exists, or a
   * name ending in /) takes the file's own name inside it. A file there is
   * asked about first; a web address is fetched, its progress shown.
   */
  save(typed: string, target: SaveTarget, page: Page, overwrite = false): void {
    if (this.host.secure) return this.host.report(['notice', 'Saving is disabled in secure mode']);
    const named = typedPath(typed, systemHomes(process.env, () => fs.readFileSync('/etc/passwd', 'utf8')));
    const intoDirectory = named.endsWith('/') || isDirectory(named);
    // A web address's name comes with its answer; the others' is known now.
    const file = intoDirectory && target.kind !== 'web' ? path.join(named, this.ownName(target, page)) : named;
    if (!(intoDirectory && target.kind === 'web') && !overwrite && fs.existsSync(file)) {
      const yes = [{ kind: 'download', path: file, target, overwrite: true } as const];
      return this.host.report(['ask', { text: `${file} exists: overwrite it? (y/n)`, yes, no: [], noMessage: 'Not saved' }]);
    }
    if (target.kind === 'file') return this.host.report(['notice', copyFile(target.path, file, overwrite)]);
    if (target.kind === 'text') return this.host.report(['notice', saveInput(page.doc, file, false, overwrite)]);
    this.fetchTo(target.url, intoDirectory ? { dir: named } : { file }, overwrite);
  }

  /** The name a local file or lwl's text is saved under inside a directory. */
  private ownName(target: SaveTarget, page: Page): string {
    if (target.kind === 'file') return path.basename(target.path);
    const choice = saveChoice(page, null);
    return typeof choice === 'string' ? 'saved.txt' : (safeFileName(choice.name) ?? 'saved.txt');
  }

  private fetchTo(href: string, to: { file: string } | { dir: string }, overwrite: boolean): void {
    const parsed = parseUrl(href);
    if (!parsed.ok) return this.host.report(['notice', `Not saved: ${parsed.reason}`]);
    const options = this.host.loadOptions();
    this.host.report(['notice', `Saving ${'file' in to ? to.file : `into ${to.dir}`}: connecting...`]);
    const progress = (file: string, p: Parameters<typeof formatProgress>[0]) => {
      this.host.note(['notice', `Saving ${file}: ${formatProgress(p)}`]);
      this.host.renderSoon();
    };
    void download(parsed.url, to, overwrite, options, { progress }).then(
      (outcome) => this.host.report(['notice', outcome.saved ? `Saved ${outcome.file} (${humanSize(outcome.bytes, true)})` : outcome.message]),
      (err: Error) => this.host.report(['notice', `Not saved: ${err.message}`]),
    );
  }
}
