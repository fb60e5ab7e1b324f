// --help, the help screen and the manual come from one source: every binding
// of keymap.ts and every option appear in them.
import { describe, expect, it } from 'vitest';
import { keymap } from '../keymap.ts';
import { helpText, keyLabel, manPage, optionHelp, usageText } from '../src/help.ts';
import { tables } from '../src/state/bindings.ts';

describe('help', () => {
  it('writes keys as a person does', () => {
    expect(['<C-f>', '<Down>', ' ', '<S-Tab>', '<M-v>', 'G', '<F1>'].map(keyLabel)).toEqual(['^F', 'Down', 'space', 'Shift-Tab', 'Alt-v', 'G', 'F1']);
  });

  it('the help screen lists every key of every mode with its words', () => {
    const text = helpText();
    for (const table of tables) {
      for (const { keys, help } of keymap[table]) {
        expect(text).toContain(help);
        for (const key of keys) expect(text).toContain(keyLabel(key));
      }
    }
    for (const [flags] of optionHelp) expect(text).toContain(flags);
  });

  it('--help lists every option and the main keys', () => {
    const text = usageText();
    for (const [flags, words] of optionHelp) {
      expect(text).toContain(flags);
      expect(text).toContain(words);
    }
    expect(text).toContain('^C');
    expect(text).toContain('stop the page loading');
  });

  it('the manual has every option and key, in roff', () => {
    const man = manPage('1.2.3');
    expect(man.startsWith('.TH LWL 1')).toBe(true);
    for (const { help } of keymap.ground) expect(man).toContain(help.replace(/-/g, '\\-').replace(/^([.'])/, '\\&$1'));
    expect(man).toContain('\\-\\-secure');
  });
});
