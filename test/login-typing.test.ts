// Typing a web page's login on the status line: the user name, then the
// password, which leaves the state only in the login effect (never in the
// line history), and the prompts as drawn (the password never is).
import { describe, expect, it } from 'vitest';
import { pressKeys } from './press-keys.ts';
import { Document } from '../src/document/document.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { initialState, update, type Context, type State } from '../src/state/state.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { LinkTargets } from '../src/link/targets.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';
import { draw } from '../src/draw/draw.ts';
import { themeFor } from '../src/draw/theme.ts';

function context(): Context {
  const doc = parseAll(new Document('t'), 'Login needed\n');
  return { doc, rows: new Wrap(doc, 60), height: 5, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
}

const ctx = context();
const asked = (refused = false): State => update(initialState, ['askLogin', { site: '127.0.0.1:8000', realm: 'Test realm', refused }], null, ctx).state;
const statusOf = (state: State) => {
  const frame = draw(ctx, state, { cols: 60, rows: 6 }, themeFor(false));
  return frame.rows[frame.rows.length - 1].replace(/\x1b\[[0-9;]*m/g, '');
};

describe('login mode', () => {
  it('asks for the user name, then the password, and hands both over once', () => {
    const typed = pressKeys(ctx, [...'alice', '<Enter>', ...'se cr:et'], asked());
    expect(typed.state.mode).toBe('login');
    expect(typed.state.login?.user).toBe('alice');
    const { state, effects } = pressKeys(ctx, ['<Enter>'], typed.state);
    expect(effects).toEqual([{ kind: 'login', user: 'alice', password: 'se cr:et' }]);
    expect(state.mode).toBe('ground');
    expect(state.login).toBeNull();
    expect(JSON.stringify(state)).not.toContain('se cr:et');
    expect(state.history.login).toEqual([]);
  });

  it('Up recalls nothing: no line of it is kept', () => {
    const { state } = pressKeys(ctx, [...'alice', '<Enter>', ...'secret', '<Enter>'], asked());
    const again = pressKeys(ctx, ['<Up>'], update(state, ['askLogin', { site: '127.0.0.1:8000', realm: '', refused: false }], null, ctx).state);
    expect(again.state.line.text).toBe('');
    expect(again.state.mode).toBe('login');
  });

  it('Escape sends nothing; an empty user name neither; a colon in it is refused', () => {
    expect(pressKeys(ctx, [...'al', '<Escape>'], asked())).toMatchObject({ state: { mode: 'ground', login: null }, effects: [] });
    expect(pressKeys(ctx, ['<Enter>'], asked())).toMatchObject({ state: { mode: 'ground', message: 'No login sent' }, effects: [] });
    const colon = pressKeys(ctx, [...'a:b', '<Enter>'], asked());
    expect(colon.state).toMatchObject({ mode: 'login', message: 'A user name cannot hold a colon (:)', login: { user: null } });
  });

  it('draws the prompts, and never the password', () => {
    expect(statusOf(asked())).toBe('User name for 127.0.0.1:8000 "Test realm": ');
    expect(statusOf(asked(true))).toMatch(/^Login refused\. User name for 127\.0\.0\.1:8000/);
    const typing = pressKeys(ctx, [...'alice', '<Enter>', ...'hunter2'], asked()).state;
    expect(statusOf(typing)).toBe('Password for alice (not shown): ');
  });
});
