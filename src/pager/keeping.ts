// What S, a and B do, for the pager: S offers a name for what it saves and
// then saves it (downloads.ts); a adds the page shown or the selected link to
// the bookmarks; B opens them.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { linkText } from '../draw/preview.ts';
import type { Effect, PagerAction } from '../state/types.ts';
import { addBookmark, bookmarksPath } from './bookmarks.ts';
import { saveChoice, type Downloads } from './downloads.ts';
import type { Navigation } from './navigation.ts';

type KeepingEffect = Extract<Effect, { kind: 'saveAs' | 'download' | 'bookmark' | 'bookmarks' }>;
const keepingEffects = new Set<string>(['saveAs', 'download', 'bookmark', 'bookmarks']);
export const isKeepingEffect = (effect: Effect): effect is KeepingEffect => keepingEffects.has(effect.kind);

export class Keeping {
  constructor(
    private readonly downloads: Downloads,
    private readonly pages: Navigation,
    private readonly host: { note(action: PagerAction): void },
  ) {}

  apply(effect: KeepingEffect): void {
    const page = this.pages.page;
    switch (effect.kind) {
      case 'saveAs': {
        const choice = saveChoice(page, effect.link);
        return this.host.note(typeof choice === 'string' ? ['notice', choice] : ['typeSave', choice.target, choice.name]);
      }
      case 'download':
        return this.downloads.save(effect.path, effect.target, page, effect.overwrite);
      case 'bookmark':
        return this.bookmark(effect.link);
      case 'bookmarks': {
        const file = bookmarksPath(process.env);
        if (file === null || !fs.existsSync(file)) return this.host.note(['notice', 'No bookmarks yet: a adds the page shown (or the selected link)']);
        return this.pages.open(pathToFileURL(file).href);
      }
    }
  }

  /** The selected link (its text and URL), else the page shown (its title, else its name, and URL). */
  private bookmark(link: number | null): void {
    const file = bookmarksPath(process.env);
    if (file === null) return this.host.note(['notice', 'Not bookmarked: neither XDG_DATA_HOME nor HOME is set']);
    const page = this.pages.page;
    if (link !== null) {
      const target = page.links.get(link);
      if (!target.ok) return this.host.note(['notice', `Not bookmarked: ${target.reason}`]);
      return this.host.note(['notice', addBookmark(file, linkText(page.doc, link), target.href)]);
    }
    const url = this.pages.pageUrl();
    if (url === '') return this.host.note(['notice', 'Not bookmarked: this page has no address']);
    this.host.note(['notice', addBookmark(file, page.doc.title ?? page.doc.name, url)]);
  }
}
