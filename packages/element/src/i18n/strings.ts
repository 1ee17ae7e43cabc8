import type { AttachmentStrings } from '../features/attachments/attachment-strings.js';
import type { CardStrings } from '../features/cards/card-strings.js';
import type { MessageActionStrings } from '../features/message-actions/message-action-strings.js';
import { shellEn } from './shell-strings.js';
import type { ThreadStrings } from '../features/threads/thread-strings.js';
import type { SubagentStrings } from '../features/subagent-tree/subagent-strings.js';
import type { InputRequestStrings } from '../features/input-requests/input-request-strings.js';
import type { McpAppStrings } from '../features/mcp-apps/mcp-app-strings.js';

export { format } from './shell-strings.js';

/**
 * The conversation's texts in English (the shell's, shellEn, among them). A host overrides some (`el.strings = { send: 'Envoyer' }`) or picks
 * a registered one (`locale="fr"`, see locales.ts); a missing key falls back to English, so a partial table is
 * always safe. `{name}` marks a value filled in when the text is shown (see `format`). The texts of what a plain
 * text conversation does not show travel with their chunks, in tables of their own, overridden and translated the
 * same way: the cards' (card-strings.ts), the thread view's, the message actions', the attachments', the sub-agent tree's, the input requests'.
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

  // The agent's turn (its steps' texts are cardsEn's: card-strings.ts)
  agentTurn: 'The agent’s reply',
  userMessage: 'You',
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

  // A confirmation card's Cancel, and the ephemeral frame's
  cancel: 'Cancel',
};

/** The keys of the table: a host's override is checked against them. */
export type StringKey = keyof typeof en;
export type AgentChatStrings = Record<StringKey, string>;

/** Every table's texts: what a locale translates (`registerLocale`) and an element's `strings` overrides. */
export type ElementStrings = AgentChatStrings & CardStrings & ThreadStrings & MessageActionStrings & AttachmentStrings & SubagentStrings & InputRequestStrings & McpAppStrings;
