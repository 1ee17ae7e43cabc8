/** What the rendering scenarios' scripted model and tools say, shared by the server (Node) and the tests (browser). */

/** The user's message that starts each scripted turn of the `rendering` scenario. */
export const ASK = {
  /** Thinking, a status line, a failing tool, a write, a hidden tool, text, and the final answer card. */
  everyStep: 'Show every step',
  edit: 'Edit the item',
  delete: 'Delete the item',
  slowTool: 'Run the slow tool',
  modelError: 'Fail please',
  /** Followed by a space and the text the tool echoes back as its result. */
  echo: 'Echo',
  /** A client tool that asks the user first: the page runs it once the card is confirmed. */
  highlight: 'Highlight the item',
} as const;

export const STEPS = {
  thinking: 'I should search the notes, then rename the board.',
  before: 'Let me look.',
  status: 'Searching 3 notebooks…',
  searchLabel: 'Searching the notes',
  failingLabel: 'Checking the archive',
  failure: 'The archive is offline',
  writeLabel: 'Renaming the board to Q3 plan',
  after: 'Renamed the board.',
  summary: 'The board is now called **Q3 plan**.',
  links: [
    { title: 'Open the board', url: '/board' },
    { title: 'Naming guide', url: 'https://example.com/naming' },
    { title: 'Never shown', url: 'javascript:alert(1)' },
  ],
  suggestions: ['Rename it back', 'Show the board'],
} as const;

export const ITEM = {
  id: 'I-1',
  text: 'Ship the onboarding flow in May',
  edited: 'Ship the new onboarding flow in June',
  editLabel: 'Editing item I-1',
  deleteLabel: 'Deleting item I-2',
  impact: ['2 insights cite this fact', '1 recommendation depends on it'],
  done: 'Done with that request.',
} as const;

export const SLOW_TOOL = { label: 'Crunching numbers', ms: 1500, after: 'Crunched.' } as const;

export const MODEL_ERROR = { before: 'Trying.', message: 'The model is overloaded' } as const;

/** The board's title before any write: what undo brings back. */
export const INITIAL_TITLE = 'Untitled board';

/** The client tool that needs confirmation, and what the agent says after it ran or was refused. */
export const HIGHLIGHT = {
  label: 'Highlighting item I-1',
  title: 'Highlight I-1',
  done: 'Highlighted it.',
  refused: 'Left it alone.',
} as const;
