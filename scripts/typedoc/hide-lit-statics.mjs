// TypeDoc plugin: leaves out the static members every Lit element declares (`styles`, `properties`,
// `shadowRootOptions`). They are Lit's plumbing, not the element's API (its attributes, properties, events, parts
// and CSS properties are in custom-elements.json and docs/host-page.md), and their inherited comments link to Lit
// symbols the reference cannot resolve.
import { Converter, ReflectionKind } from 'typedoc';

const LIT_STATICS = new Set(['styles', 'properties', 'shadowRootOptions']);

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const member of project.getReflectionsByKind(ReflectionKind.Property | ReflectionKind.Accessor)) {
      if (!member.flags.isStatic || !LIT_STATICS.has(member.name)) continue;
      if (member.parent?.kindOf(ReflectionKind.Class)) project.removeReflection(member);
    }
  });
}
