// Links whose hrefs are longer than a block of the store that holds them (a
// data: URL for an image in HTML is often hundreds of KiB): listed, selected
// and shown whole, with the links around them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Session, lwlCommand, root } from './session.ts';

const dataUrl = `data:image/png;base64,${'iVBORw0K'.repeat(30_000)}`;

function page(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lwl-href-')), 'page.html');
  fs.writeFileSync(file, `<!doctype html><p><a href="https://before.example/">before</a> <a href="${dataUrl}">picture</a> <a href="https://after.example/">after</a></p>\n`);
  return file;
}

describe('a link with an href of 240 KB', () => {
  it('is listed by --links whole, between the links around it', () => {
    const r = spawnSync(lwlCommand[0], [...lwlCommand.slice(1), '--links', page()], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    expect(r.status).toBe(0);
    expect(r.stdout.toString().split('\n')).toEqual(['1\tbefore\thttps://before.example/', `2\tpicture\t${dataUrl}`, '3\tafter\thttps://after.example/', '']);
  });

  it('is selected in the pager, and the next link after it is whole', async () => {
    const s = Session.lwl([page()]);
    await s.waitForText('after');
    await s.keys('\t');
    await s.waitFor((x) => x.status().includes('before.example'), 'the first link selected');
    await s.keys('\t');
    await s.waitFor((x) => x.status().startsWith(': data:image/png'), 'the data: URL selected');
    await s.keys('\t');
    await s.waitFor((x) => x.status().includes('after.example'), 'the last link selected');
  });
});
