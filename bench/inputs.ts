// The benchmark's input files: English-like prose with `[text](href)` links,
// generated from a fixed seed so that every run measures the same bytes.
//
// Generating a gigabyte word by word in JavaScript would take longer than the
// benchmark itself, so a pool of ~1 MiB blocks is generated once and the files
// are assembled from it in a seeded order. Each block opens with a "Part NNNNNN"
// line that is renumbered on every use, so no two blocks of a file are equal.
import fs from 'node:fs';
import path from 'node:path';
import { prng } from '../test/random.ts';

/** The word searched for when a search must find nothing: it never occurs. */
export const MISSING_WORD = 'xyzzy';

export interface InputSpec {
  /** Shown in the report, e.g. "100 MiB". */
  label: string;
  bytes: number;
}

export interface Input extends InputSpec {
  path: string;
  lines: number;
  links: number;
  /** Plain text, no markup: both pagers show it as is, to know the top is on screen. */
  firstLine: string;
  /** Plain text, no markup: to know the bottom is on screen. */
  lastLine: string;
}

const MiB = 1024 * 1024;
export const SIZES: InputSpec[] = [
  { label: '5 MiB', bytes: 5 * MiB },
  { label: '100 MiB', bytes: 100 * MiB },
  { label: '1 GiB', bytes: 1024 * MiB },
];

const SEED = 20240501;
const POOL_BLOCKS = 24;
const BLOCK_BYTES = MiB;
const MIN_LINE = 40;
const MAX_LINE = 100;
/** A link every this many bytes, give or take. */
const LINK_GAP_MIN = 150;
const LINK_GAP_MAX = 450;

// Roughly in order of frequency: a skewed pick below makes the first ones common.
const WORDS = (
  'the of and to a in that is was he for it with as his on be at by had not are but from or have an they ' +
  'which one you were her all she there would their we him been has when who will more no if out so said ' +
  'what up its about into than them can only other new some could time these two may then do first any my ' +
  'now such like our over man me even most made after also did many before must through back years where ' +
  'much your way well down should because each just those people how too little state good very make world ' +
  'still own see men work long get here between both life being under never day same another know while ' +
  'last might us great old year off come since against go came right used take three place himself house ' +
  'river garden letter morning evening window harbour mountain village winter summer story light water ' +
  'stone market church field forest silver iron paper reason question answer number music voice table ' +
  'journey country family history matter system nature spirit power money order public service thought'
).split(' ');

const TOPICS = ['guide', 'notes', 'chapter', 'appendix', 'history', 'maps', 'letters', 'index', 'glossary', 'essays'];

class Prose {
  private sentenceLeft = 0;
  private untilLink: number;

  constructor(private readonly random: () => number) {
    this.untilLink = this.between(LINK_GAP_MIN, LINK_GAP_MAX);
  }

