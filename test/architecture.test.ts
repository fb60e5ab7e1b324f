// The house's layout, held by a test: no import circle among src/, term/ and
// keymap.ts (type imports included), and no import against the data flow
//   bytes -> document -> rows -> state -> draw -> screen
// Each room may import only the rooms its row names (and itself):
//
//   room       files                        may import
//   term       term/                        nothing from src/: the terminal knows no documents
//   text       src/text/                    -
//   packages   src/link/lazy.ts             - (packages loaded on first use)
//   url        src/link/url/                packages (the URL Standard's parser)
//   workers    src/worker-arguments.ts      - (which worker a thread is)
//   schedule   src/schedule/                - (the one scheduler of background jobs)
//   startup    src/startup/                 term (the start-up's seams: lazy(), firstScreenDone(), the code caches)
//   document   src/document/ (readers too)  schedule, startup, term, text, workers
//   link       src/link/ (the rest)         document, packages, text, url
//   input      src/input/                   document, link, schedule, text, url (bytes; its loader hands them to a reader)
//   web        src/web/                     input, document, link, schedule, text, url (pages fetched, as sources)
//   rows       src/rows/                    document, text (wrap, filtered rows, hit-testing)
//   actions    src/state/actions.ts         - (the action vocabulary: names and arguments)
//   keymap     keymap.ts                    actions (the key table: configuration, no logic)
//   state      src/state/                   actions, keymap, rows, document, link, url, input, text, term
//   draw       src/draw/                    state, rows, document, link, url, text, term
//   program    src/*.ts, src/navigator/,    any (the pager and its parts, the Navigator,
//              src/pager/                   the command line, start-up)
//
// A file in no room fails too: a new folder says here where it stands.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chainOf, circles, importGraph, importsOf, sourceFiles } from './imports.ts';

const ROOMS: Array<{ room: string; files: RegExp; mayImport: string[] | 'any' }> = [
  { room: 'term', files: /^term\//, mayImport: [] },
  { room: 'text', files: /^src\/text\//, mayImport: [] },
  { room: 'packages', files: /^src\/link\/lazy\.ts$/, mayImport: [] },
  { room: 'url', files: /^src\/link\/url\//, mayImport: ['packages'] },
  { room: 'workers', files: /^src\/worker-arguments\.ts$/, mayImport: [] },
  { room: 'schedule', files: /^src\/schedule\//, mayImport: [] },
  { room: 'startup', files: /^src\/startup\//, mayImport: ['term'] },
  { room: 'document', files: /^src\/document\//, mayImport: ['schedule', 'startup', 'term', 'text', 'workers'] },
  { room: 'link', files: /^src\/link\//, mayImport: ['document', 'packages', 'text', 'url'] },
  { room: 'input', files: /^src\/input\//, mayImport: ['document', 'link', 'schedule', 'text', 'url'] },
  { room: 'web', files: /^src\/web\//, mayImport: ['input', 'document', 'link', 'schedule', 'text', 'url'] },
  { room: 'rows', files: /^src\/rows\//, mayImport: ['document', 'text'] },
  { room: 'actions', files: /^src\/state\/actions\.ts$/, mayImport: [] },
  { room: 'keymap', files: /^keymap\.ts$/, mayImport: ['actions'] },
  { room: 'state', files: /^src\/state\//, mayImport: ['actions', 'keymap', 'rows', 'document', 'link', 'url', 'input', 'text', 'term'] },
  { room: 'draw', files: /^src\/draw\//, mayImport: ['state', 'rows', 'document', 'link', 'url', 'text', 'term'] },
  { room: 'program', files: /^src\/([^/]+\.ts|navigator\/.*|pager\/.*)$/, mayImport: 'any' },
];

/** The room a file is in: the first row whose files match it. */
const roomOf = (file: string) => ROOMS.find((r) => r.files.test(file)) ?? null;

/** The imports that break the table, each as `file (room) -> import (room)`. */
function breaches(graph: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const from = roomOf(file);
    for (const target of imports) {
      const to = roomOf(target);
      if (!from || !to || from === to || from.mayImport === 'any' || from.mayImport.includes(to.room)) continue;
      found.push(`${file} (${from.room}) -> ${target} (${to.room})`);
    }
  }
  return found;
}

const root = path.resolve(import.meta.dirname, '..');
const files = sourceFiles(root);
const graph = importGraph(root, files);

describe('the import graph', () => {
  it('reads every kind of import, and none in a comment, a string or a regular expression', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import * as c from './c.ts';",
      "import './d.ts';",
      "export { e } from './e.ts';",
      "export type * from './f.ts';",
      'const g = await import("./g.ts");',
      "const h = require('./h.ts');",
      "// import { no } from './comment.ts';",
      "/* export * from './block.ts'; */",
      "const s = \"import { no } from './string.ts'\";",
      "const t = `import ${x} from './template.ts'`;",
      "const re = /import x from './regex.ts'/;",
      "export const from = 'not.ts';",
      'const i = `${await import(`./dynamic-template.ts`)}`;',
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts', './h.ts', './dynamic-template.ts']);
  });

  it('finds a circle and names its chain', () => {
    const planted = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    const found = circles(planted);
    expect(found).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(chainOf(planted, found[0])).toBe('a.ts -> b.ts -> c.ts -> a.ts');
    expect(breaches(new Map([['src/state/mouse.ts', ['src/draw/draw.ts']]]))).toEqual(['src/state/mouse.ts (state) -> src/draw/draw.ts (draw)']);
  });

  it('resolves every relative import to a file', () => {
    const missing = [...graph].flatMap(([file, imports]) => imports.filter((t) => t.startsWith('?')).map((t) => `${file} -> ${t.slice(1)}`));
    expect(missing).toEqual([]);
  });
});

describe('the layout', () => {
  it('has no import circle among src/, term/ and keymap.ts', () => {
    const chains = circles(graph).map((group) => chainOf(graph, group));
    expect(chains, `import circles:\n  ${chains.join('\n  ')}`).toEqual([]);
  });

  it('puts every file in a room', () => {
    expect(files.filter((f) => roomOf(f) === null)).toEqual([]);
  });

  it('imports only down the table: nothing against the data flow', () => {
    const found = breaches(graph);
    expect(found, `imports against the layout:\n  ${found.join('\n  ')}`).toEqual([]);
  });

  it('has a table without a circle of its own', () => {
    const rooms = new Map(ROOMS.map((r) => [r.room, r.mayImport === 'any' ? [] : r.mayImport]));
    expect(circles(rooms)).toEqual([]);
  });
});
