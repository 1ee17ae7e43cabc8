import { createHash, randomUUID } from 'node:crypto';

/** OpenAI rejects a request whose tool call ids are longer than this ("string too long ... maximum length 40"). */
export const MAX_TOOL_CALL_ID_LENGTH = 40;

/**
 * A tool call id as it can be sent back. Ids made by another provider (or a proxy) may be longer than OpenAI
 * accepts; those are replaced by a hash, the same for the call and its result, so the pair stays matched.
 */
export function outgoingToolCallId(id: string): string {
  if (id !== '' && id.length <= MAX_TOOL_CALL_ID_LENGTH) return id;
  return `call_${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;
}

/** An id for a call the server sent without one (some compatible servers do), short enough to be sent back. */
export function generatedToolCallId(): string {
  return `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}
