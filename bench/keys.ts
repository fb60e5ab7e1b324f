// Per-key cost on a small and a huge document: the time a key takes (state
// function plus drawing the frame plus the screen diff) should depend on the
// screen, not on the document, its links or its search matches.
// Run: npx tsx bench/keys.ts
import { Document } from '../src/document/document.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';
import { draw } from '../src/draw/draw.ts';
import { LinkTargets } from '../src/link/targets.ts';
import type { FirstMatch } from '../src/document/matches.ts';
import { searchNow } from '../src/document/searchrun.ts';
import { initialState, press, update, type Context, type State } from '../src/state/state.ts';
import { themeFor } from '../src/draw/theme.ts';
import { Wrap } from '../src/rows/wrap.ts';
import { Screen } from '../term/screen.ts';
import { defaultBindings } from '../src/state/bindings.ts';
import { LineIndex } from '../src/document/lines.ts';

const COLS = 80;
const ROWS = 24;

/** A document of `lines` lines, a link every `linkEvery` lines, each line with `hits` occurrences of "qq". */
function makeDocument(lines: number, linkEvery: number, hits: number): Document {
  const doc = new Document('/tmp/bench.md');
  const parser = new MarkupReader(doc);
  let block = '';
  for (let i = 0; i < lines; i++) {
    let line = `${i} the quick brown fox ${'qq '.repeat(hits)}jumps over the lazy dog`;
    if (i % linkEvery === 0) line += ` [link ${i}](page${i}.html)`;
    block += line + '\n';
    if (block.length > 1 << 20) {
      parser.writeOwned(Buffer.from(block));
      block = '';
    }
  }
  parser.writeOwned(Buffer.from(block));
  parser.end();
  return doc;
}

interface Setup {
  name: string;
  doc: Document;
  ctx: Context;
  matches: FirstMatch;
}

function setup(name: string, doc: Document): Setup {
  const ctx: Context = { doc, rows: new Wrap(doc, COLS), height: ROWS - 1, links: new LinkTargets(doc), lines: new LineIndex(doc), browser: null, secure: false, bindings: defaultBindings };
  const matches = searchNow(doc.text, { text: 'qq', regex: false, backward: false }, 0);
  return { name, doc, ctx, matches };
}

/** Median microseconds for a key, from a given state, over `times` presses (each from the state the last one left). */
function timeKey(s: Setup, key: string, start: State, times = 200): number {
  const screen = new Screen();
  const theme = themeFor(true);
  const samples: number[] = [];
  let state = start;
  screen.render(draw(s.ctx, state, { cols: COLS, rows: ROWS }, theme));
  for (let i = 0; i < times; i++) {
    const t0 = process.hrtime.bigint();
    state = press(state, key, s.ctx).state;
    screen.render(draw(s.ctx, state, { cols: COLS, rows: ROWS }, theme));
    samples.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

const small = setup('small', makeDocument(2_000, 20, 1));
console.error('building the big document...');
const big = setup('big', makeDocument(500_000, 5, 2));

const searching = (s: Setup, from: State = initialState) => update(from, ['searchFound', s.matches], null, s.ctx).state;
const middle = (s: Setup) => ({ ...initialState, top: s.ctx.rows.rowStart(Math.floor(s.doc.text.length / 2)) });

const cases: Array<[string, string, (s: Setup) => State]> = [
  ['j (line down)', 'j', middle],
  ['k (line up)', 'k', middle],
  ['space (screen down)', ' ', middle],
  ['b (screen up)', 'b', middle],
  ['n (next link)', 'n', middle],
  ['Tab (links on screen)', '<Tab>', middle],
  ['j with a search active', 'j', (s) => searching(s, middle(s))],
  ['n (next match)', 'n', (s) => searching(s, middle(s))],
  ['G (bottom)', 'G', middle],
  ['g (top)', 'g', middle],
];

const rows = [
  `| | small | big |`,
  `| :-- | --: | --: |`,
  `| document | ${(small.doc.text.length / 1e6).toFixed(1)} MB, ${small.doc.links.count.toLocaleString('en-US')} links, ${small.matches.matches.total.toLocaleString('en-US')} matches | ${(big.doc.text.length / 1e6).toFixed(1)} MB, ${big.doc.links.count.toLocaleString('en-US')} links, ${big.matches.matches.total.toLocaleString('en-US')} matches |`,
];
for (const [label, key, from] of cases) {
  const a = timeKey(small, key, from(small));
  const b = timeKey(big, key, from(big));
  rows.push(`| ${label} | ${a.toFixed(0)} µs | ${b.toFixed(0)} µs |`);
}
console.log('Median time per key (state + frame + screen diff), 80x24:\n');
console.log(rows.join('\n'));
