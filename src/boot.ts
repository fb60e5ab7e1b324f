// The start of dist/lwl: runs the bundle that follows it in the same file,
// compiled with V8's code cache when there is one.
//
// Node compiles a script it is given from its source, every time (Node 20 has
// no module.enableCompileCache). So dist/lwl is this small script, then the
// bundle in a comment (the body of a function), which V8 skips over at almost
// no cost; this script takes the bundle from that function's text and compiles
// it with the code V8 made for it on an earlier run, from the user's cache directory. There is none the first time
// (or after an update of lwl or of Node): the bundle is then compiled from its
// source, and once the first screen is up, V8's code for it, with every
// function the first screen ran, is written there for the next start.
// Node's own require, with none of the bundler's wrapping of the modules' exports.
const fs = require('node:fs') as typeof import('node:fs');
const path = require('node:path') as typeof import('node:path');
const vm = require('node:vm') as typeof import('node:vm');
/** The malloc variables dist/lwl's launcher sets unless the user did, each with the variable that marks it as the launcher's (build.mjs's mallocDefaults). */
declare const LWL_LAUNCHER_ENV: Array<[string, string]>;
// glibc has taken them by now: the commands lwl runs get the environment the user gave lwl.
for (const [name, marker] of LWL_LAUNCHER_ENV) {
  if (process.env[marker] === '1') {
    delete process.env[name];
    delete process.env[marker];
  }
}
import { isWorkerArgument } from './worker-arguments.ts';
import { FIRST_SCREEN_EVENT } from './startup/first-screen.ts';
import { Made, cacheDirectory, cacheIn, cacheName, nodeName, cachingCode, packageCompiler, packageCompilerKey, readCache, trustedDirectory, writeCache } from './startup/code-cache.ts';

/** The bundle's hash, set by build.mjs: a cache is for one bundle only (V8 checks its own version and flags). */
declare const LWL_BUNDLE_KEY: string;

/** What the bundle is wrapped in, as Node wraps a CommonJS module. */
type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: NodeJS.Module, filename: string, dirname: string) => void;

/**
 * The comment that holds the bundle starts with this, then the line of the file
 * the bundle starts on, then a line end (made here at run time, so as not to be
 * found in this script).
 */
const MARK = ['/*lwl', 'bundle '].join('-');
/** The function, after this script in dist/lwl, whose body is the comment that holds the bundle (build.mjs writes it). */
declare function lwlBundle(): void;
/** The bundle, wrapped as Node wraps a CommonJS module (build.mjs writes it so), and the line of the file it starts on. */
function bundleSource(): { source: string; line: number } {
  // V8 keeps the source of the file Node read and compiled: a function's text is a slice of it, not a second read of the file.
  const text = lwlBundle.toString();
  const at = text.indexOf(MARK) + MARK.length;
  const start = text.indexOf('\n', at) + 1;
  const source = text.slice(start, text.lastIndexOf('*/'));
  const line = Number(text.slice(at, start - 1));
  // The bundle holds no comment end (build.mjs sees to it): the slice is compiled as it is, with no copy of it made.
  return { source, line };
}

/**
 * LWL_STARTUP_TIMES=FILE: appends to FILE, as one line of JSON, when each step
 * of the start was done (ms since Node started): Node's own start and its
 * loading of dist/lwl, reading the bundle, compiling it, running its top
 * level, and the first screen, with the processor time spent by then
 * (`cpuFirstScreen`; bench/startup.ts reads them); whether the bundle came from
 * the user's code cache (`cached`) or the one the executable carries (`carried`); and for each
 * package compiled on first use, when (`compiled NAME`) and whether from its
 * code cache (`cached NAME`).
 */
const timesFile = process.env.LWL_STARTUP_TIMES;
// Only then: the global `performance` is loaded on first use (perf_hooks, some ms).
const times: Record<string, number | boolean> = timesFile ? { node: performance.now() } : {};
const mark = (step: string) => timesFile && (times[step] = performance.now());
const writeTimes = () => {
  if (!timesFile) return;
  try {
    fs.appendFileSync(timesFile, `${JSON.stringify(times)}\n`);
  } catch {
    // Only a measurement.
  }
};

/** In the standalone executable (make exe), V8's cache of the bundle that it carries (one dist/lwl wrote, see the Makefile); else null. */
function executablesCache(): Buffer | null {
  try {
    const sea = require('node:sea') as { isSea(): boolean; getAsset(key: string): ArrayBuffer };
    return sea.isSea() ? (cacheIn(Buffer.from(sea.getAsset('bundle.v8')), LWL_BUNDLE_KEY)?.data ?? null) : null;
  } catch {
    return null; // no node:sea (Node before 20.12), or no such asset (an executable made without the code cache)
  }
}

function run(): void {
  const { source, line } = bundleSource();
  mark('read');
  const args = process.argv.slice(2);
  // LWL_CODE_CACHE=0: none (to measure a start without it).
  const dir = cachingCode(process.env, args) ? trustedDirectory(cacheDirectory(process.env)) : null;
  const file = dir === null ? null : path.join(dir, cacheName(LWL_BUNDLE_KEY, nodeName(process.version, process.execArgv), process.arch));
  const cache = file === null ? null : readCache(file, LWL_BUNDLE_KEY);
  // None of the user's: the executable carries one, made by a run of dist/lwl (the Makefile).
  const carried = cache === null ? executablesCache() : null;
  const script = new vm.Script(source, { filename: __filename, lineOffset: line, cachedData: cache?.data ?? carried ?? undefined });
  const made = cache !== null && !script.cachedDataRejected ? cache.made : null;
  mark('compiled');
  times.cached = made !== null;
  times.carried = carried !== null && !script.cachedDataRejected;
  // A worker (the regular-expression search, the Markdown parser) only reads the cache. Its first argument says so, and only then is worker_threads loaded to ask.
  const isMain = !isWorkerArgument(process.argv[2]) || (require('node:worker_threads') as typeof import('node:worker_threads')).isMainThread;
  // Before the cache is written, which the first screen's time must not include.
  if (timesFile && isMain) {
    (process as NodeJS.EventEmitter).once(FIRST_SCREEN_EVENT, () => {
      mark('firstScreen');
      // Processor time too (every thread's), which other work on the machine changes less than the wall clock.
      const cpu = process.cpuUsage();
      times.cpuFirstScreen = (cpu.user + cpu.system) / 1000;
    });
    process.once('exit', writeTimes);
  }
  if (file !== null && isMain && made !== Made.AfterFirstScreen) {
    let written = false;
    const write = (when: Made) => {
      if (written) return;
      written = true;
      writeCache(file, LWL_BUNDLE_KEY, when, script.createCachedData());
    };
    // The pager says when the first screen is up (src/startup/first-screen.ts); a run with no screen (--version) writes its cache at exit, if there is none.
    (process as NodeJS.EventEmitter).once(FIRST_SCREEN_EVENT, () => write(Made.AfterFirstScreen));
    if (made === null) process.once('exit', () => write(Made.AtExit));
  }
  // The packages the bundle compiles on first use (build.mjs), each with its own cache.
  (globalThis as Record<symbol, unknown>)[packageCompilerKey] = packageCompiler(dir, LWL_BUNDLE_KEY, isMain, (name, cached) => {
    mark(`compiled ${name}`);
    times[`cached ${name}`] = cached;
  });
  (script.runInThisContext() as ModuleFunction).call(module.exports, module.exports, require, module, __filename, __dirname);
  mark('ran');
}

run();
