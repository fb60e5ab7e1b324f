// The pager's effects on pages: following a link to a file or a web page,
// Backspace, the help screen, :n :p :x :e :d, r K and \, and G's window on
// the end of a file still being read. The Navigator says which page is
// shown and which are kept; this says what each move shows, and where.
import fs from 'node:fs';
import type { Kind } from '../document/readers/kind-names.ts';
import { helpScreen } from '../help.ts';
import { Loader, OpenError, type Source } from '../input/load.ts';
import { guessNote, readAddress } from '../input/address.ts';
import { preprocessed, preprocesses, type Preprocessing } from '../input/preprocess.ts';
import { systemHomes, typedPath } from '../input/typed-path.ts';
import { httpUrl } from '../web/fetch.ts';
import { locationBase } from '../link/base.ts';
import { parseUrl, percentDecode, serializeUrl, type UrlRecord } from '../link/url/index.ts';
import { openEndWindow, prepareEndWindow, stateFromEnd } from '../navigator/end-window.ts';
import { openDirectory } from '../navigator/directory-listing.ts';
import { Navigator } from '../navigator/navigator.ts';
import { kindToReopen, openLinked, openListed, openManPage, reopenFile } from '../navigator/open.ts';
import { manPageOf } from '../link/man.ts';
import { isLwlsOwn, pageText, type EndWindowPage, type Page, type PageText } from '../navigator/page.ts';
import { historyPage } from '../navigator/history-list.ts';
import { linkListPage, placeInListed } from '../navigator/link-list.ts';
import { WebPages, type CookieSettings } from '../navigator/web-pages.ts';
import { Priority, type Scheduler } from '../schedule/scheduler.ts';
import type { GroundAction } from '../state/actions.ts';
import type { Effect, PagerAction } from '../state/types.ts';
import { initialState, type State } from '../state/state.ts';
import type { PagerWork } from './work.ts';
import type { FieldValues } from '../document/forms.ts';
import { submission } from '../web/form-submit.ts';

/** What the moves ask of the pager. */
export interface NavigationHost {
  readonly state: State;
  /** The terminal's size: the first screen's rows are read before a page shows; a web page's facts fit the columns. */
  readonly rows: number;
  readonly cols: number;
  /** `page` is shown, in `state`. */
  show(page: Page, state: State): void;
  /** More of the page shown was read. */
  loaded(): void;
  /** The state function is told (or a key's action run again), and the frame drawn. */
  report(action: PagerAction | GroundAction, count?: number | null): void;
  /** The state function is told; the frame is left for later. */
  note(action: PagerAction | GroundAction): void;
  render(): void;
  renderSoon(): void;
  quit(status: number): void;
}

/** Where the pages come from: the command line's files and web page, --kind and --base. */
export interface PageSettings {
  files: string[];
  startUrl?: UrlRecord | null;
  kind?: Kind | null;
  base: UrlRecord | null;
  version?: string;
  cookies?: CookieSettings;
  secure?: boolean;
  preprocessing?: Preprocessing | null;
}

/** The effects that move between pages (or load one), which Navigation carries out. */
const PAGE_EFFECTS = ['open', 'back', 'file', 'examine', 'reread', 'reload', 'help', 'list', 'fetch', 'submit', 'stopLoad', 'login'] as const;
export type PageEffect = Extract<Effect, { kind: (typeof PAGE_EFFECTS)[number] }>;
const pageEffects = new Set<string>(PAGE_EFFECTS);
export const isPageEffect = (effect: Effect): effect is PageEffect => pageEffects.has(effect.kind);

export class Navigation {
  readonly nav: Navigator;
  readonly web: WebPages;
  /** LESSOPEN is running on this file of the list (its page opens when it has answered). */
  private preprocessing: string | null = null;
  /** What LESSOPEN made of a file, for its page to open with. */
  private made: { name: string; source: Source | null } | null = null;

