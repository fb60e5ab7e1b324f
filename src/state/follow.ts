// Enter on a link: a fragment of this document jumps to where the document
// defines it; an http(s) link loads in this lwl unless a browser command is
// set (o always loads it here, O always hands it over); a local file opens in
// this lwl, after a question when the page came from the web; script links
// are refused; anything else goes to the browser command.
import { findFragment } from '../document/fragments.ts';
import { mayFollowFrom } from '../link/follow-policy.ts';
import type { LinkTargets } from '../link/targets.ts';
import { renderUrl } from '../link/render.ts';
import { percentDecode, serializeUrl, type UrlRecord } from '../link/url/index.ts';
import type { Context, Effect, Result, State } from './types.ts';
import { topFor } from '../rows/viewport.ts';
import { scrollTo } from './selection.ts';
import { enterField, fieldOfLink } from './fields.ts';

const message = (state: State, text: string): Result => ({ state: { ...state, message: text }, effects: [] });

function sameDocument(url: UrlRecord, base: UrlRecord): boolean {
  return serializeUrl(url, true) === serializeUrl(base, true);
}

/** How a link is followed: Enter's way, always in lwl (o), or always by the browser command (O). */
export type FollowHow = 'default' | 'lwl' | 'browser';

const NO_BROWSER = 'No browser to open the link with: set LWL_BROWSER or BROWSER';

export function follow(state: State, ctx: Context, how: FollowHow = 'default'): Result {
  if (state.selected === null) return message(state, 'No link selected: n selects one');
  // A form field is acted on, not followed.
  const field = fieldOfLink(ctx, state.selected);
  if (field !== null) return enterField(state, field, ctx);
  const target = ctx.links.get(state.selected);
  if (!target.ok) return message(state, `Cannot follow this link: ${target.reason}`);
  const url = target.url;
  if (how !== 'browser' && url.fragment !== null && sameDocument(url, baseOf(ctx.links))) {
    if (!ctx.doc.complete) return { state, effects: [{ kind: 'awaitLoad', action: how === 'lwl' ? ['followIn', 'lwl'] : ['follow'], count: null }] };
    const fragment = url.fragment;
    const at = findFragment(ctx.doc, fragment);
    if (at === null) return message(state, `#${Buffer.from(percentDecode(fragment)).toString('utf8')} is not defined in this document`);
    const jumps = [...state.jumps, { top: state.top, selected: state.selected }];
    return { state: scrollTo({ ...state, jumps }, topFor(ctx, at), ctx), effects: [] };
  }
  const decision = mayFollowFrom(ctx.web?.url ?? null, url);
  if (decision.action === 'refuse') return message(state, `Not followed: ${decision.reason}`);
  // LESSSECURE_ALLOW=osc8: links are followed in secure mode, as less opens OSC 8 links.
  if (ctx.secure && !ctx.secureAllows?.has('osc8')) {
    // The page would have loaded in lwl: say that fetching is what is disabled.
    if (decision.action === 'fetch' && (how === 'lwl' || (how === 'default' && ctx.browser === null))) return message(state, 'Fetching web pages is disabled in secure mode');
    return message(state, 'Following a link out of this document is disabled in secure mode');
  }
  const run: Effect = { kind: 'run', command: ctx.browser ?? '', link: target.href, then: 'resume' };
  if (how === 'browser') {
    if (ctx.browser === null) return message(state, 'No browser command to hand the link to: set LWL_BROWSER or BROWSER (o loads it in lwl)');
    return { state, effects: [run] };
  }
  switch (decision.action) {
    case 'fetch':
      if (how === 'lwl' || ctx.browser === null) return { state, effects: [{ kind: 'fetch', url: target.href }] };
      return { state, effects: [run] };
    case 'open':
      return { state, effects: [{ kind: 'open', url: target.href }] };
    case 'ask': {
      const text = `This web page links to a file on this machine, ${renderUrl(url, 60)}: open it? (y/n)`;
      return { state: { ...state, mode: 'question', question: { text, yes: [{ kind: 'open', url: target.href }], no: [], noMessage: 'Not opened' } }, effects: [] };
    }
    case 'hand-off':
      if (how === 'lwl') return message(state, `lwl loads http and https links, not ${url.scheme}: (O hands it to the browser command)`);
      if (ctx.browser === null) return message(state, NO_BROWSER);
      return { state, effects: [run] };
  }
}

/** y or n (or s, t) to the question asked: t sees a page that is not text, as y does. */
export function answer(state: State, said: 'yes' | 'no' | 'save' | 'text'): Result {
  const question = state.question;
  const back: State = { ...state, mode: 'ground', question: null };
  if (!question) return { state: back, effects: [] };
  if (said === 'save') return { state: back, effects: question.save ?? [] };
  if (said === 'yes' || said === 'text') return { state: back, effects: question.yes };
  return { state: { ...back, message: question.noMessage }, effects: question.no };
}

/** r: the page again. */
export function reload(state: State, _ctx: Context): Result {
  return { state, effects: [{ kind: 'reload' }] };
}

/** ^C: stops the page loading; with none loading, quits (as ^C always did). */
export function interrupt(state: State, ctx: Context, stay = false): Result {
  if (ctx.web?.progress != null) return { state, effects: [{ kind: 'stopLoad' }] };
  if (stay) return { state: { ...state, message: 'q quits' }, effects: [] };
  return { state, effects: [{ kind: 'quit', status: 0 }] };
}

function baseOf(links: LinkTargets): UrlRecord {
  return links.base.url;
}
