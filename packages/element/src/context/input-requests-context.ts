import { createContext } from '@lit/context';
import type { InputRequest } from '@agent-chat/protocol';

/**
 * What running tool calls asked the user (forms, links, sampling approvals), as the parts see it: a call's chip
 * draws its requests' cards. A new value only when a request came or was answered, so the chips that read it are not
 * redrawn for every streamed word.
 */
export interface InputRequestsView {
  /** Every request of the conversation, answered or not, in the order they were asked. */
  readonly requests: readonly InputRequest[];
  /**
   * A request as the server answered it (the answer route's `request`), taken at once rather than when its
   * `input_answered` event comes: the card that sent the answer shows it.
   */
  take(request: InputRequest): void;
}

export const inputRequestsContext = createContext<InputRequestsView>(Symbol('agent-chat-input-requests'));
