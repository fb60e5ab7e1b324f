// Generates uts39.ts from Unicode's UTS #39 data files (IdentifierStatus.txt,
// IdentifierType.txt, confusables.txt) and the UCD's Scripts.txt, ScriptExtensions.txt and
// PropertyValueAliases.txt, all in the directory given:
//   npx tsx src/link/data/generate.ts DIR > src/link/data/uts39.ts
// See README.md in this directory for where the files come from.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: generate.ts DIR');

interface Entry {
  first: number;
  last: number;
  fields: string[];
}

function read(name: string): { entries: Entry[]; header: string; sha256: string } {
  const raw = readFileSync(path.join(dir!, name));
  const text = raw.toString('utf8').replace(/^\uFEFF/, '');
  const entries: Entry[] = [];
  for (const line of text.split('\n')) {
    const data = line.split('#')[0]!.trim();
    if (data === '') continue;
    const fields = data.split(';').map((f) => f.trim());
    const [first, last] = fields[0]!.split('..').map((h) => parseInt(h, 16));
    entries.push({ first: first!, last: last ?? first!, fields: fields.slice(1) });
  }
  const header = text.split('\n').slice(0, 2).join(' ').replace(/^# /, '');
  return { entries, header, sha256: createHash('sha256').update(raw).digest('hex') };
}

/** Ranges as base-36 numbers: the gap from the previous range's end, then the length. */
function encodeRanges(ranges: readonly [number, number][]): string {
  const out: string[] = [];
  let prev = 0;
  for (const [first, last] of ranges) {
    out.push((first - prev).toString(36), (last - first + 1).toString(36));
    prev = last + 1;
  }
  return out.join(' ');
}

function merge(ranges: [number, number][]): [number, number][] {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of ranges) {
    const top = out[out.length - 1];
    if (top && top[1] + 1 === r[0]) top[1] = r[1];
    else out.push([r[0], r[1]]);
  }
  return out;
}

const status = read('IdentifierStatus.txt');
const type = read('IdentifierType.txt');
const confusables = read('confusables.txt');

const allowed = merge(status.entries.filter((e) => e.fields[0] === 'Allowed').map((e) => [e.first, e.last]));
const isAllowed = (cp: number) => allowed.some(([a, b]) => a <= cp && cp <= b);

// Identifier types of what is not allowed, by the set of types ("Technical Obsolete").
const typeNames: string[] = [];
const byType = new Map<string, [number, number][]>();
for (const e of type.entries) {
  const name = e.fields[0]!;
  if (name === 'Recommended' || name === 'Inclusion') continue;
  if (!typeNames.includes(name)) typeNames.push(name);
  let list = byType.get(name);
  if (!list) byType.set(name, (list = []));
  list.push([e.first, e.last]);
}

// Confusables of non-ASCII characters whose prototype is all ASCII, by prototype.
const byPrototype = new Map<string, number[]>();
for (const e of confusables.entries) {
  const source = e.first;
  const target = e.fields[0]!.split(/\s+/).map((h) => parseInt(h, 16));
  if (source < 0x80 || target.some((c) => c >= 0x80)) continue;
  const proto = String.fromCharCode(...target);
  let list = byPrototype.get(proto);
  if (!list) byPrototype.set(proto, (list = []));
  list.push(source);
}

// Script_Extensions of the allowed characters, as full script names ("Latin", "Arabic
// Syriac"); "" for Common and Inherited, which go with any script.
const scripts = read('Scripts.txt');
const extensions = read('ScriptExtensions.txt');
const longName = new Map<string, string>();
for (const line of readFileSync(path.join(dir, 'PropertyValueAliases.txt'), 'utf8').split('\n')) {
  const f = line.split('#')[0]!.split(';').map((x) => x.trim());
  if (f[0] === 'sc' && f.length >= 3) longName.set(f[1]!, f[2]!);
}
const scriptOf = new Map<number, string>();
for (const e of scripts.entries) for (let c = e.first; c <= e.last; c++) scriptOf.set(c, e.fields[0]!);
for (const e of extensions.entries) {
  const names = e.fields[0]!.split(/\s+/).map((short) => longName.get(short) ?? short).sort();
  for (let c = e.first; c <= e.last; c++) scriptOf.set(c, names.join(' '));
}
const scriptSets: string[] = [];
const scriptRuns: [number, number, number][] = [];
for (const [first, last] of allowed) {
  for (let c = first; c <= last; c++) {
    let value = scriptOf.get(c) ?? 'Unknown';
    if (value === 'Common' || value === 'Inherited') value = '';
    let index = scriptSets.indexOf(value);
    if (index < 0) index = scriptSets.push(value) - 1;
    const top = scriptRuns[scriptRuns.length - 1];
    if (top && top[1] + 1 === c && top[2] === index) top[1] = c;
    else scriptRuns.push([c, c, index]);
  }
}
const encodeRuns = (runs: [number, number, number][]): string => {
  const out: string[] = [];
  let prev = 0;
  for (const [first, last, index] of runs) {
    out.push((first - prev).toString(36), (last - first + 1).toString(36), index.toString(36));
    prev = last + 1;
  }
  return out.join(' ');
};

const lines = [
  '// Generated by src/link/data/generate.ts from Unicode\'s UTS #39 data files; do not edit.',
  '// Unicode data: Copyright (c) Unicode, Inc., under the Unicode License v3 (LICENSE-Unicode.txt).',
  `// ${status.header} (sha256 ${status.sha256})`,
  `// ${type.header} (sha256 ${type.sha256})`,
  `// ${confusables.header} (sha256 ${confusables.sha256})`,
  `// ${scripts.header} (sha256 ${scripts.sha256})`,
  `// ${extensions.header} (sha256 ${extensions.sha256})`,
  '// Ranges are base-36 numbers in pairs: the gap from the end of the previous range, and the length.',
  '',
  '/** Identifier_Status=Allowed. */',
  `export const ALLOWED = '${encodeRanges(allowed)}';`,
  '',
  '/** Identifier_Type of the characters that are not allowed, by type (several types with spaces between). */',
  'export const TYPES: Readonly<Record<string, string>> = {',
  ...typeNames.map((name) => `  '${name}': '${encodeRanges(merge(byType.get(name)!))}',`),
  '};',
  '',
  '/** Script_Extensions of the allowed characters: the sets ("" for Common and Inherited), then runs of',
  ' * three base-36 numbers: the gap from the end of the previous run, the length, the index of the set. */',
  `export const SCRIPT_SETS: readonly string[] = ${JSON.stringify(scriptSets)};`,
  `export const ALLOWED_SCRIPTS = '${encodeRuns(scriptRuns)}';`,
  '',
  '/** confusables.txt: the non-ASCII characters whose prototype is ASCII, by prototype. */',
  'export const ASCII_CONFUSABLES: Readonly<Record<string, string>> = {',
  ...[...byPrototype]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([proto, sources]) => `  ${JSON.stringify(proto)}: '${encodeRanges(merge(sources.map((s) => [s, s])))}',`),
  '};',
  '',
];
process.stdout.write(lines.join('\n'));
console.error(`allowed ranges ${allowed.length}; types ${typeNames.length}; prototypes ${byPrototype.size}; allowed check U+0131 ${isAllowed(0x131)}`);
