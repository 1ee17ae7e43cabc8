import { defineTool, type ToolContext } from '@agent-chat/server';
import type { Preview } from '@agent-chat/protocol';
import { z } from 'zod';
import { boardFromContext, downstreamOf, findItem, relationshipOverview, shortText, upstreamOf, type ContextBoardItem } from './board-context.js';

// The board lives in the page (seed 003 keeps the discovery in the browser), so the three writes are client tools:
// the run stops, the element shows a confirmation card with the preview computed here from the page context, and the
// page applies the change to its own state when the analyst confirms. The reads run here, over the same context.

const entityType = z.enum(['input', 'fact', 'insight', 'recommendation', 'output']);
const board = (ctx: ToolContext) => boardFromContext(ctx.context);
const line = (item: ContextBoardItem) => `${item.id} — ${shortText(item.title ? `${item.title}: ${item.text}` : item.text)}`;

export const addItem = defineTool({
  name: 'add_item',
  description:
    'Add a new item to the Discovery pipeline. Always use this tool when the analyst asks to add a fact, insight, recommendation, ' +
    'or output. Propose the item with pre-filled fields for the analyst to confirm.',
  // .describe() is for the model; .meta({ title, hint }) is what the analyst reads in the card's edit form.
  input: z.object({
    entity_type: z
      .enum(['fact', 'insight', 'recommendation', 'output'])
      .describe('The type of entity to add')
      .meta({ title: 'Column' }),
    text: z.string().min(1).describe('The content text for the new item').meta({ title: 'Text' }),
    related_ids: z
      .array(z.string())
      .optional()
      .describe('IDs of related upstream items (e.g., input IDs for a fact, fact IDs for an insight)')
      .meta({ title: 'Builds on', hint: 'One item per line, e.g. I-1 for an input, F-2 for a fact.' }),
    output_type: z
      .enum(['report', 'presentation', 'action_plan', 'brief'])
      .optional()
      .describe("Required only when entity_type is 'output'")
      .meta({ title: 'Output format', hint: 'For an output only.' }),
  }),
  kind: 'client',
  label: 'Proposing a new {entity_type}',
  needsConfirmation: true,
  // The element's card shows the title, the text as added words and the input; the links go in the title, since
  // an `impact` would make the card style Confirm as destructive (unless confirmButton says otherwise).
  preview: ({ entity_type, text, related_ids = [] }, ctx): Preview => {
    const items = board(ctx);
    const found = related_ids.flatMap((id) => findItem(items, id) ?? []);
    const missing = related_ids.filter((id) => !findItem(items, id));
    const citing = found.length ? ` citing ${found.map((item) => item.id).join(', ')}` : '';
    const warning = missing.length ? ` (not on the board: ${missing.join(', ')})` : '';
    return { title: `Add a ${entity_type}${citing}${warning}`, after: text, data: { links: found.map(line) } };
  },
});

/** Edits and deletes of an item that is not on the board get no card: the page answers them with an error at once. */
const itemExists = ({ item_id }: { item_id: string }, ctx: ToolContext) => Boolean(findItem(board(ctx), item_id));

export const editItem = defineTool({
  name: 'edit_item',
  description:
    "Edit an existing item in the Discovery pipeline. Always use this tool when the analyst asks to modify an item's text. " +
    'Show a before/after comparison for confirmation.',
  input: z.object({
    entity_type: entityType.describe('The type of entity to edit').meta({ title: 'Column' }),
    item_id: z.string().min(1).describe('The ID of the item to edit').meta({ title: 'Item' }),
    new_text: z.string().min(1).describe('The proposed new text for the item').meta({ title: 'New text' }),
  }),
  kind: 'client',
  // What the card is titled and what the step says: the same words, so a call that gets no card (an item that is not
  // on the board) reads "Edit F-99 ✗ failed", announcing nothing.
  label: 'Edit {item_id}',
  needsConfirmation: itemExists,
  // Seed 003's EditItemCard: "Apply", in the accent colour even though the preview lists the items it marks for review.
  confirmButton: { label: 'Apply', tone: 'default' },
  preview: ({ item_id, new_text }, ctx): Preview => {
    const items = board(ctx);
    const item = findItem(items, item_id);
    const downstream = item ? downstreamOf(items, item.id) : [];
    return {
      title: `Edit ${item?.id ?? item_id}`,
      before: item?.text ?? '',
      after: new_text,
      impact: downstream.map((d) => `${line(d)} (will be marked for review)`),
    };
  },
});

export const deleteItem = defineTool({
  name: 'delete_item',
  description:
    'Delete an item from the Discovery pipeline. Always use this tool when the analyst asks to remove an item. ' +
    'Show the item details and downstream impact for confirmation.',
  input: z.object({
    entity_type: entityType.describe('The type of entity to delete').meta({ title: 'Column' }),
    item_id: z.string().min(1).describe('The ID of the item to delete').meta({ title: 'Item' }),
  }),
  kind: 'client',
  label: 'Delete {item_id}',
  needsConfirmation: itemExists,
  // Seed 003's DeleteItemCard: "Confirm deletion" in red.
  confirmButton: { label: 'Confirm deletion', tone: 'danger' },
  preview: ({ item_id }, ctx): Preview => {
    const items = board(ctx);
    const item = findItem(items, item_id);
    const downstream = item ? downstreamOf(items, item.id) : [];
    return {
      title: `Delete ${item?.id ?? item_id}`,
      before: item ? (item.title ? `${item.title}: ${item.text}` : item.text) : '',
      impact: downstream.length
        ? [`${downstream.length} downstream item${downstream.length === 1 ? '' : 's'} lose support:`, ...downstream.map(line)]
        : ['Nothing on the board cites it.'],
    };
  },
});

export const getItem = defineTool({
  name: 'get_item',
  description:
    'Read one item of the Discovery in full, with what supports it (upstream, down to the inputs) and what rests on it ' +
    '(downstream). Use it when the context is summarized or to trace a chain.',
  input: z.object({ item_id: z.string().min(1).describe('The ID of the item, e.g. F-1') }),
  label: 'Reading {item_id}',
  execute: ({ item_id }, ctx) => {
    const items = board(ctx);
    const item = findItem(items, item_id);
    if (!item) throw new Error(`No item ${item_id} on the board. Items are named I-, F-, N- (insight), R-, O- and a number.`);
    return { item, supportedBy: upstreamOf(items, item.id).map(line), supports: downstreamOf(items, item.id).map(line) };
  },
});

export const listItems = defineTool({
  name: 'list_items',
  description:
    'List the items of the Discovery (id and the start of the text), optionally one column, with a relationship overview: ' +
    'items that rest on nothing and items nothing uses. Use it for summaries and gap analysis.',
  input: z.object({ column: entityType.optional().describe('Only this column') }),
  label: ({ column }) => (column ? `Listing the ${column} column` : 'Reading the board'),
  execute: ({ column }, ctx) => {
    const items = board(ctx);
    const shown = column ? items.filter((item) => item.column === column) : items;
    const counts = Object.fromEntries(['input', 'fact', 'insight', 'recommendation', 'output'].map((c) => [c, items.filter((i) => i.column === c).length]));
    return { counts, items: shown.map(line), overview: relationshipOverview(items) };
  },
});

export const boardTools = [getItem, listItems, addItem, editItem, deleteItem];
