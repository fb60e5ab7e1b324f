// Enter on a link runs the browser command: the four shapes of BROWSER with
// hostile links run nothing, the link arrives as one argument (intact, or
// percent-encoded inside a nested command), and $LINK holds it too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session } from './session.ts';
import { shellSafeUrl } from '../../src/commands.ts';

const hostile = ['x:;touch${IFS}$PWD/pwn;', 'x:";touch${IFS}$PWD/pwn;"', 'x:$(touch${IFS}$PWD/pwn)`touch${IFS}$PWD/pwn`'];

/** A folder with the document, and `rec`, which writes its arguments and $LINK, NUL-separated. */
function setUp(href: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-browser-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.writeFileSync(path.join(dir, 'bin', 'rec'), '#!/bin/sh\n{ for a; do printf "%s\\0" "$a"; done; printf "LINK=%s\\0" "$LINK"; } > "$PWD/args.tmp"; mv "$PWD/args.tmp" "$PWD/args"\n', {
    mode: 0o755,
  });
  fs.writeFileSync(path.join(dir, 'doc.lwl'), `[i](${href})\n`);
  return dir;
}

async function follow(dir: string, browser: string): Promise<string[]> {
  const s = Session.lwl(['doc.lwl'], { cwd: dir, env: { BROWSER: browser, PATH: `${dir}/bin:${process.env.PATH}` } });
  await s.waitForText('[i]');
  await s.keys('n', '\r');
  const file = path.join(dir, 'args');
  await s.waitFor(() => fs.existsSync(file), 'rec to run');
  await s.waitForText('[done]');
  await s.keys('q');
  await s.waitFor((x) => x.onAlternateScreen, 'the document again');
  await s.keys('q');
  await s.waitExit();
  return fs.readFileSync(file, 'utf8').split('\0').slice(0, -1);
}

describe('the browser command with a hostile link', () => {
  for (const href of hostile) {
    for (const browser of ['rec %s', "rec '%s'", 'rec "%s"']) {
      it(`BROWSER=${browser} gets ${href} as one argument, intact`, async () => {
        const dir = setUp(href);
        expect(await follow(dir, browser)).toEqual([href, `LINK=${href}`]);
        expect(fs.readdirSync(dir).sort()).toEqual(['args', 'bin', 'doc.lwl']);
      });
    }

    it(`BROWSER=sh -c "rec %s" gets ${href} with nothing a shell acts on`, async () => {
      const dir = setUp(href);
      const args = await follow(dir, 'sh -c "rec %s"');
      expect(args).toEqual([shellSafeUrl(href), `LINK=${href}`]);
      expect(args[0]).toMatch(/^[A-Za-z0-9%:/._-]+$/);
      expect(fs.readdirSync(dir).sort()).toEqual(['args', 'bin', 'doc.lwl']);
    });
  }

  it('tries a colon-separated BROWSER entry by entry, and reads %% as %', async () => {
    const dir = setUp('https://example.org/?a=1&b=2');
    expect(await follow(dir, 'no-such-browser %s:rec 100%% %s:rec never')).toEqual(['100%', 'https://example.org/?a=1&b=2', 'LINK=https://example.org/?a=1&b=2']);
  });
});
