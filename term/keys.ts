// Decoding terminal input bytes into named keys, as an explicit state machine
// (after xterm.js's parser): it knows nothing of what keys mean.
//
// A key is a string: a typed character as itself ('a', '한', ' '), or a name
// in angle brackets: '<Up>', '<C-c>', '<Enter>', '<Backspace>', '<M-x>', ...

export type Key = string;

const ESC = 0x1b;

/** Names of the control bytes that have their own key. */
const controlNames: Record<number, Key> = {
  0x08: '<Backspace>',
  0x09: '<Tab>',
  0x0d: '<Enter>',
  0x1b: '<Escape>',
  0x7f: '<Backspace>',
};

function controlKey(byte: number): Key {
  if (controlNames[byte]) return controlNames[byte];
  if (byte === 0) return '<C-Space>';
  if (byte < 0x1b) return `<C-${String.fromCharCode(byte + 0x60)}>`;
  return `<C-${String.fromCharCode(byte + 0x40)}>`; // ^\ ^] ^^ ^_
}

/** Final byte of CSI or SS3 → key, for sequences without a number. */
const finalKeys: Record<string, Key> = {
  A: '<Up>',
  B: '<Down>',
  C: '<Right>',
  D: '<Left>',
  H: '<Home>',
  F: '<End>',
  Z: '<S-Tab>',
  // F1-F4 (SS3 P-S, or CSI 1;mP-S with modifiers)
  P: '<F1>',
  Q: '<F2>',
  R: '<F3>',
  S: '<F4>',
};

/** The number of `CSI n ~` → key. */
const tildeKeys: Record<string, Key> = {
  '1': '<Home>',
  '2': '<Insert>',
  '3': '<Delete>',
  '4': '<End>',
  '5': '<PageUp>',
  '6': '<PageDown>',
  '7': '<Home>',
  '8': '<End>',
  '11': '<F1>',
  '12': '<F2>',
  '13': '<F3>',
  '14': '<F4>',
};

type Mode = 'ground' | 'escape' | 'csi' | 'ss3' | 'utf8';

/** Longest control sequence kept; anything longer is garbage, dropped whole. */
const MAX_SEQUENCE = 32;

export class KeyDecoder {
  private mode: Mode = 'ground';
  private sequence = ''; // CSI parameter and intermediate bytes so far
  private dropping = false; // inside a sequence too long or malformed to use
  private utf8: number[] = [];
  private utf8Need = 0;

  /** True while a lone ESC may still start a sequence: call flush() after a short wait. */
  get pending(): boolean {
    return this.mode === 'escape';
  }

  /** Decodes bytes into keys; a sequence cut between calls is completed by the next one. */
  feed(bytes: Uint8Array): Key[] {
    const keys: Key[] = [];
    for (const b of bytes) this.step(b, keys);
    return keys;
  }

  /** Called when no byte followed a lone ESC in time: it was the Escape key. */
  flush(): Key[] {
    const keys: Key[] = [];
    if (this.mode === 'escape') keys.push('<Escape>');
    this.reset();
    return keys;
  }

  private reset(): void {
    this.mode = 'ground';
    this.sequence = '';
    this.dropping = false;
    this.utf8 = [];
    this.utf8Need = 0;
  }

  private step(b: number, keys: Key[]): void {
    switch (this.mode) {
      case 'ground':
        return this.ground(b, keys);
      case 'escape':
        if (b === 0x5b) this.mode = 'csi';
        else if (b === 0x4f) this.mode = 'ss3';
        else if (b === ESC) keys.push('<Escape>'); // stay: this ESC may start a sequence
        else {
          this.reset();
          if (b >= 0x20 && b < 0x7f) keys.push(`<M-${String.fromCharCode(b)}>`);
          else this.ground(b, keys);
        }
        return;
      case 'ss3':
        this.reset();
        if (finalKeys[String.fromCharCode(b)]) keys.push(finalKeys[String.fromCharCode(b)]);
        return;
      case 'csi':
        return this.csi(b, keys);
      case 'utf8':
        return this.continueUtf8(b, keys);
    }
  }

  private ground(b: number, keys: Key[]): void {
    if (b === ESC) this.mode = 'escape';
    else if (b < 0x20 || b === 0x7f) keys.push(controlKey(b));
    else if (b < 0x80) keys.push(String.fromCharCode(b));
    else if (b >= 0xc2 && b <= 0xf4) {
      this.mode = 'utf8';
      this.utf8 = [b];
      this.utf8Need = b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3;
    }
    // Other bytes are not the start of any character: dropped.
  }

  private continueUtf8(b: number, keys: Key[]): void {
    if ((b & 0xc0) !== 0x80) {
      this.reset(); // a broken character is dropped; this byte starts afresh
      this.ground(b, keys);
      return;
    }
    this.utf8.push(b);
    if (--this.utf8Need > 0) return;
    const text = Buffer.from(this.utf8).toString('utf8');
    this.reset();
    if (!text.includes('\ufffd')) keys.push(text);
  }

  private csi(b: number, keys: Key[]): void {
    if (b >= 0x20 && b <= 0x3f) {
      // Parameter and intermediate bytes.
      if (this.sequence.length >= MAX_SEQUENCE) this.dropping = true;
      else this.sequence += String.fromCharCode(b);
      return;
    }
    if (b >= 0x40 && b <= 0x7e) {
      const key = this.dropping ? undefined : csiKey(this.sequence, String.fromCharCode(b));
      this.reset();
      if (key) keys.push(key);
      return;
    }
    // A control byte inside a sequence: the sequence was broken off. Drop it
    // and read the byte afresh (it may be ESC starting the next sequence).
    this.reset();
    this.ground(b, keys);
  }
}

/** The key a complete CSI sequence stands for, or undefined to drop it. */
function csiKey(params: string, final: string): Key | undefined {
  if (final === '~') return tildeKeys[params.split(';')[0]];
  // Arrows and Home/End, maybe with modifiers ("1;5A"): the modifier is ignored.
  if (params === '' || /^1(;\d+)?$/.test(params)) return finalKeys[final];
  return undefined;
}
