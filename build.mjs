// Builds dist/lwl: one CommonJS file with every runtime dependency in it, and
// OUT.cjs, the same bundle without the code that compiles it with V8's code
// cache (for the standalone executable). `node build.mjs OUT VERSION`, as the
// Makefile runs it.
//
// The packages only some inputs need (UTS #46, the Public Suffix List, and
// the like) are bundled apart and carried in dist/lwl as strings, compiled on
// first use: V8 then only skips over them at start-up instead of parsing
// them, so the first screen does not pay for what it does not use. Each
// start-up trick here, what it gains and the test that holds it: docs/startup.md.
import { build, transform } from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';

const [out = 'dist/lwl', version = 'dev'] = process.argv.slice(2);

/** Packages compiled on first use, not at start-up. */
const deferred = ['tr46', 'tldts', 'parse5', 'mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-gfm', 'micromark-util-normalize-identifier', 'tough-cookie', 'lowlight'];

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifySyntax: true, minifyWhitespace: true, logLevel: 'warning', supported: { 'dynamic-import': false } };

/** What lwl uses of a package, where not all of it: lowlight's common languages (200 KB), not all 192 (1.1 MB). */
const entries = { lowlight: 'export { common, createLowlight } from "lowlight";' };

/**
 * One package as the source of a function (module, exports, require). The
 * other deferred packages it requires (tough-cookie's tldts) are left out of
 * it: its require gives it their stand-ins, so dist/lwl carries each once.
 */
async function deferredSource(name) {
  const external = deferred.filter((other) => other !== name);
  const contents = entries[name] ?? `module.exports = require(${JSON.stringify(name)});`;
  const result = await build({ ...common, minifyIdentifiers: true, external, stdin: { contents, resolveDir: '.' }, write: false });
  return `(function (module, exports, require) {${result.outputFiles[0].text}\n})`;
}

/** The deferred packages a package's source requires. */
const requiredBy = (name) => deferred.filter((other) => other !== name && sources[name].includes(`require(${JSON.stringify(other)})`));

// Carried as they are, not compressed: a compressed tr46 and tldts made dist/lwl 0.3 MB smaller
// and gained nothing at start-up (docs/startup.md), and decompressing one loaded Node's zlib.
const sources = Object.fromEntries(await Promise.all(deferred.map(async (name) => [name, await deferredSource(name)])));

/** A package's export names, and whether it says it is an ES module: run here once (the packages do nothing but define). */
function exportsOf(name) {
  const m = { exports: {} };
  vm.runInThisContext(sources[name], { filename: `build:${name}` })(m, m.exports, createRequire(import.meta.url));
  return { names: Object.keys(m.exports).filter((key) => key !== '__esModule'), esModule: m.exports.__esModule === true };
}

/** The stand-ins call src/startup/lazy.ts, which loads what they stand for on first use. */
const startupDir = path.resolve('src/startup');

const deferring = {
  name: 'deferred',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${deferred.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'deferred' }));
    b.onLoad({ filter: /.*/, namespace: 'deferred' }, (args) => {
      const { names, esModule } = exportsOf(args.path);
      // Literal requires, which this plugin resolves to the other packages' stand-ins.
      const routes = requiredBy(args.path).map((other) => `id === ${JSON.stringify(other)} ? require(${JSON.stringify(other)}) : `).join('');
      return {
        loader: 'js',
        resolveDir: startupDir,
        // The package is the string packageText returns (lazy.ts says why it is a function's).
        contents: `function packageText() { return ${JSON.stringify(sources[args.path])}; }
module.exports = require('./lazy.ts').lazy(${JSON.stringify(args.path)}, ${JSON.stringify(names)}, { packageText, esModule: ${esModule}, require: ${routes ? `(id) => ${routes}require(id)` : 'require'} });`,
      };
    });
  },
};

/**
 * Node's own modules that only some inputs or keys need (a compressed file, a
 * command, a signal's number, a regular-expression search), or that the first
 * screen loads anyway but `--version` need not: each is required on the first
 * use of one of its exports, not at start-up (child_process alone costs some
 * 5 ms there).
 */
const lazyBuiltins = ['child_process', 'zlib', 'os', 'crypto', 'tty', 'worker_threads', 'stream', 'net', 'module'];

