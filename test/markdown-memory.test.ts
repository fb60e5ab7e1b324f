// What the Markdown reader holds for big inputs: the definitions index stays
// small however many definitions there are, and a long block shown as written
// is handed out in parts as it comes, rendered as if whole.
import { describe, expect, it } from 'vitest';
import { DefinitionIndex, MarkdownBlocks, MarkdownRenderer, definitionKey, renderMarkdown } from '../src/document/readers/markdown.ts';
import { RenderCollector } from '../src/document/readers/render-target.ts';

describe('the definitions index of a big text', () => {
  const lines = Array.from({ length: 120_000 }, (_, i) => `[ref${i}]: https://example.com/some/long/path/${i} "Title ${i}"\n`);
  const source = `${lines.join('')}\nA paragraph.\n\n${lines.slice(0, 3).join('')}`;

  it('holds a fraction of the text it was given, and resolves every label to its first definition', () => {
    const index = new DefinitionIndex();
    for (let at = 0; at < source.length; at += 1 << 20) index.add(source.slice(at, at + (1 << 20)));
    expect(index.heldBytes()).toBeLessThan(source.length / 2);
    for (const i of [0, 1, 2, 17_000, 42_424, 119_999]) {
      expect(index.resolve(definitionKey(`REF${i}`)), `ref${i}`).toEqual({ url: `https://example.com/some/long/path/${i}`, title: `Title ${i}` });
    }
    expect(index.resolve(definitionKey('ref120000'))).toBeUndefined();
  });

  it('holds a repeated group once', () => {
    const once = new DefinitionIndex();
    const twice = new DefinitionIndex();
    const group = lines.slice(0, 500).join('');
    once.add(`${group}\nx\n\n`);
    twice.add(`${group}\nx\n\n${group}\nx\n\n`);
    expect(twice.heldBytes()).toBe(once.heldBytes());
  });
});

describe('a long block shown as written', () => {
  const block = Array.from({ length: 40_000 }, (_, i) => `a line of text with no blank line after it, number ${i}\n`).join('');
  const source = `# Title\n\n${block}\n\n\nAfter it.\n`;

  it('is handed out in parts as it comes', () => {
    const blocks = new MarkdownBlocks();
    let written = 0;
    let handedOut = 0;
    for (let at = 0; at < source.length; at += 64 * 1024) {
      const chunk = source.slice(at, at + 64 * 1024);
      blocks.write(chunk);
      written += chunk.length;
      for (let b = blocks.next(); b !== null; b = blocks.next()) handedOut += b.length;
      expect(written - handedOut).toBeLessThan(200 * 1024);
    }
  });

  it('renders as the whole block written at once', () => {
    const parts = new RenderCollector();
    renderMarkdown(source, parts);
    const whole = new RenderCollector();
    const renderer = new MarkdownRenderer(whole);
    renderer.renderBlock('# Title\n\n');
    renderer.renderAsWritten(`${block}\n\n\n`);
    renderer.renderBlock('After it.\n');
    renderer.finish();
    expect(parts.textContent).toBe(whole.textContent);
    expect(parts.textContent).toContain('number 39999\n\nAfter it.');
    expect(parts.styles).toEqual(whole.styles);
  });
});

describe('the blocks of a long text, rendered', () => {
  it('leave nothing of their text behind in the cutter’s findings', async () => {
    const { blockKindsHeld } = await import('../src/document/readers/markdown.ts');
    renderMarkdown('Some *text* with [a link](http://x.org/a) and `code` here.\n\n'.repeat(20_000), new RenderCollector());
    expect(blockKindsHeld()).toBe(0);
  });
});
