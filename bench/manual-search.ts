// A manual check, not in `make bench`: one search on one file, in a pty,
// with the times to the first match and to the full count, and peak memory.
//
//   npx tsx bench/manual-search.ts FILE QUERY
//
// The search waits for the whole file to be read: the first answer includes the reading.
import { PtySession } from './pty.ts';

const [file, query] = process.argv.slice(2);
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', TERM: 'xterm-256color', LANG: 'C.UTF-8' };
const s = new PtySession(process.execPath, [new URL('../dist/lwl', import.meta.url).pathname, file], { cols: 80, rows: 24, env, cwd: '/tmp' });
const limit = 600_000;
const shown = await s.waitFor((x) => x.status().trim() !== '' && !x.status().includes('Reading'), limit);
console.log(`first screen: ${Math.round(shown! - s.startedAt)} ms, peak ${Math.round(s.peakMemory()! / 2 ** 20)} MiB`);
const before = s.peakMemory()!;
const first = s.waitFor((x) => /^(match|No matches|Bad|Cannot)/.test(x.status()), limit);
const done = s.waitFor((x) => /^(match [\d,?]+ of [\d,]+( \(.*\))?$|No matches|Bad|Cannot)/.test(x.status()), limit);
await s.quiet(300, limit);
s.type(`/${query}`);
await s.quiet(300, limit);
const t0 = performance.now();
s.type('\r');
console.log(`first answer: ${Math.round((await first)! - t0)} ms: ${s.status()}`);
console.log(`complete: ${Math.round((await done)! - t0)} ms: ${s.status()}`);
console.log(`peak memory: ${Math.round(before / 2 ** 20)} MiB before the search, ${Math.round(s.peakMemory()! / 2 ** 20)} MiB after`);
await s.close('q');
process.exit(0);
