// How the pager was set up: what the command line, the configuration file and
// the environment said (src/cli.ts makes it).
import type { Kind } from '../document/readers/kind-names.ts';
import type { Looks } from '../draw/draw.ts';
import type { Preprocessing } from '../input/preprocess.ts';
import type { Theme } from '../draw/theme.ts';
import type { UrlRecord } from '../link/url/index.ts';
import type { Bindings } from '../state/bindings.ts';
import type { JumpTarget } from '../state/types.ts';
import type { Caseless } from './options.ts';
import type { CookieSettings } from '../navigator/web-pages.ts';

export interface PagerSettings {
  secure: boolean;
  /** What secure mode still allows (LESSSECURE_ALLOW). */
  secureAllows?: ReadonlySet<string>;
  /** Colours, and OSC 8 hyperlinks, as the terminal takes them (default: colours, no hyperlinks). */
  look?: Looks;
  bindings: Bindings;
  theme: Theme;
  /** The configuration file's browser command, tried after $LWL_BROWSER. */
  browser: string | null;
  /** Keys to press once the first screen is up (+G, +/pattern). */
  startKeys: string[];
  /** Shown on the first screen (a mistake in the configuration file). */
  message: string | null;
  /** The files named on the command line, the first of them the page shown first (:n, :p go through them). */
  files: string[];
  /** LESSOPEN and LESSCLOSE, for the files :n, :p and :e open (null: none, or secure mode, or -L). */
  preprocessing?: Preprocessing | null;
  /** The base URL given with --base, for every file. */
  base: UrlRecord | null;
  /** --kind: every file named is read as this kind. */
  kind?: Kind | null;
  /** -S: long lines chopped, not wrapped. */
  chop?: boolean;
  /** -N: line numbers. */
  lineNumbers?: boolean;
  /** -i, -I: case in searches. */
  caseless?: Caseless;
  /** Incremental search (--incsearch, the default; --no-incsearch turns it off). */
  incsearch?: boolean;
  /** --follow-name: F follows the file the name names, across a rotation (less's). */
  followName?: boolean;
  /** -j: the row a search's match lands on (the top row when absent, as less). */
  jumpTarget?: JumpTarget;
  /** --regex-search: a search is a regular expression unless ^R makes it literal. */
  regexSearch?: boolean;
  /** The web page named on the command line, loaded first in place of the first file. */
  startUrl?: UrlRecord | null;
  /** lwl's version, for User-Agent. */
  version?: string;
  /** The session's cookies: refused (--no-cookies), or kept, the lasting ones in a file if the configuration names one. */
  cookies?: CookieSettings;
}
