// Web pages as the pager shows them: a page shows at once, empty while it
// connects, and its text takes the empty page's place when the answer comes;
// keys work all the while. r loads a page again while the old one stays on
// screen until the answer comes (the page being loaded). The session's
// cookies and logins live here; a 401 asks for a login, and a meta refresh
// that comes soon is followed as a redirect.
import { loadOptions, WebLoad } from '../web/web-load.ts';
import type { LoadOptions } from '../web/page-load.ts';
import type { PostBody } from '../web/fetch.ts';
import { proxyFromEnv } from '../web/proxy.ts';
import { SessionCookies } from '../web/cookies.ts';
import { Logins } from '../web/auth.ts';
import { isFetchable } from '../web/fetch.ts';
import { parseUrl, serializeHost } from '../link/url/index.ts';
import { Loader } from '../input/load.ts';
import { findFragment } from '../document/fragments.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { PagerAction } from '../state/types.ts';
import type { State, WebContext } from '../state/types.ts';
import type { Navigator } from './navigator.ts';
import type { Scheduler } from '../schedule/scheduler.ts';
import { pageText, type Page, type WebPage } from './page.ts';
import { binaryQuestion } from './binary-question.ts';

/** The session's cookies, as the command line and the configuration file say. */
export interface CookieSettings {
  /** --no-cookies: none is kept or sent. */
  refused: boolean;
  /** `cookies FILE` in the configuration file: the lasting cookies are kept there (null: in memory only). */
  file: string | null;
}

/** A meta refresh that waits this long at most is followed as a redirect; a longer one is a link at the top. */
const FOLLOWED_REFRESH_SECONDS = 5;
/** Refreshes followed in a row before lwl stops following them (a loop). */
const MOST_REFRESHES = 3;

/** What the web pages ask of the pager. */
export interface WebHost {
  readonly nav: Navigator;
  /** The state function is told, and the frame drawn. */
  report(action: PagerAction): void;
  /** The state function is told; the frame is left for later. */
  note(action: PagerAction): void;
  /** A frame soon (at the pace of progress). */
  renderSoon(): void;
  /** `page` is shown in the page shown's place (the navigator has it), from its first state. */
  replaced(page: Page): void;
  /** A new page is shown; Backspace comes back. */
  showNew(page: Page): void;
  back(): void;
  quit(status: number): void;
  readonly cols: number;
  readonly state: State;
  /** Secure mode: a page that is not text is not offered to be saved. */
  readonly secure: boolean;
}

export class WebPages {
  private options: LoadOptions | null = null;
  /** What the environment's limits needed said (a number out of range), said when the first page shows. */
  private optionsNote: string | null = null;
  /** A web page loading again (r): the page shown stays until the answer comes. */
  private reloading: { load: WebLoad; page: Page; top: number } | null = null;
  /** The logins typed this session, by origin. */
  private readonly logins = new Logins();
  /** Loads whose meta refresh was looked at (followed or not): once each. */
  private readonly refreshSeen = new WeakSet<WebLoad>();
  /** What the loads that sent a form by POST sent: sent again only when asked (r on the answer). */
  private readonly posts = new WeakMap<WebLoad, PostBody>();

  constructor(
    private readonly host: WebHost,
    private readonly version: string,
    private readonly scheduler: Scheduler,
    private readonly cookieSettings: CookieSettings = { refused: false, file: null },
  ) {}

  /** The options every load of this session shares (S's downloads too). */
  loadOptions(): LoadOptions {
    return (this.options ??= {
      ...loadOptions(this.version, process.env, proxyFromEnv(process.env), (note) => (this.optionsNote = note)),
      cookies: this.cookieSettings.refused ? null : new SessionCookies(this.cookieSettings.file, (problem) => this.host.note(['notice', problem])),
      logins: this.logins,
    });
  }

  private start(url: UrlRecord, post: PostBody | null = null): WebLoad {
    const options = this.loadOptions();
    const load = new WebLoad(url, post ? { ...options, post } : options, {
      begin: (load) => this.began(load),
      progress: (load) => {
        if (this.isShowing(load)) this.host.renderSoon();
      },
      end: (load) => this.ended(load),
    }, this.scheduler);
    if (post) this.posts.set(load, post);
    return load;
  }

