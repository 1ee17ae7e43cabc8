import type { ConversationSnapshot } from '../../context/conversation-context.js';
import { LOCAL } from '../../core/turns/local-turns.js';

/**
 * After an edit, the Edit of the message now at its place takes the focus once it can: the edited message is a group
 * (and a bar) of its own, whose Edit is disabled until its reply has ended and its stored id is in. Named by session
 * and position, since the bar that asked is gone by then.
 */
let wanted: { sessionId: string; index: number } | undefined;

/** The edit of the user message `turnId` is about to go: the focus will follow it. */
export function focusEditAfter(state: ConversationSnapshot, turnId: string): void {
  wanted = { sessionId: state.sessionId, index: state.indexOf(turnId) };
}

/** The edit ended: what did not take the focus by now (it failed) never will. */
export function forgetEditFocus(): void {
  wanted = undefined;
}

/** Whether the bar of the user message `turnId` is the one to focus its Edit now; it is only once. */
export function takesEditFocus(state: ConversationSnapshot, turnId: string): boolean {
  if (!wanted || state.running || turnId.startsWith(LOCAL)) return false;
  if (wanted.sessionId !== state.sessionId || wanted.index !== state.indexOf(turnId)) return false;
  wanted = undefined;
  return true;
}
