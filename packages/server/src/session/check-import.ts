import type { FieldIssue, PendingCall, ToolResultPart, Turn } from '@agent-chat/protocol';
import { fromBase64 } from '../model/tool-result-content.js';
import { TOOL_IMAGE_TYPES } from '../run/keep-tool-content.js';
import { bytesMatchType } from '../uploads/sniff-type.js';

/**
 * An imported history must be one the loop can go on from, and one the Messages API would accept: it starts with
 * the user, no text is empty, turn ids are unique, every tool result answers an earlier call, and every call is
 * answered or pending. Otherwise the next request would fail at the provider, far from the cause.
 */
export function checkImport(turns: readonly Turn[], pending: readonly PendingCall[]): FieldIssue | undefined {
  const ids = new Set<string>();
  const calls = new Set<string>();
  const answered = new Set<string>();
  const first = turns[0];
  if (first && first.type !== 'user') {
    return { field: 'turns.0.type', message: `turns.0.type: a history must start with the user's message, not "${first.type}"` };
  }
  for (const [index, turn] of turns.entries()) {
    if ((turn.type === 'user' || turn.type === 'assistant_text') && turn.text.trim() === '' && !(turn.type === 'user' && (turn.attachments?.length || turn.action))) {
      return { field: `turns.${index}.text`, message: `turns.${index}.text: a ${turn.type} turn must not be empty` };
    }
    if (turn.type === 'thinking' && turn.text === '' && !turn.redacted) {
      return { field: `turns.${index}.text`, message: `turns.${index}.text: a thinking turn must have text or redacted data` };
    }
    if (ids.has(turn.id)) return { field: `turns.${index}.id`, message: `turns.${index}.id: "${turn.id}" is used twice` };
    // A sub-agent's turns are kept apart from the conversation (subagentTurns); an import holds the conversation only.
    if (turn.parentCallId !== undefined) {
      return { field: `turns.${index}.parentCallId`, message: `turns.${index}.parentCallId: a sub-agent's turn cannot be imported into the conversation` };
    }
    ids.add(turn.id);
    if (turn.type === 'tool_call') calls.add(turn.toolCallId);
    if (turn.type === 'tool_result') {
      if (!calls.has(turn.toolCallId)) {
        return { field: `turns.${index}.toolCallId`, message: `turns.${index}.toolCallId: no earlier tool_call has id "${turn.toolCallId}"` };
      }
      answered.add(turn.toolCallId);
      const image = imageIssue(turn.content ?? []);
      if (image) return { field: `turns.${index}.content.${image.at}`, message: `turns.${index}.content.${image.at}: ${image.message}` };
    }
  }
  for (const [index, call] of pending.entries()) {
    if (call.parentCallId !== undefined) {
      return { field: `pending.${index}.parentCallId`, message: `pending.${index}.parentCallId: a sub-agent's call cannot be imported` };
    }
    if (!calls.has(call.toolCallId) || answered.has(call.toolCallId)) {
      return { field: `pending.${index}.toolCallId`, message: `pending.${index}.toolCallId: "${call.toolCallId}" is not an unanswered call of the turns` };
    }
    answered.add(call.toolCallId);
  }
  const open = [...calls].find((id) => !answered.has(id));
  if (open) return { field: 'turns', message: `turns: the tool call "${open}" has no result and is not pending` };
  return undefined;
}

/** A tool result's image that the provider would refuse (and with it every later request): its index and why. */
function imageIssue(parts: readonly ToolResultPart[]): { at: number; message: string } | undefined {
  for (const [at, part] of parts.entries()) {
    if (part.type !== 'image') continue;
    if (!TOOL_IMAGE_TYPES.includes(part.mediaType)) return { at, message: `an image must be ${TOOL_IMAGE_TYPES.join(', ')} (got ${part.mediaType})` };
    if (part.data === undefined) {
      if (part.uploadId === undefined) return { at, message: 'an image needs its data (base64) or an uploadId' };
      continue;
    }
    const bytes = fromBase64(part.data);
    if (!bytes || !bytesMatchType(bytes, part.mediaType)) return { at, message: `data is not base64 of an image of type ${part.mediaType}` };
  }
  return undefined;
}
