// Our own convention for what loads lazily, checked on the element's source: the feature registry
// (src/features/registry.ts) is the one place that import()s a chunk, each chunk entry (src/chunks/<name>.ts) is
// named there once, and only those entries carry the imports that are there for esbuild's splitting.
// highlight.js's languages keep their own loaders (src/features/code-highlighting/code-languages.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '../src');
const REGISTRY = 'features/registry.ts';
const LANGUAGES = 'features/code-highlighting/code-languages.ts';

/** Every TypeScript file under src/, by its path relative to it. */
function sourceFiles(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(src, path).replaceAll('\\', '/')] : [];
  });
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(join(src, file), 'utf8'), ts.ScriptTarget.Latest, true);
}

/** The specifiers of a file's import() calls (not `import type`, nor `typeof import()` in a type). */
function dynamicImports(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      found.push(specifier && ts.isStringLiteralLike(specifier) ? specifier.text : `<not a literal: ${node.getText(file)}>`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A file's imports of nothing but a module's side effects: `import './x.js'`. */
function bareImports(file: ts.SourceFile): string[] {
  return file.statements
    .filter((statement): statement is ts.ImportDeclaration => ts.isImportDeclaration(statement) && !statement.importClause)
    .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
}

describe('the element loads its features lazily in one place', () => {
  const files = sourceFiles();

  it('only the feature registry calls import(), besides highlight.js’s languages', () => {
    const importers = files.filter((file) => dynamicImports(parse(file)).length > 0).sort();
    expect(importers).toEqual([REGISTRY, LANGUAGES].sort());
    for (const specifier of dynamicImports(parse(LANGUAGES))) expect(specifier).toMatch(/^highlight\.js\/lib\/languages\/[a-z]+$/);
  });

  it('the registry names each chunk entry in src/chunks/ once, and nothing else', () => {
    const named = dynamicImports(parse(REGISTRY));
    const entries = files.filter((file) => file.startsWith('chunks/')).map((file) => `../${file.replace(/\.ts$/, '.js')}`);
    expect([...named].sort()).toEqual([...entries].sort());
    expect(new Set(named).size, 'each entry once').toBe(named.length);
  });

  it('only chunk entries import a module for its side effects on the bundle (the shell, another entry)', () => {
    const outside = files
      .filter((file) => !file.startsWith('chunks/'))
      .flatMap((file) => bareImports(parse(file)).map((specifier) => `${file}: ${specifier}`));
    expect(outside).toEqual([]);
  });
});
