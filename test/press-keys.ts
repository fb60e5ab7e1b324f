// The state tests' one way to press keys: in order, through press(), keeping
// the last state and every effect. The pager's part, carrying an effect out
// (a search, say), is stood in for by `carry`, when a test needs it.
import { searchNow } from '../src/document/searchrun.ts';
import { initialState, press, update, type Context, type Effect, type State } from '../src/state/state.ts';

/** Carries out `effect` at once and returns the state after it. */
export type Carry = (state: State, effect: Effect, ctx: Context) => State;

/** Presses `keys` in order; returns the last state and every effect. */
export function pressKeys(ctx: Context, keys: string[], state: State = initialState, carry?: Carry): { state: State; effects: Effect[] } {
  const effects: Effect[] = [];
  for (const key of keys) {
    const result = press(state, key, ctx);
    state = result.state;
    for (const effect of result.effects) {
      effects.push(effect);
      if (carry) state = carry(state, effect, ctx);
    }
  }
  return { state, effects };
}

/** Searches and incremental searches found at once (searchNow), reported as the pager reports them. */
export const searchesAtOnce: Carry = (state, effect, ctx) => {
  if (effect.kind === 'search') return update(state, ['searchFound', searchNow(ctx.doc.text, effect.query, effect.from ?? state.top)], null, ctx).state;
  if (effect.kind === 'incsearch' && effect.query) return update(state, ['incFound', searchNow(ctx.doc.text, effect.query, effect.from)], null, ctx).state;
  return state;
};
