// The reader a document gets when no other kind is asked for: lwl markup.
// (The readers are in readers/; the seam they share is reader.ts.)
export { MarkupReader as MarkupParser, parseAll } from './readers/markup.ts';
