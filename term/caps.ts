// What the terminal can do, from the environment.

export interface Caps {
  /** Colours may be used; else bold, underline and reverse carry the meaning. */
  color: boolean;
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
  return { color: !noColor && !mono };
}
