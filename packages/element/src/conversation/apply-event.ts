import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { isStoppedTurn, stoppedTurn } from './local-turns.js';

/**
 * The turn list after one streamed event: the same reduction the server applies when it stores a run,
 * so a live conversation and a reloaded one look alike. Pure: never mutates `turns`; `now` stamps new turns.
 * Events that are not about turns (run_started, state, awaiting_input) leave the list as it is.
 */
export function applyEvent(turns: readonly Turn[], event: StreamEvent, now = Date.now()): readonly Turn[] {
  switch (event.type) {
    case 'text_delta':
      return appendText(turns, 'assistant_text', event.turnId, event.text, now);
    case 'thinking_delta':
      return appendText(turns, 'thinking', event.turnId, event.text, now);
    case 'tool_call':
      return upsert(turns, {
        id: event.turnId,
        createdAt: now,
        type: 'tool_call',
        toolCallId: event.toolCallId,
        name: event.name,
        input: event.input,
        kind: event.kind,
        label: event.label,
      });
    case 'tool_result':
      return upsert(turns, {
        id: event.turnId,
        createdAt: now,
        type: 'tool_result',
        toolCallId: event.toolCallId,
        name: event.name,
        output: event.output,
        isError: event.isError,
      });
    case 'status':
      return upsert(turns, {
        id: event.turnId,
        createdAt: now,
        type: 'status',
        text: event.text,
        ...(event.code ? { code: event.code } : {}),
      });
    case 'error':
      return [
        ...turns,
        {
          id: `event-error-${turns.length}`,
          createdAt: now,
          type: 'error',
          message: event.message,
          ...(event.code ? { code: event.code } : {}),
        },
      ];
    case 'done':
      // The server may store its own "stopped" line; one is enough.
      if (event.stopReason !== 'cancelled' || isStoppedTurn(turns[turns.length - 1])) return turns;
      return [...turns, stoppedTurn(`stopped-${turns.length}`, now)];
    default:
      return turns;
  }
}

/** Deltas of one turn id grow one turn; a new id (after a tool round) starts a new bubble. */
function appendText(
  turns: readonly Turn[],
  type: 'assistant_text' | 'thinking',
  id: string,
  text: string,
  now: number,
): readonly Turn[] {
  const index = lastIndexOf(turns, id);
  const existing = index >= 0 ? turns[index] : undefined;
  if (existing && existing.type === type) {
    const next = turns.slice();
    next[index] = { ...existing, text: existing.text + text };
    return next;
  }
  return [...turns, { id, createdAt: now, type, text }];
}

/** A replayed event (after a reconnect) replaces its turn instead of showing it twice. */
function upsert(turns: readonly Turn[], turn: Turn): readonly Turn[] {
  const index = lastIndexOf(turns, turn.id);
  if (index < 0) return [...turns, turn];
  const next = turns.slice();
  next[index] = { ...turn, createdAt: turns[index]!.createdAt };
  return next;
}

function lastIndexOf(turns: readonly Turn[], id: string): number {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.id === id) return i;
  return -1;
}
