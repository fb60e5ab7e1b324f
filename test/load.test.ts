// The loader: a read that fails ends the document there and says why; rest()
// stops reading an input that never ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Loader, OpenError, openFile, openRegularFile } from '../src/input/load.ts';
import { HEAD_SIZE, looksBinary } from '../src/input/binary.ts';
import { Priority, Scheduler } from '../src/schedule/scheduler.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const eio = () => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', syscall: 'read' });

function waitFor(test: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, 5));
    poll();
  });
}

describe('Loader', () => {
  it('reads a small first piece, and still has the first 64 KiB to tell a binary file by', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'late.bin');
    // Text first, then NULs well past the first piece read.
    fs.writeFileSync(file, Buffer.concat([Buffer.from('text\n'.repeat(6000)), Buffer.alloc(40_000), Buffer.from('more text\n'.repeat(1000))]));
    const loader = new Loader(openFile(file));
    loader.readFirst();
    expect(loader.doc.bytesRead).toBeLessThan(HEAD_SIZE);
    expect(loader.head.length).toBe(HEAD_SIZE);
    expect(loader.head).toEqual(fs.readFileSync(file).subarray(0, HEAD_SIZE));
    expect(looksBinary(loader.head, loader.complete)).toBe(true);
    loader.stop();
  });

  it('ends the document where a read fails, with the reason', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'big.txt');
    fs.writeFileSync(file, 'line\n'.repeat(200_000));
    const loader = new Loader(openFile(file));
    loader.readFirst();
    const before = loader.doc.bytesRead;
    expect(before).toBeGreaterThan(0);
    vi.spyOn(fs, 'readSync').mockImplementation(() => {
      throw eio();
    });
    let calls = 0;
    loader.start(new Scheduler(), () => calls++);
    await waitFor(() => loader.doc.complete);
    expect(loader.error).toBeInstanceOf(OpenError);
    expect(loader.error!.userMessage).toBe('Input/output error');
    expect(loader.doc.bytesRead).toBe(before);
    expect(calls).toBeGreaterThan(0);
    loader.stop();
  });

  it('throws the reason from the first read', () => {
    const loader = new Loader(openRegularFile('/proc/self/mem'));
    expect(() => loader.readFirst()).toThrow(new OpenError('/proc/self/mem', 'Input/output error'));
    loader.stop();
  });

  it('stops reading an endless device at rest(), and reads on when more is wanted', async () => {
    const loader = new Loader(openFile('/dev/zero'));
    loader.start(new Scheduler(), () => {});
    loader.want(Infinity);
    await waitFor(() => loader.doc.bytesRead > 4 * 1024 * 1024);
    loader.rest();
    // The read under way may still land; nothing after it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopped = loader.doc.bytesRead;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loader.doc.bytesRead).toBe(stopped);
    loader.want(loader.doc.text.length);
    await waitFor(() => loader.doc.bytesRead > stopped);
    loader.stop();
  });
});

describe('the Loader as a job', () => {
  it('reads at the screen\'s priority until the screen\'s text is there, then behind the line count', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-load-')), 'big.txt');
    fs.writeFileSync(file, 'line\n'.repeat(400_000));
    const queue: Array<() => void> = [];
    const order: string[] = [];
    // A budget no step fits in: one step of the most urgent job per turn.
    const scheduler = new Scheduler({ defer: (turn) => queue.push(turn), budget: -1 });
    const loader = new Loader(openFile(file));
    loader.readFirst(24);
    loader.start(scheduler, () => order.push(`read ${loader.doc.text.length >= 64 * 1024 ? 'screen' : 'some'}`));
    loader.want(0);
    scheduler.add({ step: () => (order.push('count'), 'more') }, Priority.lineCount);
    queue.shift()!();
    queue.shift()!();
    // First the screen's text (the first read reaches past it), then the count comes first.
    expect(order).toEqual(['read screen', 'count']);
    loader.stop();
  });
});

describe('openRegularFile', () => {
  it('refuses what is not a regular file, without opening it', () => {
    const open = vi.spyOn(fs, 'openSync');
    expect(() => openRegularFile('/dev/tty')).toThrow(new OpenError('/dev/tty', 'Not a regular file (a device)'));
    expect(() => openRegularFile(os.tmpdir())).toThrow(new OpenError(os.tmpdir(), 'Is a directory'));
    expect(() => openRegularFile('/nonexistent/x')).toThrow(new OpenError('/nonexistent/x', 'No such file or directory'));
    expect(open).not.toHaveBeenCalled();
  });
});
