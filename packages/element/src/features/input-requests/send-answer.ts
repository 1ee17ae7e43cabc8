import type { AnswerInputRequest, AnswerInputResponse, InputRequest } from '@agent-chat/protocol';
import type { AgentTransport } from '../../transport/transport.js';

/**
 * POST /sessions/:sessionId/input-requests/:requestId: the user's answer; resolves with the request as answered.
 * Rejects with the server's AgentHttpError: a 400 names the refused field (`field`), a 409 says it was answered
 * already. Here, in the cards' chunk, rather than in the client every conversation loads.
 */
export async function sendAnswer(client: AgentTransport, sessionId: string, request: InputRequest, answer: AnswerInputRequest): Promise<InputRequest> {
  const path = `/sessions/${encodeURIComponent(sessionId)}/input-requests/${encodeURIComponent(request.requestId)}`;
  const response = await client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  return ((await response.json()) as AnswerInputResponse).request;
}