  constructor(
    private readonly host: NavigationHost,
    first: Page,
    private readonly settings: PageSettings,
    private readonly scheduler: Scheduler,
    private readonly work: PagerWork,
  ) {
    this.nav = new Navigator(first, settings.files);
    const navigation = this;
    this.web = new WebPages(
      {
        nav: this.nav,
        report: (action) => host.report(action),
        note: (action) => host.note(action),
        renderSoon: () => host.renderSoon(),
        // A message not yet seen (no key since: the guess of an http:// address) stays as the page's text comes.
        replaced: (page) => this.showAndLoad(page, { ...initialState, message: host.state.message }),
        showNew: (page) => this.showNew(page),
        back: () => this.back(),
        quit: (status) => host.quit(status),
        get cols() {
          return navigation.host.cols;
        },
        get state() {
          return navigation.host.state;
        },
        secure: settings.secure ?? false,
      },
      settings.version ?? 'dev',
      scheduler,
      settings.cookies,
    );
    if (settings.startUrl) this.nav.replace(this.web.placeholder(settings.startUrl));
  }

  get page(): Page {
    return this.nav.page;
  }

  /** The page shown starts (or goes on) reading; what it reads is drawn as it comes. */
  startLoading(page: Page = this.page): void {
    // A big directory's reading says how far it is, while it is shown.
    if (page.kind === 'directory') {
      page.listing.watch = (progress) => {
        if (this.page !== page) return;
        this.host.note(['notice', progress]);
        this.host.renderSoon();
      };
      // Its sort yields to keys between slices: as reading ahead does, a turn of the scheduler's.
      page.listing.nextTurn = () =>
        new Promise((resolve) => {
          this.scheduler.add({
            step: () => {
              resolve();
              return 'done';
            },
          }, Priority.readAhead);
        });
    }
    page.loader.start(this.scheduler, () => {
      if (this.page === page) this.host.loaded();
      else if (this.page.kind === 'endWindow' && this.page.main === page) this.endRead(this.page);
    });
  }

  private showAndLoad(page: Page, state: State): void {
    this.host.show(page, state);
    this.startLoading(page);
  }

  /** Shows a new page; Backspace comes back to this one where it was. */
  showNew(page: Page): void {
    // A web page left stops loading (not for the help screen or a list); the navigator rests the page left.
    if (!isLwlsOwn(page)) this.web.leave(this.page);
    this.nav.push(page, this.host.state);
    this.showAndLoad(page, initialState);
  }

  /** The help screen, a page of its own: q or Backspace comes back. */
  help(): void {
    if (this.page.kind !== 'help') this.showNew({ ...helpPage(), kind: 'help' });
  }

  /** L and V: the page's links, or this session's pages, as a page of links: q or Backspace comes back. */
  list(of: 'links' | 'history'): void {
    this.showNew(of === 'links' ? linkListPage(this.page) : historyPage(this.nav.trail));
  }

  /** A link from L's list to a place in the page listed (the page Backspace goes back to): back there, at that place. */
  private backIntoListed(href: string): boolean {
    const place = placeInListed(this.page, href);
    const trail = this.nav.trail;
    if (!place || this.page.kind !== 'list' || trail[trail.length - 2] !== this.page.listed) return false;
    this.back();
    if (place.at === null) this.host.note(['notice', `#${place.fragment} is not defined in this document`]);
    else this.host.note(['restoreTop', place.at]);
    return true;
  }

  back(): void {
    if (this.nav.depth === 0) return this.host.note(['notice', 'No previous document']);
    this.web.leave(this.page);
    const { page, state } = this.nav.back(this.host.state)!;
    this.host.show(page, { ...(state ?? initialState), message: null });
    // Back on G's window, the file under it read meanwhile: the file's page takes its place.
    if (page.kind === 'endWindow' && page.main.doc.complete) this.fromEnd(page);
  }

  /** Enter (or o) on a web link: a new page; Backspace comes back here. */
  fetch(href: string): void {
    if (this.backIntoListed(href)) return;
    const parsed = parseUrl(href);
    if (parsed.ok) this.showNew(this.web.placeholder(parsed.url));
  }

