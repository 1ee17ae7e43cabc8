/** What the stop-and-undo scenarios' tools and models say, shared by the server (Node) and the tests (browser). */

export const STOPPING = {
  slides: 6,
  /** The slides rewritten before the tool waits for Stop. */
  doneBeforeStop: 3,
  writeLabel: 'Rewriting every slide',
  readLabel: 'Reading the deck',
  progress: (done: number) => `Rewrote slide ${done} of 6`,
  partial: 'Stopped after 3 of 6 slides.',
} as const;

export const UNDO_TURNS = {
  initialTitle: 'Q2 plan',
  newTitle: 'Q3 plan',
  write: 'Rename the board',
  renamed: 'Renamed the board.',
  read: 'What is the board called?',
  readReply: 'I read the board.',
  /** A reply that pauses after its first words, so a test can look at the page while the run is in flight. */
  slowRead: 'Read it slowly',
  slowStart: 'Reading the board…',
  slowPauseMs: 1500,
} as const;
