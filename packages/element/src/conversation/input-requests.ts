import type { InputAnsweredEvent, InputRequest, InputRequestEvent } from '@agent-chat/protocol';

/**
 * The conversation's input requests with one more event or answer applied: a new array when something changed (the
 * parts hear of it by that), the same one otherwise. A request keeps its place; a replayed `input_request` (after a
 * reconnect) keeps the answer it has here.
 */
export function withInputRequest(
  requests: readonly InputRequest[],
  change: InputRequestEvent | InputAnsweredEvent | InputRequest,
): readonly InputRequest[] {
  const at = requests.findIndex((request) => request.requestId === change.requestId);
  const known = requests[at];
  let next: InputRequest | undefined;
  if (!('type' in change)) next = change;
  else if (change.type === 'input_answered') next = known && { ...known, answer: change.answer };
  else {
    const { type: _type, ...asked } = change;
    next = known?.answer ? { ...asked, answer: known.answer } : asked;
  }
  if (!next) return requests;
  return at < 0 ? [...requests, next] : requests.map((request, index) => (index === at ? next : request));
}
