import type { FieldIssue, SendMessageRequest } from '@agent-chat/protocol';
import type { Limits } from '../limits.js';

/**
 * A message within the server's limits, or the first field that is over, named. The counts of its lists were checked
 * before it was validated (http/array-limits.ts).
 */
export function checkMessageLimits(body: SendMessageRequest, limits: Limits): FieldIssue | undefined {
  if (body.text.length > limits.messageChars) {
    return { field: 'text', message: `text: ${body.text.length} characters, more than the ${limits.messageChars} this server accepts` };
  }
  // An act is told to the model as the user's message (its context and data model as JSON): it is bounded as text is.
  const actChars = body.action === undefined ? 0 : JSON.stringify(body.action).length;
  if (actChars > limits.messageChars) {
    return { field: 'action', message: `action: ${actChars} characters of JSON, more than the ${limits.messageChars} this server accepts` };
  }
  if (body.context !== undefined) {
    const bytes = utf8Length(JSON.stringify(body.context));
    if (bytes > limits.contextBytes) {
      return { field: 'context', message: `context: ${bytes} bytes of JSON, more than the ${limits.contextBytes} this server accepts` };
    }
  }
  return undefined;
}

export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
