import type { Message } from '@ag-ui/core';
import type { A2uiAction, Turn } from '@agent-chat/protocol';

/** The tool @ag-ui/a2ui-middleware shows a user's act on a surface as (`LOG_A2UI_EVENT_TOOL_NAME`). */
const LOG_A2UI_EVENT = 'log_a2ui_event';

/**
 * A user's act on a surface as the middleware (and an agent-chat server's history) writes it into the conversation,
 * an assistant message whose one call is `log_a2ui_event` with the act as arguments, as the user turn the element's
 * own server stores for it: `text` empty, `action` the act. Undefined for any other message. The call's id is added
 * to `acts`, so its result, which only repeats the act, is no turn either.
 */
export function actionTurn(message: Message, acts: Set<string>): Omit<Extract<Turn, { type: 'user' }>, 'createdAt'> | undefined {
  if (message.role !== 'assistant' || message.content || message.toolCalls?.length !== 1) return undefined;
  const call = message.toolCalls[0]!;
  if (call.function.name !== LOG_A2UI_EVENT) return undefined;
  const action = actionOf(call.function.arguments);
  if (!action) return undefined;
  acts.add(call.id);
  return { id: message.id, type: 'user', text: '', action };
}

/** The act the call's arguments hold: its known fields, when it names a surface and an action. */
function actionOf(text: string): A2uiAction | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { surfaceId, name, sourceComponentId, context, dataModel } = value as Record<string, unknown>;
  if (typeof surfaceId !== 'string' || typeof name !== 'string') return undefined;
  return {
    surfaceId,
    name,
    ...(typeof sourceComponentId === 'string' ? { sourceComponentId } : {}),
    context: isRecord(context) ? context : {},
    ...(isRecord(dataModel) ? { dataModel } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