  /** Carries out an effect that moves between pages. */
  apply(effect: PageEffect): void {
    switch (effect.kind) {
      case 'open':
        return this.open(effect.url);
      case 'back':
        return this.back();
      case 'file':
        return this.changeFile(effect.which);
      case 'examine':
        return this.examine(effect.path);
      case 'reread':
        return this.reopen(effect.as, effect.repost);
      case 'reload':
        return this.reopen('same', effect.repost);
      case 'help':
        return this.help();
      case 'list':
        return this.list(effect.of);
      case 'fetch':
        return this.fetch(effect.url);
      case 'submit':
        return this.submit(effect.form, effect.submitter, effect.values);
      case 'stopLoad':
        return this.web.stop();
      case 'login':
        return this.web.login(effect.user, effect.password);
    }
  }

  /** Sends a form of the page shown: its answer is a new page (Backspace comes back, and never sends it again). */
  submit(form: number, submitter: number | null, values: FieldValues): void {
    const page = this.page;
    const forms = page.doc.forms;
    if (!forms) return;
    const web = page.kind === 'web' ? page.web : null;
    const base = page.links.base.url;
    const sent = submission(forms, values, form, submitter, { documentUrl: web?.url ?? base, base, charset: web?.info?.charset ?? 'utf-8' });
    if (!sent.ok) return this.host.note(['notice', sent.reason]);
    this.showNew(this.web.placeholder(sent.url, sent.method === 'POST' ? { body: sent.body, contentType: sent.contentType } : null));
    if (sent.note) this.host.note(['notice', sent.note]);
  }

  /** Opens a local file in place of this document (at the place its #fragment names); Backspace comes back. */
  open(url: string): void {
    if (this.backIntoListed(url)) return;
    const man = manPageOf(url);
    const page = man ? openManPage(man, this.host.cols) : openLinked(url, this.host.rows);
    if (typeof page === 'string') return this.host.note(['notice', page]);
    this.showNew(page);
    const parsed = parseUrl(url);
    if (parsed.ok && parsed.url.fragment) this.toFragment(page, parsed.url.fragment);
  }

  /** The page just opened shows the place `fragment` names once it is read that far (as a web page's), unless the user moved meanwhile. */
  private toFragment(page: Page, fragment: string): void {
    const shown = `#${Buffer.from(percentDecode(fragment)).toString('utf8')}`;
    page.loader.want(Infinity);
    this.work.whenDefined(page.doc, fragment, shown, (at) => {
      // Read no further than the screen asks now that the place is known.
      page.loader.rest();
      if (this.page !== page) return;
      if (at === null) return this.host.report(['notice', `${shown} is not defined in ${page.doc.name}`]);
      if (this.host.state.top === 0) this.host.report(['restoreTop', at]);
    });
  }

  /**
   * r, K and \\: the page shown read again, as the same kind, the other kind
   * (markup and plain) or its raw text and back, in its own place: a file at
   * the same line, a web page fetched again (r at the same place; K and \\
   * from the top).
   */
  reopen(as: 'same' | 'switch' | 'raw', repost = false): void {
    const page = this.page;
    if (page.kind === 'web' && !repost && this.web.posted(page)) {
      // Loading the answer to a form sent by POST sends the form again: asked first, as browsers do.
      const again = as === 'same' ? ({ kind: 'reload', repost: true } as const) : ({ kind: 'reread', as, repost: true } as const);
      const question = { text: 'This page is the answer to a form sent by POST: send the form again? (y/n)', yes: [again], no: [], noMessage: 'Not sent again' };
      return this.host.report(['ask', question]);
    }
    if (page.kind === 'web' && as === 'same') return this.web.reload(page);
    if (page.kind === 'directory' && as === 'same') return this.relist(page.path);
    const kind = kindToReopen(page, as);
    if (page.kind === 'web' && page.web.info) return this.web.reload(page, { kind, before: page.doc.kind });
    const reopened = reopenFile(page, kind, this.host.rows, this.settings.base);
    if (typeof reopened === 'string') return this.host.note(['notice', reopened]);
    // The line the top is on: the line index, counting the blocks before it if it has not yet.
    const { top } = this.host.state;
    page.lines.countTo(top);
    const line = page.lines.lineOf(top) ?? 1;
    this.nav.replace(reopened);
    this.showAndLoad(reopened, initialState);
    this.host.report(['top'], line);
    const name = page.loader.source.name;
    this.host.note(['notice', as === 'same' ? `${name}: read again` : `${name}: read as ${kind}`]);
  }

