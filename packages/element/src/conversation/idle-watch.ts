import { load } from '../features/registry.js';
import { runTurn } from './run-turn.js';
import type { ConversationModel } from './conversation-model.js';

/**
 * A pending approval shown here may be answered in another tab (or another device): while one shows, nothing runs
 * here and the element is on the page, wait for the session's next run and follow it, so the card gives way to the
 * outcome. Stopped as soon as this page runs something itself (an answer, a message), goes away, or changes
 * session. One connection per such element, and only while it shows a card.
 *
 * Returns the check to run after every change, which starts or ends the wait to match the conversation.
 */
export function idleWatch(conversation: ConversationModel): () => void {
  let current: AbortController | undefined;
  return () => {
    const { client, sessionId } = conversation;
    const wanted = Boolean(client) && conversation.pending.length > 0 && !conversation.run && !conversation.loading && conversation.host.isConnected;
    if (!wanted || !client) {
      current?.abort();
      current = undefined;
      return;
    }
    if (current) return;
    const watch = new AbortController();
    current = watch;
    // Without its chunk there is no wait: the card stays, and the registry has told the page.
    void load('awaiting-input', conversation.host)
      .then(({ waitForNextRun }) =>
        waitForNextRun({
          open: (after, signal) => client.waitForRun(sessionId, after, signal),
          lastId: () => conversation.lastEventId,
          signal: watch.signal,
        }),
      )
      .catch(() => false)
      .then((started) => {
        if (current !== watch) return;
        current = undefined;
        watch.abort();
        // Followed from this page's last id, so the event that woke the wait is applied there.
        if (started && !conversation.run) void runTurn(conversation, { watch: true });
      });
  };
}
