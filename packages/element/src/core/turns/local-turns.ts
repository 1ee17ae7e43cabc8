import type { A2uiAction, Attachment, ErrorTurn, Item, StatusTurn, UserTurn } from '@agent-chat/protocol';

/** The status line a run stopped by the user ends with; the server stores the same line with code `cancelled`. */
export const STOPPED_TEXT = 'Stopped by user';
export const STOPPED_CODE = 'cancelled';

let counter = 0;

/** How the ids of turns the element makes itself begin; the server's own ids never do. */
export const LOCAL = 'local-';

/** Ids for turns the element makes itself. */
export function localTurnId(kind: string): string {
  counter += 1;
  return `${LOCAL}${kind}-${Date.now().toString(36)}-${counter}`;
}

/**
 * Ids for the lines the element writes for a run that the server stores too (an error event, "Stopped by user"):
 * not `local-` ones, which a retry takes away. Counted, so a line written after another was taken out never gets
 * its id.
 */
export function runLineId(kind: string): string {
  counter += 1;
  return `${kind}-${Date.now().toString(36)}-${counter}`;
}

export interface UserTurnExtras {
  references?: readonly Item[] | undefined;
  attachments?: readonly Attachment[] | undefined;
  trigger?: string | undefined;
  /** The user's act on an A2UI surface (the message's text is then ''). */
  action?: A2uiAction | undefined;
}

/** The user's message, shown at once, before the server has stored it. */
export function localUserTurn(text: string, extras: UserTurnExtras = {}, now = Date.now()): UserTurn {
  return {
    id: localTurnId('user'),
    createdAt: now,
    type: 'user',
    text,
    ...(extras.references?.length ? { references: [...extras.references] } : {}),
    ...(extras.attachments?.length ? { attachments: [...extras.attachments] } : {}),
    ...(extras.trigger ? { trigger: extras.trigger } : {}),
    // Left out of the JSON when undefined.
    action: extras.action,
  };
}

export function localErrorTurn(message: string, code?: string, now = Date.now()): ErrorTurn {
  return { id: localTurnId('error'), createdAt: now, type: 'error', message, ...(code ? { code } : {}) };
}

export function localStatusTurn(text: string, code?: string, now = Date.now()): StatusTurn {
  return { id: localTurnId('status'), createdAt: now, type: 'status', text, ...(code ? { code } : {}) };
}

export function stoppedTurn(id: string, now = Date.now()): StatusTurn {
  return { id, createdAt: now, type: 'status', text: STOPPED_TEXT, code: STOPPED_CODE };
}

/** The server's stored stop line and the element's own one are the same line: shown once. */
export function isStoppedTurn(turn: { type: string; text?: string; code?: string } | undefined): boolean {
  return turn?.type === 'status' && (turn.code === STOPPED_CODE || turn.text === STOPPED_TEXT);
}
