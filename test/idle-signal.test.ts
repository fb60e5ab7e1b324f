// The end-to-end tests' idle signal (term/idle-signal.ts): the bytes it counts
// as the pty delivers them, and the lines it writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IdleSignal, deliveredBytes } from '../term/idle-signal.ts';

function signalFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-idle-')), 'signal');
}

/** Lets the signal's queued check run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('deliveredBytes', () => {
  it('counts UTF-8 bytes, and each line feed twice where ONLCR turns it into CR LF', () => {
    expect(deliveredBytes('ab', true)).toBe(2);
    expect(deliveredBytes('a\nb\n', true)).toBe(6);
    expect(deliveredBytes('a\nb\n', false)).toBe(4);
    // A carriage return before it changes nothing: ONLCR adds one all the same.
    expect(deliveredBytes('\r\n', true)).toBe(3);
    expect(deliveredBytes('é\n한', true)).toBe(2 + 2 + 3);
    expect(deliveredBytes('\x1b[2J', true)).toBe(4);
    expect(deliveredBytes(Buffer.from('x\n\ny'), true)).toBe(6);
    expect(deliveredBytes('', true)).toBe(0);
  });
});

describe('IdleSignal', () => {
  it('writes a line with the counts once the turn is over and the check says idle', async () => {
    const file = signalFile();
    fs.writeFileSync(file, '');
    const signal = IdleSignal.fromEnv({ LWL_TEST_SIGNAL: file })!;
    signal.read(3);
    signal.wrote('one\ntwo');
    let idle = false;
    signal.check(() => idle);
    await turn();
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    idle = true;
    signal.check(() => idle);
    // Asked again in the same turn: one check, one line.
    signal.check(() => idle);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    await turn();
    expect(fs.readFileSync(file, 'utf8')).toBe('idle 3 8\n');
    // Idle again with nothing read or written since: nothing more to say.
    signal.check(() => idle);
    await turn();
    signal.read(1);
    signal.check(() => idle);
    await turn();
    expect(fs.readFileSync(file, 'utf8')).toBe('idle 3 8\nidle 4 8\n');
  });

  it('is not made without LWL_TEST_SIGNAL, nor when its file cannot be opened', () => {
    expect(IdleSignal.fromEnv({})).toBeNull();
    expect(IdleSignal.fromEnv({ LWL_TEST_SIGNAL: '' })).toBeNull();
    expect(IdleSignal.fromEnv({ LWL_TEST_SIGNAL: path.join(signalFile(), 'no-such-folder', 'signal') })).toBeNull();
  });
});
