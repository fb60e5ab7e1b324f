// Link safety as a reader sees it, in a real pty: for each spoofing URL, the status line
// (after n selects the link) and the v preview at 80 and 40 columns; `--links` keeps the
// serialized URL; bro's (No href) placeholder; v on a fragment link.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lwlCommand, Session } from './session.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-linksafety-'));
let files = 0;

/** A markdown file holding `markup`, for lwl to open. */
function doc(markup: string): string {
  const file = path.join(dir, `doc${++files}.lwl`);
  fs.writeFileSync(file, markup);
  return file;
}

/** The preview's rows joined into its lines (a wrapped line goes on after two spaces). */
function previewLines(rows: string[]): string[] {
  const lines: string[] = [];
  for (const row of rows.slice(0, -1)) {
    if (row === '') continue;
    if (row.startsWith('  ') && lines.length > 0) lines[lines.length - 1] += row.slice(2);
    else lines.push(row);
  }
  return lines;
}

/** Spaces aside: a wrapped row loses the space it ended with. */
const squeeze = (s: string) => s.replace(/ /g, '');

interface Spoof {
  name: string;
  href: string;
  /** The status line at 80 and at 40 columns. */
  status80: string;
  status40: string;
  host: string;
  /** The preview's warning, from "because". */
  because: string;
}

const spoofs: Spoof[] = [
  {
    name: 'U+2044 FRACTION SLASH',
    href: 'https://bank.com\u2044login.evil.example/',
    status80: ': https://bank.xn--comlogin-g03d.evil.example/',
    status40: ': bank.xn--comlogin-g03d.evil.example…',
    host: 'bank.xn--comlogin-g03d.evil.example',
    because: 'it holds U+2044 ⁄, a symbol or punctuation mark, not a letter or digit, which names do not use (UTS #39: Not_XID); it looks like "/"',
  },
  {
    name: 'U+2215 DIVISION SLASH',
    href: 'https://bank.com\u2215login.evil.example/',
    status80: ': https://bank.xn--comlogin-0f7d.evil.example/',
    status40: ': bank.xn--comlogin-0f7d.evil.example…',
    host: 'bank.xn--comlogin-0f7d.evil.example',
    because: 'it holds U+2215 ∕, a symbol or punctuation mark, not a letter or digit, which names do not use (UTS #39: Not_XID); it looks like "/"',
  },
  {
    name: 'U+29F8 BIG SOLIDUS',
    href: 'https://bank.com\u29f8login.evil.example/',
    status80: ': https://bank.xn--comlogin-681f.evil.example/',
    status40: ': bank.xn--comlogin-681f.evil.example…',
    host: 'bank.xn--comlogin-681f.evil.example',
    because: 'it holds U+29F8 ⧸, a symbol or punctuation mark, not a letter or digit, which names do not use (UTS #39: Not_XID); it looks like "/"',
  },
  {
    name: 'U+A789 MODIFIER LETTER COLON',
    href: 'https://bank.com\ua789login.evil.example/',
    status80: ': https://bank.xn--comlogin-1f82a.evil.example/',
    status40: ': bank.xn--comlogin-1f82a.evil.example…',
    host: 'bank.xn--comlogin-1f82a.evil.example',
    because: 'it holds U+A789 ꞉, a symbol or punctuation mark, not a letter or digit, which names do not use (UTS #39: Not_XID); it looks like ":"',
  },
  {
    name: 'all-Armenian օօօ.com',
    href: 'https://օօօ.com/login',
    status80: ': https://xn--zbbaa.com/login',
    status40: ': https://xn--zbbaa.com/login',
    host: 'xn--zbbaa.com',
    because: 'the label "օօօ" reads as the ASCII name "ooo": its letters are Armenian ones that look Latin',
  },
  {
    name: 'all-Cyrillic аррӏе.com',
    href: 'https://аррӏе.com/',
    status80: ': https://xn--80ak6aa92e.com/',
    status40: ': https://xn--80ak6aa92e.com/',
    host: 'xn--80ak6aa92e.com',
    because: 'the label "аррӏе" reads as the ASCII name "apple": its letters are Cyrillic ones that look Latin',
  },
  {
    name: 'mixed scripts аpple.com',
    href: 'https://аpple.com/',
    status80: ': https://xn--pple-43d.com/',
    status40: ': https://xn--pple-43d.com/',
    host: 'xn--pple-43d.com',
    because: 'the label "аpple" mixes Cyrillic and Latin letters (U+0430 а is Cyrillic)',
  },
  {
    name: 'Latin look-alike ɡoogle.com (U+0261)',
    href: 'https://ɡoogle.com/search?q=lwl',
    status80: ': https://xn--oogle-qmc.com/search?q=lwl',
    status40: ': https://xn--oogle-qmc.com/search?q=lwl',
    host: 'xn--oogle-qmc.com',
    because: 'it holds U+0261 ɡ, a technical character, not used to write words, which names do not use (UTS #39: Technical); it looks like "g"',
  },
  {
    name: 'Latin look-alike ınstagram.com (U+0131)',
    href: 'https://ınstagram.com/accounts/login/',
    status80: ': https://xn--nstagram-skb.com/accounts/login/',
    status40: ': https://xn--nstagram-skb.com/accounts…',
    host: 'xn--nstagram-skb.com',
    because: 'the label "ınstagram" reads as the ASCII name "instagram": U+0131 ı looks like "i"',
  },
];

