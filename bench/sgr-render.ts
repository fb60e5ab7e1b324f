// Rendering program output's runs (issue 16): the JS render against the
// WebAssembly one (src/document/readers/sgr-render.ts), in ns per raw byte, on
// the benchmark's coloured log cut into 32 KiB runs as the plain reader cuts it,
// and on its prose. A search that finds nothing renders every run once.
// Run: npx tsx bench/sgr-render.ts [--runs N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { WasmRender } from '../src/document/readers/sgr-render.ts';
import { renderWithJs } from '../src/document/readers/sgr-runs.ts';
import { COLOURED, generate, generateColoured, SIZES } from './inputs.ts';

const RUN = 32 * 1024;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-sgr-render-'));
try {
  const prose = SIZES.find((s) => s.bytes === 100 * 1024 * 1024)!;
  const inputs = [
    { label: COLOURED.label, bytes: fs.readFileSync(generateColoured(COLOURED, dir).path) },
    { label: `${prose.label} prose`, bytes: fs.readFileSync(generate(prose, dir).path) },
  ];
  const wasm = new WasmRender();
  const renders = [
    { name: 'JS', render: renderWithJs },
    { name: 'wasm', render: (input: Uint8Array, from: number, to: number, out: Uint8Array) => wasm.render(input, from, to, out) },
  ];
  const out = Buffer.alloc(4 * RUN);
  const check = Buffer.alloc(4 * RUN);
  console.log(`${os.cpus()[0].model.trim()}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; Node ${process.version}; best of ${runs}`);
  for (const { label, bytes } of inputs) {
    // Both give the same text, run by run, before either is timed.
    for (let at = 0; at < bytes.length; at += RUN) {
      const to = Math.min(at + RUN, bytes.length);
      const n = renderWithJs(bytes, at, to, check);
      if (wasm.render(bytes, at, to, out) !== n || !out.subarray(0, n).equals(check.subarray(0, n))) throw new Error(`renders differ at ${at}`);
    }
    const line = [label.padEnd(28)];
    for (const { name, render } of renders) {
      let best = Infinity;
      for (let r = 0; r < runs; r++) {
        const start = process.hrtime.bigint();
        for (let at = 0; at < bytes.length; at += RUN) render(bytes, at, Math.min(at + RUN, bytes.length), out);
        best = Math.min(best, Number(process.hrtime.bigint() - start) / bytes.length);
      }
      line.push(`${name} ${best.toFixed(2)} ns/byte (${((best * bytes.length) / 1e6).toFixed(0)} ms)`);
    }
    console.log(line.join('   '));
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
