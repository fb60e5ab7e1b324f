// --help, the help screen and the manual come from one source: every binding
// of keymap.ts and every option appear in them.
import { describe, expect, it } from 'vitest';
import { keymap, lessGroundKeys } from '../keymap.ts';
import { helpScreen, helpText, keyLabel, manPage, optionHelp, usageText } from '../src/help.ts';
import { Document } from '../src/document/document.ts';
import { PlainReader } from '../src/document/readers/plain.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { tables } from '../src/state/bindings.ts';

describe('help', () => {
  it('shows both key profiles: lwl\'s, and less\'s where they differ (--less-keys), in --help, the help screen and the manual', () => {
    for (const text of [usageText(), helpText(), manPage('1')]) {
      for (const { help } of lessGroundKeys) expect(text.replace(/\\-/g, '-').replace(/\\e/g, '\\')).toContain(help.slice(0, 30));
    }
    expect(helpText()).toContain("Paging with --less-keys (--keys=less, LWL_KEYS=less): less's keys where lwl's differ");
  });

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

  it('the help screen\'s long lines wrap under their words, not to column 0', () => {
    const { text, hangs } = helpScreen();
    // Read as the help page is (plain text): the text unchanged, so the hangs' offsets hold.
    const doc = new Document('help');
    const reader = new PlainReader(doc);
    reader.write(Buffer.from(text));
    reader.end();
    expect(doc.text.text(0, doc.text.length)).toBe(text);
    for (const { start, end, cells } of hangs) doc.hangingIndents.add(start, end, cells);
    const wrap = new Wrap(doc, 72);
    const line = text.split('\n').find((l) => l.startsWith('  --hyperlinks'))!;
    const start = Buffer.byteLength(text.slice(0, text.indexOf(line)));
    const rows = wrap.rows(start);
    expect(rows.length).toBeGreaterThan(1);
    const words = line.indexOf('draw ');
    expect(wrap.hangOfRow(rows[1])).toBe(' '.repeat(words));
    const second = doc.text.text(rows[1], rows[2] ?? wrap.segmentEnd(start));
    expect(line.slice(words).replace(/\s+/g, ' ')).toContain(second.trim());
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
