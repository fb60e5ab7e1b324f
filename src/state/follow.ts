// Enter on a link: a fragment of this document jumps to where the document
// defines it; a local file opens in this lwl; anything else goes to the
// browser command.
import { findFragment } from '../document/fragments.ts';
import type { LinkTargets } from '../link/targets.ts';
import { percentDecode, serializeUrl, type UrlRecord } from '../link/url/index.ts';
import type { Context, Result, State } from './types.ts';
import { topFor } from '../view/view.ts';
import { scrollTo } from './selection.ts';

const message = (state: State, text: string): Result => ({ state: { ...state, message: text }, effects: [] });

function sameDocument(url: UrlRecord, base: UrlRecord): boolean {
  return serializeUrl(url, true) === serializeUrl(base, true);
}

export function follow(state: State, ctx: Context): Result {
  if (state.selected === null) return message(state, 'No link selected: n selects one');
  const target = ctx.links.get(state.selected);
  if (!target.ok) return message(state, `Cannot follow this link: ${target.reason}`);
  const url = target.url;
  if (url.fragment !== null && sameDocument(url, baseOf(ctx.links))) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action: ['follow'], count: null }] };
    const fragment = url.fragment;
    const at = findFragment(ctx.doc, fragment);
    if (at === null) return message(state, `#${Buffer.from(percentDecode(fragment)).toString('utf8')} is not defined in this document`);
    const jumps = [...state.jumps, { top: state.top, selected: state.selected }];
    return { state: scrollTo({ ...state, jumps }, topFor(ctx, at), ctx), effects: [] };
  }
  if (ctx.secure) return message(state, 'Following a link out of this document is disabled in secure mode');
  if (url.scheme === 'file') return { state, effects: [{ kind: 'open', url: target.href }] };
  if (ctx.browser === null) return message(state, 'No browser to open the link with: set LWL_BROWSER or BROWSER');
  return { state, effects: [{ kind: 'run', command: ctx.browser, link: target.href, then: 'resume' }] };
}

function baseOf(links: LinkTargets): UrlRecord {
  return links.base.url;
}
