// The conversation's arrival, once per page: the first time an element shows a conversation or its host starts a
// run, its chunk (chunks/conversation-parts.ts) and, beside it, the small one that asks for the history meanwhile
// (chunks/early-history.ts). Every <agent-chat> on the page shares it.
import { load, type FeatureModule } from '../features/registry.js';
import { nextTask } from '../ui/later.js';
import type { HistoryHost } from '../transport/ask-history-early.js';

export type ConversationModule = FeatureModule<'conversation-parts'>;

let arriving: Promise<ConversationModule> | undefined;
let arrived: ConversationModule | undefined;

/**
 * Resolves with the module once its parts are defined. The history of the session `host` shows is asked for
 * meanwhile and handed to the conversation's first load of that session. When the chunk does not load, the
 * registry says so and this rejects; the next call tries again, the early history with it.
 */
export function loadConversation(host: HistoryHost & Element): Promise<ConversationModule> {
  arriving ??= Promise.all([
    load('conversation-parts', host),
    // Never in the conversation's way: without its chunk, or if asking throws, the conversation asks as before.
    load('early-history', host)
      .then((early) => early.askHistoryEarly(host))
      .catch(() => undefined),
  ])
    // In a task of its own: evaluating the chunk (compiling it, marked building its rule tables) is a long task by
    // itself; the parts' first render (a long history's) went on in the same one.
    .then(nextTask)
    .then(([module, history]) => {
      if (history) module.offerEarlyHistory(history);
      module.defineConversationParts();
      return (arrived = module);
    })
    .catch((error: unknown) => {
      arriving = undefined;
      throw error;
    });
  return arriving;
}

/** The module, once its parts are defined: an element created after that needs no wait. */
export function conversationModule(): ConversationModule | undefined {
  return arrived;
}
