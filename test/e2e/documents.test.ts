// HTML documents as a reader sees them: rendered, with their links, their
// table of contents jumping to sections, the base from the parsed tree only,
// and a legacy encoding decoded.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { Session, colsFor, lwlCommand, root } from './session.ts';

// The copy beside the tests (test/data/README.md says where it comes from).
const spec = 'test/data/url-standard-2016-partial.html';

describe('HTML', () => {
  it("renders the URL Standard's HTML, and its table of contents jumps to the sections", async () => {
    // -j4: a match on the fourth row, below the contents' lines before it.
    const s = Session.lwl(['-j4', spec], { cwd: root, cols: colsFor([`: file://${root}/${spec}#hosts-(domains-and-ip-addresses)`], 120) });
    await s.waitForText('Table of Contents');
    expect(s.screen()).not.toContain('<h2');
    // The contents' entries read their own section numbers once (span.secno): no generated "1." before them.
    await s.keys('/', 'Percent-encoded bytes', '\r');
    const rows = s.rows().map((r) => r.trimEnd());
    const at = rows.indexOf('  1.2 Percent-encoded bytes');
    expect(rows.slice(at - 3, at + 1)).toEqual(['Goals', '1 Infrastructure', '  1.1 Parsers', '  1.2 Percent-encoded bytes']);
    await s.keys('g');
    // The first match is the contents entry for section 3: Tab to its link, then follow it.
    await s.keys('/', 'Hosts (domains', '\r');
    await s.keys('\x1bu');
    for (let i = 0; i < 40 && !s.status().endsWith('#hosts-(domains-and-ip-addresses)'); i++) await s.keys('\t');
    expect(s.status()).toMatch(/#hosts-\(domains-and-ip-addresses\)$/);
    await s.keys('\r');
    expect(s.rows()[0]).toMatch(/Hosts \(domains and IP addresses\)/);
    await s.keys('\x7f');
    expect(s.status()).toMatch(/#hosts-\(domains-and-ip-addresses\)$/);
    await s.keys('=');
    expect(s.status()).toMatch(/\(html\): /);
  });

  it("lists the URL Standard's links with --links, resolved against the file", () => {
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', spec], { cwd: root });
    expect(r.status).toBe(0);
    const lines = r.stdout.toString().trimEnd().split('\n');
    expect(lines).toHaveLength(386);
    expect(lines[0]).toBe('1\t[image: WHATWG]\thttps://whatwg.org/');
    expect(lines[19]).toBe(`20\t3.5 Host equivalence\tfile://${root}/${spec}#host-equivalence`);
    expect(lines.filter((l) => l.includes(`${spec}#`)).length).toBeGreaterThan(300);
  });

  it('takes the base from the first <base href> of the tree: none in a comment, script, template or textarea', async () => {
    const s = Session.lwl(['samples/base-tricks.html']);
    await s.waitForText('a relative link');
    // The textarea, a form field, is the first link; the relative link the second.
    await s.keys('n', 'n');
    expect(s.status()).toBe(': https://real.example/docs/page.html');
  });

  it('decodes a windows-1252 page as its meta says', async () => {
    const s = Session.lwl(['samples/windows-1252.html']);
    await s.waitForText('Café crème');
    expect(s.screen()).toContain('“Smart quotes” and … an ellipsis; menú.');
  });
});