  /** An empty page for a URL (`post`: a form's body sent to it), which its text takes the place of when the answer comes. */
  placeholder(url: UrlRecord, post: PostBody | null = null): WebPage {
    const load = this.start(url, post);
    return { ...pageText(Loader.fromText(load.name, '')), kind: 'web', web: load, drawn: false, restoreTop: null, fragment: null, kindBeforeRaw: null };
  }

  /** The load the page shown waits for: its reload's, else its own. */
  private shownLoad(): WebLoad | null {
    const page = this.host.nav.page;
    if (this.reloading?.page === page) return this.reloading.load;
    return page.kind === 'web' ? page.web : null;
  }

  private isShowing(load: WebLoad): boolean {
    return this.shownLoad() === load;
  }

  /** What the state function knows of the page shown, if it is from the web. */
  context(): WebContext | null {
    const page = this.host.nav.page;
    const shown = this.shownLoad();
    if (page.kind !== 'web' || !shown) return null;
    const cols = this.host.cols;
    return { url: page.web.url, progress: shown.progressText(), facts: () => page.web.facts(cols) };
  }

  /** The answer came: show the page (or the failure page), or ask first if it is not text. */
  private began(load: WebLoad): void {
    if (!this.isShowing(load)) return load.cancel();
    const reload = this.reloading?.load === load;
    if (load.info!.failure?.kind === 'cancelled') {
      if (reload) {
        this.reloading = null;
        return this.host.report(['notice', 'Stopped: the page was not loaded again']);
      }
      if (this.host.nav.depth > 0) {
        this.host.back();
        return this.host.report(['notice', 'Stopped before the page arrived']);
      }
      // The first page: its "Stopped" page says what happened.
    }
    if (load.needsQuestion) return this.host.report(['ask', binaryQuestion(load.info!.page!, this.host.secure)]);
    // Drawn when its first text has come (placed).
    this.show(load);
    this.askLogin(load);
  }

  /** A 401 with a Basic challenge: the page shows (the server's, or lwl's), and the status line asks for a login. */
  private askLogin(load: WebLoad): void {
    const login = load.info?.session.login;
    // \ and K read a page again as another kind: the login was asked for when it came.
    if (!login || load.as) return;
    // Refused: forgotten, so that it is not sent again.
    if (login.refused) this.logins.forget(load.url);
    const { url } = load;
    const site = `${url.host ? serializeHost(url.host) : ''}${url.port === null ? '' : `:${url.port}`}`;
    this.host.report(['askLogin', { site, realm: login.challenge.realm, refused: login.refused }]);
  }

  /** The login typed for the page shown: kept for its origin, and the page loaded again with it. */
  login(user: string, password: string): void {
    const page = this.host.nav.page;
    if (page.kind !== 'web') return;
    this.logins.add(page.web.url, user, password);
    this.reload(page);
  }

  /**
   * A meta refresh that comes within FOLLOWED_REFRESH_SECONDS is followed at
   * once, in the page's place as a redirect is (the chain kept for =), up to
   * MOST_REFRESHES in a row; a later one, or one more, stays a link at the top.
   */
  private followRefresh(page: WebPage): void {
    const refresh = page.doc.refresh;
    const load = page.web;
    if (refresh === null || this.refreshSeen.has(load)) return;
    this.refreshSeen.add(load);
    if (refresh.seconds > FOLLOWED_REFRESH_SECONDS) return;
    if (load.refreshedFrom.length >= MOST_REFRESHES) {
      return this.host.note(['notice', `Refresh loop: followed ${MOST_REFRESHES} times in a row, not again (its link is at the top)`]);
    }
    // Against the page's <base href> as far as it has come (page.links.base is found once, and must not be found this early).
    const base = page.doc.baseHref === null ? null : parseUrl(page.doc.baseHref, load.url);
    const target = parseUrl(refresh.href, base?.ok ? base.url : load.url);
    if (!target.ok || !isFetchable(target.url)) return;
    this.leave(page);
    const next = this.placeholder(target.url);
    next.web.refreshedFrom = [...load.refreshedFrom, load.url];
    this.host.nav.replace(next);
    this.host.replaced(next);
  }

