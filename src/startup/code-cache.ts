// V8's code caches of dist/lwl, in the user's cache directory: the bundle's
// (src/boot.ts) and one for each package compiled on first use (build.mjs's
// deferred packages). One file each, named by the bundle's hash, Node's version
// and the architecture, and by the package, so that a new build or a new Node
// makes new files and removes the old ones.
//
// V8 runs the code a cache holds, and checks little of it (its own version,
// and the length of the source): a cache is code lwl runs. So one is used only
// when it is lwl's own: in a directory of the user's that only they can
// write, a regular file of theirs only they can write, that names in its head
// the hash of the source it was made from. Anything else is not read (and, in
// a directory that is not the user's, not written); any error costs nothing
// but the cache.
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

/** A file or directory only this user can write: theirs (the effective user's), not group- or other-writable. */
export function onlyOurs(stat: Pick<import('node:fs').Stats, 'uid' | 'mode'>, euid = process.geteuid?.()): boolean {
  return stat.uid === euid && (stat.mode & 0o022) === 0;
}

/**
 * The cache directory if lwl may trust what is in it: absent (nothing to read;
 * it is made 0700 when a cache is written), or a directory of the user's that
 * only they can write (one of theirs others can write is made 0700 first).
 * Null otherwise: a shared or foreign directory, root with a user's HOME, a
 * file where the directory should be.
 */
export function trustedDirectory(dir: string | null): string | null {
  if (dir === null) return null;
  try {
    const stat = fs.lstatSync(dir);
    if (!stat.isDirectory() || stat.uid !== process.geteuid?.()) return null;
    if (!onlyOurs(stat)) fs.chmodSync(dir, 0o700);
    return dir;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT' ? dir : null;
  }
}

/**
 * The name of a cache file: `KEY-NODE-ARCH.v8` for the bundle, `KEY-NODE-ARCH.PART.v8`
 * for a part of it (a deferred package). KEY is the bundle's hash, which covers
 * the deferred packages it carries.
 */
export function cacheName(key: string, node: string, arch: string, part?: string): string {
  return `${key}-${node}-${arch}${part === undefined ? '' : `.${part.replace(/[^\w-]/g, '_')}`}.v8`;
}

/**
 * The Node a cache is for, as its name says: the version, and the flags node was
 * started with (dist/lwl's launcher gives some) when there are any. V8 rejects
 * a cache made under other flags, so `node dist/lwl` and `dist/lwl` each keep
 * their own, rather than each rewriting the other's.
 */
export function nodeName(version: string, execArgv: readonly string[]): string {
  if (execArgv.length === 0) return version;
  let hash = 0x811c9dc5; // FNV-1a, 32 bits
  for (const c of execArgv.join(' ')) hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `${version}+${hash.toString(16).padStart(8, '0')}`;
}

/** Whether a file in the cache directory is a cache of another build of lwl for this Node and architecture, under any flags (to be removed). */
export function otherBuilds(name: string, key: string, node: string, arch: string): boolean {
  const match = /^([0-9a-f]+)-(.+)\.v8$/.exec(name);
  if (match === null || match[1] === key) return false;
  const unflagged = match[2].replace(/^([^+]*)\+[0-9a-f]{8}-/, '$1-'); // whatever flags it was made under
  return unflagged === `${node}-${arch}` || unflagged.startsWith(`${node}-${arch}.`);
}

/** A cache file's head: how it was made (a byte), the length of the key (a byte), the key (ASCII). */
function head(made: Made, key: string): Buffer {
  return Buffer.concat([Buffer.of(made, key.length), Buffer.from(key, 'latin1')]);
}

/** A cache as writeCache wrote it, from its bytes: how it was made and V8's data; null if it is not of the bundle `key` names. */
export function cacheIn(bytes: Buffer, key: string): { made: Made; data: Buffer } | null {
  // The head: how it was made, the key's length, the key (as head() writes it).
  const at = 2 + key.length;
  if (bytes.length <= at || bytes[1] !== key.length || bytes.toString('latin1', 2, at) !== key) return null;
  return { made: bytes[0] as Made, data: bytes.subarray(at) };
}

/**
 * A cache file's contents, if it is lwl's own for the source hashed `key`:
 * how it was made, and V8's data; null if there is none or it is not to be
 * trusted. Opened without following a link and without waiting (a named
 * pipe), then looked at before it is read.
 */
export function readCache(file: string, key: string): { made: Made; data: Buffer } | null {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || !onlyOurs(stat)) return null;
    return cacheIn(fs.readFileSync(fd), key);
  } catch {
    return null;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

/**
 * Makes `dir` (0700) and the directories above it that are missing, one at a
 * time: Node's recursive mkdir tries for ever where mkdir says ENOENT of a
 * directory whose parent is there (/proc). Throws if it cannot.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !fs.existsSync(at); at = path.dirname(at)) {
    if (path.dirname(at) === at) break;
    missing.push(at);
  }
  for (const at of missing.reverse()) fs.mkdirSync(at, { mode: 0o700 });
}

/** Writes a cache whole or not at all (0600, in a 0700 directory), and removes the caches of other builds of lwl for this Node. */
export function writeCache(file: string, key: string, made: Made, data: Buffer): void {
  try {
    const dir = path.dirname(file);
    makeDirectory(dir);
    const temporary = `${file}.${process.pid}`;
    if (trustedDirectory(dir) === null) return;
    fs.writeFileSync(temporary, Buffer.concat([head(made, key), data]), { mode: 0o600, flag: 'wx' });
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
    const file = dir === null ? null : path.join(dir, cacheName(key, nodeName(process.version, process.execArgv), process.arch, name));
    const cache = file === null ? null : readCache(file, key);
    const script = new vm.Script(source(), { filename: `lwl:${name}`, cachedData: cache?.data });
    compiled?.(name, cache !== null && !script.cachedDataRejected);
    if (file !== null && writes && (cache === null || script.cachedDataRejected)) process.once('exit', () => writeCache(file, key, Made.AtExit, script.createCachedData()));
    return script.runInThisContext();
  };
}
