/** OpenAI rejects a request whose tool call ids are longer than this ("string too long ... maximum length 40"). */
export const MAX_TOOL_CALL_ID_LENGTH = 40;

/**
 * The ids of these turns' tool calls as they can be sent back. Ids made by another provider (or a proxy) may be
 * longer than OpenAI accepts; those are replaced by a hash, the same for the call and its result, so the pair stays
 * matched. Web Crypto, not node:crypto, so the core runs on Workers, Deno and Bun alike.
 */
export async function outgoingToolCallIds(ids: Iterable<string>): Promise<(id: string) => string> {
  const replaced = new Map<string, string>();
  for (const id of ids) {
    if ((id !== '' && id.length <= MAX_TOOL_CALL_ID_LENGTH) || replaced.has(id)) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
    replaced.set(id, `call_${base64url(new Uint8Array(digest)).slice(0, 32)}`);
  }
  return (id) => replaced.get(id) ?? id;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** An id for a call the server sent without one (some compatible servers do), short enough to be sent back. */
export function generatedToolCallId(): string {
  return `call_${crypto.randomUUID().replaceAll('-', '').slice(0, 24)}`;
}
