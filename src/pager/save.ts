// less's s (with --less-keys): the input written to a file. A file is copied
// as it is; a pipe's text, as far as it has been read, is written out. A file
// that exists is not overwritten (less asks; lwl says so and leaves it).
import fs from 'node:fs';
import type { Document } from '../document/document.ts';

/** Writes the input of `doc` to `path`; the sentence for the status line. */
export function saveInput(doc: Document, path: string, sourceIsFile: boolean): string {
  try {
    if (sourceIsFile) {
      fs.copyFileSync(doc.name, path, fs.constants.COPYFILE_EXCL);
      return `Saved to ${path}`;
    }
    const fd = fs.openSync(path, 'wx');
    try {
      doc.text.forEachPiece(0, doc.text.length, (piece) => fs.writeSync(fd, piece));
    } finally {
      fs.closeSync(fd);
    }
    return `Saved to ${path}${doc.complete ? '' : ' (what was read so far)'}`;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return `${path}: ${e.code === 'EEXIST' ? 'the file exists: not overwritten' : e.message}`;
  }
}
