import { columnOfId } from './columns.js';
import type { DiscoveryStore } from './discovery-store.js';
import type { Column, OutputType } from './discovery-types.js';

// The page's side of the agent's write tools (client tools on the server): the analyst has confirmed the card, maybe
// edited it, and the element runs the handler with the input as confirmed. The result goes back to the agent; a
// throw goes back as an error result and leaves the board as it was.

type Input = Record<string, unknown>;

const text = (input: Input, field: string): string => {
  const value = input[field];
  if (typeof value !== 'string' || !value.trim()) throw new Error(`${field}: a non-empty text is required.`);
  return value;
};

export function boardToolHandlers(store: DiscoveryStore) {
  return {
    add_item(input: Input) {
      const column = input.entity_type as Column;
      if (!['fact', 'insight', 'recommendation', 'output'].includes(column)) throw new Error('entity_type: one of fact, insight, recommendation, output.');
      const links = Array.isArray(input.related_ids) ? input.related_ids.map(String) : [];
      const item = store.addItem({
        column,
        text: text(input, 'text'),
        links,
        ...(typeof input.output_type === 'string' ? { outputType: input.output_type as OutputType } : {}),
      });
      return { added: { id: item.id, column: item.column, text: item.text, links: item.links } };
    },
    edit_item(input: Input) {
      const id = text(input, 'item_id');
      const { item, before, stale } = store.editItem(id, text(input, 'new_text'));
      return { edited: item.id, before, after: item.text, stale };
    },
    delete_item(input: Input) {
      const id = text(input, 'item_id');
      if (!columnOfId(id)) throw new Error(`item_id: "${id}" is not an item id such as F-1.`);
      const { item, stale } = store.deleteItem(id);
      return { deleted: item.id, stale };
    },
  };
}
