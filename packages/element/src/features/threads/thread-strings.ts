/**
 * The thread view's English texts (the `threads` attribute). Kept apart from the full table (strings.ts) so that
 * they travel in the thread view's chunk: a page without threads carries none of them. A host overrides them and a
 * locale translates them like any other key (`el.strings`, `registerLocale`, fr.ts).
 */
export const threadsEn = {
  threads: 'Conversations',
  showThreads: 'Show conversations',
  hideThreads: 'Hide conversations',
  newThread: 'New conversation',
  untitledThread: 'Untitled conversation',
  renameThread: 'Rename',
  renameThreadLabel: 'Rename “{title}”',
  threadTitle: 'Title',
  saveTitle: 'Save',
  deleteThread: 'Delete',
  deleteThreadLabel: 'Delete “{title}”',
  deleteThreadConfirm: 'Delete “{title}” for good?',
  keepThread: 'Keep',
  loadingThreads: 'Loading conversations…',
  noThreads: 'No conversations yet.',
  moreThreads: 'Show older conversations',
  threadsFailed: 'Could not load the conversations: {message}',
  threadFailed: 'Could not change the conversation: {message}',
};

export type ThreadStrings = Record<keyof typeof threadsEn, string>;
