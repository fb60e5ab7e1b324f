// Builds dist/lwl: one CommonJS file with every runtime dependency in it.
// `node build.mjs OUT VERSION`, as the Makefile runs it.
//
// The packages only some inputs need (UTS #46, the Public Suffix List, and
// the like) are bundled apart and carried in dist/lwl as strings, compiled on
// first use: V8 then only skips over them at start-up instead of parsing
// them, so the first screen does not pay for what it does not use.
import { build } from 'esbuild';
import fs from 'node:fs';

const [out = 'dist/lwl', version = 'dev'] = process.argv.slice(2);

/** Packages compiled on first use, not at start-up. */
const deferred = ['tr46', 'tldts', 'parse5', 'mdast-util-from-markdown', 'mdast-util-gfm', 'micromark-extension-gfm', 'micromark-util-normalize-identifier'];

const common = { bundle: true, platform: 'node', target: 'node20', format: 'cjs', minifySyntax: true, minifyWhitespace: true, logLevel: 'warning', supported: { 'dynamic-import': false } };

/** One package as the source of a function (module, exports, require). */
async function deferredSource(name) {
  const result = await build({ ...common, stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: '.' }, write: false });
  return `(function (module, exports, require) {${result.outputFiles[0].text}\n})`;
}

const sources = Object.fromEntries(await Promise.all(deferred.map(async (name) => [name, await deferredSource(name)])));

const deferring = {
  name: 'deferred',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^(${deferred.join('|')})$`) }, (args) => ({ path: args.path, namespace: 'deferred' }));
    b.onLoad({ filter: /.*/, namespace: 'deferred' }, (args) => ({
      loader: 'js',
      contents: `const m = { exports: {} };
require('node:vm').runInThisContext(${JSON.stringify(sources[args.path])}, { filename: 'lwl:${args.path}' })(m, m.exports, require);
module.exports = m.exports;`,
    }));
  },
};

await build({
  ...common,
  entryPoints: ['src/main.ts'],
  outfile: out,
  define: { LWL_VERSION: JSON.stringify(version), LWL_BUNDLED: 'true' },
  banner: { js: '#!/usr/bin/env node' },
  plugins: [deferring],
});
fs.chmodSync(out, 0o755);
