// The unit tests run the sources, not dist/lwl: the Markdown and HTML readers,
// which the bundle requires on first use, are handed over here.
import * as rich from '../src/document/readers/rich-readers.ts';
import { provideRichReaders } from '../src/document/readers/kinds.ts';

provideRichReaders(rich);
