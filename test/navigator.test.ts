import { describe, expect, it } from 'vitest';
import { Loader } from '../src/input/load.ts';
import { Navigator } from '../src/navigator/navigator.ts';
import { filePage, pageText, type EndWindowPage, type Page } from '../src/navigator/page.ts';
import { initialState, type State } from '../src/state/state.ts';

/** A page whose loader records what the navigator asks of it. */
function page(name: string): Page & { asked: string[] } {
  const loader = Loader.fromText(name, `${name}\n`);
  const asked: string[] = [];
  loader.rest = () => void asked.push('rest');
  loader.stop = () => void asked.push('stop');
  return Object.assign(filePage(loader), { asked });
}

const at = (top: number): State => ({ ...initialState, top });

describe('Navigator', () => {
  it('rests a page left for a new one, and goes back to it where it was', () => {
    const a = page('a');
    const b = page('b');
    const nav = new Navigator(a, []);
    nav.push(b, at(7));
    expect(nav.page).toBe(b);
    expect(a.asked).toEqual(['rest']);
    const back = nav.back(at(3))!;
    expect(back.page).toBe(a);
    expect(back.state?.top).toBe(7);
    // b is held by nothing now: closed.
    expect(b.asked).toEqual(['stop']);
    expect(nav.back(at(0))).toBeNull();
  });

  it('keeps a page held by the file list: left by Backspace it rests, not closed', () => {
    const a = page('a');
    const b = page('b');
    const nav = new Navigator(a, ['a', 'b']);
    const arrival = nav.toFile(1, at(5), () => b);
    expect(arrival).toEqual({ page: b, state: null });
    expect(nav.fileName(1)).toBe('b');
    nav.back(at(9));
    expect(b.asked).toEqual(['rest']);
    // :n again: b where it was left, its state kept with the file.
    const again = nav.toFile(1, at(0), () => page('unused'));
    expect(again.page).toBe(b);
    expect(again.state?.top).toBe(9);
  });

  it('a page visited twice is closed only when the last place that holds it lets go', () => {
    const a = page('a');
    const b = page('b');
    const c = page('c');
    const nav = new Navigator(a, []);
    nav.push(b, at(0));
    nav.push(a, at(0));
    nav.push(c, at(0));
    nav.back(at(0)); // c closed, a shown
    expect(c.asked).toEqual(['stop']);
    nav.back(at(0)); // a left, still held by the first visit
    expect(a.asked).not.toContain('stop');
    nav.back(at(0)); // b left: held by nothing
    expect(b.asked).toContain('stop');
  });

  it('replace puts the new page where the old one was held, and closes the old', () => {
    const a = page('a');
    const a2 = page('a2');
    const nav = new Navigator(a, ['a', 'x']);
    nav.replace(a2);
    expect(nav.page).toBe(a2);
    expect(a.asked).toEqual(['stop']);
    nav.toFile(1, at(0), () => page('x'));
    // Back to the first file: the replacement, not the page it replaced.
    expect(nav.toFile(0, at(0), () => page('unused')).page).toBe(a2);
  });

  it('a file that cannot be opened leaves the list', () => {
    const nav = new Navigator(page('a'), ['a', 'missing', 'c']);
    expect(() =>
      nav.toFile(1, at(0), () => {
        throw new Error('No such file');
      }),
    ).toThrow('No such file');
    expect(nav.fileCount).toBe(2);
    expect(nav.fileName(1)).toBe('c');
    expect(nav.fileTarget('previous')).toBe('No previous file');
  });

  it(':d drops the file shown; the only file cannot be dropped', () => {
    const a = page('a');
    const nav = new Navigator(a, ['a', 'b']);
    expect(nav.dropFile()).toEqual({ name: 'a', next: 0 });
    const b = page('b');
    nav.toFile(0, at(0), () => b, false);
    expect(a.asked).toEqual(['stop']);
    expect(nav.depth).toBe(0);
    expect(nav.dropFile()).toBeNull();
  });

  it("G's window holds the page under it: a link followed from the window and back does not close the file", () => {
    const main = page('main');
    const nav = new Navigator(main, []);
    const window: EndWindowPage = { ...pageText(Loader.fromText('main', 'end\n')), kind: 'endWindow', main, before: initialState };
    nav.enterWindow(window);
    const other = page('other');
    nav.push(other, at(0));
    expect(main.asked).not.toContain('stop');
    expect(nav.back(at(0))!.page).toBe(window);
    nav.leaveWindow(window);
    expect(nav.page).toBe(main);
    expect(main.asked).not.toContain('stop');
  });
});
