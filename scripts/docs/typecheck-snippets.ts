// Typechecks the docs' ```ts (and ```tsx) blocks as a user's files would be: each block is a module of its own, importing the
// packages by their public names (which resolve to their source in this repository), with the repository's
// compiler options. A block marked `file=name.ts` is written under that name, so a later block of the same doc can
// import it (`./name.js`), as a user's test imports their module. Errors come back pointing at the doc's own lines.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Snippet {
  /** The doc it comes from, relative to the repository. */
  doc: string;
  /** The doc's line of the block's first line of code. */
  firstLine: number;
  code: string;
  /** The file name the block is written under, from its `file=` flag. */
  file?: string;
  /** A ```tsx block: written as .tsx and compiled with React's JSX. */
  tsx?: boolean;
}

export function typecheckSnippets(root: string, snippets: readonly Snippet[], workDir: string): string[] {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const files = new Map<string, Snippet>();
  snippets.forEach((snippet) => {
    // One folder per doc: its named blocks are visible to its other blocks, and to no other doc's.
    const folder = join(workDir, snippet.doc.replace(/[^a-z0-9]+/gi, '-'));
    mkdirSync(folder, { recursive: true });
    const file = join(folder, snippet.file ?? `line-${snippet.firstLine}.${snippet.tsx ? 'tsx' : 'ts'}`);
    // `export {}` makes a block without imports a module too, so two blocks' names never collide.
    writeFileSync(file, `${snippet.code}\nexport {};\n`);
    files.set(ts.sys.resolvePath(file), snippet);
  });

  const config = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([...files.keys()], { ...options, noEmit: true, noUnusedLocals: false, jsx: ts.JsxEmit.ReactJSX });

  const errors: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    const file = diagnostic.file && ts.sys.resolvePath(diagnostic.file.fileName);
    const snippet = file ? files.get(file) : undefined;
    if (!snippet || !diagnostic.file || diagnostic.start === undefined) {
      errors.push(`${file ? relative(root, file) : '(no file)'}: TS${diagnostic.code} ${message}`);
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    errors.push(`${snippet.doc}:${snippet.firstLine + line}: TS${diagnostic.code} ${message}`);
  }
  return errors;
}
