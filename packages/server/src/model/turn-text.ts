import type { A2uiAction, ToolResultTurn, UserTurn } from '@agent-chat/protocol';

// Texts and conversions every provider adapter needs when it turns the flat history into its own messages.

/** What the model is told about a call whose result never came (the run stopped first). */
export const CANCELLED_TOOL_RESULT = 'Cancelled: the run stopped before this tool ran.';

/**
 * Stands in for a user message whose text is empty because all it carried were references or attachments
 * (those go in the system prompt); without it the model would be asked to continue its own last message.
 */
export const ATTACHMENTS_ONLY_TEXT = '[The user sent attachments or references without any text.]';

/** What the model is told when a tool returned nothing: an empty result would read as a missing one. */
export const EMPTY_TOOL_OUTPUT = '(no output)';

/** A user turn's text as the model should get it; undefined when there is nothing to send. */
export function userMessageText(turn: UserTurn): string | undefined {
  if (turn.action) return actionText(turn.action, turn.text);
  if (turn.text.trim() !== '') return turn.text;
  if (turn.references?.length || turn.attachments?.length) return ATTACHMENTS_ONLY_TEXT;
  return undefined;
}

/**
 * A user's act on an A2UI surface, told as the user's own message: what they pressed, on which surface, with the
 * action's context and the surface's data model (when it asked to send it), as JSON the model can read.
 */
export function actionText(action: A2uiAction, text = ''): string {
  const lines = [
    `[The user performed the action "${action.name}" on the surface "${action.surfaceId}"` +
      `${action.sourceComponentId ? ` (component "${action.sourceComponentId}")` : ''}.]`,
    `Context: ${JSON.stringify(action.context)}`,
  ];
  if (action.dataModel) lines.push(`Data model: ${JSON.stringify(action.dataModel)}`);
  if (text.trim() !== '') lines.push(text);
  return lines.join('\n');
}

/** Put before the output of a tool that returned early because the user stopped the run, so the model knows it is partial. */
export const STOPPED_TOOL_NOTE = '[The user stopped the run while this tool was running; this is what it had done by then.]';

/** A tool result as text for the model: its output, marked when it is partial (see STOPPED_TOOL_NOTE). */
export function toolResultText(turn: ToolResultTurn): string {
  const text = toolOutputText(turn.output);
  // A call that never ran (an error result) already says so in its output.
  return turn.stopped && !turn.isError ? `${STOPPED_TOOL_NOTE}\n${text}` : text;
}

/** A tool's output as text for the model: strings as they are, anything else as JSON, never empty. */
export function toolOutputText(output: unknown): string {
  if (typeof output === 'string') return output === '' ? EMPTY_TOOL_OUTPUT : output;
  if (output === undefined) return EMPTY_TOOL_OUTPUT;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    // Circular or BigInt values: a lossy description beats failing the whole request.
    return String(output);
  }
}
