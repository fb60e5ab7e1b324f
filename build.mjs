// Builds dist/lwl: one CommonJS file with every runtime dependency in it, and
// OUT.cjs, the same bundle without the code that compiles it with V8's code
// cache (for the standalone executable). `node build.mjs OUT VERSION`, as the
// Makefile runs it.
//
// The packages only some inputs need (UTS #46, the Public Suffix List, and
// the like) are bundled apart and carried in dist/lwl as strings, compiled on
// first use: V8 then only skips over them at start-up instead of parsing
// them, so the first screen does not pay for what it does not use.
import { build, transform } from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import vm from 'node:vm';
import { createRequire } from 'node:module';

const [out = 'dist/lwl', version = 'dev'] = process.argv.slice(2);

/** Packages compiled on first use, not at start-up. */
const deferred = ['tr46', 'tldts', 'parse5', 'mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-gfm', 'micromark-util-normalize-identifier'];

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifySyntax: true, minifyWhitespace: true, logLevel: 'warning', supported: { 'dynamic-import': false } };

/** One package as the source of a function (module, exports, require). */
async function deferredSource(name) {
  const result = await build({ ...common, stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: '.' }, write: false });
  return `(function (module, exports, require) {${result.outputFiles[0].text}\n})`;
}

/**
 * The packages a document's first screen needs (Markdown's and HTML's parsers) are carried
 * as they are: decompressing one loads Node's zlib, and with it its streams,
 * some 5 ms before that screen. The others are Brotli-compressed (base64): a
 * sixth of the size, so that Node reads and skips over less at every start;
 * decompressing one costs a few ms on its first use.
 */
const uncompressed = ['parse5', 'mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-gfm', 'micromark-util-normalize-identifier'];
const compressed = (source) => zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).toString('base64');
const plainSources = Object.fromEntries(await Promise.all(deferred.map(async (name) => [name, await deferredSource(name)])));
/** Each package as carried (its source, or compressed), and the expression that makes its source of that, `stored`. */
const carried = Object.fromEntries(
  Object.entries(plainSources).map(([name, source]) =>
    uncompressed.includes(name)
      ? [name, { stored: source, expand: 'stored' }]
      : [name, { stored: compressed(source), expand: "require('node:zlib').brotliDecompressSync(Buffer.from(stored, 'base64')).toString()" }],
  ),
);

/** A package's export names, and whether it says it is an ES module: run here once (the packages do nothing but define). */
function exportsOf(name) {
  const m = { exports: {} };
  vm.runInThisContext(plainSources[name], { filename: `build:${name}` })(m, m.exports, createRequire(import.meta.url));
  return { names: Object.keys(m.exports).filter((key) => key !== '__esModule'), esModule: m.exports.__esModule === true };
}

const deferring = {
  name: 'deferred',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${deferred.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'deferred' }));
    b.onLoad({ filter: /.*/, namespace: 'deferred' }, (args) => {
      const { names, esModule } = exportsOf(args.path);
      return {
        loader: 'js',
        // Compiled on the first use of one of its exports, not where it is imported: Markdown needs parse5 only if it holds HTML.
        // dist/lwl's start (src/boot.ts, src/code-cache.ts) leaves a compiler that keeps V8's code cache of each package; the bundle alone (dist/lwl.cjs) has none.
        // The package is the string in packageText, which is never called, so never compiled: its text is taken with toString()
        // and the string evaluated apart. Were it a constant of code the bundle runs, the bundle's code cache, made at the first
        // screen, would carry every package that screen used (some 250 KB for Markdown's), and load it at every start.
        contents: `let loaded;
function packageText() { return ${JSON.stringify(carried[args.path].stored)}; }
const load = () => {
  if (loaded) return loaded;
  const m = { exports: {} };
  const source = () => {
    const text = packageText.toString();
    const stored = require('node:vm').runInThisContext(text.slice(text.indexOf('return') + 'return'.length, text.lastIndexOf('}')));
    return ${carried[args.path].expand};
  };
  const compile = globalThis[Symbol.for('lwl.compilePackage')];
  (compile ? compile(${JSON.stringify(args.path)}, source) : require('node:vm').runInThisContext(source(), { filename: 'lwl:${args.path}' }))(m, m.exports, require);
  return (loaded = m.exports);
};
${esModule ? "Object.defineProperty(module.exports, '__esModule', { value: true });" : ''}
for (const name of ${JSON.stringify(names)}) Object.defineProperty(module.exports, name, { get: () => load()[name], enumerable: true });`,
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
    b.onResolve({ filter: new RegExp(`^(node:)?(${lazyBuiltins.join('|')})$`) }, (args) =>
      // The require in the stand-in is Node's own.
      args.namespace === 'builtin-on-use' ? { path: args.path, external: true } : { path: args.path.replace(/^node:/, ''), namespace: 'builtin-on-use' },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-on-use' }, async (args) => {
      const names = Object.keys(await import(`node:${args.path}`)).filter((name) => name !== 'default');
      return {
        loader: 'js',
        contents: `let loaded;
const load = () => (loaded ??= require('node:${args.path}'));
for (const name of ${JSON.stringify(names)}) Object.defineProperty(module.exports, name, { get: () => load()[name], enumerable: true });`,
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

// esbuild's __toESM copies every export of a CommonJS module (fs: a hundred) into
// a new object, for each of the 28 modules that import one: a ms or two at each
// start. An object that inherits them from the module reads the same.
const toESM = 'var __toESM=(mod,isNodeMode,target)=>(target=mod!=null?__create(__getProtoOf(mod)):{},__copyProps(isNodeMode||!mod||!mod.__esModule?__defProp(target,"default",{value:mod,enumerable:!0}):target,mod))';
const inheritingToESM = 'var __toESM=(mod,isNodeMode,target)=>(target=__create(mod!=null&&(typeof mod=="object"||typeof mod=="function")?mod:null),__defProp(target,"default",{value:isNodeMode||!mod||!mod.__esModule?mod:mod.default,enumerable:!0}))';
if (!bundle.includes(toESM)) throw new Error("build: esbuild's __toESM is not the one build.mjs replaces (a new esbuild?): see build.mjs");
bundle = bundle.replace(toESM, inheritingToESM);

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
const key = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
const boot = (
  await build({
    ...common,
    entryPoints: ['src/boot.ts'],
    write: false,
    define: { LWL_BUNDLE_KEY: JSON.stringify(key) },
  })
).outputFiles[0].text;
const wrapped = `(function (exports, require, module, __filename, __dirname) {${bundle}\n})`;
const head = `#!/usr/bin/env node\n${boot}\n`;
// The comment is the body of a function, so that boot.ts has its text from V8 (the function's), not by reading the file again; its first line says on which line of the file the bundle starts.
const bundleLine = head.split('\n').length;
fs.writeFileSync(out, `${head}function lwlBundle(){/*lwl-bundle ${bundleLine}\n${wrapped}*/}\n`);
fs.chmodSync(out, 0o755);
// The bundle alone, for the standalone executable (make exe), whose own code cache it has.
fs.writeFileSync(`${out}.cjs`, bundle);
