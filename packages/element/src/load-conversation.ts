// Loads the conversation chunk (conversation-parts.ts) once per page: the first time an element shows a
// conversation or its host starts a run. Every <agent-chat> on the page shares it.
import { define } from './define-element.js';

type ConversationModule = typeof import('./conversation-parts.js');

let loading: Promise<ConversationModule> | undefined;
let loaded: ConversationModule | undefined;

/** Resolves with the module once its parts are defined. A failed load (the chunk unreachable) is tried again next time. */
export function loadConversation(): Promise<ConversationModule> {
  loading ??= import('./conversation-parts.js').then(
    (module) => {
      module.defineConversationParts();
      return (loaded = module);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The module, if it has loaded: an element created after that needs no wait. */
export function conversationModule(): ConversationModule | undefined {
  return loaded;
}

let ephemeral: Promise<void> | undefined;

/**
 * The ephemeral frame, a chunk of its own: it is all conversation (an input bar and the output), so nothing of it
 * paints before the conversation, and a page in another mode never loads it.
 */
export function loadEphemeralFrame(): Promise<void> {
  ephemeral ??= import('./frames/ephemeral-frame.js').then(
    ({ EphemeralFrame }) => define('agent-chat-ephemeral-frame', EphemeralFrame),
    (error: unknown) => {
      ephemeral = undefined;
      throw error;
    },
  );
  return ephemeral;
}
