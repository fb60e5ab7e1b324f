// The question a web page that is not text asks: save it (to the name its
// server or URL gives, in the current directory), see it as text, or cancel;
// in secure mode, see it or not.
import { humanSize } from './directory-text.ts';
import { suggestedName } from '../web/download.ts';
import type { FetchedPage } from '../web/fetch.ts';
import type { Question } from '../state/types.ts';

/** The question; in secure mode, which saves nothing, only whether to see it. */
export function binaryQuestion(page: FetchedPage, secure: boolean): Question {
  const yes: Question['yes'] = [{ kind: 'showBinary', see: true }];
  const no: Question['no'] = [{ kind: 'showBinary', see: false }];
  if (secure) return { text: `This page is ${page.contentType || 'not text'}, not text: see it anyway? (y/n)`, yes, no, noMessage: null };
  const size = page.length === null ? '' : ` (${humanSize(page.length, true)})`;
  const file = suggestedName(page);
  return {
    text: `This page is ${page.contentType || 'not text'}${size}: save it to ${file}, see it as text, or cancel? (s/t/c)`,
    yes,
    no,
    save: [{ kind: 'showBinary', see: false, saving: true }, { kind: 'download', path: file, target: { kind: 'web', url: page.href } }],
    noMessage: null,
  };
}
