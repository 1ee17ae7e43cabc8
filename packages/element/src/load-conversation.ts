// Loads the conversation chunk (chunks/conversation-parts.ts) once per page: the first time an element shows a
// conversation or its host starts a run. Every <agent-chat> on the page shares it.
import type { AgentChat } from './agent-chat.js';
import { nextTask, retryable } from './load-once.js';

export type ConversationModule = typeof import('./chunks/conversation-parts.js');

let loaded: ConversationModule | undefined;

/**
 * Resolves with the module once its parts are defined. The history of the session `host` shows is asked for
 * meanwhile, by a chunk that loads beside it (chunks/early-history.ts), and handed to the conversation's first load
 * of that session. A failed load (the chunk unreachable) is tried again next time.
 */
export const loadConversation = retryable((host: AgentChat) =>
  Promise.all([
    import('./chunks/conversation-parts.js'),
    // Never in the conversation's way: without its chunk, or if asking throws, the conversation asks as before.
    import('./chunks/early-history.js')
      .then((early) => early.askHistoryEarly(host))
      .catch(() => undefined),
  ])
    // In a task of its own: evaluating the chunk (compiling it, marked building its rule tables) is a long task by
    // itself; the parts' first render (a long history's) went on in the same one.
    .then(nextTask)
    .then(([module, history]) => {
      if (history) module.offerEarlyHistory(history);
      module.defineConversationParts();
      return (loaded = module);
    }),
);

/** The module, if it has loaded: an element created after that needs no wait. */
export function conversationModule(): ConversationModule | undefined {
  return loaded;
}
