// Forms, in the pty, by their keys: every kind of field typed into or changed
// and sent to a server on 127.0.0.1 that echoes what it got (test/form-server.ts);
// POST in each enctype, a redirect after a POST, r on a POST's answer, a
// password never on screen, secure mode, and the forms lwl will not send.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Session } from './session.ts';
import { EVERY_FIELD, startFormServer, type FormServer } from '../form-server.ts';

let server: FormServer;
beforeAll(async () => {
  server = await startFormServer();
});
afterAll(async () => {
  await server.close();
});

/** No browser command anywhere: pages load in lwl. */
const noBrowser = { PATH: '/usr/bin:/bin', LWL_BROWSER: '', BROWSER: '' };

function open(page: string, env: Record<string, string> = {}): Session {
  return Session.lwl([server.origin + page], { cols: 100, env: { ...noBrowser, ...env } });
}

/** Tabs to the field the status line names as `what`. */
async function select(s: Session, what: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await s.keys('\t');
    if (s.status().includes(what)) return;
  }
  throw new Error(`no field "${what}"; the status line says ${s.status()}`);
}

/** Selects the field the status line names `what`, and presses `keys` on it. */
async function pressOn(s: Session, what: string, ...keys: string[]): Promise<void> {
  await select(s, what);
  await s.keys(...keys);
}

/** Sends the form by the submit button `caption`, and waits for the echo. */
async function sendBy(s: Session, caption: string): Promise<void> {
  await pressOn(s, `submit button ${caption}`, '\r');
  await s.waitForText('end of echo');
}

/** Backspace, back to the page showing `text`. */
async function back(s: Session, text: string): Promise<void> {
  await s.keys('\x7f');
  await s.waitForText(text);
}

async function quit(s: Session): Promise<void> {
  await s.keys('q');
  await s.waitExit();
}

/** Types text into the field the status line names `what`: Enter, the text, Enter. */
async function typeInto(s: Session, what: string, text: string, first: string[] = []): Promise<void> {
  await select(s, what);
  await s.keys('\r', ...first, ...text);
  await s.keys('\r');
}

/** The last thing /echo got. */
const lastReceived = () => server.received[server.received.length - 1];

const DOWN = '\x1b[B';
const UP = '\x1b[A';

