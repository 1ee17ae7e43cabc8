import type { AnswerInputRequest, AnswerInputResponse, InputRequest } from '@agent-chat/protocol';
import type { AgentTransport } from '../../transport/transport.js';

/**
 * The user's answer, through the transport when it answers its own way (AG-UI: a resume run), else
 * POST /sessions/:sessionId/input-requests/:requestId; resolves with the request as answered. Rejects with the
 * server's AgentHttpError: a 400 names the refused field (`field`, `content.<name>` either way), a 409 says it was
 * answered already. The route is here, in the cards' chunk, rather than in the client every conversation loads.
 */
export async function sendAnswer(client: AgentTransport, sessionId: string, request: InputRequest, answer: AnswerInputRequest): Promise<InputRequest> {
  if (client.answerInput) return client.answerInput(sessionId, request, answer);
  const path = `/sessions/${encodeURIComponent(sessionId)}/input-requests/${encodeURIComponent(request.requestId)}`;
  const response = await client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  return ((await response.json()) as AnswerInputResponse).request;
}
