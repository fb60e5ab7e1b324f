// OSC 8 hyperlinks on output: a link drawn inside one opens in the terminal
// with a click (over ssh too). The URI is the link's serialized URL, checked
// once more to hold only printable ASCII; the id makes the pieces of a link cut
// across rows one link.

const ST = '\x1b\\';

/** The sequence that opens a hyperlink to `uri`, or '' if the URI holds anything but printable ASCII. */
export function hyperlinkOpen(uri: string, id: string): string {
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(uri) || !/^[\w.-]+$/.test(id)) return '';
  return `\x1b]8;id=${id};${uri}${ST}`;
}

/** Ends the hyperlink open. */
export const HYPERLINK_CLOSE = `\x1b]8;;${ST}`;
