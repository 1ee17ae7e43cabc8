// What the sub-agent scenarios say (subagent-scenarios.ts), shared with subagents.test.ts: plain data, so the
// browser imports none of the server.

export const SUBAGENTS = {
  plan: 'I will ask a searcher for each document.',
  answer: 'The searchers are done: the answer is in section A2.',
  thinking: 'Which page holds the quote?',
  reading: (document: string) => `Reading document ${document}.`,
  found: (document: string) => `In ${document}, the answer is in section ${document}2.`,
  quoteChecked: 'The quote is word for word in section A2.',
  /** The failure of BROKEN's model. */
  brokenModel: 'The fast model is overloaded.',
  /** The searcher's label, as its chip shows it. */
  label: (document: string) => `Searching ${document}`,
  checkLabel: 'Checking the quote',
  /** The tokens and price each model call of the `usage` scenario reports. */
  usage: { inputTokens: 1200, outputTokens: 300 },
  /** The price the `usage` scenario charges per million tokens: $1 in, $10 out, so a call costs $0.0042. */
  price: { input: 1, output: 10 },
};

/** What the sub-agent approval scenarios say (subagent-approval-scenarios.ts), shared with subagent-approvals.test.ts. */
export const APPROVALS = {
  cleanerLabel: 'Cleaning up the notes',
  sweeperLabel: 'Sweeping the archive',
  pickerLabel: 'Picking a colour',
  /** The delete's label, as its card's title says it. */
  deleteLabel: (id: string) => `Delete note ${id}`,
  /** What the sub-agent says after its call, and the agent after the sub-agent. */
  cleaner: (result: string) => `Cleaner says: ${result}`,
  sweeper: (result: string) => `Sweeper says: ${result}`,
  main: (result: string) => `Main says: ${result}`,
  picked: (colour: string) => `Picked ${colour}.`,
  deleted: (id: string) => `Deleted ${id}.`,
  refused: 'The user refused this action.',
};
