// What dist/lwl loads on first use, not at start-up (docs/startup.md): the
// packages only some documents need, which build.mjs carries as strings, and
// the Node modules only some inputs or keys need. build.mjs puts a stand-in in
// the bundle in place of each, which calls one of these: the module's exports
// become getters, and the first one read loads it. The modules that import
// them know nothing of it.
import { packageCompilerKey, type PackageCompiler } from '../code-cache.ts';

declare const require: (id: string) => unknown;

type Exports = Record<string, unknown>;
/** A package's source as build.mjs wraps it: a function of the CommonJS module it fills. */
type PackageFunction = (module: { exports: Exports }, exports: Exports, require: unknown) => void;

/** Makes `names` getters on `target` that load the module on the first read (once) and read its export. */
export function exportsOnUse(target: object, names: readonly string[], load: () => Exports): void {
  let loaded: Exports | undefined;
  for (const name of names) Object.defineProperty(target, name, { get: () => (loaded ??= load())[name], enumerable: true });
}

/** A Node module of its own name (`zlib`), required on the first read of one of `names`. */
export function builtinOnUse(target: object, name: string, names: readonly string[]): void {
  exportsOnUse(target, names, () => require(`node:${name}`) as Exports);
}

/** How build.mjs carries a package: its source is the string literal `packageText` returns. */
export interface CarriedPackage {
  name: string;
  /**
   * A function that is never called, so never compiled: its text is taken with
   * toString() and the string in it evaluated apart. Were the string a constant
   * of code the bundle runs, the bundle's code cache, made at the first screen,
   * would carry every package that screen used, and load it at every start.
   */
  packageText: () => string;
  /** The package's export names (build.mjs ran it once to know them). */
  names: readonly string[];
  /** The package says it is an ES module (`__esModule`), which the importers' interop reads at once. */
  esModule: boolean;
}

/** A package's source, from the text of the function that carries it. */
export function packageSource({ packageText }: CarriedPackage): string {
  const vm = require('node:vm') as typeof import('node:vm');
  const text = packageText.toString();
  return vm.runInThisContext(text.slice(text.indexOf('return') + 'return'.length, text.lastIndexOf('}'))) as string;
}

/**
 * A deferred package, compiled on the first read of one of its exports (not
 * where a module imports it: Markdown needs parse5 only if it holds HTML).
 * dist/lwl's start (src/boot.ts) leaves a compiler that keeps V8's code cache of
 * each package; without it (the bundle alone, dist/lwl.cjs) it is compiled as it is.
 */
export function packageOnUse(target: object, carried: CarriedPackage, packageRequire: unknown): void {
  if (carried.esModule) Object.defineProperty(target, '__esModule', { value: true });
  exportsOnUse(target, carried.names, () => {
    const source = () => packageSource(carried);
    const compile = (globalThis as Record<symbol, PackageCompiler | undefined>)[packageCompilerKey];
    const vm = require('node:vm') as typeof import('node:vm');
    const run = (compile ? compile(carried.name, source) : vm.runInThisContext(source(), { filename: `lwl:${carried.name}` })) as PackageFunction;
    const m = { exports: {} as Exports };
    run(m, m.exports, packageRequire);
    return m.exports;
  });
}
