// less's s (with --less-keys): the input written to a file. A file is copied
// as it is; a pipe's text, as far as it has been read, is written out. A file
// that exists is not overwritten (less asks; lwl says so and leaves it),
// unless the user said yes to replacing it (S asks first: downloads.ts).
import fs from 'node:fs';
import type { Document } from '../document/document.ts';

/** Writes the input of `doc` to `path`; the sentence for the status line. */
export function saveInput(doc: Document, path: string, sourceIsFile: boolean, overwrite = false): string {
  if (sourceIsFile) return copyFile(doc.name, path, overwrite);
  try {
    const fd = fs.openSync(path, overwrite ? 'w' : 'wx');
    try {
      doc.text.forEachPiece(0, doc.text.length, (piece) => fs.writeSync(fd, piece));
    } finally {
      fs.closeSync(fd);
    }
    return `Saved to ${path}${doc.complete ? '' : ' (what was read so far)'}`;
  } catch (err) {
    return notSaved(path, err);
  }
}

/** Copies the file `from` to `path`; the sentence for the status line. */
export function copyFile(from: string, path: string, overwrite = false): string {
  try {
    fs.copyFileSync(from, path, overwrite ? 0 : fs.constants.COPYFILE_EXCL);
    return `Saved to ${path}`;
  } catch (err) {
    return notSaved(path, err);
  }
}

function notSaved(path: string, err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return `${path}: ${e.code === 'EEXIST' ? 'the file exists: not overwritten' : e.message}`;
}