describe('a GET form with every kind of field', () => {
  it('names each field on the status line, shows values and placeholders apart, and sends what was typed and chosen', async () => {
    const s = open('/every');
    await s.waitForText('Search:');
    // A value and a placeholder look apart: the placeholder is dim.
    expect(s.screen()).toContain('Search: [words to find_______]');
    expect(s.screen()).toContain('Mail [a@b.example_________]');
    const placeholder = s.rows().findIndex((r) => r.includes('words to find'));
    expect(s.cell(placeholder, s.column(placeholder, 'words to find')).isDim()).toBeTruthy();
    const value = s.rows().findIndex((r) => r.includes('a@b.example'));
    expect(s.cell(value, s.column(value, 'a@b.example')).isDim()).toBeFalsy();
    // A textarea's default text shows, and is kept.
    expect(s.screen()).toContain('[First line____');
    expect(s.screen()).toContain('[second line___');

    await select(s, 'text field q');
    expect(s.status()).toContain('text field q (Search:): Enter to type');
    await s.keys('\r');
    expect(s.status()).toBe('q: ');
    await s.keys(...'hello world', '\r');
    expect(s.screen()).toContain('Search: [hello world_________]');

    await typeInto(s, 'search field find', 'docs');
    // An email field with a value: the line editor starts with it.
    await pressOn(s, 'email field mail', '\r');
    expect(s.status()).toBe('mail: a@b.example');
    await s.keys('\x15', ...'me@here.example', '\r');
    await typeInto(s, 'URL field site', 'http://x.example/');
    await typeInto(s, 'number field count', '42', ['\x7f']);
    await typeInto(s, 'password field pw', 'sesame');
    await typeInto(s, 'phone field phone', '+1 555');
    // The password is never drawn, not even while it is typed: a `*` a character.
    expect(s.output).not.toContain('sesame');
    expect(s.screen()).toContain('Secret [******');

    await select(s, 'checkbox exact');
    expect(s.status()).toContain('checkbox exact, not checked');
    await s.keys(' ');
    expect(s.status()).toContain('checkbox exact, checked');
    await pressOn(s, 'checkbox sure', '\r');
    expect(s.screen()).toContain('[x] exact [ ] sure');
    // Radio buttons: one of a name.
    await pressOn(s, 'radio button where, not checked', ' ');
    expect(s.screen()).toContain('( ) docs (*) web');

    // A select: its options listed, Down passes a disabled one.
    await pressOn(s, 'select lang', '\r');
    expect(s.screen()).toContain('Choose an option of select lang:');
    expect(s.screen()).toContain('> (*) English');
    await s.keys(DOWN, DOWN);
    expect(s.screen()).toContain('> ( ) Nederlands');
    await s.keys(UP);
    expect(s.screen()).toContain('> ( ) Deutsch');
    await s.keys('\r');
    expect(s.screen()).toContain('[Deutsch');
    // A multiple select: space marks, Enter keeps those marked.
    await pressOn(s, 'multiple select tags', '\r', DOWN, ' ', DOWN, ' ', '\r');
    expect(s.screen()).toContain('[red, green, blue');

    // A textarea: its text edited on the typing line, line breaks as ⏎ (^O types one).
    await pressOn(s, 'text area note', '\r');
    expect(s.status()).toBe('note: First line⏎second line');
    await s.keys('!', '\x0f', ...'third');
    await s.keys('\r');
    expect(s.screen()).toContain('[second line!__');
    expect(s.screen()).toContain('[third_____');

    await select(s, 'submit button Go');
    expect(s.status()).toContain('submit button Go: Enter to send the form');
    await s.keys('\r');
    await s.waitForText('end of echo');
    expect(lastReceived().method).toBe('GET');
    expect(lastReceived().url).toBe(
      '/echo?q=hello+world&find=docs&mail=me%40here.example&site=http%3A%2F%2Fx.example%2F&count=42&pw=sesame&token=t0k%26n&phone=%2B1+555' +
        '&exact=on&where=web&lang=de&tags=red&tags=green&tags=blue&note=First+line%0D%0Asecond+line%21%0D%0Athird&go=Go',
    );
    // Backspace: the form as it was left.
    await back(s, 'Search: [hello world');
    expect(s.screen()).toContain('[x] exact [ ] sure');
    await quit(s);
  });

  it('sends the name and value of the button pressed (a <button>, an image button), and a button with formaction and formmethod as it says', async () => {
    const s = open('/every');
    await s.waitForText('Search:');
    await sendBy(s, 'Other');
    const defaults = 'q=&find=&mail=a%40b.example&site=&count=3&pw=&token=t0k%26n&phone=&sure=yes&where=docs&lang=en&tags=red&note=First+line%0D%0Asecond+line';
    expect(lastReceived().url).toBe(`/echo?${defaults}&alt=other`);
    await back(s, 'Search:');
    // An image button sends where it was clicked: lwl has no picture, so 0, 0.
    await pressOn(s, 'image button Picture', '\r');
    await s.waitForText('end of echo');
    expect(lastReceived().url).toBe(`/echo?${defaults}&pic.x=0&pic.y=0`);
    await back(s, 'Search:');
    await pressOn(s, 'button Script only', '\r');
    expect(s.status()).toBe('This button does nothing without scripts, and lwl runs none');
    await sendBy(s, 'Post it');
    expect(lastReceived()).toMatchObject({ method: 'POST', url: '/echo/posted', contentType: 'application/x-www-form-urlencoded' });
    expect(lastReceived().body.toString()).toBe(defaults);
    await quit(s);
  });

  it('puts the form back as it was with its reset button, and a password typed is not in =', async () => {
    const s = open('/every');
    await s.waitForText('Search:');
    await typeInto(s, 'text field q', 'gone soon');
    await typeInto(s, 'password field pw', 'hunter2');
    await s.keys('=');
    expect(s.status()).not.toContain('hunter2');
    await pressOn(s, 'reset button Reset', '\r');
    expect(s.status()).toBe('The form is as it was at first');
    expect(s.screen()).toContain('Search: [words to find');
    expect(s.screen()).toContain('Secret [______');
    expect(s.output).not.toContain('hunter2');
    await quit(s);
  });
});

