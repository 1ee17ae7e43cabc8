import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishedManifest } from '../../scripts/published-manifest.mjs';

// Typechecking the framework pages and small consumers of the element's typings: tsc for TSX, vue-tsc for SFCs.

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

export interface Typecheck {
  ok: boolean;
  /** The compiler's diagnostics, one per line as it prints them. */
  output: string;
}

/** Run `tsc` or `vue-tsc` with `-p project --noEmit`; never throws for type errors, only reports them. */
export function typecheck(tool: 'tsc' | 'vue-tsc', project: string): Promise<Typecheck> {
  return new Promise((resolve, reject) => {
    execFile(bin(tool), ['-p', project, '--noEmit', '--pretty', 'false'], { cwd: root }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') return reject(error);
      resolve({ ok: !error, output: `${stdout}${stderr}`.trim() });
    });
  });
}

/** Run `tsc -p project` (for projects that emit). Rejects with the compiler's output when it fails. */
function emit(project: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin('tsc'), ['-p', project, '--pretty', 'false'], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`tsc -p ${project} failed:\n${stdout}${stderr}`)) : resolve(),
    );
  });
}

/**
 * Lay out `@agent-chat/protocol` and `@agent-chat/element` under `<dir>/node_modules` as an install would have
 * them for types: their package.json as published (scripts/published-manifest.mjs) and the declarations their tsc
 * build emits, written there rather than to the packages' own dist/, which other builds share. A consumer project
 * in `<dir>` then resolves `@agent-chat/element/react` and `/vue` through the `types` conditions, as a user's does.
 */
export async function installedTypes(dir: string): Promise<void> {
  for (const [name, outDir, paths] of [
    ['protocol', 'dist', {}],
    ['element', 'dist/lib', { '@agent-chat/protocol': [join(dir, 'node_modules/@agent-chat/protocol/dist/index.d.ts')] }],
  ] as const) {
    const source = join(root, 'packages', name);
    const target = join(dir, 'node_modules/@agent-chat', name);
    await mkdir(target, { recursive: true });
    const manifest = JSON.parse(await readFile(join(source, 'package.json'), 'utf8'));
    await writeFile(join(target, 'package.json'), JSON.stringify(publishedManifest(manifest), null, 2));
    const project = join(dir, `tsconfig.${name}.json`);
    await writeFile(
      project,
      JSON.stringify({
        extends: join(source, 'tsconfig.build.json'),
        compilerOptions: { rootDir: join(source, 'src'), outDir: join(target, outDir), emitDeclarationOnly: true, paths },
        include: [join(source, 'src')],
      }),
    );
    await emit(project);
  }
}
