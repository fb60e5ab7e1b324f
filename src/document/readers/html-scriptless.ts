// What a page says to browsers without scripts or frames, as w3m shows it:
// <meta http-equiv=refresh> as a link at the top ("Refresh (30 s): /next"),
// which the pager follows itself when it comes soon; a frameset as a list of
// its frames' links ("FRAME: nav"); an <iframe src> as a link with its title;
// <noframes> read as the HTML it holds (the parser keeps it as text).
// <noscript> needs nothing here: the parser reads it as markup once scripting
// is off (html.ts), and lwl runs no scripts.
import type { DefaultTreeAdapterTypes as T } from 'parse5';
import type { BlockWriter } from './layout.ts';

type Element = T.Element;

function attr(el: Element, name: string): string | null {
  for (const a of el.attrs) if (a.name === name && !a.prefix) return a.value;
  return null;
}

/** A refresh's wait and target: the URL as written, null for the page itself. */
export interface Refresh {
  seconds: number;
  url: string | null;
}

const WHITE = '[\\t\\n\\f\\r ]';
/** The longest wait written: a bigger number reads as this (some 31 years). */
const LONGEST_WAIT = 1e9;

/**
 * A refresh's content attribute, read as the HTML standard's shared
 * declarative refresh steps read it: "3; url='/next'" is 3 s and /next, "0"
 * the page itself at once; null when it is not a refresh.
 */
export function parseRefresh(content: string): Refresh | null {
  const time = new RegExp(`^${WHITE}*(\\d*)([\\d.]*)`).exec(content)!;
  if (time[1] === '' && !time[2].startsWith('.')) return null;
  const seconds = time[1] === '' ? 0 : Math.min(LONGEST_WAIT, Number(time[1]));
  let rest = content.slice(time[0].length);
  if (rest === '') return { seconds, url: null };
  if (!new RegExp(`^(?:${WHITE}|[;,])`).test(rest)) return null;
  rest = rest.replace(new RegExp(`^${WHITE}*[;,]?${WHITE}*`), '');
  rest = rest.replace(new RegExp(`^url${WHITE}*=${WHITE}*`, 'i'), '');
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : null;
  if (quote) {
    rest = rest.slice(1);
    const end = rest.indexOf(quote);
    if (end >= 0) rest = rest.slice(0, end);
  }
  const url = rest.replace(new RegExp(`${WHITE}+$`), '');
  return { seconds, url: url === '' ? null : url };
}

/** The link's text for a refresh: "Refresh (30 s): /next". */
function refreshText({ seconds, url }: Refresh): string {
  return `Refresh (${seconds} s): ${url ?? '(this page)'}`;
}

/** A line of its own that is a link. */
function linkLine(w: BlockWriter, href: string, text: string): void {
  w.block(false);
  w.openLink(href);
  w.write(text);
  w.closeLink();
  w.block(false);
}

/** A frame's or an iframe's name for its link: its title, else its name, else its address. */
function frameName(el: Element, src: string): string {
  const named = [attr(el, 'title'), attr(el, 'name')].find((n) => n !== null && n.trim() !== '');
  return (named ?? src).replace(/[\t\n\f\r ]+/g, ' ').trim();
}

/**
 * Writes what an element that scripts or frames would show says instead:
 * true when `el` was one (written, or nothing to write), false for any other.
 * `noframesHtml` reads <noframes>'s text as HTML into the same writer.
 */
export function writeScriptless(w: BlockWriter, el: Element, noframesHtml: (html: string) => void): boolean {
  switch (el.tagName) {
    case 'meta': {
      if (attr(el, 'http-equiv')?.trim().toLowerCase() !== 'refresh') return false;
      const refresh = parseRefresh(attr(el, 'content') ?? '');
      if (!refresh) return true;
      w.target.refresh?.(refresh.seconds, refresh.url ?? '');
      linkLine(w, refresh.url ?? '', refreshText(refresh));
      return true;
    }
    case 'frame':
    case 'iframe': {
      const src = attr(el, 'src')?.trim();
      if (src) linkLine(w, src, `${el.tagName === 'frame' ? 'FRAME' : 'IFRAME'}: ${frameName(el, src)}`);
      return true;
    }
    case 'noframes': {
      const html = el.childNodes.map((c) => (c.nodeName === '#text' ? (c as T.TextNode).value : '')).join('');
      w.block();
      noframesHtml(html);
      w.block();
      return true;
    }
    default:
      return false;
  }
}
