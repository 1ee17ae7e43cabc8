import type { Turn } from '@agent-chat/protocol';
import type { SessionRecord } from '../session/session-record.js';
import { newId } from './ids.js';

type TurnBody = Turn extends infer T ? (T extends Turn ? Omit<T, 'id' | 'createdAt'> : never) : never;
export type AppendedTurn<T extends TurnBody> = T & { id: string; createdAt: number };

/**
 * The conversation one agent loop reads and writes: the session's own turns for the main agent, a sub-agent's own
 * for a sub-agent (subagent-run.ts). Each model sees only its own conversation, so each stays valid for its provider.
 */
export interface RunTurns {
  /** The turns so far, as this loop's model is sent them. */
  readonly list: readonly Turn[];
  /** A turn with a fresh id and time, added at the end; returned so deltas can grow it in place. */
  append<T extends TurnBody>(body: T, id?: string): AppendedTurn<T>;
  /** Take out turns this loop added and left empty (a stream cut short): nothing written before is touched. */
  drop(turns: ReadonlySet<Turn>): void;
}

/** Append a turn to the session with a fresh id and time; returns it so deltas can grow it in place. */
export function appendTurn<T extends TurnBody>(session: SessionRecord, body: T, id = newId('t')): AppendedTurn<T> {
  const turn = { ...body, id, createdAt: Date.now() };
  session.turns.push(turn as Turn);
  return turn;
}

/** The main agent's conversation: the session's turns. */
export function sessionTurns(session: SessionRecord): RunTurns {
  return {
    get list() {
      return session.turns;
    },
    append: (body, id) => appendTurn(session, body, id),
    drop(turns) {
      session.turns = session.turns.filter((turn) => !turns.has(turn));
    },
  };
}