describe.each([80, 40])('spoofing hosts at %i columns', (cols) => {
  it.each(spoofs)('$name: punycode on the status line, and v says why', async (spoof) => {
    const s = Session.lwl([doc(`Please [log in](${spoof.href}) now.\n`)], { cols });
    await s.waitForText('log in');
    await s.press('n');
    const status = cols === 80 ? spoof.status80 : spoof.status40;
    await s.waitFor((x) => x.status() === status, JSON.stringify(status));
    await s.keys('v');
    await s.waitForText('Host:');
    const lines = previewLines(s.rows());
    expect(lines).toContain(`Host:      ${spoof.host}`);
    const warning = lines.find((l) => l.startsWith('Warning:'));
    expect(squeeze(warning ?? '')).toContain(squeeze(`the host is shown in punycode because ${spoof.because}`));
    // The Unicode look-alike host is never what the status line or the Host line shows.
    expect(s.status()).toBe('press any key to close the preview');
  });
});

describe('hosts stay visible at narrow widths', () => {
  it.each([
    ['https://bank.com.attacker.github.io/login', 24, ': …attacker.github.io…'],
    ['sftp://login.bank.com.evil.example/home', 20, ': …com.evil.example…'],
    ['blob:https://login.bank.com.evil.example/0b7a-4c3e', 20, ': …com.evil.example…'],
    ['blob:https://login.bank.com.evil.example/0b7a-4c3e', 40, ': login.bank.com.evil.example…'],
  ])('%s at %i columns', async (href, cols, status) => {
    const s = Session.lwl([doc(`[x](${href})\n`)], { cols });
    await s.waitForText('[x]');
    await s.press('n');
    await s.waitFor((x) => x.status() === status, JSON.stringify(status));
  });
});

describe('only the eye gets the rendering', () => {
  it('--links prints the serialized URL, with punycode hosts', () => {
    const file = doc(spoofs.map((sp, i) => `[link ${i}](${sp.href})`).join('\n') + '\n');
    const out = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(out).toEqual([
      '1\tlink 0\thttps://bank.xn--comlogin-g03d.evil.example/',
      '2\tlink 1\thttps://bank.xn--comlogin-0f7d.evil.example/',
      '3\tlink 2\thttps://bank.xn--comlogin-681f.evil.example/',
      '4\tlink 3\thttps://bank.xn--comlogin-1f82a.evil.example/',
      '5\tlink 4\thttps://xn--zbbaa.com/login',
      '6\tlink 5\thttps://xn--80ak6aa92e.com/',
      '7\tlink 6\thttps://xn--pple-43d.com/',
      '8\tlink 7\thttps://xn--oogle-qmc.com/search?q=lwl',
      '9\tlink 8\thttps://xn--nstagram-skb.com/accounts/login/',
    ]);
  });

  it('a name that cannot mislead is shown in Unicode, and --links keeps it in punycode', async () => {
    const file = doc('[Stadt](https://münchen.de/rathaus)\n');
    const s = Session.lwl([file]);
    await s.waitForText('Stadt');
    await s.press('n');
    await s.waitFor((x) => x.status() === ': https://münchen.de/rathaus', 'münchen.de in Unicode');
    const out = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', file], { encoding: 'utf8' }).stdout;
    expect(out).toBe('1\tStadt\thttps://xn--mnchen-3ya.de/rathaus\n');
  });
});

describe("bro's (No href) and fragment links", () => {
  it('(No href) is plain text: not drawn as a link, and n passes it by', async () => {
    const s = Session.lwl([doc('See [RFC 2119](No href) for the words, and [a page](https://example.org/).\n')]);
    await s.waitForText('RFC 2119');
    expect(s.rows()[0]).toBe('See [RFC 2119] for the words, and [a page].');
    expect(s.cell(0, 5).getFgColor()).not.toBe(4);
    await s.keys('n');
    expect(s.status()).toBe(': https://example.org/');
    await s.keys('n');
    expect(s.status()).toBe('No more');
  });

  it('v on a fragment link says whether and where this document defines it', async () => {
    const s = Session.lwl([doc('# Title\n\nSee [the intro](#introduction) or [this](#nowhere).\n\n## Introduction\n\nText.\n')]);
    await s.waitForText('the intro');
    await s.keys('n', 'v');
    await s.waitForText('Place:');
    expect(previewLines(s.rows())).toContain('Place:     #introduction is defined in this document at line 5: ## Introduction');
    await s.keys('q', 'n', 'v');
    await s.waitForText('Place:');
    expect(previewLines(s.rows())).toContain('Place:     #nowhere is not defined in this document');
  });
});
