// `lwl http://...` when lwl does not page: the links listed (--links), the
// page's text copied to standard output (not a terminal), or printed as shown
// (TERM=dumb). Paging is the pager's (PagerSettings.startUrl).
import { Loader } from '../input/load.ts';
import { loadPage, statusSummary, type LoadOptions } from './page-load.ts';
import { renderUrl } from '../link/render.ts';
import { utf8Transcoder, type Utf8Transcoder } from '../input/charset.ts';
import { failureMessage } from './fetch-failure.ts';
import type { UrlRecord } from '../link/url/index.ts';
import { WebLoad } from './web-load.ts';
import { Scheduler } from '../schedule/scheduler.ts';

/** The whole page, read into a Loader (a failure: its page); what the end said, if the text is not all there. */
export async function wholePage(url: UrlRecord, options: LoadOptions): Promise<{ loader: Loader; load: WebLoad }> {
  const { load, loader } = await new Promise<{ load: WebLoad; loader: Loader }>((resolve) => {
    new WebLoad(url, options, {
      begin: (load) => resolve({ load, loader: load.loader() }),
      progress: () => {},
      end: () => {},
    }, new Scheduler());
  });
  await loader.readAll();
  return { loader, load };
}

/**
 * Copies the page's text to `write` as it arrives, in UTF-8 (what the readers
 * read; the bytes as sent, but for the compression and the charset). A
 * failure, or a page cut short, is said through `say`; resolves with the exit
 * status: 1 when the page did not come whole.
 */
export async function copyPage(url: UrlRecord, options: LoadOptions, write: (text: Buffer) => void, say: (message: string) => void): Promise<number> {
  let status = 0;
  /** The page's text made UTF-8 as it comes, as the Loader makes it; null for a failure, which is said instead. */
  let decoder: Utf8Transcoder | null = null;
  await loadPage(url, options, {
    begin: (info) => {
      if (info.failure) {
        status = 1;
        say(failureMessage(info.failure, 200));
        return;
      }
      // The server's own error page is copied, and its status said.
      if (info.page && info.page.status >= 400) {
        status = 1;
        say(`${statusSummary(info.page)}: ${renderUrl(info.page.url, 150)}`);
      }
      decoder = utf8Transcoder(info.charset);
    },
    body: (bytes) => {
      if (decoder) write(decoder.write(bytes));
    },
    end: (end) => {
      const tail = decoder?.end();
      if (tail?.length) write(tail);
      if (end?.message) {
        status = 1;
        say(end.message);
      }
    },
  }).done;
  return status;
}
