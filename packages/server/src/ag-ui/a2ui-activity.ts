import { EventType, type ActivitySnapshotEvent, type Message } from '@ag-ui/core';
import { a2uiSurfaceId, type A2uiMessage, type Turn } from '@agent-chat/protocol';

/** The activity type of A2UI surfaces, as @ag-ui/a2ui-middleware names it (`A2UIActivityType`). */
export const A2UI_ACTIVITY = 'a2ui-surface';

/** The key of the surface's v0.9 messages in the activity's content (the middleware's `A2UI_OPERATIONS_KEY`). */
export const A2UI_OPERATIONS = 'a2ui_operations';

/**
 * One activity message per surface, named as the middleware names a surface's activity when no call is given
 * (`a2ui-surface-<surfaceId>`). The middleware names its activities by the call that drew them, since its surfaces
 * come whole from one call; ours are changed by later calls too (ctx.ui updates a live surface), and a client that
 * draws each activity message on its own would then show the form and, below it, a second copy of it changed. So a
 * surface keeps one message, and each change replaces its content where the surface was first drawn.
 */
export function a2uiActivityId(surfaceId: string): string {
  return `${A2UI_ACTIVITY}-${surfaceId}`;
}

/**
 * Each surface's messages so far, in order, as an activity carries them: a client that draws an activity from
 * scratch (a fresh processor for each replacing snapshot, as the middleware's own growing snapshots require) draws
 * the surface as it is now. A deleted surface's activity ends with its `deleteSurface`: it says the surface is gone,
 * and a client that replays it draws nothing. A surface created again after its deletion starts anew.
 */
export class SurfaceOperations {
  readonly #bySurface = new Map<string, A2uiMessage[]>();

  /** Adds a batch; returns the surfaces it changed, in the order they first appear in it. */
  add(messages: readonly A2uiMessage[]): string[] {
    const changed: string[] = [];
    for (const message of messages) {
      const surfaceId = a2uiSurfaceId(message);
      const known = this.#bySurface.get(surfaceId);
      const gone = known !== undefined && known.length > 0 && 'deleteSurface' in known[known.length - 1]!;
      if (!known || ('createSurface' in message && gone)) this.#bySurface.set(surfaceId, [message]);
      else known.push(message);
      if (!changed.includes(surfaceId)) changed.push(surfaceId);
    }
    return changed;
  }

  content(surfaceId: string): Record<string, unknown> {
    return { [A2UI_OPERATIONS]: [...(this.#bySurface.get(surfaceId) ?? [])] };
  }

  /** The surface's activity as the stream sends it: its whole content, replacing the client's copy. */
  snapshot(surfaceId: string, tag: { subagentRunId?: string }): ActivitySnapshotEvent {
    return {
      type: EventType.ACTIVITY_SNAPSHOT,
      messageId: a2uiActivityId(surfaceId),
      activityType: A2UI_ACTIVITY,
      content: this.content(surfaceId),
      replace: true,
      ...tag,
    };
  }

  /** The surface's activity as a message of MESSAGES_SNAPSHOT. */
  message(surfaceId: string, tag: { subagentRunId?: string }): Message {
    return { id: a2uiActivityId(surfaceId), role: 'activity', activityType: A2UI_ACTIVITY, content: this.content(surfaceId), ...tag };
  }
}

/** The surfaces a session's stored turns drew: a run that changes one sends it whole, earlier runs' messages too. */
export function storedSurfaceOperations(turns: readonly Turn[]): SurfaceOperations {
  const surfaces = new SurfaceOperations();
  for (const turn of turns) if (turn.type === 'ui') surfaces.add(turn.messages);
  return surfaces;
}
