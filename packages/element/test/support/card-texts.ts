/** What the card scenarios' tools and models say (issue #20, points 4, 5 and 9), shared by the server (Node) and the tests (browser). */

export const CARDS = {
  /** Messages the scenario's model answers with one call each. */
  rename: 'Rename F-1',
  remove: 'Remove F-2',
  rewrite: 'Rewrite the slides',
  renameLabel: 'Renaming {id}',
  removeLabel: 'Removing {id}',
  rewriteLabel: 'Rewriting the slides',
  oldTitle: 'Churn rose in week 2',
  proposedTitle: 'Churn rose 4% in week 2',
  editedTitle: 'Churn rose 5% in week 2',
  impact: ['I-1 cites F-2', 'R-1 rests on I-1'] as const,
  slides: 3,
  progress: (done: number) => `Rewrote slide ${done} of 3`,
  partial: 'Stopped after 1 of 3 slides.',
  reply: 'Done.',
} as const;

/** Point 5: the words of the edit and delete tools, for the model and for people. */
export const WORDS = {
  edit: 'Edit F-1',
  delete: 'Delete F-2',
  /** What the model reads of each field, which no person should see in the form. */
  forTheModel: [
    'The ID of the item to edit',
    'The proposed new text for the item',
    'IDs of related upstream items (e.g., input IDs for a fact)',
    "Required only when entity_type is 'output'",
  ],
  titles: ['Item', 'New text', 'Builds on', 'Output format'],
  hints: { new_text: 'What the item will say.', related_ids: 'One item per line, e.g. F-2.' },
  apply: 'Apply',
  confirmDeletion: 'Confirm deletion',
  impact: 'I-1 will be marked for review',
} as const;

/** Point 9: a call whose input nests, between two rounds of thinking. */
export const CHIPS = {
  ask: 'Where is order A-17?',
  thinking: ['The user wants an order; I will look it up.', 'It shipped; I can answer now.'],
  label: 'Looking up order {order_id}',
  input: {
    order_id: 'A-17',
    include: ['items', 'carrier'],
    address: { city: 'Lyon', zip: '69001' },
    lines: [
      { sku: 'X-1', qty: 2 },
      { sku: 'Y-9', qty: 1 },
    ],
    gift: false,
  },
  result: { status: 'shipped', carrier: 'Parcelo' },
  reply: 'Order A-17 has shipped with Parcelo.',
} as const;
