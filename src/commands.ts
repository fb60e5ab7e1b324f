// Running shell commands for fork, exec and following links. The link reaches
// a command through the environment, as $LINK: its text is never spliced into
// the command's.
import fs from 'node:fs';
import path from 'node:path';
import { constants } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { openers } from '../keymap.ts';
import { openTerminalForChild } from '../term/tty.ts';

/**
 * The link with every character a shell could act on percent-encoded, for a
 * %s that a browser command puts inside a command of its own (`sh -c "w3m
 * %s"`): there no quoting lwl adds survives, at whatever depth it is run.
 */
export const SHELL_SAFE_LINK = 'LWL_LINK_SHELL_SAFE';

/** Characters that mean nothing to a POSIX shell inside a word that starts with a letter (a URL's scheme). */
const SHELL_INERT = /[A-Za-z0-9._/:@%+,=#-]/;

/** Percent-encodes, as UTF-8, every character of `url` a shell could act on: $ ` \ ' " ; & | < > ( ) { } [ ] * ? ! ~ ^ and white space. */
export function shellSafeUrl(url: string): string {
  let out = '';
  for (const ch of url) {
    if (SHELL_INERT.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A child lwl runs on the terminal, to end if lwl is ended while it runs. */
let running: ChildProcess | null = null;

/**
 * Runs `command` with /bin/sh -c, LINK (and LWL_URL, the page's URL) set in its environment, on the
 * terminal; resolves with its exit status (128 + the signal's number if a
 * signal ended it).
 */
export async function runShell(command: string, link: string, pageUrl = '', extra: ShellExtra = {}): Promise<number> {
  // Loaded when first needed: Node's child_process module costs start-up time.
  const { spawn } = await import('node:child_process');
  // No controlling terminal: the child gets lwl's standard input.
  const input = openTerminalForChild() ?? 'inherit';
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      stdio: [extra.stdin === undefined ? input : 'pipe', 'inherit', 'inherit'],
      env: { ...process.env, ...extra.env, LINK: link, [SHELL_SAFE_LINK]: shellSafeUrl(link), LWL_URL: pageUrl },
    });
    if (extra.stdin !== undefined && child.stdin) {
      // A command that reads none of it (or not all) closes the pipe: that is its business.
      child.stdin.on('error', () => {});
      child.stdin.end(extra.stdin);
    }
    running = child;
    const done = (status: number) => {
      if (running === child) running = null;
      if (typeof input === 'number') fs.closeSync(input);
      resolve(status);
    };
    child.on('error', () => done(127));
    child.on('exit', (code, signal) => done(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

/** What a command gets besides LINK: text on its standard input (less's |), more of the environment (v's file and line). */
export interface ShellExtra {
  stdin?: Buffer;
  env?: Record<string, string>;
}

/**
 * less's v: the editor ($VISUAL, else $EDITOR, else vi; its words split as a
 * shell splits them, so that EDITOR='code -w' works) at a line of a file.
 * The file's name and the line reach it in LWL_FILE and LWL_LINE, quoted
 * there: a name is never spliced into the command's text.
 */
export const EDIT_COMMAND = '${VISUAL:-${EDITOR:-vi}} "+$LWL_LINE" "$LWL_FILE"';

/** How long a child has to end after SIGHUP before it gets SIGTERM. */
const HANGUP_GRACE_MS = 500;

/** The processes under `pid` (Linux: read from /proc), children first; none elsewhere. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    let children: string[] = [];
    try {
      for (const task of fs.readdirSync(`/proc/${parent}/task`)) {
        children.push(...fs.readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
      }
    } catch {
      children = [];
    }
    for (const child of children.map(Number)) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends the command lwl is running, if any, and what it started, as a hangup
 * of the terminal would: SIGHUP, then SIGTERM to those still there after a
 * short grace. Resolves once that is done.
 */
export async function endRunningCommand(): Promise<void> {
  const child = running;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const pids = [child.pid, ...descendants(child.pid)];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalAll(pids, 'SIGHUP');
  const graceOver = new Promise<void>((resolve) => setTimeout(resolve, HANGUP_GRACE_MS));
  await Promise.race([exited, graceOver]);
  // What the command started may outlive it: everything still there gets SIGTERM.
  signalAll(pids.filter(isAlive), 'SIGTERM');
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, searchPath: string): boolean {
  if (name.includes('/')) return isExecutable(name);
  return searchPath.split(':').some((dir) => isExecutable(path.join(dir || '.', name)));
}

/** Words a command may start with that are the shell's own, not a program on PATH. */
const SHELL_WORDS = new Set(['exec', 'command', 'eval', 'cd', 'echo', 'printf', 'test', '[', ':', 'true', 'false', '.', 'set', 'export', 'if', 'for', 'while', 'case', '{', '(']);

type Quote = 'none' | 'single' | 'double';

/**
 * Walks a command's text as /bin/sh would quote it, calling `visit` with each
 * character and the quoting it is in (a quote that opens is outside, one that
 * closes inside). A backslash and the character it escapes are visited alike.
 */
function walkQuoting(command: string, visit: (index: number, quote: Quote) => void): void {
  let quote: Quote = 'none';
  for (let i = 0; i < command.length; i++) {
    const ch = command[i];
    visit(i, quote);
    if (quote === 'single') {
      if (ch === "'") quote = 'none';
    } else if (ch === '\\') {
      if (i + 1 < command.length) visit(++i, quote);
    } else if (quote === 'double') {
      if (ch === '"') quote = 'none';
    } else if (ch === "'") quote = 'single';
    else if (ch === '"') quote = 'double';
  }
}

/** Splits a list of commands at the colons that are not quoted. */
export function splitCommandList(list: string): string[] {
  const entries: string[] = [];
  let start = 0;
  walkQuoting(list, (i, quote) => {
    if (quote === 'none' && list[i] === ':') {
      entries.push(list.slice(start, i));
      start = i + 1;
    }
  });
  entries.push(list.slice(start));
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/** The program a command runs: its first word, without quotes, after any NAME=value words. */
export function programOf(command: string): string {
  const words = command.match(/(?:[^\s'"\\]+|'[^']*'|"(?:[^"\\]|\\.)*"|\\.)+/g) ?? [];
  const word = words.find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) ?? '';
  return word.replace(/'([^']*)'|"((?:[^"\\]|\\.)*)"|\\(.)/g, (_, single, double, escaped) => single ?? escaped ?? double.replace(/\\(.)/g, '$1'));
}

/**
 * The shell command that opens the link in $LINK, from a browser command
 * template: %s stands for the link and %% for a percent sign; without %s the
 * link is its last argument. The link is always one argument, intact, at the
 * top level (`w3m %s`) and in quotes of its own (`w3m '%s'`, `w3m "%s"`).
 * Inside a quoted string with more in it (`sh -c "w3m %s"`), which a shell
 * may well run again, it comes with every character a shell could act on
 * percent-encoded (a query's ? and & included).
 */
export function browserInvocation(template: string): string {
  if (!/%s/.test(template.replaceAll('%%', ''))) return `${template.replaceAll('%%', '%')} "$LINK"`;
  // The quoting of each character, to tell '%s' from 'w3m %s'.
  const quoteOf: Quote[] = [];
  walkQuoting(template, (i, quote) => (quoteOf[i] = quote));
  const opensQuote = (i: number) => i >= 0 && quoteOf[i] === 'none' && quoteOf[i + 1] !== 'none';
  const closesQuote = (i: number) => i < template.length && quoteOf[i] !== 'none' && quoteOf[i + 1] !== quoteOf[i];
  let out = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== '%' || (template[i + 1] !== 's' && template[i + 1] !== '%')) {
      out += template[i];
      continue;
    }
    const quote = quoteOf[i];
    if (template[i + 1] === '%') out += '%';
    else if (quote === 'none') out += '"$LINK"';
    else {
      // Alone in its quotes, the link is that whole string; with more, it may be run by a shell again.
      const alone = opensQuote(i - 1) && closesQuote(i + 2);
      const value = alone ? '$LINK' : `$${SHELL_SAFE_LINK}`;
      out += quote === 'double' ? value : `'"${value}"'`;
    }
    i++;
  }
  return out;
}

/** Whether a browser command is lwl itself (`lwl`, `lwl %s`): Enter then loads web pages in this lwl. */
export function isLwlItself(invocation: string): boolean {
  return invocation.trim() === 'lwl "$LINK"';
}

/**
 * The command that opens a link in a browser: from the first of
 * keymap.openers that is set (an environment variable, a colon-separated
 * list tried entry by entry) or found on PATH, the first whose program is
 * found; null if none. See browserInvocation for how %s is read.
 */
export function browserCommand(env: NodeJS.ProcessEnv = process.env, configured: string | null = null): string | null {
  const searchPath = env.PATH ?? '';
  const found = (command: string) => {
    // lwl itself needs no PATH: it loads the page in place (isLwlItself).
    if (isLwlItself(browserInvocation(command))) return true;
    const program = programOf(command);
    return SHELL_WORDS.has(program) || onPath(program, searchPath);
  };
  for (const opener of openers) {
    const candidates =
      opener === 'config' ? splitCommandList(configured ?? '') : opener.startsWith('$') ? splitCommandList(env[opener.slice(1)] ?? '') : [opener];
    const command = candidates.find(found);
    if (command) return browserInvocation(command);
  }
  return null;
}

/** The browser command links are handed to; null when there is none, or it is lwl itself (pages then load in this lwl). */
export function browserToUse(env: NodeJS.ProcessEnv, configured: string | null): string | null {
  const command = browserCommand(env, configured);
  return command !== null && isLwlItself(command) ? null : command;
}