describe('POST forms', () => {
  it('sends application/x-www-form-urlencoded, multipart/form-data and text/plain bodies', async () => {
    const s = open('/post');
    await s.waitForText('Urlencoded');
    await sendBy(s, 'Urlencoded');
    expect(lastReceived()).toMatchObject({ method: 'POST', url: '/echo', contentType: 'application/x-www-form-urlencoded' });
    expect(lastReceived().body.toString()).toBe('who=a+b%2Bc%26d');

    await back(s, 'Multipart');
    await sendBy(s, 'Multipart');
    const multipart = lastReceived();
    const boundary = /^multipart\/form-data; boundary=(\S+)$/.exec(multipart.contentType)?.[1];
    expect(boundary).toMatch(/^-{4}lwlFormBoundary[A-Za-z0-9]{24}$/);
    expect(multipart.body.toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\none\r\ntwo\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` +
        `--${boundary}--\r\n`,
    );

    await back(s, 'Plain');
    await sendBy(s, 'Plain');
    expect(lastReceived()).toMatchObject({ method: 'POST', contentType: 'text/plain' });
    expect(lastReceived().body.toString()).toBe('plain=x y\r\n');

    await back(s, 'Latin');
    await sendBy(s, 'Latin');
    // accept-charset: windows-1252 bytes, and a character it has no byte for as a reference.
    expect(lastReceived().body.toString('latin1')).toBe('cafe=caf%E9+%80+%26%2326085%3B');
    await quit(s);
  });

  it('follows a 303 after a POST by GET; Backspace and r never send a form again unasked', async () => {
    const s = open('/post');
    await s.waitForText('Redirected');
    await sendBy(s, 'Redirected');
    expect(server.received.slice(-2).map((r) => `${r.method} ${r.url}`)).toEqual(['POST /see-other', 'GET /echo?after=post']);
    // The answer came by GET: r loads it again without asking.
    let sent = server.received.length;
    await s.keys('r');
    await s.waitFor(() => server.received.length > sent, 'the page loaded again');
    expect(lastReceived().method).toBe('GET');

    await back(s, 'Urlencoded');
    await sendBy(s, 'Urlencoded');
    sent = server.received.length;
    await s.keys('r');
    expect(s.status()).toBe('This page is the answer to a form sent by POST: send the form again? (y/n)');
    await s.keys('n');
    expect(s.status()).toBe('Not sent again');
    expect(server.received.length).toBe(sent);
    await s.keys('r');
    await s.keys('y');
    await s.waitFor(() => server.received.length > sent, 'the form sent again');
    await s.waitForText(`method POST ${sent + 1}`);
    expect(lastReceived().body.toString()).toBe('who=a+b%2Bc%26d');
    // Back to the form, and forward nowhere: nothing is sent.
    sent = server.received.length;
    await back(s, 'Urlencoded');
    expect(server.received.length).toBe(sent);
    await quit(s);
  });
});

describe('what lwl will not send', () => {
  it('refuses a javascript: or file: action, 10,000 fields and a 10 MB value, each with a sentence', async () => {
    const s = open('/hostile');
    // The page is 10 MB: the keys are answered once it is read.
    await s.waitFor((x) => x.screen().includes('[button: Big]') && x.status().includes('(END)'), 'the whole page', 120_000);
    const sent = server.received.length;
    const refusals = [
      ['Script', 'Not sent: the form would run a script (javascript:), and lwl runs none'],
      ['File', 'Not sent: lwl sends forms only to http and https, not file:'],
      ['Many', 'Not sent: the form has 10,000 fields, and lwl sends at most 5,000'],
      ['Big', 'Not sent: the form holds 10 MiB, and lwl sends at most 4 MiB'],
    ];
    for (const [button, said] of refusals) {
      await pressOn(s, `submit button ${button}`, '\r');
      expect(s.status()).toBe(said);
    }
    expect(server.received.length).toBe(sent);
    await quit(s);
  }, 150_000);

  it('sends nothing in secure mode', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-forms-'));
    const file = path.join(dir, 'form.html');
    fs.writeFileSync(file, EVERY_FIELD.replace('action="/echo"', `action="${server.origin}/echo"`));
    const sent = server.received.length;
    const s = Session.lwl(['--secure', file], { cols: 100, env: noBrowser });
    await s.waitForText('Search:');
    // Typing into a field is no command: it works.
    await typeInto(s, 'text field q', 'x');
    expect(s.screen()).toContain('Search: [x____');
    await pressOn(s, 'submit button Go', '\r');
    expect(s.status()).toBe('Sending forms is disabled in secure mode');
    expect(server.received.length).toBe(sent);
    await quit(s);
  });
});
