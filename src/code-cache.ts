// V8's code caches of dist/lwl, in the user's cache directory: the bundle's
// (src/boot.ts) and one for each package compiled on first use (build.mjs's
// deferred packages). One file each, named by the bundle's hash, Node's version
// and the architecture, and by the package, so that a new build or a new Node
// makes new files and removes the old ones.
//
// src/boot.ts uses this module, before the bundle runs: it uses Node's own
// require, with none of the bundler's wrapping of the modules' exports. In the
// bundle, src/startup/lazy.ts only reads the key of the compiler boot.ts leaves.
const fs = require('node:fs') as typeof import('node:fs');
const path = require('node:path') as typeof import('node:path');
const vm = require('node:vm') as typeof import('node:vm');

/** The first byte of a cache file: whether it was made once a first screen was up (its code covers more). */
export const enum Made {
  AtExit = 0,
  AfterFirstScreen = 1,
}

/** Secure mode (README) reads and writes no file of the user's it does not have to: no cache either. */
export function secure(env: NodeJS.ProcessEnv, args: string[]): boolean {
  return !['', '0'].includes(env.LWL_SECURE ?? '') || [...args, env.LWL, env.LESS].some((words) => words?.includes('--secure'));
}

/** Whether lwl keeps code caches at all (LWL_CODE_CACHE=0: none, to measure a start without them). */
export function cachingCode(env: NodeJS.ProcessEnv, args: string[]): boolean {
  return env.LWL_CODE_CACHE !== '0' && !secure(env, args);
}

/** The directory of lwl's caches, or null if there is none (no absolute XDG_CACHE_HOME or HOME). */
export function cacheDirectory(env: NodeJS.ProcessEnv): string | null {
  const base = env.XDG_CACHE_HOME || (env.HOME ? path.join(env.HOME, '.cache') : '');
  return path.isAbsolute(base) ? path.join(base, 'lwl') : null;
}

/**
 * The name of a cache file: `KEY-NODE-ARCH.v8` for the bundle, `KEY-NODE-ARCH.PART.v8`
 * for a part of it (a deferred package). KEY is the bundle's hash, which covers
 * the deferred packages it carries.
 */
export function cacheName(key: string, node: string, arch: string, part?: string): string {
  return `${key}-${node}-${arch}${part === undefined ? '' : `.${part.replace(/[^\w-]/g, '_')}`}.v8`;
}

/** Whether a file in the cache directory is a cache of another build of lwl for this Node and architecture (to be removed). */
export function otherBuilds(name: string, key: string, node: string, arch: string): boolean {
  const match = /^([0-9a-f]+)-(.+)\.v8$/.exec(name);
  return match !== null && match[1] !== key && (match[2] === `${node}-${arch}` || match[2].startsWith(`${node}-${arch}.`));
}

/** A cache file's contents: how it was made, and V8's data; null if there is none. */
export function readCache(file: string): { made: Made; data: Buffer } | null {
  try {
    const bytes = fs.readFileSync(file);
    return bytes.length > 1 ? { made: bytes[0] as Made, data: bytes.subarray(1) } : null;
  } catch {
    return null;
  }
}

/** Writes a cache whole or not at all (0600, in a 0700 directory), and removes the caches of other builds of lwl for this Node. */
export function writeCache(file: string, key: string, made: Made, data: Buffer): void {
  try {
    const dir = path.dirname(file);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}`;
    fs.writeFileSync(temporary, Buffer.concat([Buffer.of(made), data]), { mode: 0o600 });
    fs.renameSync(temporary, file);
    for (const name of fs.readdirSync(dir)) if (otherBuilds(name, key, process.version, process.arch)) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // No cache: the next start compiles the code again, as this one did.
  }
}

/** Compiles a deferred package's source (a function expression) and returns that function. */
export type PackageCompiler = (name: string, source: () => string) => unknown;

/** Where the bundle finds the compiler boot.ts made (build.mjs's stand-ins for the deferred packages look there: they spell this key too). */
export const packageCompilerKey = Symbol.for('lwl.compilePackage');

/**
 * A compiler of deferred packages with a code cache each in `dir` (null: none).
 * A package compiled without a usable cache has its cache written at exit, after
 * the document that needed it was read, so that the functions it ran are in it.
 */
export function packageCompiler(dir: string | null, key: string, writes: boolean, compiled?: (name: string, cached: boolean) => void): PackageCompiler {
  return (name, source) => {
    const file = dir === null ? null : path.join(dir, cacheName(key, process.version, process.arch, name));
    const cache = file === null ? null : readCache(file);
    const script = new vm.Script(source(), { filename: `lwl:${name}`, cachedData: cache?.data });
    compiled?.(name, cache !== null && !script.cachedDataRejected);
    if (file !== null && writes && (cache === null || script.cachedDataRejected)) process.once('exit', () => writeCache(file, key, Made.AtExit, script.createCachedData()));
    return script.runInThisContext();
  };
}
