// What the sources that read a command's output (LESSOPEN's pipe, man) ask of
// its process: its exit status once it has exited, and its end when the
// document is closed first.
import type { ChildProcess } from 'node:child_process';

/** The exit status of `child`, once it has exited (null if it could not run or a signal ended it). */
export function exitStatus(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('close', (code) => resolve(code));
    child.once('error', () => resolve(null));
  });
}

/** Ends `child` if it still runs (its output is no longer read). */
export function stopChild(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null) child.kill();
}
