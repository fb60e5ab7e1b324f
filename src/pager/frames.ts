// When the pager draws: a frame for each key (but one after the last of keys
// read together, as less draws), one after each turn of background work (not
// one per job), and while a page loads at most one every LOADING_REDRAW_MS.

/** While loading, redraw at most this often. */
const LOADING_REDRAW_MS = 50;

export class FramePacing {
  /** A frame was left for keys read after the one handled (keysDone draws it). */
  private owed = false;
  /** A frame asked for during a turn, drawn after it. */
  private due = false;
  private timer: NodeJS.Timeout | null = null;
  private last = 0;

  constructor(
    /** Draws a frame (it asks take() first). */
    private readonly draw: () => void,
    /** A turn of background work is under way: its frame comes after it. */
    private readonly inTurn: () => boolean,
    /** More keys were read with the one handled. */
    private readonly keysWaiting: () => boolean,
    /** Nothing may be drawn (a command has the terminal, or lwl ended). */
    private readonly held: () => boolean,
  ) {}

  /** Whether to draw now: false if the frame is left for after the turn or the keys read with this one, or nothing may be drawn. */
  take(): boolean {
    if (this.inTurn()) {
      this.due = true;
      return false;
    }
    this.due = false;
    this.stop();
    if (this.held()) return false;
    // Typed ahead (a paste, keys read while lwl was busy): one frame, after the last of them.
    this.owed = this.keysWaiting();
    if (this.owed) return false;
    this.last = Date.now();
    return true;
  }

  /** A frame now, or a little later if one was just drawn (while loading). */
  soon(): void {
    if (this.timer) return;
    const wait = LOADING_REDRAW_MS - (Date.now() - this.last);
    if (wait <= 0) return this.draw();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.draw();
    }, wait);
  }

  /** The keys read together are handled: the frame left for them. */
  keysDone(): void {
    if (this.owed) this.draw();
  }

  /** A turn of background work ended: the frame it asked for, once. */
  afterTurn(): void {
    if (this.due) this.draw();
  }

  /** No frame is owed, due or waiting on the clock. */
  get settled(): boolean {
    return this.timer === null && !this.owed && !this.due;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
