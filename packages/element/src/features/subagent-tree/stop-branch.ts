import type { ElementHost } from '../../context/element-host.js';

/**
 * Stops one sub-agent (and the sub-agents it started): POST /sessions/:id/cancel with the id of the call that
 * started it. The rest of the run goes on; the call's result, streamed as any other, says it was stopped.
 * Rejects with the server's error (409: it had already ended).
 */
export async function stopBranch(host: ElementHost, sessionId: string, toolCallId: string): Promise<void> {
  const client = host.client();
  if (!client) throw new Error('agent-chat: no endpoint');
  await client.request(`/sessions/${encodeURIComponent(sessionId)}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ toolCallId }),
  });
}
