// lwl's key bindings, one table per mode, like the original's config.h: edit
// this file to rebind keys. Keys are characters as typed ('j', 'G', '한') or
// names in angle brackets: <Up> <Down> <Left> <Right> <Home> <End> <PageUp>
// <PageDown> <Delete> <Insert> <Enter> <Tab> <S-Tab> <Backspace> <Escape>,
// <C-x> for Ctrl-x and <M-x> for Alt-x. A key not in its mode's table does
// nothing in ground mode, is typed in the typing modes, and closes the preview.
import type { GroundAction, LineAction, PreviewAction } from './src/state/actions.ts';

export const ground: Record<string, GroundAction> = {
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
  F: ['tail'], // follow a growing file or pipe; ^C stops
  '<C-l>': ['redraw'],

  // links and search results
  n: ['step', 1],
  N: ['step', -1],
  '<Tab>': ['cycle', 1],
  '<S-Tab>': ['cycle', -1],
  v: ['preview'],
  '<Enter>': ['follow'],
  '<Backspace>': ['back'],

  // typing modes
  '/': ['search', 'forward'],
  '?': ['search', 'backward'],
  '>': ['fork'],
  '!': ['exec'],
};

/** Editing the typed line, shared by the typing modes. */
const lineEditing: Record<string, LineAction> = {
  '<Enter>': ['submit'],
  '<C-c>': ['cancel'],
  '<Escape>': ['cancel'],
  '<Backspace>': ['deleteBack'], // on an empty line: leave the mode
  '<Delete>': ['deleteForward'],
  '<C-u>': ['clearLine'],
  '<C-w>': ['deleteWord'],
  '<Left>': ['cursorLeft'],
  '<Right>': ['cursorRight'],
  '<Home>': ['cursorHome'],
  '<C-a>': ['cursorHome'],
  '<End>': ['cursorEnd'],
  '<C-e>': ['cursorEnd'],
  '<Up>': ['historyPrev'],
  '<Down>': ['historyNext'],
};

export const search: Record<string, LineAction> = {
  ...lineEditing,
  '<C-r>': ['toggleRegex'],
};

export const fork: Record<string, LineAction> = { ...lineEditing };

export const exec: Record<string, LineAction> = { ...lineEditing };

/** Any other key closes the preview too. */
export const preview: Record<string, PreviewAction> = {
  q: ['close'],
};

/** A search that starts with this is a regular expression (JavaScript syntax). */
export const regexPrefix = 're:';

/**
 * What Enter runs for a link that is not in this document or a local file,
 * with the link in $LINK: the first that is set or found. '$NAME' stands for
 * the command in that environment variable.
 */
export const openers = ['$LWL_BROWSER', '$BROWSER', 'bro'];
