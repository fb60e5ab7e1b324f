// What dist/lwl loads on first use, not at start-up (docs/startup.md): the
// packages only some documents need, which build.mjs carries as strings, and
// the Node modules only some inputs or keys need. build.mjs puts a stand-in in
// the bundle in place of each, `module.exports = lazy(...)`: the module's
// exports are getters, and the first one read loads it. The modules that
// import them know nothing of it.
import { packageCompilerKey, type PackageCompiler } from './code-cache.ts';

declare const require: (id: string) => unknown;

type Exports = Record<string, unknown>;
/** A package's source as build.mjs wraps it: a function of the CommonJS module it fills. */
type PackageFunction = (module: { exports: Exports }, exports: Exports, require: unknown) => void;

/** How build.mjs carries a package. */
export interface CarriedPackage {
  /**
   * Returns the package's source as a string literal, and is never called, so
   * never compiled: its text is taken with toString() and the string in it
   * evaluated apart. Were the string a constant of code the bundle runs, the
   * bundle's code cache, made at the first screen, would carry every package
   * that screen used, and load it at every start.
   */
  packageText: () => string;
  /** The package says it is an ES module (`__esModule`), which the importers' interop reads at once. */
  esModule: boolean;
  /** The require the package's own code is given (the bundle's: Node's). */
  require: unknown;
}

/**
 * Module `name`, loaded on the first read of one of its exports `names` (build.mjs
 * lists them), once: a Node module of that name (`zlib`), or the package `carried`.
 */
export function lazy(name: string, names: readonly string[], carried?: CarriedPackage): Exports {
  const stand: Exports = {};
  if (carried?.esModule) Object.defineProperty(stand, '__esModule', { value: true });
  let loaded: Exports | undefined;
  const load = () => (loaded ??= carried ? compilePackage(name, carried) : (require(`node:${name}`) as Exports));
  for (const exported of names) Object.defineProperty(stand, exported, { get: () => load()[exported], enumerable: true });
  return stand;
}

/** A package's source, from the text of the function that carries it. */
export function packageSource({ packageText }: CarriedPackage): string {
  const vm = require('node:vm') as typeof import('node:vm');
  const text = packageText.toString();
  return vm.runInThisContext(text.slice(text.indexOf('return') + 'return'.length, text.lastIndexOf('}'))) as string;
}

/**
 * Compiles and runs a deferred package, with the compiler dist/lwl's start
 * (src/boot.ts) leaves, which keeps V8's code cache of each package; without
 * it (the bundle alone, dist/lwl.cjs) as it is.
 */
function compilePackage(name: string, carried: CarriedPackage): Exports {
  const source = () => packageSource(carried);
  const compile = (globalThis as Record<symbol, PackageCompiler | undefined>)[packageCompilerKey];
  const vm = require('node:vm') as typeof import('node:vm');
  const run = (compile ? compile(name, source) : vm.runInThisContext(source(), { filename: `lwl:${name}` })) as PackageFunction;
  const m = { exports: {} as Exports };
  run(m, m.exports, carried.require);
  return m.exports;
}
