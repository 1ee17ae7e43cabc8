// The agent server scenario for the confirmation cards of issue #20: `/api/cards`, a rename that asks only for
// items that exist (a "sometimes" tool: its descriptor cannot say it is a card), a remove that always asks, and a
// confirmed write that runs until Stop. For point 4: the same cards, with the same outcome, after a reload. For
// point 5: an edit and a delete whose fields have titles and hints for people, and whose buttons have their own words.
// For point 9: a read whose input nests, between two rounds of thinking.
import type { Hono } from 'hono';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { CARDS, CHIPS, WORDS } from './card-texts.js';

/** Resolves when the signal aborts; the fallback only ends a tool whose test has already failed. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 10_000);
    signal.addEventListener('abort', () => (clearTimeout(fallback), resolve()), { once: true });
  });
}

const renameItem = defineTool({
  name: 'rename_item',
  description: 'Rename a board item',
  kind: 'write',
  input: z.object({ id: z.string(), title: z.string().min(3) }),
  label: CARDS.renameLabel,
  needsConfirmation: ({ id }) => id.startsWith('F-'),
  preview: ({ id, title }) => ({ title: `Rename ${id}`, before: CARDS.oldTitle, after: title }),
  execute: ({ id, title }) => ({ id, title }),
});

const removeItem = defineTool({
  name: 'remove_item',
  description: 'Remove a board item',
  kind: 'write',
  input: z.object({ id: z.string() }),
  label: CARDS.removeLabel,
  needsConfirmation: true,
  preview: ({ id }) => ({ title: `Remove ${id}`, impact: [...CARDS.impact] }),
  execute: ({ id }) => ({ removed: id }),
});

/** Rewrites one slide, then waits for Stop: always "Stopped after 1 of 3 slides." once confirmed. */
const rewriteSlides = defineTool({
  name: 'rewrite_slides',
  description: 'Rewrite every slide',
  kind: 'write',
  input: z.object({}),
  label: CARDS.rewriteLabel,
  needsConfirmation: true,
  execute: async (_input, { signal, status }) => {
    status(CARDS.progress(1));
    await untilAborted(signal);
    return signal.aborted ? CARDS.partial : `All ${CARDS.slides} slides rewritten.`;
  },
});

/** Point 5: descriptions for the model, titles and hints for people, and the card's own button ("Apply"). */
const editItem = defineTool({
  name: 'edit_item',
  description: 'Edit the text of a board item',
  kind: 'write',
  input: z.object({
    item_id: z.string().describe(WORDS.forTheModel[0]).meta({ title: WORDS.titles[0] }),
    new_text: z.string().min(3).describe(WORDS.forTheModel[1]).meta({ title: WORDS.titles[1], hint: WORDS.hints.new_text }),
    related_ids: z.array(z.string()).optional().describe(WORDS.forTheModel[2]).meta({ title: WORDS.titles[2], hint: WORDS.hints.related_ids }),
    output_type: z.enum(['report', 'brief']).optional().describe(WORDS.forTheModel[3]).meta({ title: WORDS.titles[3] }),
  }),
  label: 'Editing {item_id}',
  needsConfirmation: true,
  // An impact would make Confirm red; the tool says its button is an ordinary one.
  preview: ({ item_id, new_text }) => ({ title: `Edit ${item_id}`, before: CARDS.oldTitle, after: new_text, impact: [WORDS.impact] }),
  confirmButton: { label: WORDS.apply, tone: 'default' },
  execute: (input) => input,
});

/** Point 5: a delete whose button says so, in the danger tone, with no impact to go by. */
const deleteItem = defineTool({
  name: 'delete_item',
  description: 'Delete a board item',
  kind: 'write',
  input: z.object({ id: z.string().describe('The ID of the item to delete').meta({ title: 'Item' }) }),
  label: 'Deleting {id}',
  needsConfirmation: true,
  confirmButton: { label: WORDS.confirmDeletion, tone: 'danger' },
  execute: ({ id }) => ({ deleted: id }),
});

/** Point 9: a read whose input nests (a list of words, an object, a list of objects); one field has a title. */
const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Look up an order',
  input: z.object({
    order_id: z.string().describe('The order id').meta({ title: 'Order' }),
    include: z.array(z.string()),
    address: z.object({ city: z.string(), zip: z.string() }),
    lines: z.array(z.object({ sku: z.string(), qty: z.number() })),
    gift: z.boolean(),
  }),
  label: CHIPS.label,
  execute: () => CHIPS.result,
});

const CALLS: Record<string, { tool: string; input?: Record<string, unknown> }> = {
  [WORDS.edit]: { tool: 'edit_item', input: { item_id: 'F-1', new_text: CARDS.proposedTitle, related_ids: ['I-1', 'I-2'] } },
  [WORDS.delete]: { tool: 'delete_item', input: { id: 'F-2' } },
  [CARDS.rename]: { tool: 'rename_item', input: { id: 'F-1', title: CARDS.proposedTitle } },
  [CARDS.remove]: { tool: 'remove_item', input: { id: 'F-2' } },
  [CARDS.rewrite]: { tool: 'rewrite_slides' },
};

export function mountCardScenarios(app: Hono): void {
  app.route(
    '/api/cards',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text }) =>
        text === CHIPS.ask
          ? [
              [{ thinking: CHIPS.thinking[0] }, { tool: 'lookup_order', input: CHIPS.input }],
              [{ thinking: CHIPS.thinking[1] }, { text: CHIPS.reply }],
            ]
          : [[CALLS[text] ?? { text: CARDS.reply }], [{ text: CARDS.reply }]],
      ),
      tools: [renameItem, removeItem, rewriteSlides, editItem, deleteItem, lookupOrder],
    }),
  );
}
