import type { FieldIssue, SendMessageRequest } from '@agent-chat/protocol';
import type { Limits } from '../limits.js';

/** A message within the server's limits, or the first field that is over, named. */
export function checkMessageLimits(body: SendMessageRequest, limits: Limits): FieldIssue | undefined {
  if (body.text.length > limits.messageChars) {
    return { field: 'text', message: `text: ${body.text.length} characters, more than the ${limits.messageChars} this server accepts` };
  }
  const references = body.references?.length ?? 0;
  if (references > limits.references) {
    return { field: 'references', message: `references: ${references}, more than the ${limits.references} this server accepts` };
  }
  const attachments = body.attachments?.length ?? 0;
  if (attachments > limits.attachments) {
    return { field: 'attachments', message: `attachments: ${attachments}, more than the ${limits.attachments} this server accepts` };
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