const builtinsOnUse = {
  name: 'builtins-on-use',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(node:)?(${lazyBuiltins.join('|')})$`) }, (args) => ({ path: args.path.replace(/^node:/, ''), namespace: 'builtin-on-use' }));
    b.onLoad({ filter: /.*/, namespace: 'builtin-on-use' }, async (args) => {
      const names = Object.keys(await import(`node:${args.path}`)).filter((name) => name !== 'default');
      return {
        loader: 'js',
        resolveDir: startupDir,
        contents: `module.exports = require('./lazy.ts').lazy(${JSON.stringify(args.path)}, ${JSON.stringify(names)});`,
      };
    });
  },
};

// The bundle: every module of lwl, and the deferred packages as strings.
let bundle = (
  await build({
    ...common,
    entryPoints: ['src/main.ts'],
    write: false,
    define: { LWL_VERSION: JSON.stringify(version), LWL_BUNDLED: 'true' },
    plugins: [deferring, builtinsOnUse],
  })
).outputFiles[0].text;

// esbuild's __toESM copies every export of a CommonJS module (fs: a hundred, each a getter made
// for it) into a new object, for each module that imports one by default (18 at the last count):
// 2 to 3 ms of the top level at every start. An object that inherits them from the module reads the
// same, and is made at once. The replacement is exact, so a new esbuild's helper stops the build.
const copyingToESM = 'var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod))';
const inheritingToESM = 'var __toESM=(mod,isNodeMode,target)=>(target=__create(mod!=null&&(typeof mod=="object"||typeof mod=="function")?mod:null),__defProp(target,"default",{value:isNodeMode||!mod||!mod.__esModule?mod:mod.default,enumerable:!0}))';
if (!bundle.includes(copyingToESM)) throw new Error("build: esbuild's __toESM is not the one build.mjs replaces (a new esbuild?): see build.mjs");
bundle = bundle.replace(copyingToESM, inheritingToESM);
// Names shortened once the helper is replaced: a smaller text for node to read and V8 to keep.
bundle = (await transform(bundle, { format: 'cjs', minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: true, logLevel: 'warning' })).code;

// dist/lwl: src/boot.ts, then the bundle in a comment (a function's body), wrapped as Node wraps a
// CommonJS module, which boot.ts compiles with V8's code cache. The comment must not hold a `*/`:
// each in a string is written `*\/`, the same string (esbuild prints both alike, which is checked),
// and a pattern must not end in `*` (the build stops and says so). So boot.ts compiles a slice of the
// file's text, no copy: V8 took 1.5 to 2 ms longer to compile the copy a replacement made.
if (/[^\t\n\r\x20-\x7e]/.test(bundle)) throw new Error('build: the bundle is not ASCII text: boot.ts takes it from V8 as it is');
const commentSafe = bundle.replaceAll('*/', '*\\/');
if (commentSafe !== bundle) {
  // null when the rewrite no longer parses (a pattern's end made `\/`).
  const printed = async (code) => (await transform(code, { minifyWhitespace: true, logLevel: 'silent' }).catch(() => null))?.code ?? null;
  if ((await printed(commentSafe)) !== (await printed(bundle))) {
    throw new Error('build: a `*/` in the bundle is not in a string (a pattern that ends in `*`?): dist/lwl keeps the bundle in a comment, which it would end');
  }
  bundle = commentSafe;
}
// The malloc settings the launcher gives node unless the user set them (why: see the launcher below),
// each with the variable that marks it as the launcher's, so that boot.ts takes both out again.
const mallocDefaults = [
  { name: 'MALLOC_ARENA_MAX', value: '1', marker: 'LWL_ONE_ARENA' },
  { name: 'MALLOC_MMAP_THRESHOLD_', value: '131072', marker: 'LWL_MMAP_THRESHOLD' },
];
const key = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
const boot = (
  await build({
    ...common,
    entryPoints: ['src/boot.ts'],
    write: false,
    define: { LWL_BUNDLE_KEY: JSON.stringify(key), LWL_LAUNCHER_ENV: JSON.stringify(mallocDefaults.map(({ name, marker }) => [name, marker])) },
  })
).outputFiles[0].text;
const wrapped = `(function (exports, require, module, __filename, __dirname) {${bundle}\n})`;
// The first two lines are a shell script and JavaScript at once: sh runs node with V8's flags for
// a heap that stays near what is live, and node reads line 2 as a string and a comment. Run as
// `node dist/lwl`, line 2 does nothing. The flags (bench/memory.ts; docs/startup.md):
// - a young generation of 2 MiB a half (Node's is 16): parsing allocates in bursts that a 16 MiB one
//   let grow resident by some 30 MiB;
// - no pretenuring: V8 saw the first elements of a page live long and allocated every later one in
//   the old generation, where they died (10 MB of nested divs peaked at 97-145 MiB, 91-99 without);
// - the old generation let grow by half its live size between collections, not up to four times;
// - no inlining by the optimizing compiler: its graphs (malloc'd zones) of the functions a document's
//   rendering makes hot held 4-7 MiB at once (Node's CHANGELOG_V12.md 71 MiB after reading, 67 without),
//   and no search, scroll or render measured slower (make bench).
// And one malloc arena, unless the user chose a number: V8's compiler threads each kept one of their
// own, 9-11 MiB that never went back (stdtypes.html 72 MiB, 66 with one). And malloc's threshold for
// a block of its own (mmap) fixed at its default, 128 KiB, unless the user chose one: glibc raises it
// to the size of each such block freed, and a buffer of 256 KiB let go (a file's read buffer, a
// search's) then made every later one come from the heap, which keeps what is freed (the 5 MiB
// bench file 58.7 -> 57.0 MiB). Their markers (mallocDefaults) tell boot.ts to take them out of the
// environment again, so that the commands lwl runs get the user's.
const unlessSet = mallocDefaults.map(({ name, value, marker }) => `[ -n "\${${name}+set}" ] || { ${name}=${value} ${marker}=1; export ${name} ${marker}; }; `).join('');
const launcher = `#!/bin/sh\n":" //; ${unlessSet}exec node --max-semi-space-size=2 --no-allocation-site-pretenuring --heap-growing-percent=50 --no-turbo-inlining "$0" "$@"\n`;
const head = `${launcher}${boot}\n`;
// The comment is the body of a function, so that boot.ts has its text from V8 (the function's), not by reading the file again; its first line says on which line of the file the bundle starts.
const bundleLine = head.split('\n').length;
fs.writeFileSync(out, `${head}function lwlBundle(){/*lwl-bundle ${bundleLine}\n${wrapped}*/}\n`);
fs.chmodSync(out, 0o755);
// The bundle alone, for the standalone executable (make exe), whose own code cache it has.
fs.writeFileSync(`${out}.cjs`, bundle);
