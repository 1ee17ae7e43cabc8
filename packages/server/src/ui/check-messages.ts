import { a2uiSurfaceId, parseA2uiMessage, type A2uiMessage, type Turn } from '@agent-chat/protocol';

// A tool's A2UI messages are checked before any is sent: a bad one fails the call (an error result the agent reads
// and can correct), and the page never receives a message its renderer would choke on, nor an update to a surface
// that does not exist (the peers' "building…" placeholder that never resolves).

/** The surfaces the conversation holds now: created by its `ui` turns and not deleted since. */
export function liveSurfaces(turns: readonly Turn[]): Set<string> {
  const live = new Set<string>();
  for (const turn of turns) if (turn.type === 'ui') for (const message of turn.messages) apply(live, message);
  return live;
}

/**
 * The messages, checked one by one in order (each against the surfaces the ones before it leave), or an Error whose
 * message names the message and the field that is wrong.
 */
export function checkUiMessages(turns: readonly Turn[], messages: unknown): A2uiMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new Error('messages: expected a non-empty array of A2UI v0.9 messages');
  }
  const live = liveSurfaces(turns);
  return messages.map((value, index) => {
    const parsed = parseA2uiMessage(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      // A key the message should not have is named itself, so the field in the error is the one to take out.
      const extra = issue.code === 'unrecognized_keys' ? [issue.keys[0]!] : [];
      const path = [index, ...issue.path, ...extra].join('.');
      throw new Error(`messages.${path}: ${issue.message} (not a valid A2UI v0.9 message)`);
    }
    const message = parsed.data;
    const surfaceId = a2uiSurfaceId(message);
    if ('createSurface' in message) {
      if (live.has(surfaceId)) {
        throw new Error(`messages.${index}.createSurface.surfaceId: the surface "${surfaceId}" already exists; update it, or delete it first`);
      }
    } else if (!live.has(surfaceId)) {
      throw new Error(`messages.${index}.${operationOf(message)}.surfaceId: there is no surface "${surfaceId}"; send createSurface for it first`);
    }
    apply(live, message);
    return message;
  });
}

function operationOf(message: A2uiMessage): string {
  return Object.keys(message).find((key) => key !== 'version')!;
}

function apply(live: Set<string>, message: A2uiMessage): void {
  if ('createSurface' in message) live.add(message.createSurface.surfaceId);
  else if ('deleteSurface' in message) live.delete(message.deleteSurface.surfaceId);
}