  /** y or n to a page that is not text: shown as plain text, or left (`saving`: saved instead, and the first page stays); false if lwl ended (no page to go back to). */
  answerBinary(see: boolean, saving = false): boolean {
    const load = this.shownLoad();
    if (!load) return true;
    if (see) {
      this.show(load);
      return true;
    }
    load.cancel();
    if (this.reloading?.load === load) this.reloading = null;
    else if (this.host.nav.depth > 0) this.host.back();
    else if (!saving) {
      this.host.quit(0);
      return false;
    }
    if (!saving) this.host.note(['notice', 'Not shown']);
    return true;
  }

  /** The page's text takes the place of the page shown (the empty page, or the page being loaded again). */
  private show(load: WebLoad): void {
    const reload = this.reloading?.load === load ? this.reloading : null;
    this.reloading = null;
    const page: WebPage = {
      ...pageText(load.loader(), null, load.url),
      kind: 'web',
      web: load,
      drawn: false,
      restoreTop: reload?.top ?? null,
      fragment: reload ? null : load.url.fragment,
      kindBeforeRaw: load.as?.kind === 'raw' ? load.as.before : null,
    };
    this.host.nav.replace(page);
    this.host.replaced(page);
    const said = this.optionsNote ?? load.endMessage(this.host.cols);
    this.optionsNote = null;
    if (said) this.host.note(['notice', said]);
  }

  private ended(load: WebLoad): void {
    const page = this.host.nav.page;
    // A page loading again says nothing of its old load's end.
    if (page.kind !== 'web' || page.web !== load || this.reloading?.page === page) return;
    // A failure page said why when it was shown, and an error page its status: only a body cut short is said now.
    const said = load.info?.failure ? null : (load.bodyEnd?.message ?? null);
    if (said) this.host.note(['notice', said]);
    this.host.renderSoon();
  }

  /** ^C while a page loads: it stops, and what arrived stays. */
  stop(): void {
    const load = this.shownLoad();
    if (!load || load.finished) return;
    load.cancel();
    // What arrived is read to its end, so that the page is whole as far as it goes.
    const page = this.host.nav.page;
    if (page.kind === 'web' && page.web === load) page.loader.want(Infinity);
  }

  /** The page is the answer to a form sent by POST: loading it again sends the form again. */
  posted(page: WebPage): boolean {
    return this.posts.has(page.web) && page.web.info?.page?.posted === true;
  }

  /** The page shown is fetched again and takes its own place, at the same place (`as`: read as another kind, from the top); the answer to a POST is posted again (asked first). */
  reload(page: WebPage, as: WebLoad['as'] = null): void {
    if (this.reloading?.page === page) this.reloading.load.cancel();
    const load = this.start(page.web.url, this.posted(page) ? this.posts.get(page.web)! : null);
    // r keeps the kind the page is read as; K and \\ change it, from the top.
    load.as = as ?? page.web.as;
    // Marked first, so that the old load's end (cancelled) is not taken for the page's.
    this.reloading = { load, page, top: as ? 0 : this.host.state.top };
    if (!page.web.finished) {
      page.web.cancel();
      page.loader.want(Infinity);
    }
  }

  /** A web page left loads no further: what arrived stays (Backspace comes back to it). */
  leave(page: Page): void {
    if (this.reloading?.page === page) {
      this.reloading.load.cancel();
      this.reloading = null;
    }
    if (page.kind === 'web' && !page.web.finished) {
      page.web.cancel();
      page.loader.want(Infinity);
    }
  }

  /** Once the text reaches it: the place a reloaded page was at, or the fragment its URL names; true when the first text of a web page has come, to be drawn now. */
  placed(page: WebPage): boolean {
    this.followRefresh(page);
    if (this.host.nav.page !== page) return false;
    const { doc } = page;
    if (page.restoreTop !== null && (doc.complete || doc.text.length > page.restoreTop)) {
      const top = page.restoreTop;
      page.restoreTop = null;
      if (this.host.state.top === 0) this.host.note(['restoreTop', top]);
    }
    if (page.fragment !== null && doc.complete) {
      const at = findFragment(doc, page.fragment);
      page.fragment = null;
      if (at !== null && this.host.state.top === 0) this.host.note(['restoreTop', at]);
    }
    if (page.drawn || doc.text.length === 0) return false;
    page.drawn = true;
    return true;
  }
}
