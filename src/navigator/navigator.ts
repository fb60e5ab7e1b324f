// The Navigator owns the pages: the one shown, the ones Backspace goes back
// to, and the files :n and :p go through. A page is held by each of these
// that names it; a page left but still held rests (reads no further until it
// is shown again), and a page no longer held is closed (its loader stopped).
// That rule is written once, here (release).
import type { State } from '../state/state.ts';
import type { EndWindowPage, Page } from './page.ts';

/** A document left by following a link (or :n, :e), to go back to. */
interface Visit {
  page: Page;
  state: State;
  /** The file of the list shown then. */
  file: number;
}

/** A file of the list :n and :p go through: its page once opened, with the place it was left at. */
interface FileEntry {
  name: string;
  page: Page | null;
  state: State | null;
}

/** Where a move lands: the page to show and the state to show it in (null: a new page's first state). */
export interface Arrival {
  page: Page;
  state: State | null;
}

export class Navigator {
  private shown: Page;
  private readonly visits: Visit[] = [];
  private readonly files: FileEntry[];
  private file = 0;

  /** `names`: the files named on the command line, the first of them `first` (none: `first` alone). */
  constructor(first: Page, names: string[]) {
    this.shown = first;
    const list = names.length > 0 ? names : [first.doc.name];
    this.files = list.map((name, i) => ({ name, page: i === 0 ? first : null, state: null }));
  }

  get page(): Page {
    return this.shown;
  }

  /** The pages Backspace goes back through, the oldest first, then the one shown (V's history list). */
  get trail(): Page[] {
    return [...this.visits.map((visit) => visit.page), this.shown];
  }

  /** Documents Backspace can go back to. */
  get depth(): number {
    return this.visits.length;
  }

  /** How many files the list holds. */
  get fileCount(): number {
    return this.files.length;
  }

  /** How many of the navigator's places hold `page`: shown, visited, a file of the list (G's window on it holds it too). */
  private holders(page: Page): number {
    const holds = (place: Page | null) => place === page || (place?.kind === 'endWindow' && place.main === page);
    let n = holds(this.shown) ? 1 : 0;
    for (const visit of this.visits) if (holds(visit.page)) n++;
    for (const entry of this.files) if (holds(entry.page)) n++;
    return n;
  }

  /** A page one of the places no longer names: closed if none holds it, else it rests unless shown. */
  private release(page: Page): void {
    if (this.holders(page) === 0) page.loader.stop();
    else if (this.shown !== page) page.loader.rest();
  }

  /** Shows a new page; Backspace comes back to the one shown, at `state`. */
  push(page: Page, state: State): void {
    const left = this.shown;
    this.saveFileState(state);
    this.visits.push({ page: left, state, file: this.file });
    this.shown = page;
    this.release(left);
  }

  /** G's window takes the place of the page shown, which it holds (the page stays where the list has it). */
  enterWindow(window: EndWindowPage): void {
    this.shown = window;
  }

  /** The page under G's window is shown again in its place. */
  leaveWindow(window: EndWindowPage): void {
    if (this.shown === window) this.shown = window.main;
  }

  /** Backspace: the page visited before, where it was left; null if there is none. */
  back(state: State): Arrival | null {
    const visit = this.visits.pop();
    if (!visit) return null;
    const left = this.shown;
    this.saveFileState(state);
    this.shown = visit.page;
    this.file = visit.file;
    this.release(left);
    return { page: visit.page, state: visit.state };
  }

  /** `page` takes the place of the page shown, wherever that is held (a web page's text came, a file read again as another kind). */
  replace(page: Page): void {
    const old = this.shown;
    for (const entry of this.files) if (entry.page === old) entry.page = page;
    this.shown = page;
    this.release(old);
  }

  /** The state the file shown was left in is kept with it, for :n and :p to come back to. */
  private saveFileState(state: State): void {
    const entry = this.files.find((f) => f.page === this.shown);
    if (entry) entry.state = state;
  }

  /**
   * Goes to the file at `index` of the list, opening it with `open` if it was
   * not yet (which throws with the reason a file cannot be opened: the file
   * leaves the list). With `comeBack`, Backspace returns to the page shown.
   */
  toFile(index: number, state: State, open: (name: string) => Page, comeBack = true): Arrival {
    const entry = this.files[index];
    if (!entry.page) {
      try {
        entry.page = open(entry.name);
      } catch (err) {
        this.files.splice(index, 1);
        if (this.file > index) this.file--;
        throw err;
      }
    }
    const left = this.shown;
    this.saveFileState(state);
    if (comeBack) this.visits.push({ page: left, state, file: this.file });
    this.file = index;
    this.shown = entry.page;
    if (left !== entry.page) this.release(left);
    return { page: entry.page, state: entry.state };
  }

  /** Whether the file at `index` of the list has its page (toFile opens it only if not). */
  isOpen(index: number): boolean {
    return this.files[index].page !== null;
  }

  /** The name of the file at `index` of the list. */
  fileName(index: number): string {
    return this.files[index].name;
  }

  /** The index :n, :p or :x goes to, or the reason it goes nowhere. */
  fileTarget(which: 'next' | 'previous' | 'first'): number | string {
    const to = which === 'first' ? 0 : this.file + (which === 'next' ? 1 : -1);
    if (to < 0) return 'No previous file';
    if (to >= this.files.length) return 'No next file';
    return to;
  }

  /** :e: a file named by the user goes after the one shown in the list; its index. */
  insertFile(name: string): number {
    this.files.splice(this.file + 1, 0, { name, page: null, state: null });
    return this.file + 1;
  }

  /** :d: the file shown leaves the list; the name dropped and the index to show next (toFile, without coming back), or null if it is the only file. */
  dropFile(): { name: string; next: number } | null {
    if (this.files.length === 1) return null;
    const [dropped] = this.files.splice(this.file, 1);
    const next = Math.min(this.file, this.files.length - 1);
    // No file of the list is shown now: toFile saves no state into another's entry.
    this.file = -1;
    return { name: dropped.name, next };
  }

  /** Every page's loader stops: lwl ends. */
  closeAll(): void {
    this.shown.loader.stop();
    for (const { page } of this.visits) page.loader.stop();
    for (const { page } of this.files) page?.loader.stop();
  }
}
