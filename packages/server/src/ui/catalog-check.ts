import type { A2uiMessage } from '@agent-chat/protocol';
import type { A2uiCatalog } from './a2ui-tool-description.js';

// What a2uiTool checks beyond the envelope (ctx.ui's checks): the things the page's renderer would refuse to draw,
// so the model reads an error it can correct instead of being told "shown" while the page shows an error.

/**
 * The component names a catalog given as JSON Schema lists, or undefined when it is prose or a shape we do not
 * know (then any name passes here and the renderer is the judge). Two shapes: a whole catalog as @a2ui/web_core's
 * basic catalog.json is (`{ catalogId, components: { Text: {...}, ... } }`), and that `components` object alone.
 */
export function catalogComponentNames(components: A2uiCatalog['components']): string[] | undefined {
  if (!isRecord(components)) return undefined;
  if (isRecord(components['components'])) return Object.keys(components['components']);
  // Catalog component names are PascalCase; a JSON Schema's own keywords (type, properties, $defs) are not.
  const names = Object.keys(components);
  const map = names.length > 0 && names.every((name) => /^[A-Z]/.test(name) && isRecord(components[name]));
  return map ? names : undefined;
}

/** Throws an Error naming `messages.N.<field>` for the first message the catalog's renderer would refuse. */
export function checkAgainstCatalog(catalog: A2uiCatalog, messages: readonly A2uiMessage[]): void {
  const names = catalogComponentNames(catalog.components);
  const created = new Set<string>();
  const withRoot = new Set<string>();
  messages.forEach((message, index) => {
    if ('createSurface' in message) {
      const { surfaceId, catalogId } = message.createSurface;
      if (catalogId !== catalog.id) {
        throw new Error(
          `messages.${index}.createSurface.catalogId: the page has no catalog ${JSON.stringify(catalogId)}; use ${JSON.stringify(catalog.id)}`,
        );
      }
      created.add(surfaceId);
    } else if ('updateComponents' in message) {
      const { surfaceId, components } = message.updateComponents;
      components.forEach((component, at) => {
        if (names && !names.includes(component.component)) {
          throw new Error(
            `messages.${index}.updateComponents.components.${at}.component: the catalog has no component ` +
              `${JSON.stringify(component.component)}; use one of ${names.join(', ')}`,
          );
        }
        if (component.id === 'root') withRoot.add(surfaceId);
      });
    }
  });
  // A surface drawn from a root that never comes is the renderer's error (or a placeholder that never resolves).
  const rootless = [...created].filter((surfaceId) => !withRoot.has(surfaceId));
  if (rootless.length > 0) {
    throw new Error(
      `messages: the surface ${rootless.map((id) => JSON.stringify(id)).join(', ')} is created without a component with ` +
        'the id "root"; send its updateComponents with the "root" component in the same call',
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
