import type { StreamEvent, Turn } from '@agent-chat/protocol';
import { isStoppedTurn, runLineId, stoppedTurn } from './local-turns.js';
import type { TurnLog } from './turn-log.js';

/** The fields of `from` named by `keys` that are set: an event's optional fields, as its turn keeps them. */
const setFields = <T extends object, K extends keyof T>(from: T, keys: readonly K[]): Partial<Pick<T, K>> =>
  Object.fromEntries(keys.filter((key) => from[key]).map((key) => [key, from[key]])) as Partial<Pick<T, K>>;

/**
 * One streamed event applied to the turns: the same reduction the server applies when it stores a run, so a
 * live conversation and a reloaded one look alike. Changes the log in place and touches only the turn the
 * event is about (a delta replaces that one turn object; nothing else is copied), so its cost does not grow
 * with the history. `now` stamps new turns. Events that are not about turns (run_started, state,
 * awaiting_input) change nothing. Returns whether the turns changed.
 */
export function applyEvent(log: TurnLog, event: StreamEvent, now = Date.now()): boolean {
  switch (event.type) {
    case 'text_delta':
      appendText(log, 'assistant_text', event.turnId, event.text, now);
      return true;
    case 'thinking_delta':
      appendText(log, 'thinking', event.turnId, event.text, now);
      return true;
    case 'tool_input_delta':
      // The call as it streams: a tool_call turn whose `text` is its input's JSON so far, until its tool_call
      // (same turn id) replaces it whole. Only in the page: the stored history never holds it.
      appendText(log, 'tool_call', event.turnId, event.delta, now, event);
      return true;
    case 'tool_call':
      upsert(log, {
        id: event.turnId,
        createdAt: now,
        type: 'tool_call',
        toolCallId: event.toolCallId,
        name: event.name,
        input: event.input,
        kind: event.kind,
        label: event.label,
        ...setFields(event, ['subagent', 'view']),
      });
      return true;
    case 'tool_result': {
      const turn: Turn = {
        id: event.turnId,
        createdAt: now,
        type: 'tool_result',
        toolCallId: event.toolCallId,
        name: event.name,
        output: event.output,
        isError: event.isError,
        ...setFields(event, ['stopped', 'confirmation', 'display', 'usage', 'viewResult']),
      };
      // The calls a new message leaves unanswered are answered as its run starts, and stored before the message:
      // so here too, or their cards (in the turn before) would never see their result.
      if (log.indexOf(turn.id) < 0 && log.last?.type === 'user') log.insert(log.turns.length - 1, turn);
      else upsert(log, turn);
      return true;
    }
    case 'status':
      upsert(log, {
        id: event.turnId,
        createdAt: now,
        type: 'status',
        text: event.text,
        ...setFields(event, ['code', 'toolCallId']),
      });
      return true;
    case 'ui':
      upsert(log, { id: event.turnId, createdAt: now, type: 'ui', toolCallId: event.toolCallId, messages: event.messages });
      return true;
    case 'error':
      log.addToRun({
        id: runLineId('event-error'),
        createdAt: now,
        type: 'error',
        message: event.message,
        ...setFields(event, ['code']),
      });
      return true;
    case 'done':
      // The server may store its own "stopped" line; one is enough.
      if (event.stopReason !== 'cancelled' || isStoppedTurn(log.at(log.runEnd - 1))) return false;
      log.addToRun(stoppedTurn(runLineId('stopped'), now));
      return true;
    default:
      return false;
  }
}

/**
 * Deltas of one turn id grow one turn; a new id (after a tool round) starts a new bubble. `event`: what a streaming
 * tool call's turn takes from its first delta (its call id and name).
 */
function appendText(log: TurnLog, type: 'assistant_text' | 'thinking' | 'tool_call', id: string, text: string, now: number, event?: object): void {
  const index = log.indexOf(id);
  const existing = log.at(index) as { type: string; text: string } | undefined;
  if (existing?.type === type) log.set(index, { ...existing, text: existing.text + text } as Turn);
  else log.addToRun({ ...event, id, createdAt: now, type, text } as Turn);
}

/** A replayed event (after a reconnect) replaces its turn instead of showing it twice. */
function upsert(log: TurnLog, turn: Turn): void {
  const index = log.indexOf(turn.id);
  if (index < 0) log.addToRun(turn);
  else log.set(index, { ...turn, createdAt: log.at(index)!.createdAt });
}
