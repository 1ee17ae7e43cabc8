/**
 * The texts of what a turn draws besides its text, in English: thinking, tool steps, undo, the answer card, the
 * confirmation cards and their forms. Kept apart from the conversation's table (strings.ts) so that they travel in
 * the cards' chunk, which a plain text conversation never loads (measured: 0.6 KB gzip -9 less for it). A host
 * overrides them and a locale translates them like any other key (`el.strings`, `registerLocale`, fr.ts).
 */
export const cardsEn = {
  // Thinking and tool steps
  thinking: 'Thinking…',
  thoughtProcess: 'Thought process',
  toolRunning: 'running',
  toolDone: 'done',
  toolFailed: 'failed',
  toolStopped: 'stopped',
  toolInterrupted: 'not finished',
  toolWaiting: 'waiting for your answer',
  toolResult: 'Result of {label}',
  moreCharacters: '… ({count} more characters)',

  // Undo
  undo: 'Undo',
  undoLabel: 'Undo the changes the agent made in this reply',
  undoing: 'Undoing…',
  undoNothing: 'Nothing to undo: these changes were already undone or replaced.',
  undoFailed: 'Could not undo: {message}',

  // The final answer card
  answerLinks: 'Links',
  answerSuggestions: 'Suggested follow-ups',
  answerSuggestionLabel: 'Send: {text}',

  // Confirmation cards (their Cancel is the conversation's `cancel`)
  confirm: 'Confirm',
  edit: 'Edit',
  editConfirm: 'Confirm with these changes',
  editDiscard: 'Discard changes',
  cardPending: 'Waiting for your answer',
  cardSending: 'Sending…',
  cardApplied: 'Applied',
  cardCancelled: 'Cancelled',
  cardFailed: 'Failed',
  cardStopped: 'Stopped',
  cardError: 'Your answer could not be sent: {message}',
  previewBefore: 'Before',
  previewAfter: 'After',
  previewChanges: 'Changes',
  previewImpact: 'This also affects',
  previewInput: 'Details',
  diffRemoved: 'removed',
  diffAdded: 'added',

  // Forms generated from a tool's schema
  formInvalid: 'Some fields need fixing.',
  fieldRequired: 'This field is required.',
  fieldNumber: 'Enter a number.',
  fieldInteger: 'Enter a whole number.',
  fieldMinimum: 'Must be at least {limit}.',
  fieldMaximum: 'Must be at most {limit}.',
  fieldMinLength: 'Must be at least {limit} characters long.',
  fieldMaxLength: 'Must be at most {limit} characters long.',
  fieldMinItems: 'Needs at least {limit} items.',
  fieldMaxItems: 'Takes at most {limit} items.',
  fieldPattern: 'Does not have the expected format.',
  fieldJson: 'Not valid JSON.',
  fieldListHint: 'One item per line.',
  fieldChoose: 'Choose…',
};

export type CardStringKey = keyof typeof cardsEn;
export type CardStrings = Record<CardStringKey, string>;
