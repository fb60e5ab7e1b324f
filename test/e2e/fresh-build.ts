// vitest's global setup for the e2e project: the binary under test must be built
// from the sources as they are now. `make` knows what each target depends on, so
// it is asked to bring the binary up to date (a no-op when it is; esbuild takes
// well under a second when it is not). `-o` keeps make from running `npm ci`
// under the running vitest when package.json changed: that is `make`'s job.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { lwl, root } from './binary.ts';

export default function setup(): void {
  const target = path.relative(root, lwl);
  const built = /^dist\/lwl(-[\w-]+)?$/.test(target); // dist/lwl, or the executable dist/lwl-<platform>-<arch>
  if (built) {
    try {
      execFileSync('make', ['--no-print-directory', '-o', 'node_modules/.package-lock.json', target], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (e) {
      const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? String(e);
      throw new Error(`could not bring ${target} up to date with make; the e2e tests need it built from the current sources:\n${stderr}`);
    }
  }
  if (!fs.existsSync(lwl)) throw new Error(`LWL_BIN: no file at ${lwl}`);
}
