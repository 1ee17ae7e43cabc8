import type { Context, InputRequest, PendingCall, Turn, Usage } from '@agent-chat/protocol';
import type { Fork } from './fork.js';

/** The host state from before a turn's writes. */
export interface UndoSnapshot {
  snapshot: unknown;
  /** The user turn whose writes it undoes (absent in sessions saved before it was kept). */
  turnId?: string;
}

/** An input request as the session keeps it: with the run that asked, which alone can take its answer. */
export interface StoredInputRequest extends InputRequest {
  runId: string;
}

/** Everything the server keeps of one conversation. Plain JSON, so any store can hold it. */
export interface SessionRecord {
  id: string;
  /** The principal that started it (see the authorize option); only they can read or change it. */
  owner?: string;
  /** What the caller's conversation list shows: set by the first exchange, changed by PATCH /sessions/:id. */
  title?: string;
  turns: Turn[];
  /** Calls the last run stopped for (confirmations, client tools), answered by POST /resume. */
  pending: PendingCall[];
  /** The context of the message whose run is waiting, so a resume (maybe on another instance) sees the same. */
  pendingContext?: Context;
  /** Whether the current turn (the last user message and its resumes) has run a write tool that succeeded. */
  turnHasWrites: boolean;
  /** One level of undo: the host state from before the last writing turn's first write. */
  undo?: UndoSnapshot;
  /**
   * The host state from before the current turn's first write attempt, waiting for a write to succeed before it
   * becomes `undo`: a turn whose writes all failed leaves the previous turn's undo in place.
   */
  turnSnapshot?: UndoSnapshot;
  /** The id of the last event sent; the next event of this session gets a higher one. */
  lastEventId: number;
  updatedAt: number;
  /** The sum of the turns' sizes as JSON (characters), kept as turns are added, for the session cap. */
  historyChars?: number;
  /**
   * Where the conversation branched (an edited message, a retried reply): the alternatives not on the current path
   * (`turns`), kept to be shown again (session/branches.ts). Absent in a conversation that never branched.
   */
  forks?: Fork[];
  /**
   * The turns of the sub-agents this session's calls started (defineSubagent), each tagged with its call as
   * `parentCallId`, in the order they were written. Apart from `turns`, so each model sees only its own conversation.
   */
  subagentTurns?: Turn[];
  /** Tokens used per user turn (its id), summed over that turn's runs and resumes, sub-agents included. */
  usage?: Record<string, Usage>;
  /** What each sub-agent paused for the user (by its call) had used, for its call's result once it goes on. */
  branchUsage?: Record<string, Usage>;
  /** What running tool calls asked the user (ctx.requestInput), answered or still waiting, in the order asked. */
  inputRequests?: StoredInputRequest[];
}

/** Every field but the id and the turns: what a write sets. */
export type SessionFields = Omit<SessionRecord, 'id' | 'turns'>;

export const SESSION_FIELDS = [
  'owner',
  'title',
  'pending',
  'pendingContext',
  'turnHasWrites',
  'undo',
  'turnSnapshot',
  'lastEventId',
  'updatedAt',
  'historyChars',
  'forks',
  'subagentTurns',
  'usage',
  'branchUsage',
  'inputRequests',
] as const satisfies readonly (keyof SessionFields)[];

export function newSessionRecord(id: string): SessionRecord {
  return { id, turns: [], pending: [], turnHasWrites: false, lastEventId: 0, updatedAt: Date.now(), historyChars: 0 };
}
