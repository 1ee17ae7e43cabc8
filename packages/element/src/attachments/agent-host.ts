import type { UploadLimits } from '@agent-chat/protocol';
import type { AgentChat } from '../agent-chat.js';
import { AgentClient } from '../transport/agent-client.js';

/** The `<agent-chat>` a part is drawn in, through every shadow root between them (frames have their own). */
export function agentHost(node: Node): AgentChat | undefined {
  let at: Node | undefined = node;
  while ((at = (at.getRootNode() as ShadowRoot).host)) if ('endpoint' in at) return at as AgentChat;
  return undefined;
}

/** A client of the host's endpoint with its adapter's headers and credentials, read on each request as the shell does. */
export function hostClient(host: AgentChat): AgentClient | undefined {
  if (!host.endpoint) return undefined;
  return new AgentClient({ endpoint: host.endpoint, headers: () => host.adapter?.headers?.(), credentials: () => host.adapter?.credentials });
}

const limitsByEndpoint = new Map<string, Promise<UploadLimits | null>>();

/**
 * What the server takes (GET /uploads), asked once per endpoint: null when it takes no uploads (a 404), and then no
 * paperclip is drawn. A failure to ask (offline, a 500) rejects and is forgotten, so the next composer update asks again.
 */
export function uploadLimits(host: AgentChat): Promise<UploadLimits | null> {
  const client = hostClient(host);
  if (!client) return Promise.resolve(null);
  let asked = limitsByEndpoint.get(client.endpoint);
  if (!asked) {
    asked = client.request('/uploads').then(
      (response) => response.json() as Promise<UploadLimits>,
      (error: unknown) => {
        if ((error as { status?: number }).status === 404) return null;
        limitsByEndpoint.delete(client.endpoint);
        throw error;
      },
    );
    limitsByEndpoint.set(client.endpoint, asked);
  }
  return asked;
}
