// The configuration file, $XDG_CONFIG_HOME/lwl/config (else
// ~/.config/lwl/config): one setting a line, readable by a person.
//
//   bind MODE KEY ACTION [ARGUMENT]   bind a key (names as in keymap.ts)
//   unbind MODE KEY                   the key does nothing in that mode
//   color ROLE ATTRIBUTES             how a role looks: fg=blue,bg=8,bold,underline,reverse,dim; or none
//   browser COMMAND                   the command Enter hands links to ($LINK set; %s: the URL)
//   options OPTIONS                   default options, as in LESS or LWL (-iS)
//   cookies FILE                      web pages' lasting cookies kept in FILE (0600), not only for the session
//
// keymap.ts stays the one source of the defaults: `lwl --print-config`
// prints them in this format. A mistake names the file and line, and lwl goes
// on with the defaults for that line.
import path from 'node:path';
import { keymap, type Binding } from '../keymap.ts';
import type { Attrs, Color } from '../term/sgr.ts';
import { tables, type Rebinding, type Table } from './state/bindings.ts';
import type { Role, Theme } from './draw/theme.ts';

export interface Config {
  rebindings: Rebinding[];
  colors: Partial<Theme>;
  browser: string | null;
  /** Words of default options, read like the LWL variable's. */
  options: string[];
  /** `cookies FILE`: where web pages' lasting cookies are kept (~/ is the home directory); null: in memory only. */
  cookies: string | null;
  /** One sentence per line that could not be read: "FILE:LINE: what is wrong". */
  errors: string[];
}

export const emptyConfig: Config = { rebindings: [], colors: {}, browser: null, options: [], cookies: null, errors: [] };

/** Where the configuration file is, per the XDG base directory rules. */
export function configPath(env: NodeJS.ProcessEnv): string | null {
  const base = env.XDG_CONFIG_HOME || (env.HOME ? path.join(env.HOME, '.config') : null);
  return base ? path.join(base, 'lwl', 'config') : null;
}

/** A file the configuration names: ~/ is the home directory, and a relative name is the configuration directory's. */
export function configuredFile(name: string, env: NodeJS.ProcessEnv): string {
  if (name.startsWith('~/') && env.HOME) return path.join(env.HOME, name.slice(2));
  const config = configPath(env);
  return config ? path.resolve(path.dirname(config), name) : path.resolve(name);
}

const colorNames: Color[] = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];

/** Actions whose number is a direction: 1 or -1. */
const directions = new Set(['next', 'cycle']);

/** The actions of a table, by name, as keymap.ts binds them: each with the arguments it takes. */
function actionsOf(table: Table): Map<string, unknown[][]> {
  const out = new Map<string, unknown[][]>();
  for (const { action } of keymap[table] as Binding<unknown[]>[]) {
    const [name, ...args] = action;
    out.set(name as string, [...(out.get(name as string) ?? []), args]);
  }
  return out;
}

/** Reads an action written `name [argument]` for a table, checking it against the defaults' forms. */
function readAction(table: Table, words: string[]): unknown[] | string {
  const [name, ...rest] = words;
  const forms = actionsOf(table).get(name);
  if (!forms) return `'${name}' is not an action of ${table} mode (lwl --print-config lists them)`;
  const arity = forms[0].length;
  if (rest.length !== arity) return `${name} takes ${arity === 0 ? 'no argument' : `${arity} argument`}`;
  if (arity === 0) return [name];
  const example = forms[0][0];
  const word = rest[0];
  if (typeof example === 'number') {
    const n = Number(word);
    if (!Number.isInteger(n)) return `${name} takes a whole number`;
    if (directions.has(name) && n !== 1 && n !== -1) return `${name} takes 1 or -1`;
    return [name, n];
  }
  const allowed = forms.map((f) => f[0]);
  if (!allowed.includes(word)) return `${name} takes ${allowed.join(' or ')}`;
  return [name, word];
}

