// Running shell commands for fork, exec and following links. The link reaches
// a command only through the environment, as $LINK: it is never spliced into
// the command's text.
import fs from 'node:fs';
import path from 'node:path';
import { constants } from 'node:os';
import { openers } from '../keymap.ts';
import { openTerminalForChild } from '../term/tty.ts';

/**
 * Runs `command` with /bin/sh -c, LINK set in its environment, on the
 * terminal; resolves with its exit status (128 + the signal's number if a
 * signal ended it).
 */
export async function runShell(command: string, link: string): Promise<number> {
  // Loaded when first needed: Node's child_process module costs start-up time.
  const { spawn } = await import('node:child_process');
  // No controlling terminal: the child gets lwl's standard input.
  const input = openTerminalForChild() ?? 'inherit';
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: [input, 'inherit', 'inherit'],
      env: { ...process.env, LINK: link },
    });
    const done = (status: number) => {
      if (typeof input === 'number') fs.closeSync(input);
      resolve(status);
    };
    child.on('error', () => done(127));
    child.on('exit', (code, signal) => done(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

function onPath(name: string, searchPath: string): boolean {
  return searchPath.split(':').some((dir) => {
    try {
      fs.accessSync(path.join(dir || '.', name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The command that opens a link in a browser: the first of keymap.openers
 * that is set (an environment variable) or found on PATH; null if none.
 * It is run as `OPENER "$LINK"` (or with "$LINK" in place of a %s in it).
 */
export function browserCommand(env: NodeJS.ProcessEnv = process.env, configured: string | null = null): string | null {
  for (const opener of openers) {
    let command: string | undefined;
    if (opener === 'config') command = configured ?? undefined;
    else if (opener.startsWith('$')) command = env[opener.slice(1)]?.split(':')[0]?.trim();
    else if (onPath(opener, env.PATH ?? '')) command = opener;
    if (command) return command.includes('%s') ? command.replaceAll('%s', '"$LINK"') : `${command} "$LINK"`;
  }
  return null;
}