  /** r on a directory's listing: the directory read again, in its place. */
  private relist(dir: string): void {
    let listing;
    try {
      listing = openDirectory(dir);
    } catch (err) {
      if (!(err instanceof OpenError)) throw err;
      return this.host.note(['notice', `Cannot read ${dir} again: ${err.userMessage}`]);
    }
    this.nav.replace(listing);
    this.showAndLoad(listing, initialState);
    this.host.note(['notice', `${listing.doc.name}: read again`]);
  }

  /** :n, :p, :x go to another file of the list, where it was left; :d drops this one from the list. */
  changeFile(which: 'next' | 'previous' | 'first' | 'drop'): void {
    if (which === 'drop') {
      const dropped = this.nav.dropFile();
      if (!dropped) return this.host.note(['notice', 'This is the only file: nothing to drop']);
      return this.goToFile(dropped.next, `${dropped.name} dropped: `, false);
    }
    const to = this.nav.fileTarget(which);
    if (typeof to === 'string') return this.host.note(['notice', to]);
    this.goToFile(to, '');
  }

  /** :e: opens a file after this one in the list (a web address: a web page); the name as less reads it (spaces around it dropped, ~ expanded). */
  examine(typed: string): void {
    const name = typedPath(typed, systemHomes(process.env, () => fs.readFileSync('/etc/passwd', 'utf8')));
    // A file: URL is its file; a name that is no file but looks like a host, a web address (said so).
    const address = readAddress(name, (file) => fs.existsSync(file));
    if (address.kind === 'bad') return this.host.note(['notice', address.reason]);
    if (address.kind === 'web') {
      this.fetch(serializeUrl(address.url));
      if (address.guessed) this.host.note(['notice', guessNote(name, address.url)]);
      return;
    }
    this.goToFile(this.nav.insertFile(address.path), '');
  }

  private goToFile(index: number, note: string, comeBack = true): void {
    const name = this.nav.fileName(index);
    const pre = this.settings.preprocessing ?? null;
    if (this.made?.name !== name && !this.nav.isOpen(index) && preprocesses(pre, name) && !httpUrl(name) && !manPageOf(name)) return this.preprocessFirst(pre, index, note, comeBack);
    let arrival;
    try {
      arrival = this.nav.toFile(index, this.host.state, (named) => this.openListed(named), comeBack);
    } catch (err) {
      if (!(err instanceof OpenError)) throw err;
      return this.host.note(['notice', `${note}${name}: ${err.userMessage}`]);
    }
    this.showAndLoad(arrival.page, arrival.state ?? initialState);
    this.host.note(['notice', `${note}${name} (file ${index + 1} of ${this.nav.fileCount})`]);
  }

  /**
   * LESSOPEN on the file at `index` before its page opens: its first output
   * is waited for without keeping the keys waiting, then the file is gone to,
   * if it is still in the list.
   */
  private preprocessFirst(pre: Preprocessing, index: number, note: string, comeBack: boolean): void {
    const name = this.nav.fileName(index);
    if (this.preprocessing !== null) return this.host.note(['notice', `LESSOPEN is still running on ${this.preprocessing}`]);
    this.preprocessing = name;
    const arrived = (source: Source | null, error: OpenError | null) => {
      this.preprocessing = null;
      const at = this.nav.fileName(index) === name ? index : -1;
      if (at < 0 || this.nav.isOpen(at)) return void source?.onClose?.();
      if (error) return this.host.note(['notice', `${note}${name}: ${error.userMessage}`]);
      this.made = { name, source };
      try {
        this.goToFile(at, note, comeBack);
      } finally {
        this.made = null;
      }
    };
    preprocessed(pre, name).then(
      (source) => arrived(source, null),
      (err) => {
        if (!(err instanceof OpenError)) throw err;
        arrived(null, err);
      },
    );
  }

