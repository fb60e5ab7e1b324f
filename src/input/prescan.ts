// The charset an HTML document names for itself in its first 1024 bytes
// (<meta charset> or <meta http-equiv="Content-Type" content="...">), found as
// the HTML standard's prescan does, before any text is decoded: for pages
// whose server did not say, and for local .html files.
import { canonicalCharset } from './charset.ts';

/** Bytes looked at: the HTML standard's prescan stops at 1024. */
export const PRESCAN_BYTES = 1024;

/** The charset in a Content-Type-like value: "text/html; charset=koi8-r" → "koi8-r". */
export function charsetInContent(content: string): string | null {
  const match = /charset\s*=\s*(?:"([^"]*)"?|'([^']*)'?|([^\s;"']+))/i.exec(content);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

/** Attributes of a tag's text after its name, names lower case; the first of a name counts. */
function attributes(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?/g;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    const name = m[1].toLowerCase();
    if (!found.has(name)) found.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return found;
}

/**
 * The WHATWG name of the charset the document's first 1024 bytes declare, or
 * null. UTF-16 from a meta means UTF-8 (a page read as ASCII cannot be UTF-16),
 * x-user-defined means windows-1252, as the standard says.
 */
export function prescanCharset(bytes: Uint8Array): string | null {
  // latin1 keeps one character per byte, so the markup reads as ASCII whatever the charset.
  const text = Buffer.from(bytes.subarray(0, PRESCAN_BYTES)).toString('latin1');
  // Comments hide what is in them; tags are matched in what remains.
  const visible = text.replace(/<!--[\s\S]*?(-->|$)/g, '');
  const tag = /<meta(?=[\s/])([^>]*)(>|$)/gi;
  for (let m = tag.exec(visible); m; m = tag.exec(visible)) {
    const attrs = attributes(m[1]);
    let label: string | null = null;
    if (attrs.has('charset')) label = attrs.get('charset')!;
    else if (attrs.get('http-equiv')?.toLowerCase() === 'content-type' && attrs.has('content')) label = charsetInContent(attrs.get('content')!);
    // Node's TextDecoder lacks x-user-defined; the standard reads it as windows-1252 here.
    if (label?.trim().toLowerCase() === 'x-user-defined') return 'windows-1252';
    const charset = canonicalCharset(label);
    if (charset === null) continue;
    if (charset === 'utf-16le' || charset === 'utf-16be') return 'utf-8';
    return charset;
  }
  return null;
}
