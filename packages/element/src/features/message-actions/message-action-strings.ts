import { usageEn } from '../../ui/usage-text.js';

/**
 * The message actions' English texts (copy, retry, edit, the versions pager, feedback, the undo-first question).
 * Kept apart from the full table (strings.ts) so that they travel in the message actions' chunk. A host overrides
 * them and a locale translates them like any other key (`el.strings`, `registerLocale`, fr.ts).
 */
export const messageActionsEn = {
  messageActions: 'Message actions',
  replyActions: 'Reply actions',
  copyMessage: 'Copy',
  copiedMessage: 'Copied',
  copyMessageFailed: 'Could not copy',
  retryReply: 'Retry',
  editMessage: 'Edit',
  editLabel: 'Edit your message',
  sendEdit: 'Send',
  cancelAction: 'Cancel',
  versions: 'Versions',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: 'Version {index} of {count}',
  goodReply: 'Good reply',
  badReply: 'Bad reply',
  feedbackComment: 'Comment (optional)',
  sendFeedback: 'Send feedback',
  feedbackThanks: 'Thanks for your feedback.',
  undoFirst: 'Undo the changes this reply made first?',
  undoAndGoOn: 'Undo and go on',
  keepAndGoOn: 'Keep them and go on',
  actionFailed: 'That did not work: {message}',
  replyBusy: 'A reply is still coming: try again once it ends.',
  questionStale: 'The conversation has moved on since: try again.',
  /** With `show-usage`: the tokens the reply used (usageEn's texts), named for screen readers. */
  replyUsage: 'This reply’s usage',
  ...usageEn,
};

export type MessageActionStrings = Record<keyof typeof messageActionsEn, string>;