  private between(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  /** Zipf-like: a few words very often, the rest now and then. */
  private word(): string {
    return WORDS[Math.floor(WORDS.length * this.random() ** 2.5)];
  }

  private href(): string {
    const a = this.pick(TOPICS);
    const b = this.word();
    const n = this.between(1, 999);
    switch (this.between(0, 5)) {
      case 0:
        return `${a}/${b}-${n}.html`;
      case 1:
        return `../${a}/${b}.md#part-${n}`;
      case 2:
        return `#${b}-${n}`;
      case 3:
        return `https://example.org/${a}/${b}-${n}.html`;
      case 4:
        return `https://docs.example.com/${a}?page=${n}`;
      default:
        return `http://www.example.net/${b}/${a}/`;
    }
  }

  /** The next word, punctuation included, or (when allowed) a whole link: links are never split across lines. */
  token(allowLink = true): string {
    let token: string;
    if (allowLink && this.untilLink <= 0) {
      const words = Array.from({ length: this.between(1, 3) }, () => this.word()).join(' ');
      token = `[${words}](${this.href()})`;
      this.untilLink = this.between(LINK_GAP_MIN, LINK_GAP_MAX);
    } else {
      token = this.word();
    }
    if (this.sentenceLeft === 0) {
      this.sentenceLeft = this.between(6, 22);
      if (token[0] !== '[') token = token[0].toUpperCase() + token.slice(1);
    }
    this.sentenceLeft--;
    if (this.sentenceLeft === 0) token += '.';
    else if (this.random() < 0.08) token += ',';
    this.untilLink -= token.length + 1;
    return token;
  }

  /** A token that did not fit on the previous line. */
  private pending: string | null = null;

  /** One line of MIN_LINE to MAX_LINE characters. */
  line(start = ''): string {
    const target = this.between(MIN_LINE, MAX_LINE);
    let line = start;
    while (line.length < target) {
      const token = this.pending ?? this.token();
      this.pending = null;
      const next = line === '' ? token : `${line} ${token}`;
      if (next.length <= MAX_LINE) {
        line = next;
        continue;
      }
      // Too long to fit (a long link): it opens the next line; a short line is topped up with words first.
      this.pending = token;
      if (line.length >= MIN_LINE) break;
      line = `${line} ${this.token(false)}`;
    }
    return line;
  }
}

interface Block {
  buf: Buffer;
  links: number;
  lines: number;
}

const PART_PREFIX = 'Part ';
const PART_DIGITS = 6;

function countLinks(buf: Buffer, end = buf.length): number {
  let n = 0;
  for (let i = buf.indexOf('](', 0); i !== -1 && i < end; i = buf.indexOf('](', i + 2)) n++;
  return n;
}

function countLines(buf: Buffer, end = buf.length): number {
  let n = 0;
  for (let i = buf.indexOf(10, 0); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

function makeBlock(prose: Prose): Block {
  // Written line by line into one buffer: an array of a million short strings keeps the GC busy.
  const buf = Buffer.allocUnsafe(BLOCK_BYTES + MAX_LINE + 1);
  let size = 0;
  let lines = 0;
  for (let start = `${PART_PREFIX}${'0'.repeat(PART_DIGITS)}.`; size < BLOCK_BYTES; start = '') {
    size += buf.write(prose.line(start) + '\n', size, 'latin1');
    lines++;
  }
  const block = buf.subarray(0, size);
  if (block.includes(MISSING_WORD)) throw new Error(`generated text contains ${MISSING_WORD}`);
  return { buf: block, links: countLinks(block), lines };
}

let pool: Block[] | null = null;

function blocks(): Block[] {
  if (!pool) {
    const prose = new Prose(prng(SEED));
    pool = Array.from({ length: POOL_BLOCKS }, () => makeBlock(prose));
  }
  return pool;
}

/** Writes the file for `spec` into `dir`: about spec.bytes bytes, whole lines only. */
export function generate(spec: InputSpec, dir: string): Input {
  // .lwl: lwl reads it as its own markup (a .txt file would be plain text, its brackets shown as written; .md is Markdown).
  const file = path.join(dir, `${spec.label.replace(/\s+/g, '')}.lwl`);
  const firstLine = `lwl benchmark text, ${spec.label} of English-like prose with links.`;
  const lastLine = `End of the lwl benchmark text, ${spec.label} of prose with links.`;
  const head = Buffer.from(firstLine + '\n');
  const tail = Buffer.from(lastLine + '\n');
  const random = prng(SEED ^ spec.bytes);
  const pool = blocks();
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let lines = 2;
  let links = 0;
  const put = (buf: Buffer) => {
    fs.writeSync(fd, buf);
    written += buf.length;
  };
  try {
    put(head);
    for (let part = 1; ; part++) {
      const block = pool[Math.floor(random() * pool.length)];
      // Renumber in place: writeSync has copied the bytes out before the next use.
      block.buf.write(String(part % 10 ** PART_DIGITS).padStart(PART_DIGITS, '0'), PART_PREFIX.length, 'latin1');
      const room = spec.bytes - written - tail.length;
      if (block.buf.length <= room) {
        put(block.buf);
        lines += block.lines;
        links += block.links;
        continue;
      }
      // The last, partial block: cut at a line's end.
      const end = block.buf.lastIndexOf(10, room - 1) + 1;
      if (end > 0) {
        put(block.buf.subarray(0, end));
        lines += countLines(block.buf, end);
        links += countLinks(block.buf, end);
      }
      break;
    }
    put(tail);
  } finally {
    fs.closeSync(fd);
  }
  return { ...spec, bytes: written, path: file, lines, links, firstLine, lastLine };
}

/** The coloured log: program output with SGR on most lines, read as plain text (issue 16). */
export const COLOURED: InputSpec = { label: '100 MiB coloured log', bytes: 100 * MiB };

const ESC = '\x1b';
const LEVELS = [`${ESC}[32mINFO${ESC}[m `, `${ESC}[1;33mWARN${ESC}[m `, `${ESC}[1;31mERROR${ESC}[m`, `${ESC}[2mDEBUG${ESC}[m`];
const MODULES = ['load', 'scan', 'draw', 'wrap', 'fetch', 'search', 'keys', 'term'];

/** A pool block made a log: each line gets a dim time, a coloured level and module; one in four lines colours a word in 256 colours too. */
function colouredBlock(block: Block, random: () => number): Block {
  const lines = block.buf.toString('latin1').split('\n');
  let second = 0;
  const out = lines.map((line, i) => {
    if (line === '' && i === lines.length - 1) return line;
    second++;
    const time = `${ESC}[2m12:${String(Math.floor(second / 60) % 60).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}${ESC}[m`;
    const level = LEVELS[Math.floor(random() ** 3 * LEVELS.length)];
    const module = `${ESC}[36m${MODULES[Math.floor(random() * MODULES.length)]}${ESC}[m`;
    const text = random() < 0.25 ? line.replace(/ (\w+) /, ` ${ESC}[38;5;${16 + Math.floor(random() * 200)}m$1${ESC}[39m `) : line;
    // One line in ten is plain: not every line of a real log is coloured.
    return random() < 0.1 ? line : `${time} ${level} ${module}: ${text}`;
  });
  const buf = Buffer.from(out.join('\n'), 'latin1');
  return { buf, links: 0, lines: block.lines };
}

let colouredPool: Block[] | null = null;

/** Writes the coloured log for `spec` into `dir`. */
export function generateColoured(spec: InputSpec, dir: string): Input {
  const file = path.join(dir, 'coloured.log');
  const firstLine = `lwl benchmark log, ${spec.label}.`;
  const lastLine = `End of the lwl benchmark log, ${spec.label}.`;
  if (!colouredPool) {
    const random = prng(SEED + 1);
    colouredPool = blocks().map((b) => colouredBlock(b, random));
  }
  const random = prng(SEED ^ spec.bytes ^ 1);
  const fd = fs.openSync(file, 'w');
  let written = 0;
  let lines = 2;
  const put = (buf: Buffer) => {
    fs.writeSync(fd, buf);
    written += buf.length;
  };
  try {
    put(Buffer.from(firstLine + '\n'));
    const tail = Buffer.from(lastLine + '\n');
    for (;;) {
      const block = colouredPool[Math.floor(random() * colouredPool.length)];
      const room = spec.bytes - written - tail.length;
      const end = block.buf.length <= room ? block.buf.length : block.buf.lastIndexOf(10, room - 1) + 1;
      if (end > 0) {
        put(block.buf.subarray(0, end));
        lines += countLines(block.buf, end);
      }
      if (end < block.buf.length) break;
    }
    put(tail);
  } finally {
    fs.closeSync(fd);
  }
  return { ...spec, bytes: written, path: file, lines, links: 0, firstLine, lastLine };
}
