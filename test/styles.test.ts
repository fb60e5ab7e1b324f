// Style spans and anchors of a document: the model the readers of program
// output, markdown and HTML write into.
import { describe, expect, it } from 'vitest';
import { Document } from '../src/document/document.ts';
import { findFragment } from '../src/document/fragments.ts';
import { parseAll } from '../src/document/readers/markup.ts';
import { StyleTable } from '../src/document/styles.ts';

describe('styles and anchors', () => {
  it('numbers equal styles once, whatever the order of their fields', () => {
    const table = new StyleTable();
    const red = table.add({ fg: 1, bold: true });
    expect(table.add({ bold: true, fg: 1 })).toBe(red);
    expect(table.add({ fg: '#ff0000' })).not.toBe(red);
    expect(table.get(red)).toEqual({ fg: 1, bold: true });
    expect(table.size).toBe(2);
  });

  it('keeps style spans sorted, nested ones too, and anchors by their first definition', () => {
    const doc = parseAll(new Document('t'), 'a heading and text\n');
    doc.addStyle(0, 9, { role: 'heading', level: 1 });
    doc.addStyle(2, 9, { role: 'strong' });
    doc.addStyle(5, 5, { role: 'code' }); // empty: not kept
    expect(doc.styles.count).toBe(2);
    expect(doc.styleTable.get(doc.styles.tag(1))).toEqual({ role: 'strong' });
    doc.addAnchor('top', 0);
    doc.addAnchor('text', 14);
    doc.addAnchor('text', 2);
    expect(findFragment(doc, 'text')).toBe(14);
    expect(findFragment(doc, 'nowhere')).toBeNull();
  });
});
