// Text nodes that grow without a string per piece. parse5 appends each
// character token to the text node before it (`value += chars`), and a run of
// words is a token per word and one per space: a 10 MB paragraph, <pre> or
// unclosed <script> became a V8 string of millions of concatenated pieces, some
// 30 bytes for every 5 of text (300 MB). Here the pieces appended during one
// write of the parser are kept in a list, and joined onto the node's text,
// once, at the write's end (fold), before anything reads the tree: the parser
// itself never reads a text node.
import { defaultTreeAdapter, type DefaultTreeAdapterTypes as T } from 'parse5';

type GrowingText = T.TextNode & { tail?: string[] };

export class TextNodeTails {
  /** The text nodes appended to since the last fold. */
  private readonly growing: GrowingText[] = [];

  /** parse5's insertText, with the pieces held (TreeAdapter's signature). */
  readonly insertText = (parent: T.ParentNode, text: string): void => {
    const last = parent.childNodes[parent.childNodes.length - 1];
    if (last && defaultTreeAdapter.isTextNode(last)) this.append(last, text);
    else defaultTreeAdapter.appendChild(parent, defaultTreeAdapter.createTextNode(text));
  };

  /** parse5's insertTextBefore (text fostered out of a table), the same way. */
  readonly insertTextBefore = (parent: T.ParentNode, text: string, reference: T.ChildNode): void => {
    const at = parent.childNodes.lastIndexOf(reference);
    const before = parent.childNodes[at - 1];
    if (before && defaultTreeAdapter.isTextNode(before)) this.append(before, text);
    else defaultTreeAdapter.insertBefore(parent, defaultTreeAdapter.createTextNode(text), reference);
  };

  private append(node: GrowingText, text: string): void {
    if (node.tail === undefined) {
      node.tail = [];
      this.growing.push(node);
    }
    node.tail.push(text);
  }

  /** Joins the pieces held onto their nodes: the tree's text is then whole. */
  fold(): void {
    for (const node of this.growing) {
      node.value += node.tail!.join('');
      node.tail = undefined;
    }
    this.growing.length = 0;
  }
}
