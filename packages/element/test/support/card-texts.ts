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
