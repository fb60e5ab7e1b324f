// The kinds a document is read as, and the file names that say a document's
// kind, in a module with no imports: the Document, the readers and the input
// all name kinds, and dist/lwl's start (src/boot.ts) reads the names too,
// before the bundle runs, to guess which of its code caches to load.

/** Every kind there is (kinds.ts says what each means), as --kind takes them. */
export const kinds = ['markup', 'markdown', 'html', 'plain', 'raw'] as const;
export type Kind = (typeof kinds)[number];

/** HTML: .html, .htm, .xhtml. */
export const HTML_NAME = /\.(x?html?)$/i;
/** Markdown: .md, .markdown, .mdown, .mkd. */
export const MARKDOWN_NAME = /\.(md|markdown|mdown|mkd)$/i;
/** lwl's own markup written by hand: .lwl. */
export const MARKUP_NAME = /\.lwl$/i;
