// A file name as typed at :e, made into a path as less makes it: the spaces
// around it dropped, and a leading ~ (your home) or ~user (theirs) expanded.
// The command line's names are the shell's, already expanded: left as given.

/** Where a user's home is: the environment's HOME for you, the password file for another. */
export interface Homes {
  own(): string | null;
  of(user: string): string | null;
}

export function typedPath(typed: string, homes: Homes): string {
  const name = typed.trim();
  const tilde = /^~([^/]*)(\/.*)?$/.exec(name);
  if (!tilde) return name;
  const home = tilde[1] === '' ? homes.own() : homes.of(tilde[1]);
  return home === null ? name : home.replace(/\/$/, '') + (tilde[2] ?? '');
}

/** The homes of this machine: $HOME, and /etc/passwd's sixth field. */
export function systemHomes(env: NodeJS.ProcessEnv, readPasswd: () => string): Homes {
  return {
    own: () => env.HOME || null,
    of: (user) => {
      let passwd: string;
      try {
        passwd = readPasswd();
      } catch {
        return null;
      }
      for (const line of passwd.split('\n')) {
        const fields = line.split(':');
        if (fields[0] === user && fields.length >= 7) return fields[5];
      }
      return null;
    },
  };
}
