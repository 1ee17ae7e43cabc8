/**
 * The thread view's pieces (`threads`), forwarded to the page by its element itself (it sets its own
 * `exportparts`). Here rather than in ui/parts.ts: a file is split as a whole, and that one is in the
 * conversation's chunk, which every page loads.
 */
export const THREAD_PARTS =
  'threads-button, threads, new-thread-button, close-threads-button, more-threads-button, thread, current-thread, thread-title-input, thread-save-button, thread-rename-button, thread-delete-button, thread-delete-confirm';
