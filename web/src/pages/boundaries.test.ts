import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No page imports another page's modules (web/README.md, "Where shared code lives"), with no
 * exceptions: what two pages share, GraphQL documents included, lives in components/ or
 * features/<area>/. And components/ and features/ import no page: they are what pages build on.
 */
const pages = dirname(fileURLToPath(import.meta.url));
const builtOn = ['components', 'features'].map((folder) => join(pages, '..', folder));
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every import of a file of pages/X from pages/Y (Y not X), as 'X/file -> Y/file'. */
function crossPageImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(pages)) {
    const from = relative(pages, file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const to = relative(pages, resolve(dirname(file), specifier!));
      if (to.startsWith('..')) continue;
      if (to.split(sep)[0] !== from.split(sep)[0]) found.push(`${from} -> ${to}`.split(sep).join('/'));
    }
  }
  return found.sort();
}

/** Every import of a file of pages/ from components/ or features/, as 'folder/file -> page/file'. */
function importsOfPages(): string[] {
  return builtOn.flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map(([, specifier]) => relative(pages, resolve(dirname(file), specifier!)))
      .filter((to) => !to.startsWith('..'))
      .map((to) => `${relative(join(pages, '..'), file)} -> ${to}`.split(sep).join('/')),
  );
}

describe('page boundaries', () => {
  it('no page imports another page', () => {
    expect(crossPageImports()).toEqual([]);
  });

  it('no component or feature imports a page', () => {
    expect(importsOfPages()).toEqual([]);
  });

  it('finds an import across pages (the check can fail)', () => {
    const line = "import { x } from '../products/listState.ts';";
    const [match] = line.matchAll(SPECIFIER);
    expect(relative(pages, resolve(join(pages, 'home'), match![1]!))).toBe(join('products', 'listState.ts'));
  });
});
