// How far the input had been read when the text reached a place: a rendered
// kind's text (HTML, Markdown) or a decoded one is not its input's bytes, and
// may be far shorter (a page of nested <div> shows nothing), so reading ahead
// of the screen is counted in input bytes from where the screen's text came.

/** Marks closer than this in input bytes are one mark (the earlier input, the later text): a mark costs 16 bytes per this much input at most. */
const MARK_EVERY = 64 * 1024;

export class ReadMarks {
  /** The text's length at each mark, and the input bytes read at it; both ascending. */
  private readonly texts: number[] = [];
  private readonly inputs: number[] = [];

  /** The text is `text` bytes long, `input` bytes of input read. */
  note(text: number, input: number): void {
    const last = this.texts.length - 1;
    if (last >= 0 && text <= this.texts[last]) return;
    // Within a mark's reach the text is said to have come with its input: a little early, never late.
    if (last >= 0 && input - this.inputs[last] < MARK_EVERY) this.texts[last] = text;
    else {
      this.texts.push(text);
      this.inputs.push(input);
    }
  }

  /** The input read, at most, when the text first reached `offset`; null if it has not (as far as noted). */
  inputAt(offset: number): number | null {
    if (offset <= 0) return 0;
    let low = 0;
    let high = this.texts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.texts[mid] >= offset) high = mid;
      else low = mid + 1;
    }
    return low < this.texts.length ? this.inputs[low] : null;
  }
}
