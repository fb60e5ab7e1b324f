// Running LESSOPEN on a file before it is read (lessopen.ts reads the
// variable): an input pipe's output becomes the source, read as program
// output (SGR, overstrike) through the same stream reading as any pipe; a
// replacement file is opened in the file's place. LESSCLOSE runs when the
// document is closed. Secure mode and -L (--no-lessopen) turn it all off:
// the caller then has no Preprocessing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { exitStatus, stopChild } from './child.ts';
import { parseLessOpen, replacementName, shellScript, type Preprocessor } from './lessopen.ts';
import { OpenError, openFile, reason, type Source } from './source.ts';

/** What a preprocessor's text is read as: program output, whatever the file's name says. */
const PROGRAM_OUTPUT = 'text/plain';
/** The longest a replacement file's name is read. */
const NAME_MOST = 64 * 1024;
/** How long LESSCLOSE may take (it runs as the document closes, lwl waiting). */
const CLOSE_MS = 5000;

/** LESSOPEN and LESSCLOSE, as the environment set them. */
export interface Preprocessing {
  open: Preprocessor;
  /** LESSCLOSE, or null. */
  close: string | null;
}

/** The preprocessing the environment asks for; null without LESSOPEN, in secure mode, or with -L. */
export function preprocessingFrom(env: NodeJS.ProcessEnv, off: boolean): Preprocessing | null {
  const open = off ? null : parseLessOpen(env.LESSOPEN);
  return open ? { open, close: env.LESSCLOSE || null } : null;
}

/** Whether the preprocessor runs on `name` ('-' is standard input, only with the dash). */
export function preprocesses(pre: Preprocessing | null, name: string): pre is Preprocessing {
  return pre !== null && (name !== '-' || pre.open.stdin);
}

/** `sh -c COMMAND sh ARGS…`, each %s of the command one of ARGS, never read by the shell as code. */
function shell(command: string, args: string[]): [string, string[]] {
  return ['/bin/sh', ['-c', shellScript(command, args.length), 'sh', ...args]];
}

/** Runs LESSCLOSE for `name` and what replaced it ('-' for a pipe), waiting for it. */
function closer(close: string | null, name: string, replacement: string): () => void {
  return () => {
    if (close === null) return;
    const [file, args] = shell(close, [name, replacement]);
    spawnSync(file, args, { stdio: 'ignore', timeout: CLOSE_MS });
  };
}

/** The preprocessor's process on `name`: its standard input is lwl's for `-`, else nothing. */
function start(pre: Preprocessing, name: string): ChildProcess {
  const [file, args] = shell(pre.open.command, [name]);
  return spawn(file, args, { stdio: [name === '-' ? 0 : 'ignore', 'pipe', 'ignore'] });
}

/**
 * An input pipe on `name`: its first output (waited for) and the rest as a
 * stream; null if it wrote nothing, so that the file is read as it is (for
 * `||`, unless it exited with 0: then the text is empty).
 */
async function throughPipe(pre: Preprocessing, name: string): Promise<Source | null> {
  const child = start(pre, name);
  const stdout = child.stdout!;
  const first = await new Promise<Buffer | null>((resolve) => {
    const take = (chunk: Buffer) => {
      stdout.pause();
      stdout.off('end', none);
      resolve(chunk);
    };
    const none = () => {
      stdout.off('data', take);
      resolve(null);
    };
    stdout.once('data', take);
    stdout.once('end', none);
    child.once('error', none);
  });
  const onClose = () => {
    stopChild(child);
    closer(pre.close, name, '-')();
  };
  if (first !== null) {
    return { name, fd: -1, isFile: false, size: null, head: first, stream: stdout, type: PROGRAM_OUTPUT, preprocessed: true, onClose };
  }
  const status = await exitStatus(child);
  if (pre.open.mode === 'pipe-status' && status === 0) {
    return { name, fd: -1, isFile: false, size: 0, stream: Readable.from([]), type: PROGRAM_OUTPUT, preprocessed: true, onClose };
  }
  return null;
}

/** A preprocessor that names a replacement file: that file, opened under `name`; null if it named none. */
async function replacement(pre: Preprocessing, name: string): Promise<Source | null> {
  const child = start(pre, name);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    if (output.length < NAME_MOST) output += chunk.toString('utf8');
  });
  await exitStatus(child);
  const file = replacementName(output);
  if (file === null) return null;
  let source: Source;
  try {
    source = openFile(file);
  } catch (err) {
    closer(pre.close, name, file)();
    throw new OpenError(name, `LESSOPEN's replacement ${file}: ${err instanceof OpenError ? err.userMessage : reason(err as NodeJS.ErrnoException)}`);
  }
  return { ...source, name, type: PROGRAM_OUTPUT, preprocessed: true, onClose: closer(pre.close, name, file) };
}

/**
 * The source LESSOPEN makes of `name`, or null when it made none (the file is
 * then opened as it is). Throws OpenError if the replacement file it named
 * cannot be read.
 */
export function preprocessed(pre: Preprocessing, name: string): Promise<Source | null> {
  return pre.open.mode === 'file' ? replacement(pre, name) : throughPipe(pre, name);
}
