// TypeDoc plugin: warns when a documented signature mentions a type of ours that no entry point exports, so a user
// could be handed a value whose type they cannot import or look up. TypeDoc's own `notExported` check cannot do
// this here: it only checks types of the package it runs in, and this repository's root package is none of the
// three (it treats @agent-chat/* types as foreign and lets them pass).
import { Converter, ReflectionKind, makeRecursiveVisitor } from 'typedoc';

const OURS = /^@agent-chat\//;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(
    Converter.EVENT_RESOLVE_END,
    (context) => {
      const reported = new Set();
      for (const owner of Object.values(context.project.reflections)) {
        const visitor = makeRecursiveVisitor({
          reference(type) {
            if (type.reflection || type.refersToTypeParameter || !OURS.test(type.package ?? '')) return;
            const key = `${type.package}:${type.qualifiedName}`;
            if (reported.has(key)) return;
            reported.add(key);
            app.logger.warn(
              `${type.qualifiedName} (${type.symbolId?.packageName}/${type.symbolId?.packagePath}) is used by ` +
                `${owner.getFriendlyFullName()} but exported by no documented entry point`,
            );
          },
        });
        for (const type of typesOf(owner)) type.visit(visitor);
      }
    },
    // After TypeDoc has resolved references to the reflections they point to.
    -100,
  );
}

/** The types a reflection shows: its own, its signatures' parameters and returns, its type parameters' bounds. */
function* typesOf(reflection) {
  if (reflection.type) yield reflection.type;
  if (reflection.kindOf?.(ReflectionKind.TypeParameter)) {
    if (reflection.default) yield reflection.default;
  }
  for (const type of reflection.extendedTypes ?? []) yield type;
  for (const type of reflection.implementedTypes ?? []) yield type;
}
