// The lwl under test: dist/lwl (a Node.js script), or another build named by
// LWL_BIN, such as the standalone executable: `LWL_BIN=dist/lwl-linux-x64 make e2e`.
// Its own module, without vitest or node-pty, so that the global setup can read it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The path of the binary under test. */
export const lwl = path.resolve(root, process.env.LWL_BIN || 'dist/lwl');

/** Whether it is a script run by Node (dist/lwl) rather than an executable of its own. */
export const lwlIsScript = readStart(lwl) === '#!';

/** The command that runs it: the Node running the tests and the script, or the executable alone. */
export const lwlCommand: readonly string[] = lwlIsScript ? [process.execPath, lwl] : [lwl];

/** A word for a shell command line, quoted: it reaches the command as it is. */
export function shellWord(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The same, for a shell command line. */
export const lwlShell = lwlCommand.map(shellWord).join(' ');

function readStart(file: string): string {
  try {
    const fd = fs.openSync(file, 'r');
    const start = Buffer.alloc(2);
    fs.readSync(fd, start, 0, 2, 0);
    fs.closeSync(fd);
    return start.toString('latin1');
  } catch {
    return '#!'; // not built yet: the global setup builds it, and dist/lwl is a script
  }
}
