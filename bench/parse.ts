// Parsing benchmark: how fast MarkupReader turns raw bytes into a Document, on three
// deterministic inputs generated in memory, fed in 8 MiB chunks as src/load.ts reads a
// file. For comparison, on the same data: Buffer.indexOf scanning for one byte (memchr)
// and buffer.isUtf8 (simdutf), two of the fastest passes Node offers over a buffer.
// Run: npx tsx bench/parse.ts [--runs N] [--scale F]   (F scales the input sizes)

import { isUtf8 } from 'node:buffer';
import { Document } from '../src/document/document.ts';
import { MarkupReader } from '../src/document/readers/markup.ts';
import { scanner } from '../src/document/scan.ts';
import { prng as rng } from '../test/random.ts';

const MB = 1024 * 1024;
const CHUNK = 8 * MB; // as src/load.ts

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('--runs', 3);
const SCALE = arg('--scale', 1);

/** Fills `size` bytes from a word list: lines of ~72 bytes, paragraphs, and a link every `linkEvery` bytes or so. */
function prose(size: number, seed: number, words: string[], linkEvery: number, sentenceEnd: string): Buffer {
  const r = rng(seed);
  const enc = words.map((w) => Buffer.from(w));
  const paths = ['docs', 'guide', 'index.html', 'wiki/Foo_(bar)', 'api/v2', 'blog/2024/notes', 'faq#top', 'a?b=c&d=e'];
  const hosts = ['https://example.com/', 'https://en.wikipedia.org/', 'http://www.example.org/', '../', ''];
  const out = Buffer.allocUnsafe(size);
  let n = 0;
  let line = 0;
  let nextLink = Math.floor(r() * linkEvery * 2);
  const put = (b: Buffer) => {
    const k = Math.min(b.length, size - n);
    b.copy(out, n, 0, k);
    n += k;
    line += k;
  };
  let sentence = 0;
  while (n < size) {
    if (n >= nextLink) {
      nextLink = n + Math.floor(linkEvery / 2 + r() * linkEvery);
      let link = '[';
      const k = 1 + Math.floor(r() * 3);
      for (let j = 0; j < k; j++) link += (j ? ' ' : '') + words[Math.floor(r() * words.length)];
      link += '](' + hosts[Math.floor(r() * hosts.length)] + paths[Math.floor(r() * paths.length)] + ')';
      put(Buffer.from(link));
    } else {
      put(enc[Math.floor(r() * enc.length)]);
    }
    if (n >= size) break;
    if (++sentence > 8 + r() * 10) {
      sentence = 0;
      put(Buffer.from(sentenceEnd));
    }
    if (n >= size) break;
    if (line >= 72) {
      out[n++] = 0x0a;
      line = 0;
      if (r() < 0.1 && n < size) out[n++] = 0x0a;
    } else {
      out[n++] = 0x20;
      line++;
    }
  }
  return out;
}

const ENGLISH = ('the of and to a in that is was he for it with as his on be at by I this had not are but from or ' +
  'have an they which one you were her all she there would their we him been has when who will more no if out so ' +
  'said what up its about into than them can only other new some could time these two may then do first any my now ' +
  'such like our over man me even most made after also did many before must through back years where much your way ' +
  'well down should because each just those people how too little state good very make world still own see men work ' +
  'long get here between both life being under never day same another know while last might us great old year off ' +
  'come since against go came right used take three "quoted," (aside) well-known—dashed café naïve 100% $5 e.g. #1')
  .split(' ');

// Hangul syllables: common ones, so the text looks like Korean to the byte histogram (3 bytes each).
const HANGUL = '이 그 저 것 수 등 들 및 에서 으로 하는 있다 없다 한국 사람 시간 문제 사회 경제 정부 세계 생각 지금 우리 대한 때문 경우 ' +
  '다음 가장 자신 이번 오늘 학교 회사 국가 지역 발전 관계 중요 정보 기술 문화 역사 환경 교육 연구 결과 방법 과정 내용 부분';