  /** A file of the list opened, its first screen read (a web address: its page, loading; LESSOPEN's source, if it made one). */
  private openListed(name: string): Page {
    const url = httpUrl(name);
    if (url) return this.web.placeholder(url);
    const man = manPageOf(name);
    if (man) return openManPage(man, this.host.cols);
    if (this.made?.name === name && this.made.source) return openListed(name, this.host.rows, this.settings.kind ?? null, this.settings.base, this.made.source);
    return openListed(name, this.host.rows, this.settings.kind ?? null, this.settings.base);
  }

  /** G's window on the end of the file, made ahead of G where G would show one (work between keys). */
  prepareEnd(): void {
    prepareEndWindow(this.page);
  }

  /** G's window on the end of a file still being read, shown at its bottom; false when G waits for the whole file. */
  showEnd(): boolean {
    const { state } = this.host;
    const window = openEndWindow(this.page, state, this.settings.base);
    if (!window) return false;
    this.nav.enterWindow(window);
    this.host.show(window, { ...state, top: 0, selected: null, matches: null, match: null });
    this.host.note(['bottom']);
    return true;
  }

  /** More of the file under G's window is read: once it is all, the file's page takes the window's place. */
  private endRead(window: EndWindowPage): void {
    if (!this.work.waitsForNothing) return this.work.textGrew();
    if (window.main.doc.complete) {
      this.fromEnd(window);
      this.host.render();
    }
  }

  /** An action G's window cannot do: g goes to the file's top at once; any other waits for the whole file, then acts there. */
  leaveEndFor(window: EndWindowPage, action: GroundAction, count: number | null): void {
    if (action[0] === 'top' && count === null) {
      this.nav.leaveWindow(window);
      this.host.show(window.main, { ...window.before, message: null });
      return this.host.report(action, count);
    }
    this.leaveEnd(window, () => this.host.report(action, count));
  }

  /** Leaves G's window for the file's page once it is all read (at once if it is), then does `then` there. */
  leaveEnd(window: EndWindowPage, then: () => void): void {
    const main = window.main;
    main.loader.want(Infinity);
    if (main.doc.complete) {
      this.fromEnd(window);
      return then();
    }
    this.work.whenComplete(main.doc, () => {
      if (this.page !== window) return;
      this.fromEnd(window);
      then();
    });
  }

  /** The file's page in place of G's window, at the same place (the same line from the end). */
  private fromEnd(window: EndWindowPage): void {
    this.nav.leaveWindow(window);
    this.host.show(window.main, stateFromEnd(window, this.host.state));
    this.host.note(['rewrapped']);
  }

  /** Reading it back showed the file shown is not what was read (rewritten in place, cut, rotated): what to say, once. */
  changeToTell(): string | null {
    const page = this.page;
    if (page.kind !== 'file' || !page.doc.changed || page.changeTold) return null;
    page.changeTold = true;
    return `${page.doc.name} changed since lwl read it: what it holds now shows as blanks where it differs`;
  }

  /** The regular file shown, by its name (for v and s); null for a pipe, a web page, the help. */
  shownFile(): string | null {
    const name = this.page.doc.name;
    if (this.page.kind !== 'file' || name === '-') return null;
    try {
      return fs.statSync(name).isFile() ? name : null;
    } catch {
      return null;
    }
  }

  /** $LWL_URL for commands: the page's URL (a web page's after redirects, a bro page's, a file's), or empty. */
  pageUrl(): string {
    const page = this.page;
    if (page.kind === 'web') return serializeUrl(page.web.url);
    if (isLwlsOwn(page)) return '';
    const base = page.links.base;
    if (base.source === 'option' || base.source === 'retrieved') return serializeUrl(base.url);
    return page.doc.name === '-' ? '' : serializeUrl(locationBase(page.doc.name).url);
  }
}

/**
 * The help screen's text as a page, its two-column lines hanging at their words:
 * read as plain text, which keeps every byte where the hangs say (and shows
 * `[text](href)` as written, where the help tells of lwl's markup).
 */
function helpPage(): PageText {
  const { text, hangs } = helpScreen();
  const page = pageText(Loader.fromBytes('help', Buffer.from(text), 'plain'));
  for (const { start, end, cells } of hangs) page.doc.hangingIndents.add(start, end, cells);
  return page;
}
