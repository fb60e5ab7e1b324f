// lwl's key bindings, one table per mode, like the original's config.h: edit
// this file to rebind keys. Keys are characters as typed ('j', 'G', '한') or
// names in angle brackets: <Up> <Down> <Left> <Right> <Home> <End> <PageUp>
// <PageDown> <Delete> <Insert> <Enter> <Tab> <S-Tab> <Backspace> <Escape>,
// <C-x> for Ctrl-x and <M-x> for Alt-x. A key not in its mode's table does
// nothing in ground mode and is typed in the typing modes.
import type { Action } from './src/actions.ts';

export type KeyTable = Record<string, Action>;

export const ground: KeyTable = {
  // leaving
  q: ['quit'],
  '<C-c>': ['quit'],

  // moving (a count typed first repeats the motion: 5j)
  j: ['scrollLines', 1],
  '<Down>': ['scrollLines', 1],
  k: ['scrollLines', -1],
  '<Up>': ['scrollLines', -1],
  d: ['scrollHalfScreens', 1],
  u: ['scrollHalfScreens', -1],
  ' ': ['scrollScreens', 1],
  f: ['scrollScreens', 1],
  '<PageDown>': ['scrollScreens', 1],
  b: ['scrollScreens', -1],
  '<PageUp>': ['scrollScreens', -1],
  g: ['top'], // with a count: that line
  '<Home>': ['top'],
  '<': ['top'],
  G: ['bottom'], // with a count: that line
  '<End>': ['bottom'],
  '<C-l>': ['redraw'],
};
