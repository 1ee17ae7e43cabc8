// What a turn hands its cards: the functions that send the user's answer. The turn (the message list) and the
// cards are two features in two chunks; they meet in these types.
import type { Decision, PendingCall } from '@agent-chat/protocol';

/** What the user decided, without the call's id (the card knows it). */
export type CardDecision = Omit<Decision, 'toolCallId'>;

/** Sends a decision; rejects (with the server's message) when it was refused, so the card can offer a retry. */
export type DecideFunction = (call: PendingCall, decision: CardDecision) => Promise<void>;

/** Restores the state from before the turn; rejects with the server's error (a 404 when nothing is left to undo). */
export type UndoFunction = () => Promise<void>;
