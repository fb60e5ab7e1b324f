// What the terminal can do, from the environment.

export interface Caps {
  /** Colours may be used; else bold, underline and reverse carry the meaning. */
  color: boolean;
  /** The terminal says it takes OSC 8 hyperlinks. */
  hyperlinks: boolean;
}

/** Terminals too limited to page on: lwl copies the input through instead. */
export function isDumb(env: NodeJS.ProcessEnv): boolean {
  const term = env.TERM ?? '';
  return term === 'dumb' || term === 'unknown';
}

export function detectCaps(env: NodeJS.ProcessEnv): Caps {
  const term = env.TERM ?? '';
  // https://no-color.org: present and not empty.
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  // The DEC VT terminals and their emulations in mono mode have no colour.
  const mono = /^(vt[0-9]+|.*-m(ono)?)$/.test(term) || term === 'linux-m';
  return { color: !noColor && !mono, hyperlinks: !mono && takesHyperlinks(env) };
}

/** Whether to draw links as OSC 8 hyperlinks: as `option` (--hyperlinks) says, else where the terminal says it takes them; never on a VT or a dumb terminal. */
export function useHyperlinks(env: NodeJS.ProcessEnv, option: boolean | null): boolean {
  const term = env.TERM ?? '';
  if (term === 'dumb' || term === 'unknown' || /^vt[0-9]/.test(term)) return false;
  return option ?? detectCaps(env).hyperlinks;
}

/** Terminals known to take OSC 8 hyperlinks, by what they set in the environment; never a dumb one or a VT. */
function takesHyperlinks(env: NodeJS.ProcessEnv): boolean {
  const term = env.TERM ?? '';
  if (term === '' || term === 'dumb' || term === 'unknown' || term === 'linux' || /^vt[0-9]/.test(term)) return false;
  const program = env.TERM_PROGRAM ?? '';
  if (['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Hyper', 'rio', 'Tabby'].includes(program)) return true;
  if (Number(env.VTE_VERSION ?? 0) >= 5000) return true; // GNOME Terminal and the other VTE terminals, since 0.50
  if (env.KITTY_WINDOW_ID || env.WT_SESSION || env.KONSOLE_VERSION) return true;
  return /^(xterm-kitty|foot|alacritty|wezterm|xterm-ghostty)/.test(term);
}