/** A document that drops its links: the difference shows what storing them costs (hrefs as strings, spans). */
class LinksDropped extends Document {
  addLink(): void {}
}

const inputs: Array<{ name: string; data: Buffer; makeDoc?: (name: string) => Document }> = [];
const t0 = performance.now();
const english = prose(Math.round(256 * MB * SCALE), 1, ENGLISH, 300, '.');
inputs.push({ name: 'English + links', data: english });
inputs.push({ name: 'Korean', data: prose(Math.round(64 * MB * SCALE), 2, HANGUL.split(' '), 1000, '.') });
{
  const size = Math.round(16 * MB * SCALE);
  const data = Buffer.allocUnsafe(size);
  const r = rng(3);
  for (let i = 0; i < size; i++) data[i] = (r() * 256) | 0;
  inputs.push({ name: 'random bytes', data });
}
inputs.push({ name: ' links dropped', data: english, makeDoc: (name) => new LinksDropped(name) });
console.log(`generated ${inputs.slice(0, 3).map((i) => `${i.name} ${(i.data.length / MB).toFixed(0)} MB`).join(', ')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`scanner: ${scanner}, ${RUNS} runs, best shown\n`);

function best(run: () => void): number {
  let t = Infinity;
  for (let k = 0; k < RUNS; k++) {
    const start = performance.now();
    run();
    t = Math.min(t, performance.now() - start);
  }
  return t;
}

const rate = (bytes: number, ms: number) => `${((bytes / MB / ms) * 1000).toFixed(0).padStart(6)} MB/s`;

console.log(
  `${'input'.padEnd(16)} ${'writeOwned'.padStart(13)} ${'write'.padStart(13)} ${'indexOf(0)'.padStart(13)} ${'isUtf8'.padStart(13)}   links, token runs`,
);
for (const { name, data, makeDoc = (name: string) => new Document(name) } of inputs) {
  // writeOwned parses in place, so each run gets fresh copies of the chunks (made outside
  // the timing, in buffers touched once before, as a loader reusing nothing would have them).
  const chunks: Buffer[] = [];
  for (let i = 0; i < data.length; i += CHUNK) chunks.push(Buffer.allocUnsafeSlow(Math.min(CHUNK, data.length - i)));
  let owned = Infinity;
  let summary = '';
  for (let k = 0; k < RUNS; k++) {
    chunks.forEach((chunk, n) => data.copy(chunk, 0, n * CHUNK));
    const doc = makeDoc(name);
    const start = performance.now();
    const parser = new MarkupReader(doc);
    for (const chunk of chunks) parser.writeOwned(chunk);
    parser.end();
    owned = Math.min(owned, performance.now() - start);
    summary = `${doc.links.count}, ${doc.tokens.within(0, doc.text.length).length}  (text ${(doc.text.length / MB).toFixed(0)} MB)`;
  }
  const copying = best(() => {
    const parser = new MarkupReader(makeDoc(name));
    for (let i = 0; i < data.length; i += CHUNK) parser.write(data.subarray(i, i + CHUNK));
    parser.end();
  });
  const indexOf = best(() => {
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.subarray(i, i + CHUNK);
      for (let at = chunk.indexOf(0); at >= 0; at = chunk.indexOf(0, at + 1));
    }
  });
  const utf8 = best(() => {
    for (let i = 0; i < data.length; i += CHUNK) isUtf8(data.subarray(i, i + CHUNK));
  });
  console.log(
    `${name.padEnd(16)} ${rate(data.length, owned)} ${rate(data.length, copying)} ${rate(data.length, indexOf)} ${rate(data.length, utf8)}   ${summary}`,
  );
}
console.log(`
writeOwned: chunks given up to the parser, which writes the display text over them.
" links dropped": the English input again, into a Document whose addLink does nothing.
write: chunks the caller keeps; the text goes to new memory (first use of memory is slow on some VMs).
indexOf(0): Buffer.indexOf finding every NUL byte; isUtf8: node:buffer's validation.`);
