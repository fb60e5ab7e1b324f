// The configuration file: bindings, colours, browser and options, with
// mistakes named by file and line; --print-config's defaults read back as they are.
import { describe, expect, it } from 'vitest';
import { parseConfig, printConfig, configPath } from '../src/config.ts';
import { Bindings, defaultBindings, tables } from '../src/state/bindings.ts';
import { keymap } from '../keymap.ts';
import { themeFor, type Role } from '../src/draw/theme.ts';

const roles = Object.keys(themeFor(true)) as Role[];
const parse = (text: string) => parseConfig(text, 'config', roles);

describe('configuration file', () => {
  it('binds and unbinds keys per mode, by keymap.ts action names', () => {
    const config = parse(['# comment', 'bind ground J scrollLines 5', 'bind ground x next -1  # a comment', 'unbind ground q', 'bind search <C-g> cancel', 'bind ground "#" top'].join('\n'));
    expect(config.errors).toEqual([]);
    const bindings = new Bindings(config.rebindings);
    expect(bindings.for('ground', 'J')).toEqual(['scrollLines', 5]);
    expect(bindings.for('ground', 'x')).toEqual(['next', -1]);
    expect(bindings.for('ground', 'q')).toBeUndefined();
    expect(bindings.for('ground', '<C-c>')).toEqual(['interrupt']);
    expect(bindings.for('search', '<C-g>')).toEqual(['cancel']);
    expect(bindings.for('ground', '#')).toEqual(['top']);
  });

  it('reads colours, the browser command and default options', () => {
    const config = parse('color link fg=cyan,underline\ncolor match none\nbrowser w3m %s\noptions -iS -N');
    expect(config.errors).toEqual([]);
    expect(config.colors).toEqual({ link: { fg: 'cyan', underline: true }, match: {} });
    expect(config.browser).toBe('w3m %s');
    expect(config.options).toEqual(['-iS', '-N']);
  });

  it('names the file and line of each mistake, and keeps the rest', () => {
    const config = parse(
      ['bind ground j', 'bind nowhere j quit', 'bind ground j fly', 'bind ground n next 2', 'bind ground / search sideways', 'color link fg=pink', 'colour link bold', 'bind ground k scrollLines 3'].join('\n'),
    );
    expect(config.errors).toEqual([
      'config:1: bind needs an action',
      "config:2: 'nowhere' is not a mode (ground, search, filter, fork, exec, examine, save, pipe, login, preview, busy, starting, question, onField, field, options)",
      "config:3: 'fly' is not an action of ground mode (lwl --print-config lists them)",
      'config:4: next takes 1 or -1',
      'config:5: search takes forward or backward',
      "config:6: 'fg=pink' is not a colour setting (fg=COLOUR, bg=COLOUR, bold, underline, reverse, dim, none; colours: black red green yellow blue magenta cyan white, or 0-15)",
      "config:7: 'colour' is not a setting (bind, unbind, color, browser, options, cookies)",
    ]);
    expect(new Bindings(config.rebindings).for('ground', 'k')).toEqual(['scrollLines', 3]);
  });

  it('prints the defaults in its own format, and they read back as the defaults', () => {
    const text = printConfig(themeFor(true));
    const config = parse(text);
    expect(config.errors).toEqual([]);
    const again = new Bindings(config.rebindings);
    for (const table of tables) {
      for (const { keys } of keymap[table]) for (const key of keys) expect(again.for(table, key)).toEqual(defaultBindings.for(table, key));
    }
    expect(config.colors).toEqual(themeFor(true));
    expect(text).toContain('bind ground " " scrollScreens 1    # a screen down');
  });

  it('lives in $XDG_CONFIG_HOME/lwl/config, else ~/.config/lwl/config', () => {
    expect(configPath({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/lwl/config');
    expect(configPath({ HOME: '/h' })).toBe('/h/.config/lwl/config');
    expect(configPath({})).toBeNull();
  });
});
