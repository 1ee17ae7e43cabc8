import { shellEn } from './shell-strings.js';

export { format } from './shell-strings.js';

/**
 * Every text the element shows, in English. A host overrides some (`el.strings = { send: 'Envoyer' }`) or picks
 * a registered one (`locale="fr"`, see locales.ts); a missing key falls back to English, so a partial table is
 * always safe. `{name}` marks a value filled in when the text is shown (see `format`).
 */
export const en = {
  // The panel and its frame: the launcher's, the frames' and the title's texts are shellEn's (shell-strings.ts)
  ...shellEn,
  emptyConversation: 'Send a message to start.',
  loadingConversation: 'Loading the conversation…',
  conversationLog: 'Conversation',
  jumpToLatest: 'Jump to latest',
  agentWorking: 'The agent is working',
  showOutput: 'Show output',
  hideOutput: 'Hide output',
  clearConversation: 'Clear',
  clearConfirm: 'Clear this conversation?',

  // The composer
  composerPlaceholder: 'Message the agent…',
  queued: 'Queued',
  unqueue: 'Don’t send this message',
  sendsAfterReply: 'Sent when the reply has finished',
  dropToAttach: 'Drop to attach',
  suggestions: 'Suggestions',
  noMatch: 'Nothing matches “{query}”',
  commandsUnavailable: 'Commands unavailable: {message}',
  mentionsUnavailable: 'Mentions unavailable: {message}',
  mentions: 'Mentions',
  attachments: 'Attachments',
  removeItem: 'Remove {label}',
  quickActions: 'Suggested messages',
  waitingForConfirmation: 'Waiting for confirmation: {label}',
  composerLabel: 'Message',
  send: 'Send',
  stop: 'Stop',
  stopping: 'Stopping…',

  // The agent's steps
  agentTurn: 'The agent’s reply',
  userMessage: 'You',
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
  error: 'Error',
  retry: 'Retry',
  errorNetwork: 'Could not reach the agent server at {endpoint}: {message}',
  reconnecting: 'Reconnecting…',
  errorStreamClosed: 'The connection to the agent server closed before the reply finished',
  loadFailed: 'Could not load the conversation: {message}',
  copyCode: 'Copy',
  codeCopied: 'Copied',
  copyFailed: 'Copy failed',

  // The server's own notices, by their status code
  statusCancelled: 'Stopped by user',
  statusUndone: 'Changes undone',
  statusMaxSteps: 'Stopped: the agent reached its step limit.',

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

  // Confirmation cards
  confirm: 'Confirm',
  edit: 'Edit',
  cancel: 'Cancel',
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

/** The keys of the table: a host's override is checked against them. */
export type StringKey = keyof typeof en;
export type AgentChatStrings = Record<StringKey, string>;
