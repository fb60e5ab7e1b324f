// The file names that say a document's kind (kinds.ts), in a module with no
// imports: dist/lwl's start (src/boot.ts) reads them too, before the bundle
// runs, to guess which of its code caches to load.

/** HTML: .html, .htm, .xhtml. */
export const HTML_NAME = /\.(x?html?)$/i;
/** Markdown: .md, .markdown, .mdown, .mkd. */
export const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd)$/i;
