// Tables with spanning cells (colspan, rowspan), as HTML's table model places
// them: the grid each cell lands in, and the columns they are written in.
import { describe, expect, it } from 'vitest';
import { placeCells, ruleUnder } from '../src/document/readers/table.ts';
import { renderHtml } from '../src/document/readers/html.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';

function render(html: string, tableWidth = 100): string {
  const sink = new RenderCollector();
  renderHtml(html, sink, { tableWidth });
  return sink.textContent;
}

/** Each cell's slot as "row,column columns×rows". */
const slots = (rows: { columns?: number; rows?: number }[][]) =>
  placeCells(rows).placed.map((row) => row.map((at) => `${at.row},${at.column} ${at.columns}x${at.rows}`));

describe('placeCells', () => {
  it('puts a row\'s cells after the slots a rowspan from above still holds', () => {
    // venv.html's activation table: POSIX over four rows, Windows over two.
    const one = {};
    const rows = [[one, one, one], [{ rows: 4 }, one, one], [one, one], [one, one], [one, one], [{ rows: 2 }, one, one], [one, one]];
    expect(slots(rows)).toEqual([
      ['0,0 1x1', '0,1 1x1', '0,2 1x1'],
      ['1,0 1x4', '1,1 1x1', '1,2 1x1'],
      ['2,1 1x1', '2,2 1x1'],
      ['3,1 1x1', '3,2 1x1'],
      ['4,1 1x1', '4,2 1x1'],
      ['5,0 1x2', '5,1 1x1', '5,2 1x1'],
      ['6,1 1x1', '6,2 1x1'],
    ]);
    expect(placeCells(rows).columns).toBe(3);
  });

  it('skips held slots in the middle of a row, and spans columns', () => {
    expect(slots([[{}, { rows: 2 }, { columns: 2 }], [{}, {}, {}]])).toEqual([
      ['0,0 1x1', '0,1 1x2', '0,2 2x1'],
      ['1,0 1x1', '1,2 1x1', '1,3 1x1'],
    ]);
  });

  it('ends a rowspan at the last row (0: the rest of the table), and stops a colspan at a slot held from above', () => {
    expect(slots([[{ rows: 9 }, {}], [{}]])).toEqual([['0,0 1x2', '0,1 1x1'], ['1,1 1x1']]);
    expect(slots([[{ rows: 0 }], [{}], [{}]])).toEqual([['0,0 1x3'], ['1,1 1x1'], ['2,1 1x1']]);
    expect(slots([[{}, { rows: 2 }], [{ columns: 3 }]])).toEqual([['0,0 1x1', '0,1 1x2'], ['1,0 1x1']]);
  });

  it('is as wide as its widest row, slots held from above counted', () => {
    expect(placeCells([[{ rows: 2 }, {}], [{}, {}]]).columns).toBe(3);
    expect(placeCells([]).columns).toBe(0);
  });
});

describe('ruleUnder', () => {
  it('joins the bars above and below it, none inside a cell spanning both', () => {
    expect(ruleUnder([2, 1, 1], [true, false, true], [true, true, true])).toBe('───┬───┼──');
    expect(ruleUnder([2, 1, 1], [true, true, false], [true, false, false])).toBe('───┴──────');
  });
});

describe('spanning cells on the page', () => {
  it('leaves a rowspan\'s column empty in the rows below, the next cells in their own columns', () => {
    const html = '<table><tr><th>Platform</th><th>Shell</th></tr><tr><td rowspan="2">POSIX</td><td>bash</td></tr><tr><td>fish</td></tr><tr><td>Windows</td><td>cmd.exe</td></tr></table>';
    expect(render(html)).toBe('Platform │ Shell\n─────────┼────────\nPOSIX    │ bash\n         │ fish\nWindows  │ cmd.exe\n');
  });

  it('writes a colspan over its columns, its width shared among them where they are narrower', () => {
    const html = '<table><tr><th>Name</th><th colspan="2">Information here</th></tr><tr><td>a</td><td>X</td><td>Y</td></tr></table>';
    // "Information here" (16) over two columns of 1 and a bar: 11 columns added, the columns 7 and 6.
    expect(render(html)).toBe('Name │ Information here\n─────┼─────────┬───────\na    │ X       │ Y\n');
  });

  it('keeps the columns\' own widths when a spanning cell fits in them, and aligns it by its own align', () => {
    const html = '<table><tr><td>left one</td><td>right one</td></tr><tr><td colspan="2" align="center">mid</td></tr><tr><td colspan="2" align="right">end</td></tr></table>';
    expect(render(html)).toBe('left one │ right one\n        mid\n                 end\n');
  });

  it('makes the last row a rowspan covers taller when its cell needs more lines than the rows have', () => {
    const html = `<table><tr><td rowspan="2">${'word '.repeat(8).trim()}</td><td>a</td></tr><tr><td>b</td></tr></table>`;
    const lines = render(html, 20).split('\n');
    expect(lines[0]).toMatch(/ │ a$/);
    expect(lines[1]).toMatch(/ │ b$/);
    expect(lines[2]).toMatch(/^word.* │ *$/);
    expect(lines.slice(0, -1).map((l) => l.split(' │ ')[0].trim()).join(' ')).toBe('word '.repeat(8).trim());
  });

  it("lays out c-api/typeobj.html's header: Info over four columns, two header rows", () => {
    const html =
      '<table><thead><tr><th rowspan="2">Slot</th><th rowspan="2">Type</th><th colspan="4">Info</th></tr><tr><th>O</th><th>T</th><th>D</th><th>I</th></tr></thead>' +
      '<tbody><tr><td>tp_name</td><td>const char *</td><td>X</td><td>X</td><td></td><td></td></tr></tbody></table>';
    expect(render(html)).toBe(
      'Slot    │ Type         │ Info\n        │              │ O │ T │ D │ I\n────────┼──────────────┼───┼───┼───┼──\ntp_name │ const char * │ X │ X │   │ \n',
    );
  });
});
