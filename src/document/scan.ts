// Finding the next byte the markup parser must look at. Everything else is
// copied through in runs, so this loop is where loading spends its time.

/** 1 for bytes that need the parser's attention. */
const special = new Uint8Array(256);
for (let b = 0; b < 0x20; b++) special[b] = 1;
special[0x09] = 0; // tab: expanded when wrapping
special[0x0a] = 0; // newline
special[0x7f] = 1;
special[0x5b] = 1; // [
special[0x5d] = 1; // ]
special[0x5c] = 1; // backslash
for (let b = 0x80; b < 0x100; b++) special[b] = 1;

/** Index of the first special byte in buf[from, to), or `to`. */
export function findSpecial(buf: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (special[buf[i]]) return i;
  return to;
}
