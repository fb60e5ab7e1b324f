// Packages that only some inputs need (UTS #46 for non-ASCII hosts, the Public Suffix List
// for the status line), loaded synchronously on first use so the first screen does not
// pay for them.
//
// In dist/lwl esbuild sees the literal require() calls below, bundles the packages, and
// wraps them so they are evaluated only when first called. Under vitest `require` exists
// too. Under tsx (bench/, scripts) the source is ES modules without `require`: a require
// made for the working directory (the repository root, where such scripts are run) stands
// in. import.meta is avoided on purpose: it is empty in the CommonJS bundle.

import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Tldts from 'tldts';

/** UTS #46 options, as the tr46 package names them. */
export interface Uts46Options {
  checkHyphens?: boolean;
  checkBidi?: boolean;
  checkJoiners?: boolean;
  useSTD3ASCIIRules?: boolean;
  transitionalProcessing?: boolean;
  verifyDNSLength?: boolean;
  ignoreInvalidPunycode?: boolean;
}

/** What lwl uses of the tr46 package (which ships no types). */
export interface Tr46 {
  toASCII(domain: string, options?: Uts46Options): string | null;
  toUnicode(domain: string, options?: Uts46Options): { domain: string; error: boolean };
}

declare const require: ((id: string) => unknown) | undefined;

let devRequire: ((id: string) => unknown) | null = null;
function fromWorkingDirectory(id: string): unknown {
  devRequire ??= createRequire(path.resolve('package.json'));
  return devRequire(id);
}

/** Which of the packages have been loaded so far (for tests of the laziness). */
export function loadedPackages(): string[] {
  return [...(tr46 ? ['tr46'] : []), ...(tldts ? ['tldts'] : [])];
}

let tr46: Tr46 | null = null;
/** The tr46 package (UTS #46 processing). */
export function loadTr46(): Tr46 {
  tr46 ??= (typeof require === 'function' ? require('tr46') : fromWorkingDirectory('tr46')) as Tr46;
  return tr46;
}

let tldts: typeof Tldts | null = null;
/** The tldts package (the Public Suffix List). */
export function loadTldts(): typeof Tldts {
  tldts ??= (typeof require === 'function' ? require('tldts') : fromWorkingDirectory('tldts')) as typeof Tldts;
  return tldts;
}