function readAttrs(words: string[]): Attrs | string {
  const attrs: Attrs = {};
  for (const part of words.join(',').split(',').filter(Boolean)) {
    const [key, value] = part.split('=');
    if (key === 'none') continue;
    if (key === 'bold' || key === 'underline' || key === 'reverse' || key === 'dim') attrs[key] = true;
    else if ((key === 'fg' || key === 'bg') && colorNames.includes(value as Color)) attrs[key] = value as Color;
    // The 16 colours by number too: 8-15 are the bright ones (8, bright black, is grey).
    else if ((key === 'fg' || key === 'bg') && /^(?:[0-9]|1[0-5])$/.test(value ?? '')) attrs[key] = Number(value);
    else return `'${part}' is not a colour setting (fg=COLOUR, bg=COLOUR, bold, underline, reverse, dim, none; colours: ${colorNames.join(' ')}, or 0-15)`;
  }
  return attrs;
}

/**
 * Splits a line into words, up to a comment (a word starting with #); a key
 * that is a space, a quote or starts with # is written in quotes ("#", ' ').
 */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    if (m[3]?.startsWith('#')) break;
    out.push(m[1] ?? m[2] ?? m[3]);
  }
  return out;
}

/** Reads a configuration file's text; `file` names it in the error messages. */
export function parseConfig(text: string, file: string, roles: readonly Role[]): Config {
  const config: Config = { rebindings: [], colors: {}, browser: null, options: [], cookies: null, errors: [] };
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const fail = (what: string) => config.errors.push(`${file}:${i + 1}: ${what}`);
    const [command, ...args] = words(line);
    switch (command) {
      case 'bind':
      case 'unbind': {
        const [table, key, ...action] = args;
        if (!tables.includes(table as Table)) return fail(`'${table ?? ''}' is not a mode (${tables.join(', ')})`);
        if (key === undefined) return fail(`${command} needs a key`);
        if (command === 'unbind') {
          if (action.length > 0) return fail('unbind takes a mode and a key');
          return void config.rebindings.push({ table: table as Table, key, action: null });
        }
        if (action.length === 0) return fail('bind needs an action');
        const read = readAction(table as Table, action);
        if (typeof read === 'string') return fail(read);
        return void config.rebindings.push({ table: table as Table, key, action: read as Rebinding['action'] });
      }
      case 'color': {
        const [role, ...rest] = args;
        if (!roles.includes(role as Role)) return fail(`'${role ?? ''}' is not a role (${roles.join(', ')})`);
        const attrs = readAttrs(rest);
        if (typeof attrs === 'string') return fail(attrs);
        config.colors[role as Role] = attrs;
        return;
      }
      case 'browser':
        if (args.length === 0) return fail('browser needs a command');
        config.browser = line.slice('browser'.length).trim();
        return;
      case 'options':
        config.options.push(...args);
        return;
      case 'cookies':
        if (args.length !== 1) return fail('cookies takes one file name (in quotes if it has spaces)');
        config.cookies = args[0];
        return;
      default:
        return fail(`'${command}' is not a setting (bind, unbind, color, browser, options, cookies)`);
    }
  });
  return config;
}

const quoteKey = (key: string) => (/^[^\s"'#]\S*$/.test(key) ? key : key.includes('"') ? `'${key}'` : `"${key}"`);

function formatAttrs(attrs: Attrs): string {
  const parts: string[] = [];
  if (attrs.fg) parts.push(`fg=${attrs.fg}`);
  if (attrs.bg) parts.push(`bg=${attrs.bg}`);
  for (const flag of ['bold', 'underline', 'reverse', 'dim'] as const) if (attrs[flag]) parts.push(flag);
  return parts.length ? parts.join(',') : 'none';
}

/** The defaults, in the configuration file's own format: a user starts from them. */
export function printConfig(theme: Theme): string {
  const lines = [
    '# lwl configuration: copy to $XDG_CONFIG_HOME/lwl/config (or ~/.config/lwl/config) and edit.',
    '# These are the defaults; a line you leave out keeps its default.',
    '',
  ];
  for (const table of tables) {
    lines.push(`# ${table} mode`);
    for (const { keys, action, help } of keymap[table] as Binding<unknown[]>[]) {
      for (const key of keys) lines.push(`bind ${table} ${quoteKey(key)} ${action.join(' ')}    # ${help}`);
    }
    lines.push('');
  }
  lines.push('# colours (fg=, bg=: black red green yellow blue magenta cyan white, or 0-15 with the bright ones; bold underline reverse dim; none)');
  for (const [role, attrs] of Object.entries(theme)) lines.push(`color ${role} ${formatAttrs(attrs)}`);
  lines.push('', '# browser firefox %s', '# options -i', '# cookies ~/.local/share/lwl/cookies.json');
  return lines.join('\n') + '\n';
}
