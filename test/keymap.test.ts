// keymap.ts: every key it names is one the terminal can send, no key is bound
// twice in a mode, and every binding says what it does.
import { describe, expect, it } from 'vitest';
import { keymap } from '../keymap.ts';
import { KeyDecoder, keyName } from '../term/keys.ts';
import { defaultBindings } from '../src/state/bindings.ts';

const bindingFor = (table: Parameters<typeof defaultBindings.for>[0], key: string) => defaultBindings.for(table, key);

/** Every named key the decoder produces, from every byte, ESC + byte, and the CSI/SS3 sequences terminals send. */
function decodableNames(): Set<string> {
  const inputs: number[][] = [];
  for (let b = 0; b < 0x80; b++) inputs.push([b], [0x1b, b]);
  for (const final of 'ABCDHFZ') inputs.push([0x1b, 0x5b, final.charCodeAt(0)], [0x1b, 0x4f, final.charCodeAt(0)]);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 14]) inputs.push([...Buffer.from(`\x1b[${n}~`)]);
  for (const final of 'PQRS') inputs.push([0x1b, 0x4f, final.charCodeAt(0)]);
  // The mouse (--mouse): wheel up and down, a click (SGR reports).
  for (const button of [64, 65, 0]) inputs.push([...Buffer.from(`\x1b[<${button};1;1M`)]);
  const names = new Set<string>();
  for (const input of inputs) {
    const decoder = new KeyDecoder();
    for (const key of [...decoder.feed(Uint8Array.from(input)), ...decoder.flush()]) names.add(keyName(key));
  }
  return names;
}

describe('keymap.ts', () => {
  const names = decodableNames();
  const modes = Object.entries(keymap);

  it.each(modes)('%s: every key is one the terminal can send', (_mode, bindings) => {
    for (const { keys } of bindings) {
      for (const key of keys) {
        if (key.startsWith('<') && key.length > 2) expect(names, `${key} is not a key name`).toContain(key);
        else expect([...key].length, `'${key}' is not one character`).toBe(1);
      }
    }
  });

  it.each(modes)('%s: no key is bound twice, and every binding has words for the help', (_mode, bindings) => {
    const seen = new Set<string>();
    for (const { keys, help } of bindings) {
      expect(help.length).toBeGreaterThan(3);
      for (const key of keys) {
        expect(seen.has(key), `${key} is bound twice`).toBe(false);
        seen.add(key);
      }
    }
  });

  it('is what the state function reads, mode by mode', () => {
    expect(bindingFor('ground', 'j')).toEqual(['scrollLines', 1]);
    expect(bindingFor('ground', '<PgDn>')).toBeUndefined();
    expect(bindingFor('search', '<C-r>')).toEqual(['toggleRegex']);
    expect(bindingFor('fork', '<C-r>')).toBeUndefined();
    expect(bindingFor('preview', 'q')).toEqual(['close']);
    expect(bindingFor('busy', '<C-c>')).toEqual(['stop']);
  });
});
