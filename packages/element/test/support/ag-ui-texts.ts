// What the test AG-UI server (ag-ui-server.ts) is asked and answers, shared with the browser test that checks what
// the user sees (ag-ui-transport.test.ts).

/** The user messages that pick a script. */
export const AG_UI_ASK = {
  full: 'Weather in Lyon, please',
  approve: 'Delete my notes',
  fail: 'Try something that fails',
  slow: 'Tell me a long story',
  clientTool: 'What is the title of this page?',
  both: 'Delete a.txt and b.txt',
  /** A frontend tool the page answers in its own view (respond), with no handler. */
  pick: 'Pick a plan for me',
  /** Refused before any run (HTTP 503). */
  refused: 'This one is refused',
  /** A tool call, then words until Stop, never its result. */
  slowTool: 'Look it up slowly',
  /** A tool call, then RUN_ERROR before its result. */
  failTool: 'Look it up and fail',
} as const;

export const AG_UI_TEXT = {
  thinking: 'The user wants the weather; I will call the weather tool.',
  before: 'Let me look that up.',
  after: 'It is clear and 21 degrees in Lyon.',
  asking: 'I can delete notes.txt for you.',
  approval: 'Delete notes.txt?',
  deleted: 'Done: notes.txt is deleted.',
  kept: 'All right, notes.txt stays.',
  deletedBoth: 'Both files are deleted.',
  beforeFailure: 'Working on it',
  failure: 'The model is overloaded',
  echo: 'You said: ',
  instead: 'Actually, keep everything',
  pageSays: 'The page says: ',
  note: '(forecast cached for an hour)',
} as const;
