// What a form field shows on a row: the document holds the field's text with
// its defaults, and the screen draws the value it holds now over the same
// cells (the look of forms.ts's fieldLook), so typing into a field changes
// what shows and not the document. A field's line is counted from its `[`:
// a text area's later lines may start behind a list's indent.
import type { Document } from '../document/document.ts';
import type { FieldLook } from '../document/forms.ts';
import { stringWidth } from '../text/width.ts';

/** What a cluster of a field's text shows as: the value's cells, dim for a placeholder. */
export interface FieldCell {
  text: string;
  dim: boolean;
}

/** Where the field's cells are at in the row being drawn. */
interface Place {
  end: number;
  look: FieldLook;
  line: number;
  /** The cell of the field's line the next cluster is at; -1 before its `[` (an indent). */
  col: number;
}

/** One row's fields: made for each row drawn. */
export class FieldCells {
  private place: Place | null = null;
  private placeStart = -1;

  constructor(
    private readonly doc: Document,
    /** The field's look now, for link `link`; null for a link that is no field, or a field that always looks the same. */
    private readonly lookOf: (link: number) => FieldLook | null,
  ) {}

  /** What the cluster at `offset` of `cells` cells in link `link` (-1: none) shows as; null: the document's own text. */
  at(link: number, offset: number, cells: number, shown: string): FieldCell | null {
    if (link < 0) return null;
    const start = this.doc.links.start(link);
    if (this.placeStart !== start || !this.place) {
      const look = this.lookOf(link);
      if (!look) return null;
      this.place = this.placeAt(start, offset, look, this.doc.links.end(link));
      this.placeStart = start;
    }
    const place = this.place;
    if (offset >= place.end) return null;
    if (place.col < 0) {
      if (shown !== '[') return null;
      place.col = 0;
    }
    const row = place.look.lines[place.line] ?? [];
    let text = '';
    const to = place.col + cells;
    for (let k = place.col; k < to; k++) {
      const cell = row[k];
      if (cell === '') {
        // The second half of a wide character: drawn with its first, or a blank when the cluster's edge cut it.
        if (k === place.col) text += ' ';
      } else if (cell === undefined || (row[k + 1] === '' && k + 1 >= to)) text += ' ';
      else text += cell;
    }
    const dim = place.line === 0 && place.look.dim !== null && place.col >= place.look.dim.from && place.col < place.look.dim.to;
    place.col += cells;
    return { text: stringWidth(text) === cells ? text : ' '.repeat(cells), dim };
  }

  /** The line and cell of the field the offset is at, from its text in the document before it. */
  private placeAt(start: number, offset: number, look: FieldLook, end: number): Place {
    const before = Buffer.from(this.doc.text.bytes(start, offset)).toString('utf8');
    const nl = before.lastIndexOf('\n');
    const line = nl < 0 ? 0 : before.split('\n').length - 1;
    const onLine = before.slice(nl + 1);
    const bracket = nl < 0 ? 0 : onLine.indexOf('[');
    return { end, look, line, col: bracket < 0 ? -1 : stringWidth(onLine.slice(bracket)) };
  }
}
