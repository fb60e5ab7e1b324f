// Highlighted code on the screen: fenced Markdown code and HTML <pre><code
// class="language-x"> in the theme's colours for keywords, strings and
// comments (red, cyan, grey as GitHub's), an unknown language in the code
// colour, none with NO_COLOR; the text as written, and a search in it lands.
// And Markdown from a pipe or gzip shows its first screen while the writer is
// still open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Session, fg, lwlShell, root } from './session.ts';

const fixture = path.join(root, 'test/e2e/fixtures/highlight.md');
const RED = 1;
const CYAN = 6;
const GREY = 8;

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-highlight-'));
});
afterEach(() => {
  // A writer left open, named by the pid it wrote.
  const pidFile = path.join(dir, 'writer.pid');
  if (fs.existsSync(pidFile)) {
    try {
      process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

async function opened(file: string, env: Record<string, string> = {}): Promise<Session> {
  const s = Session.lwl([file], { env });
  await s.waitForText('The end.');
  return s;
}

describe('highlighted code', () => {
  it('keywords, strings and comments in the theme colours; an unknown language in the code colour; the text as written', async () => {
    const s = await opened(fixture);
    for (const line of ['const greeting = "hello"; // says hello', 'def shout(word):', '    return word.upper()  # louder', 'const plain = "as is"; // no colours']) {
      expect(s.rows()).toContain(line);
    }
    expect(fg(s.cellOf('const greeting'))).toBe(RED);
    expect(fg(s.cellOf('greeting'))).toBe(-1); // plain code: the terminal's own colour, as GitHub's
    expect(fg(s.cellOf('"hello"'))).toBe(CYAN);
    expect(fg(s.cellOf('// says'))).toBe(GREY);
    expect(fg(s.cellOf('def shout'))).toBe(RED);
    expect(fg(s.cellOf('return word'))).toBe(RED);
    expect(fg(s.cellOf('# louder'))).toBe(GREY);
    for (const part of ['const plain', '"as is"', '// no colours']) expect(fg(s.cellOf(part))).toBe(CYAN);
  });

  it('NO_COLOR drops the colours', async () => {
    const s = await opened(fixture, { NO_COLOR: '1' });
    for (const part of ['const greeting', '"hello"', '// says', 'def shout', '# louder', 'const plain']) expect(fg(s.cellOf(part))).toBe(-1);
    expect(s.rows()).toContain('const greeting = "hello"; // says hello');
  });

  it('a config color line sets a role', async () => {
    const config = path.join(dir, 'config', 'lwl');
    fs.mkdirSync(config, { recursive: true });
    fs.writeFileSync(path.join(config, 'config'), 'color keyword fg=yellow\ncolor comment fg=12\n');
    const s = await opened(fixture, { XDG_CONFIG_HOME: path.join(dir, 'config') });
    expect(fg(s.cellOf('const greeting'))).toBe(3);
    expect(fg(s.cellOf('// says'))).toBe(12);
    expect(fg(s.cellOf('"hello"'))).toBe(CYAN);
  });

  it('a search in highlighted code lands on the match', async () => {
    const s = await opened(fixture);
    await s.keys('/', 'upper', '\r');
    const match = s.cellOf('upper');
    expect(match.isInverse()).toBeTruthy();
    expect(s.rows()).toContain('    return word.upper()  # louder');
    await s.keys('/', 'says', '\r');
    expect(s.cellOf('says hello').isInverse()).toBeTruthy();
  });

  it("HTML: <pre><code class=\"language-python\">", async () => {
    const page = path.join(dir, 'page.html');
    fs.writeFileSync(page, '<html><body><pre><code class="language-python">def shout(word):\n    return "loud"  # louder\n</code></pre><p>The end.</p></body></html>\n');
    const s = await opened(page);
    expect(s.rows()).toContain('    return "loud"  # louder');
    expect(fg(s.cellOf('def shout'))).toBe(RED);
    expect(fg(s.cellOf('"loud"'))).toBe(CYAN);
    expect(fg(s.cellOf('# louder'))).toBe(GREY);
  });
});

describe('Markdown from a pipe or gzip', () => {
  /** A README long enough that its start and its end come apart: the heading first, the end far behind. */
  const readme = `# Piped heading\n\nThe first paragraph.\n\n${'A paragraph that goes on and on, and on.\n\n'.repeat(1000)}The end.\n`;

  /** A writer that says its pid, sends `file`, and holds the pipe open. */
  const writer = (file: string) => `echo $BASHPID > ${dir}/writer.pid; cat ${file}; exec sleep 600 </dev/null 2>/dev/null`;
  /** Whether the writer still runs, holding the pipe open. */
  const writerOpen = () => {
    try {
      process.kill(Number(fs.readFileSync(path.join(dir, 'writer.pid'), 'utf8')), 0);
      return true;
    } catch {
      return false;
    }
  };

  it('gzip -c README.md | lwl --kind markdown: the first screen, the writer still open', async () => {
    const half = path.join(dir, 'half.gz');
    // The first part of the compressed stream only: the rest never comes while lwl is watched.
    const gz = zlib.gzipSync(readme);
    fs.writeFileSync(half, gz.subarray(0, gz.length >> 1));
    const s = new Session('/bin/bash', ['-c', `exec ${lwlShell} --kind markdown < <(${writer(half)})`]);
    await s.waitFor((x) => x.rows()[0] === 'Piped heading' && x.rows()[2] === 'The first paragraph.' && x.status().trim() !== '', 'the first screen');
    expect(writerOpen()).toBe(true);
    await s.keys('q');
    expect((await s.waitExit()).exitCode).toBe(0);
  });

  it('a .md.gz file, and a plain pipe left open, show the first screen and read on to the end', async () => {
    const file = path.join(dir, 'README.md.gz');
    fs.writeFileSync(file, zlib.gzipSync(readme));
    const compressed = Session.lwl([file]);
    await compressed.waitFor((x) => x.rows()[0] === 'Piped heading' && x.status().trim() !== '', 'the first screen');
    await compressed.keys('G');
    await compressed.waitFor((x) => x.rows().includes('The end.'), 'the end');

    const plain = path.join(dir, 'README.md');
    fs.writeFileSync(plain, readme.replace('The end.\n', ''));
    const piped = new Session('/bin/bash', ['-c', `exec ${lwlShell} --kind markdown < <(${writer(plain)})`]);
    await piped.waitFor((x) => x.rows()[0] === 'Piped heading' && x.status().trim() !== '', 'the first screen');
    expect(writerOpen()).toBe(true);
    await piped.keys('q');
    expect((await piped.waitExit()).exitCode).toBe(0);
  });
});
