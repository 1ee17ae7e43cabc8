import type { Message } from '@ag-ui/core';
import type { Turn } from '@agent-chat/protocol';

/**
 * A session's history as AG-UI messages, for MESSAGES_SNAPSHOT. Ids are our turn ids, so a client that sends the
 * snapshot back in its next RunAgentInput names messages the session already holds.
 *
 * One assistant message gathers a text turn and the tool calls that directly follow it (AG-UI hangs tool calls on
 * an assistant message); a call with no text before it opens its own message, named by its call id. The stream
 * mapper (map-events.ts) groups live events by the same rule, so the snapshot replaces what the client built
 * without moving anything. Status and error turns are our own notices and have no AG-UI message.
 */
export function historyMessages(turns: readonly Turn[]): Message[] {
  const messages: Message[] = [];
  let open: Extract<Message, { role: 'assistant' }> | undefined;
  for (const turn of turns) {
    switch (turn.type) {
      case 'user':
        open = undefined;
        messages.push({ id: turn.id, role: 'user', content: turn.text });
        break;
      case 'assistant_text':
        open = { id: turn.id, role: 'assistant', content: turn.text };
        messages.push(open);
        break;
      case 'tool_call': {
        const call = { id: turn.toolCallId, type: 'function' as const, function: { name: turn.name, arguments: argumentsOf(turn.input) } };
        if (!open) {
          open = { id: turn.toolCallId, role: 'assistant' };
          messages.push(open);
        }
        open.toolCalls = [...(open.toolCalls ?? []), call];
        break;
      }
      case 'tool_result':
        open = undefined;
        messages.push({
          id: turn.id,
          role: 'tool',
          toolCallId: turn.toolCallId,
          content: resultContent(turn.output),
          ...(turn.isError ? { error: resultContent(turn.output) } : {}),
        });
        break;
      case 'thinking':
        open = undefined;
        // Redacted thinking has no words to show; it stays in our history for the provider, not in the client's.
        if (turn.text) messages.push({ id: turn.id, role: 'reasoning', content: turn.text });
        break;
      default:
        open = undefined;
    }
  }
  return messages;
}

/** A call's input as AG-UI carries it: the JSON text of the arguments. */
export function argumentsOf(input: unknown): string {
  return JSON.stringify(input ?? {});
}

/** A tool's output as a tool message's content: text as it is, anything else as JSON. */
export function resultContent(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}
