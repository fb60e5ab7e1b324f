// Real READMEs (samples/readmes/, vendored with their licences) read as Markdown
// in the pty: badges as linked images, reference links, raw HTML, autolinks,
// heading anchors, code kept as written; touching links told apart; the HTML
// title in `=`.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Session, colsFor, lwlCommand, root } from './session.ts';

const obug = 'samples/readmes/obug-README.md';
const addon = 'samples/readmes/node-addon-api-README.md';
const tools = 'samples/readmes/node-addon-api-tools-README.md';

function links(file: string): string[] {
  const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file], { cwd: root });
  expect(r.status).toBe(0);
  return r.stdout.toString().trimEnd().split('\n');
}

describe('a README with every link form', () => {
  it('shows badges as linked images, each one link to its target, not to the image', async () => {
    const s = Session.lwl([obug]);
    await s.waitForText('[image: npm version]');
    // `[![npm version][npm-version-src]][npm-version-href]`, with its definitions at the end of the file.
    expect(s.rows()[0]).toBe('obug');
    expect(s.screen()).not.toContain('][');
    expect(s.screen()).not.toContain('![');
    await s.keys('n');
    expect(s.status()).toBe(': https://npmjs.com/package/obug');
    await s.keys('n');
    expect(s.status()).toBe(': https://www.npmcharts.com/compare/obug?interval=30');
    // The image's text is in its own style: italic, in the link's colour.
    const row = s.rows().findIndex((r) => r.includes('[image: JSR]'));
    const col = s.column(row, '[image: JSR]');
    expect(s.cell(row, col).isItalic()).toBeTruthy();
    expect(s.cell(row, col).getFgColor()).toBe(4);
  });

  it("draws a block quote's bar on every row of the quote, the rows a long line wraps to too", async () => {
    const s = Session.lwl([obug]);
    await s.waitForText('package size.');
    const rows = s.rows();
    const first = rows.indexOf('│ Note');
    const last = rows.findIndex((r) => r.includes('package size.'));
    expect(first).toBeGreaterThan(0);
    expect(last - first).toBeGreaterThan(4); // a title, two paragraphs of two rows or more each
    for (let r = first; r <= last; r++) {
      expect(rows[r].startsWith('│')).toBe(true);
      // Each bar in the quote's style, as the first row's.
      expect(s.cell(r, 0).isItalic()).toBe(s.cell(first, 0).isItalic());
      expect(s.cell(r, 0).getFgColor()).toBe(s.cell(first, 0).getFgColor());
    }
    expect(rows).toContain('│ older browsers and Node.js, making it a drop-in replacement.');
    expect(rows[last + 1]).toBe('');
  });

  it('lists every link: reference links, raw <a href> around an <img>, autolinks, relative files', () => {
    const found = links(obug);
    expect(found).toHaveLength(14);
    expect(found[3]).toBe('4\t[image: Unit Test]\thttps://github.com/sxzz/obug/actions/workflows/unit-test.yml');
    expect(found[4]).toBe('5\tdebug\thttps://www.npmjs.com/package/debug');
    expect(found[8]).toBe('9\t[image]\thttps://cdn.jsdelivr.net/gh/sxzz/sponsors/sponsors.svg'); // <a href><img src></a>: one link
    expect(found[9]).toBe(`10\tMIT\tfile://${root}/samples/readmes/LICENSE`);
    expect(found[12]).toBe('13\ttj@vision-media.ca\tmailto:tj@vision-media.ca'); // an autolink <tj@vision-media.ca>
    expect(links(addon)).toHaveLength(115);
  });

  it('follows a table-of-contents link to its <a name> and comes back', async () => {
    const target = `: file://${root}/${addon}#setup`;
    // -j-1: the match on the last row, the contents above it on screen.
    const s = Session.lwl(['-j-1', addon], { cols: colsFor([target], 100) });
    await s.waitForText('node-addon-api module');
    await s.keys('/', 'API Documentation', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of'), 'the search');
    for (let i = 0; i < 20 && !s.status().endsWith('#setup'); i++) await s.keys('\t');
    expect(s.status()).toBe(target);
    await s.keys('\r');
    // `<a name="setup"></a>` stands before the paragraph above the "Setup" heading: the first target of the name.
    expect(s.rows()[0]).toMatch(/^node-addon-api is based on Node-API and supports/);
    expect(s.rows()).toContain('• Installation and usage');
    await s.keys('\x7f');
    expect(s.status()).toBe(target);
  });

  it('keeps a code block and inline code exactly as written', async () => {
    // -j-1: the match on the last row, and the code 10 lines on comes on screen from below.
    const s = Session.lwl(['-j-1', tools], { cols: 120 });
    await s.waitForText('Migration Script');
    await s.keys('/', 'Major Reconstructions', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of'), 'the search');
    await s.keys('1', '0', 'j');
    await s.waitForText('[ClassName](const Napi::CallbackInfo& info);');
    const row = s.rows().indexOf('[ClassName](const Napi::CallbackInfo& info);');
    expect(row).toBeGreaterThan(0);
    expect(s.cell(row, 0).getFgColor()).toBe(6); // code, not a link
    await s.keys('/', 'info) : Napi', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of'), 'the search');
    expect(s.rows()).toContain('[ClassName]::[ClassName](const Napi::CallbackInfo& info) : Napi::ObjectWrap<[ClassName]>(info){');
    expect(links(tools).some((l) => l.includes('ClassName'))).toBe(false);
  });

  it('shows the raw Markdown with \\ and the rendered text again', async () => {
    const s = Session.lwl([obug]);
    await s.waitForText('[image: npm version]');
    await s.keys('\\');
    await s.waitForText('[![npm version][npm-version-src]][npm-version-href]');
    await s.keys('\\');
    await s.waitForText('[image: npm version]');
  });

  it('K reads it as plain text, and K again as Markdown', async () => {
    const s = Session.lwl([obug]);
    await s.waitForText('[image: npm version]');
    await s.keys('K');
    await s.waitForText('[![npm version][npm-version-src]][npm-version-href]');
    expect(s.status()).toContain('read as plain');
    await s.keys('K');
    await s.waitForText('[image: npm version]');
    expect(s.status()).toContain('read as markdown');
  });
});

describe('heading anchors', () => {
  it("jumps to a heading by GitHub's slug", async () => {
    const target = `: file://${root}/samples/tour.md#try-it-here`;
    const s = Session.lwl(['samples/tour.md'], { cols: colsFor([target]) });
    await s.waitForText('Welcome');
    await s.keys('/', 'Headings are places', '\r');
    await s.waitFor((x) => x.status().startsWith('match 1 of'), 'the search');
    for (let i = 0; i < 20 && !s.status().endsWith('#try-it-here'); i++) await s.keys('\t');
    expect(s.status()).toBe(target);
    await s.keys('\r');
    expect(s.rows()[0]).toBe('Try it here');
  });
});

describe('two links that touch', () => {
  it('draws the second of each touching pair underlined in colour, bold without colour', async () => {
    for (const env of [{}, { NO_COLOR: '1' }] as Array<Record<string, string>>) {
      const s = Session.lwl(['samples/tour.md'], { env });
      await s.waitForText('Welcome');
      await s.keys('/', 'touch,', '\r');
      await s.waitForText('Section 1.11.21.3');
      const row = s.rows().findIndex((r) => r.includes('Section 1.11.21.3'));
      const col = s.column(row, 'Section 1.11.21.3');
      const at = (i: number) => s.cell(row, col + i);
      // "Section " (0-7), "1.1" (8-10), "1.2" (11-13), "1.3" (14-16): four links with nothing between them.
      if (Object.keys(env).length === 0) {
        for (const i of [0, 8, 11, 14]) expect(at(i).getFgColor()).toBe(4);
        expect([0, 8, 11, 14].map((i) => Boolean(at(i).isUnderline()))).toEqual([false, true, false, true]);
      } else {
        for (const i of [0, 8, 11, 14]) expect(at(i).isUnderline()).toBeTruthy();
        expect([0, 8, 11, 14].map((i) => Boolean(at(i).isBold()))).toEqual([false, true, false, true]);
      }
    }
  });
});

describe('HTML title', () => {
  it('says the title with =', async () => {
    const s = Session.lwl(['test/data/url-standard-2016-partial.html'], { cwd: root });
    await s.waitForText('Table of Contents');
    await s.keys('=');
    expect(s.status()).toMatch(/^test\/data\/url-standard-2016-partial\.html "URL Standard" \(html\): /);
  });
});
