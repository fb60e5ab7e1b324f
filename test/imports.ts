// The import graph of lwl's sources, for test/architecture.test.ts: every
// relative import a file makes, type imports included, found by a small lexer
// (comments, strings, template literals and regular expressions are skipped,
// so an import written in a comment or a string is not one).
import fs from 'node:fs';
import path from 'node:path';

type Token = { kind: 'word' | 'string' | 'punct'; text: string };

const WORD = /[\p{L}\p{N}_$]/u;
/** After these, a `/` starts a regular expression; after anything else that is a value, it divides. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await', 'instanceof']);

/** The tokens of TypeScript source, with comments left out and a template literal's text dropped (its `${}` code kept). */
export function tokens(source: string): Token[] {
  const out: Token[] = [];
  /** For each `${` open inside a template, the brace depth it was opened at. */
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  const valueBefore = () => {
    const last = out[out.length - 1];
    if (!last) return false;
    if (last.kind === 'word') return !BEFORE_REGEX.has(last.text);
    return last.kind === 'string' || last.text === ')' || last.text === ']' || last.text === '}';
  };
  /** Skips a template's text from i (just after a backtick, or a `}` closing its `${`) to its end or its next `${`; a whole template with no `${` is a string. */
  const templateText = (whole: boolean) => {
    const from = i;
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') i += 2;
      else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2;
        templates.push(depth++);
        return;
      } else i++;
    }
    out.push({ kind: 'string', text: whole ? source.slice(from, i) : '' });
    i++;
  };
  while (i < source.length) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? source.length : end;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== c && source[j] !== '\n') {
        if (source[j] === '\\') text += source[j++];
        text += source[j++];
      }
      out.push({ kind: 'string', text });
      i = j + 1;
    } else if (c === '`') {
      i++;
      templateText(true);
    } else if (c === '/' && !valueBefore()) {
      // A regular expression: to its closing slash, outside a [class].
      let j = i + 1;
      let inClass = false;
      while (j < source.length && source[j] !== '\n' && (inClass || source[j] !== '/')) {
        if (source[j] === '\\') j++;
        else if (source[j] === '[') inClass = true;
        else if (source[j] === ']') inClass = false;
        j++;
      }
      j++;
      while (j < source.length && WORD.test(source[j])) j++;
      out.push({ kind: 'string', text: source.slice(i, j) });
      i = j;
    } else if (WORD.test(c)) {
      let j = i + 1;
      while (j < source.length && WORD.test(source[j])) j++;
      out.push({ kind: 'word', text: source.slice(i, j) });
      i = j;
    } else if (/\s/.test(c)) {
      i++;
    } else {
      if (c === '{') depth++;
      if (c === '}') {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          i++;
          templateText(false);
          continue;
        }
      }
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

/** What may stand between `import`/`export` and `from`: names, braces, commas, `*`, `as`, `type`. */
const isClauseToken = (t: Token) => (t.kind === 'word' && !['const', 'let', 'var', 'function', 'class', 'interface', 'enum', 'default', 'async', 'abstract', 'declare', 'namespace', 'from'].includes(t.text)) || ['{', '}', ',', '*'].includes(t.text);

/** Every module `source` names in an import: `import … from`, `import '…'`, `import type`, `export … from`, `import(…)`, `require(…)`. */
export function importsOf(source: string): string[] {
  const list = tokens(source);
  const found: string[] = [];
  for (let k = 0; k < list.length; k++) {
    const t = list[k];
    if (t.kind !== 'word' || list[k - 1]?.text === '.') continue;
    const next = list[k + 1];
    if ((t.text === 'import' || t.text === 'require') && next?.text === '(' && list[k + 2]?.kind === 'string') {
      found.push(list[k + 2].text);
    } else if (t.text === 'import' && next?.kind === 'string') {
      found.push(next.text);
    } else if (t.text === 'import' || t.text === 'export') {
      let j = k + 1;
      while (j < list.length && isClauseToken(list[j])) j++;
      if (j > k + 1 && list[j]?.text === 'from' && list[j + 1]?.kind === 'string') found.push(list[j + 1].text);
    }
  }
  return found;
}

/** The files of lwl's graph: src/, term/ and keymap.ts, as paths from the repository's root. */
export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts')) files.push(rel);
    }
  };
  walk('src');
  walk('term');
  files.push('keymap.ts');
  return files.sort();
}

/** Each file's relative imports, resolved to paths from the root (`?` in front of one that names no file). */
export function importGraph(root: string, files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const specs = importsOf(fs.readFileSync(path.join(root, file), 'utf8')).filter((s) => s.startsWith('./') || s.startsWith('../'));
    graph.set(
      file,
      specs.map((spec) => {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
        return fs.existsSync(path.join(root, target)) ? target : `?${target}`;
      }),
    );
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file that imports itself): each an import circle. */
export function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** One circle through the group's first file, as the chain of imports that makes it: `a.ts -> b.ts -> a.ts`. */
export function chainOf(graph: Map<string, string[]>, group: string[]): string {
  const inGroup = new Set(group);
  const start = group[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        const chain = [start];
        for (let at = v; at !== start; at = cameFrom.get(at)!) chain.unshift(at);
        chain.unshift(start);
        return chain.join(' -> ');
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return group.join(' <-> ');
}
