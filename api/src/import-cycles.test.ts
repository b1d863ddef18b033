import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No import cycles among the API's modules (docs/graphql.md, "The API by area"): a cycle makes
 * the order modules load in decide what a value is at start-up, and ties two areas together.
 * Only imports that load a module count (`import type` and `export type` are erased).
 */
const src = dirname(fileURLToPath(import.meta.url));
const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each module's relative imports that load code. */
function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      [...read(file).matchAll(IMPORT)]
        .map(([, specifier]) => resolve(dirname(file), specifier!))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The groups of modules that import each other, directly or around a ring (strongly connected, size > 1). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('API import cycles', () => {
  it('no module of api/src imports itself around a ring', () => {
    const files = sourceFiles(src);
    const found = cycles(importGraph(files, (file) => readFileSync(file, 'utf8'))).map((group) =>
      group.map((file) => relative(src, file)),
    );
    expect(found).toEqual([]);
  });

  it('finds a ring through a re-export, and ignores type-only imports (the check can fail)', () => {
    const a = join(src, 'a.ts');
    const b = join(src, 'b.ts');
    const c = join(src, 'c.ts');
    const text: Record<string, string> = {
      [a]: "export { run } from './b.ts';\n",
      [b]: "import { helper } from './a.ts';\nimport type { Shape } from './c.ts';\n",
      [c]: "import { run } from './b.ts';\n",
    };
    expect(cycles(importGraph([a, b, c], (file) => text[file]!))).toEqual([[a, b]]);
  });
});
