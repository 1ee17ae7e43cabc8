// TypeDoc plugin: names each documented module after the import path a user writes (`@agent-chat/server/file-store`)
// instead of its source path (`server/src/file-store`). The names come from the packages' own `exports` maps, so a
// new entry point is named right without touching this file.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, ReflectionKind } from 'typedoc';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const PACKAGES = ['protocol', 'server', 'element'];

/** `@agent-chat/server` + `src/file-store.ts` → `@agent-chat/server/file-store`, from each package.json's exports. */
function importPaths() {
  const names = new Map();
  for (const dir of PACKAGES) {
    const manifest = JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      const source = typeof target === 'object' ? target['agent-chat-source'] : undefined;
      if (typeof source !== 'string') continue;
      const importPath = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`;
      names.set(`${manifest.name}/${source.replace(/^\.\//, '')}`, importPath);
    }
  }
  return names;
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  const names = importPaths();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (!reflection.kindOf(ReflectionKind.Module)) return;
    const id = context.project.getSymbolIdFromReflection(reflection);
    const name = id && names.get(`${id.packageName}/${id.packagePath}`);
    if (name) reflection.name = name;
  });
}
