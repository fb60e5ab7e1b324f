// The start-up room (src/startup): the process hears once that the first screen
// is drawn; a module stood in for by the bundle's getters (lazy.ts) is loaded on
// the first read of an export, once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builtinOnUse, exportsOnUse, packageOnUse, packageSource } from '../src/startup/lazy.ts';

/** A fresh copy of first-screen.ts: its state is the process's, once. */
async function freshFirstScreen(): Promise<typeof import('../src/startup/first-screen.ts')> {
  vi.resetModules();
  return import('../src/startup/first-screen.ts');
}

const nextTick = () => new Promise<void>((resolve) => process.nextTick(resolve));

describe('firstScreenDone', () => {
  afterEach(() => process.removeAllListeners('lwl-first-screen'));

  it("tells the process once (src/boot.ts's cue to write the code cache), after the turn that drew it, however often it is called", async () => {
    const { FIRST_SCREEN_EVENT, firstScreenDone } = await freshFirstScreen();
    const heard: string[] = [];
    process.on(FIRST_SCREEN_EVENT, () => heard.push('told'));
    firstScreenDone();
    heard.push('rest of the turn');
    firstScreenDone();
    await nextTick();
    firstScreenDone();
    await nextTick();
    expect(heard).toEqual(['rest of the turn', 'told']);
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
