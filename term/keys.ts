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

// The mouse (--mouse), as keys: the wheel, and a click of the first button with
// where it was. xterm's SGR encoding (mode 1006: CSI < button ; column ; row M,
// m on release) is asked for; the older X10 one (CSI M and three bytes) is read
// too, so that its bytes are never taken for typed keys.
export const WHEEL_UP: Key = '<WheelUp>';
export const WHEEL_DOWN: Key = '<WheelDown>';
/** The name a click is bound by in keymap.ts; the key itself says where: `<Click ROW COL>` (0-based). */
export const CLICK: Key = '<Click>';

/** The key of a click at (row, col), 0-based. */
export function clickKey(row: number, col: number): Key {
  return `<Click ${row} ${col}>`;
}

/** Where a click key was, or null for any other key. */
export function clickPosition(key: Key): { row: number; col: number } | null {
  const m = /^<Click (\d+) (\d+)>$/.exec(key);
  return m ? { row: Number(m[1]), col: Number(m[2]) } : null;
}

/** The name a key is bound by: itself, or `<Click>` for a click anywhere. */
export function keyName(key: Key): Key {
  return key.startsWith('<Click ') ? CLICK : key;
}

/** The key for a mouse report (button code, 1-based column and row), or undefined for one lwl does not use (a release, a drag, other buttons). */
function mouseKey(button: number, column: number, row: number, release: boolean): Key | undefined {
  // A release, a drag (32), or with Shift, Alt or Ctrl held (4, 8, 16: the terminal's own, often).
  if (release || button & (32 | 16 | 8 | 4) || column < 1 || row < 1) return undefined;
  if (button & 64) return (button & 3) === 0 ? WHEEL_UP : (button & 3) === 1 ? WHEEL_DOWN : undefined;
  return (button & 3) === 0 ? clickKey(row - 1, column - 1) : undefined;
}

type DecoderState = 'ground' | 'escape' | 'csi' | 'ss3' | 'utf8' | 'x10' | 'string' | 'stringEscape';

/**
 * ESC and these start a control string (OSC ], DCS P, SOS X, PM ^, APC _):
 * on input, only a terminal's reply (a colour asked for, a capability), read
 * to its end (BEL, or ESC \) and dropped, never read as keys.
 */
const stringIntroducers = new Set([0x5d, 0x50, 0x58, 0x5e, 0x5f]);
const BEL = 0x07;
/** CAN and SUB break a control string off. */
const CAN = 0x18;
const SUB = 0x1a;

/** Longest control sequence kept; anything longer is garbage, dropped whole. */
const MAX_SEQUENCE = 32;

export class KeyDecoder {
  private mode: DecoderState = 'ground';
  private sequence = ''; // CSI parameter and intermediate bytes so far
  private dropping = false; // inside a sequence too long or malformed to use
  private utf8: number[] = [];
  private utf8Need = 0;
  /** The three bytes of an X10 mouse report so far. */
  private x10: number[] = [];
  /** The control string being dropped: its introducer, and whether any of its body has come. */
  private stringIntro = 0;
  private stringBody = false;

  /** When the lone ESC pending was read (see feed's `now`). */
  private escapeAt = 0;

  /**
   * True while a lone ESC may still start a sequence, or a control string
   * has not ended: call flush() after a short wait (a reply comes whole, a
   * person's Alt+] does not go on).
   */
  get pending(): boolean {
    return this.mode === 'escape' || this.mode === 'string' || this.mode === 'stringEscape';
  }

  /**
   * Decodes bytes into keys; a sequence cut between calls is completed by the
   * next one. `now` (ms) is when the bytes were read: a lone ESC read
   * `escapeWait` ms or more before them was the Escape key, though the timer
   * that says so had no turn (lwl was busy with the keys read with it), and
   * the next key is not read as Alt+key.
   */
  feed(bytes: Uint8Array, now = 0, escapeWait = Infinity): Key[] {
    const keys: Key[] = this.pending && now - this.escapeAt >= escapeWait ? this.flush() : [];
    for (const b of bytes) this.step(b, keys);
    if (this.pending) this.escapeAt = now;
    return keys;
  }

  /** Called when no byte followed a lone ESC in time: it was the Escape key (ESC ] and nothing more: Alt+]); a control string cut short is dropped. */
  flush(): Key[] {
    const keys: Key[] = [];
    if (this.mode === 'escape') keys.push('<Escape>');
    else if (this.mode === 'string' && !this.stringBody) keys.push(`<M-${String.fromCharCode(this.stringIntro)}>`);
    this.reset();
    return keys;
  }

  private reset(): void {
    this.mode = 'ground';
    this.sequence = '';
    this.dropping = false;
    this.utf8 = [];
    this.utf8Need = 0;
    this.x10 = [];
    this.stringIntro = 0;
    this.stringBody = false;
  }

  private step(b: number, keys: Key[]): void {
    switch (this.mode) {
      case 'ground':
        return this.ground(b, keys);
      case 'escape':
        if (b === 0x5b) this.mode = 'csi';
        else if (b === 0x4f) this.mode = 'ss3';
        else if (b === ESC) keys.push('<Escape>'); // stay: this ESC may start a sequence
        else if (stringIntroducers.has(b)) {
          this.mode = 'string';
          this.stringIntro = b;
        } else {
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
      case 'string':
        if (b === BEL || b === CAN || b === SUB) this.reset();
        else if (b === ESC) this.mode = 'stringEscape';
        else this.stringBody = true;
        return;
      case 'stringEscape':
        // ESC \ (ST) ends the string; an ESC and anything else broke it off, and starts a sequence.
        this.reset();
        if (b !== 0x5c) {
          this.mode = 'escape';
          this.step(b, keys);
        }
        return;
      case 'x10':
        this.x10.push(b);
        if (this.x10.length === 3) {
          const [button, column, row] = this.x10.map((byte) => byte - 32);
          this.reset();
          const key = mouseKey(button, column, row, (button & 3) === 3 && !(button & 64));
          if (key) keys.push(key);
        }
        return;
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
      // X10 mouse: CSI M, then three bytes of any value.
      if (b === 0x4d && this.sequence === '' && !this.dropping) {
        this.mode = 'x10';
        return;
      }
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
  const mouse = /^<(\d+);(\d+);(\d+)$/.exec(params);
  if (mouse && (final === 'M' || final === 'm')) return mouseKey(Number(mouse[1]), Number(mouse[2]), Number(mouse[3]), final === 'm');
  if (final === '~') return tildeKeys[params.split(';')[0]];
  // Arrows and Home/End, maybe with modifiers ("1;5A"): the modifier is ignored.
  if (params === '' || /^1(;\d+)?$/.test(params)) return finalKeys[final];
  return undefined;
}
