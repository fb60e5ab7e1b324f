// The start-up room (src/startup): the process hears once that the first screen
// is drawn; a module stood in for by the bundle's getters (lazy.ts) is loaded on
// the first read of an export, once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazy, packageSource } from '../src/startup/lazy.ts';

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

describe('lazy', () => {
  it("stands in for a Node module by its name, loading it on the first read of an export", () => {
    const os = lazy('os', ['EOL', 'platform']) as { EOL: string; platform: () => string };
    expect(Object.keys(os)).toEqual(['EOL', 'platform']);
    expect(os.EOL).toBe('\n');
    expect(os.platform()).toBe(process.platform);
  });
});

// A package as build.mjs carries it: its source the string a never-called function returns.
function packageText(): string {
  return '(function (module, exports, require) { globalThis.lwlTestRuns = (globalThis.lwlTestRuns ?? 0) + 1; exports.twice = (n) => 2 * n; exports.named = require("node:path").basename("/a/b.md"); })';
}

describe('a deferred package', () => {
  const carried = { packageText, esModule: true, require };
  const globals = globalThis as Record<string | symbol, unknown>;
  afterEach(() => delete globals.lwlTestRuns);

  it("is the string in its function's text", () => {
    expect(packageSource(carried)).toBe(packageText());
  });

  it('is compiled and run on the first read of an export, once, with the require it was given, by the compiler dist/lwl leaves if there is one', () => {
    const key = Symbol.for('lwl.compilePackage');
    const compiled: string[] = [];
    const before = globals[key];
    globals[key] = (name: string, source: () => string) => {
      compiled.push(name);
      return (0, eval)(source());
    };
    try {
      const stand = lazy('twice', ['twice', 'named'], carried) as { __esModule: boolean; twice: (n: number) => number; named: string };
      expect(stand.__esModule).toBe(true);
      expect(compiled).toEqual([]);
      expect(globals.lwlTestRuns).toBeUndefined();
      expect(stand.twice(21)).toBe(42);
      expect(stand.named).toBe('b.md');
      expect(compiled).toEqual(['twice']);
      expect(globals.lwlTestRuns).toBe(1);
    } finally {
      globals[key] = before;
    }
  });

  it('is compiled as it is where there is no such compiler (the bundle alone)', () => {
    const stand = lazy('twice', ['twice'], { ...carried, esModule: false }) as { twice: (n: number) => number };
    expect('__esModule' in stand).toBe(false);
    expect(stand.twice(4)).toBe(8);
  });
});
