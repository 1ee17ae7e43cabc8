import { A2UI_BASIC_CATALOG_ID } from '@agent-chat/protocol';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The v0.9 basic catalog as the model is told it: its id and its components' JSON Schemas, read from the spec's
 * catalog.json that @a2ui/web_core ships (the same catalog the element draws with). The package exports only its
 * modules, so the file is found beside the v0_9 module it does export, wherever npm placed the package.
 */
export function basicCatalog(): { id: string; components: Record<string, unknown> } {
  const v09 = dirname(fileURLToPath(import.meta.resolve('@a2ui/web_core/v0_9')));
  const file = join(v09, 'schemas', 'catalogs', 'basic', 'catalog.json');
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as { catalogId?: string; components?: Record<string, unknown> };
  if (catalog.catalogId !== A2UI_BASIC_CATALOG_ID || !catalog.components) {
    throw new Error(`${file}: not the v0.9 basic catalog (${A2UI_BASIC_CATALOG_ID})`);
  }
  return { id: catalog.catalogId, components: catalog.components };
}
