// The start-up room (src/startup): what waits for the first screen runs once
// the pager says it is drawn, and not before; a module stood in for by the
// bundle's getters (lazy.ts) is loaded on the first read of an export, once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinOnUse, exportsOnUse, packageOnUse, packageSource } from '../src/startup/lazy.ts';

/** A fresh copy of first-screen.ts: its state is the process's, once. */
async function freshFirstScreen(): Promise<typeof import('../src/startup/first-screen.ts')> {
  vi.resetModules();
  return import('../src/startup/first-screen.ts');
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));
/** A whole turn of the event loop: every tick and immediate queued before it has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('firstScreenDone and afterFirstScreen', () => {
  afterEach(() => process.removeAllListeners('lwl-first-screen'));

  it('runs the work given before the first screen once it is drawn, in a later turn, in order, after the process heard of it', async () => {
    const { FIRST_SCREEN_EVENT, afterFirstScreen, firstScreenDone } = await freshFirstScreen();
    const ran: string[] = [];
    process.on(FIRST_SCREEN_EVENT, () => ran.push('told'));
    afterFirstScreen(() => ran.push('warm'));
    afterFirstScreen(() => ran.push('more'));
    await nextTurn();
    expect(ran).toEqual([]);
    firstScreenDone();
    ran.push('rest of the turn');
    await nextTick();
    expect(ran).toEqual(['rest of the turn', 'told']);
    await nextTurn();
    expect(ran).toEqual(['rest of the turn', 'told', 'warm', 'more']);
  });

  it("tells the process once (src/boot.ts's cue to write the code cache), however often it is called", async () => {
    const { FIRST_SCREEN_EVENT, firstScreenDone } = await freshFirstScreen();
    const heard = vi.fn();
    process.on(FIRST_SCREEN_EVENT, heard);
    firstScreenDone();
    firstScreenDone();
    await nextTick();
    firstScreenDone();
    await nextTick();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('runs work given after the first screen in a later turn, not in the caller', async () => {
    const { afterFirstScreen, firstScreenDone } = await freshFirstScreen();
    firstScreenDone();
    await nextTurn();
    const work = vi.fn();
    afterFirstScreen(work);
    expect(work).not.toHaveBeenCalled();
    await nextTurn();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs the work without a first screen (--version, a pipe printed)', async () => {
    const { afterFirstScreen } = await freshFirstScreen();
    const work = vi.fn();
    afterFirstScreen(work);
    await nextTurn();
    await nextTurn();
    expect(work).not.toHaveBeenCalled();
  });
});

describe('exports on use', () => {
  it('loads the module on the first read of an export, once, and reads each export from it', () => {
    const load = vi.fn(() => ({ a: 1, b: 'two' }));
    const target = {} as { a: number; b: string };
    exportsOnUse(target, ['a', 'b'], load);
    expect(load).not.toHaveBeenCalled();
    expect(Object.keys(target)).toEqual(['a', 'b']);
    expect(target.b).toBe('two');
    expect(target.a).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("stands in for a Node module by its name", () => {
    const target = {} as { EOL: string };
    builtinOnUse(target, 'os', ['EOL']);
    expect(target.EOL).toBe('\n');
  });
});

// A package as build.mjs carries it: its source the string a never-called function returns.
function packageText(): string {
  return '(function (module, exports, require) { exports.twice = (n) => 2 * n; exports.named = require("node:path").basename("/a/b.md"); })';
}

describe('a deferred package', () => {
  const carried = { name: 'twice', packageText, names: ['twice', 'named'], esModule: true };

  it("is the string in its function's text", () => {
    expect(packageSource(carried)).toBe(packageText());
  });

  it('is compiled on the first read of an export, with the require it was given, by the compiler dist/lwl leaves if there is one', () => {
    const key = Symbol.for('lwl.compilePackage');
    const compiled: string[] = [];
    const globals = globalThis as Record<symbol, unknown>;
    const before = globals[key];
    globals[key] = (name: string, source: () => string) => {
      compiled.push(name);
      return (0, eval)(source());
    };
    try {
      const target = {} as { __esModule: boolean; twice: (n: number) => number; named: string };
      packageOnUse(target, carried, require);
      expect(target.__esModule).toBe(true);
      expect(compiled).toEqual([]);
      expect(target.twice(21)).toBe(42);
      expect(target.named).toBe('b.md');
      expect(compiled).toEqual(['twice']);
    } finally {
      globals[key] = before;
    }
  });

  it('is compiled as it is where there is no such compiler (the bundle alone)', () => {
    const target = {} as { twice: (n: number) => number };
    packageOnUse(target, { ...carried, esModule: false }, require);
    expect('__esModule' in target).toBe(false);
    expect(target.twice(4)).toBe(8);
  });
});
