// make exe: V8's code cache of the bundle that dist/lwl carries, for the
// executable to start from when it has no cache of the user's (its first run,
// secure mode, LWL_CODE_CACHE=0). Made by the node that is copied into the
// executable, from the very text boot.ts compiles: the comment's body, after
// its first line. It holds each module's top level (nothing has run); the cache
// boot.ts writes after a first screen holds what that screen ran as well.
//   node sea-cache.mjs dist/lwl dist/sea/bundle.v8
import fs from 'node:fs';
import vm from 'node:vm';

const [script, out] = process.argv.slice(2);
const text = fs.readFileSync(script, 'latin1');
const mark = ['/*lwl', 'bundle '].join('-');
const at = text.indexOf(mark);
if (at < 0) throw new Error(`sea-cache: no bundle in ${script}`);
const source = text.slice(text.indexOf('\n', at) + 1, text.lastIndexOf('*/'));
fs.writeFileSync(out, new vm.Script(source, { filename: script }).createCachedData());
