import { PtySession } from './pty.ts';
import { generateColoured, generate, SIZES } from './inputs.ts';
const input = process.argv[2] === '5' ? generate(SIZES[0], '/tmp/zz/in') : generateColoured(SIZES[1], '/tmp/zz/in');
const s = new PtySession(process.argv[3] ?? new URL('../dist/lwl', import.meta.url).pathname, process.argv[3]?.endsWith("less") ? ["-R", input.path] : [input.path], { cols: 80, rows: 24, cwd: '/tmp', env: { PATH: process.env.PATH!, TERM: 'xterm-256color', LANG: 'C.UTF-8', HOME: process.env.HOME!, XDG_CACHE_HOME: '/tmp/zz/cache2' } });
await s.waitFor((t) => t.status() !== '', 30000); await s.quiet(1000, 10000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
for (let i = 0; i < 4; i++) {
  const t0 = performance.now();
  const chunks: string[] = [];
  const sub = (s as any).proc.onData((d: Buffer) => chunks.push(`+${(performance.now() - t0).toFixed(1)}ms ${d.length}: ${JSON.stringify(d.toString('latin1'))}`));
  s.type('j'); await sleep(1500); sub.dispose();
  console.log(`j ${i}:\n  ` + chunks.join('\n  '));
}
await s.close('q'); process.exit(0);
