// LESSOPEN and LESSCLOSE as less reads them (less's manual, INPUT
// PREPROCESSOR): `|cmd %s` an input pipe whose output is the text (none: the
// file as it is), `||cmd %s` the same but for an empty output with status 0,
// which is an empty text, `cmd %s` a command that prints the name of a
// replacement file; a `-` after the bars (or first) runs it on standard input
// too, named `-`. Pure: preprocess.ts runs what this reads.
//
// The file name never passes through the shell's reading of the command:
// each %s becomes a positional parameter, quoted for where it stands, and the
// name is handed to `sh -c` as that parameter (less quoted the name into the
// command, and a name with a newline ran commands: CVE-2024-32487).

export interface Preprocessor {
  /** `pipe`: the output is the text, none means the file itself; `pipe-status`: and an empty output with status 0 is an empty text; `file`: the output names a replacement file. */
  mode: 'pipe' | 'pipe-status' | 'file';
  /** The command as written, %s and all (the bars and the dash taken off). */
  command: string;
  /** Run on standard input too (a `-` first), with the name `-`. */
  stdin: boolean;
}

/** What LESSOPEN says; null when it is unset or empty (no preprocessor). */
export function parseLessOpen(value: string | undefined): Preprocessor | null {
  if (!value) return null;
  let rest = value;
  let mode: Preprocessor['mode'] = 'file';
  if (rest.startsWith('||')) {
    mode = 'pipe-status';
    rest = rest.slice(2);
  } else if (rest.startsWith('|')) {
    mode = 'pipe';
    rest = rest.slice(1);
  }
  const stdin = rest.startsWith('-');
  if (stdin) rest = rest.slice(1);
  if (rest.trim() === '') return null;
  return { mode, command: rest, stdin };
}

/**
 * The command as a script for `sh -c SCRIPT sh ARG1 ARG2…`: the n-th %s reads
 * parameter n (the last one given after that, as LESSOPEN's every %s is the
 * file), in double quotes that keep it one word however it is spelled, out of
 * any single quotes the command put around the %s; `%%` is a `%`, as printf,
 * which less formats the command with, reads it.
 */
export function shellScript(command: string, parameters: number): string {
  let out = '';
  let quote: "'" | '"' | null = null;
  let used = 0;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === '%' && command[i + 1] === '%') {
      out += '%';
      i++;
      continue;
    }
    if (c === '%' && command[i + 1] === 's') {
      used++;
      const parameter = `\${${Math.max(1, Math.min(used, parameters))}}`;
      if (quote === '"') out += parameter;
      else if (quote === "'") out += `'"${parameter}"'`;
      else out += `"${parameter}"`;
      i++;
      continue;
    }
    out += c;
    if (quote === null && c === '\\' && i + 1 < command.length) {
      out += command[++i];
    } else if (quote === '"' && c === '\\' && i + 1 < command.length) {
      out += command[++i];
    } else if (quote === null && (c === "'" || c === '"')) {
      quote = c;
    } else if (quote === c) {
      quote = null;
    }
  }
  return out;
}

/** The replacement file a `file` preprocessor named: its output's first line, or null for none (the file itself is read). */
export function replacementName(output: string): string | null {
  const line = output.split('\n')[0];
  return line === '' ? null : line;
}
