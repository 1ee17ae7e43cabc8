import type { UploadLimits } from '@agent-chat/protocol';
import type { AgentTransport } from '../../transport/transport.js';

const limitsByEndpoint = new Map<string, Promise<UploadLimits | null>>();

/**
 * What the server takes (GET /uploads), asked once per endpoint: null when it takes no uploads (a 404), and then no
 * paperclip is drawn. A failure to ask (offline, a 500) rejects and is forgotten, so a later composer asks again.
 */
export function uploadLimits(client: AgentTransport): Promise<UploadLimits | null> {
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
