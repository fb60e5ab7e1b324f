// Web pages as the pager shows them: a page shows at once, empty while it
// connects, and its text takes the empty page's place when the answer comes;
// keys work all the while. r loads a page again while the old one stays on
// screen until the answer comes (the page being loaded).
import { loadOptions, WebLoad } from '../web/web-load.ts';
import type { LoadOptions } from '../web/page-load.ts';
import type { PostBody } from '../web/fetch.ts';
import { proxyFromEnv } from '../web/proxy.ts';
import { Loader } from '../input/load.ts';
import { findFragment } from '../document/fragments.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { PagerAction } from '../state/types.ts';
import type { State, WebContext } from '../state/types.ts';
import type { Navigator } from './navigator.ts';
import type { Scheduler } from '../schedule/scheduler.ts';
import { pageText, type Page, type WebPage } from './page.ts';

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
}

export class WebPages {
  private options: LoadOptions | null = null;
  /** What the environment's limits needed said (a number out of range), said when the first page shows. */
  private optionsNote: string | null = null;
  /** A web page loading again (r): the page shown stays until the answer comes. */
  private reloading: { load: WebLoad; page: Page; top: number } | null = null;
  /** What the loads that sent a form by POST sent: sent again only when asked (r on the answer). */
  private readonly posts = new WeakMap<WebLoad, PostBody>();

  constructor(
    private readonly host: WebHost,
    private readonly version: string,
    private readonly scheduler: Scheduler,
  ) {}

  private start(url: UrlRecord, post: PostBody | null = null): WebLoad {
    this.options ??= loadOptions(this.version, process.env, proxyFromEnv(process.env), (note) => (this.optionsNote = note));
    const load = new WebLoad(url, post ? { ...this.options, post } : this.options, {
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
    if (load.needsQuestion) {
      const type = load.info!.page!.contentType;
      const question = { text: `This page is ${type}, not text: see it anyway? (y/n)`, yes: [{ kind: 'showBinary', see: true } as const], no: [{ kind: 'showBinary', see: false } as const], noMessage: null };
      return this.host.report(['ask', question]);
    }
    // Drawn when its first text has come (placed).
    this.show(load);
  }

  /** y or n to a page that is not text: shown as plain text, or left; false if lwl ended (no page to go back to). */
  answerBinary(see: boolean): boolean {
    const load = this.shownLoad();
    if (!load) return true;
    if (see) {
      this.show(load);
      return true;
    }
    load.cancel();
    if (this.reloading?.load === load) this.reloading = null;
    else if (this.host.nav.depth > 0) this.host.back();
    else {
      this.host.quit(0);
      return false;
    }
    this.host.note(['notice', 'Not shown']);
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
    // A failure page said why when it was shown.
    const said = load.info?.failure ? null : load.endMessage(this.host.cols);
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
