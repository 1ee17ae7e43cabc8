import type {
  AssistantTextTurn,
  PendingCall,
  ErrorTurn,
  StatusTurn,
  ThinkingTurn,
  ToolCallTurn,
  ToolResultTurn,
  Turn,
  UiTurn,
  UserTurn,
} from '@agent-chat/protocol';

/**
 * A tool call as the user sees it: still running, finished, failed, stopped by the user part-way or before it ran
 * (its result says `stopped`), left without a result by a stop or an error, or waiting for an answer (a
 * confirmation, or the page's client tool).
 */
export type ToolStepState = 'running' | 'done' | 'failed' | 'stopped' | 'interrupted' | 'waiting';

/** One row of the rendered conversation. A tool call and its result are one row (a chip). */
export type DisplayItem =
  | { kind: 'user'; key: string; turn: UserTurn }
  | { kind: 'assistant'; key: string; turn: AssistantTextTurn; streaming: boolean }
  | { kind: 'thinking'; key: string; turn: ThinkingTurn; streaming: boolean }
  | {
      kind: 'tool';
      key: string;
      call: ToolCallTurn;
      result: ToolResultTurn | undefined;
      state: ToolStepState;
      /** While it runs: the latest progress the tool reported (its status turns). */
      progress?: string;
    }
  | { kind: 'status'; key: string; turn: StatusTurn }
  | { kind: 'error'; key: string; turn: ErrorTurn }
  /** An A2UI turn: the surfaces it created are drawn where it stands (features/a2ui). */
  | { kind: 'ui'; key: string; turn: UiTurn };

/**
 * The rows to render for a turn list; `running` tells whether the last run is still streaming, `pending`
 * which calls it stopped for.
 */
export function toDisplayItems(turns: readonly Turn[], running: boolean, pending: readonly PendingCall[] = []): DisplayItem[] {
  const waiting = new Set(pending.map((call) => call.toolCallId));
  const results = new Map<string, ToolResultTurn>();
  // A tool's progress is shown on its step, the latest in place of the earlier ones, never as lines of its own.
  const progress = new Map<string, string>();
  for (const turn of turns) {
    if (turn.type === 'tool_result') results.set(turn.toolCallId, turn);
    else if (turn.type === 'status' && turn.toolCallId) progress.set(turn.toolCallId, turn.text);
  }

  let lastUser = -1;
  turns.forEach((turn, index) => {
    if (turn.type === 'user') lastUser = index;
  });

  const items: DisplayItem[] = [];
  turns.forEach((turn, index) => {
    const key = turn.id;
    const isLast = index === turns.length - 1;
    switch (turn.type) {
      case 'user':
        items.push({ kind: 'user', key, turn });
        break;
      case 'assistant_text':
        items.push({ kind: 'assistant', key, turn, streaming: running && isLast });
        break;
      case 'thinking':
        items.push({ kind: 'thinking', key, turn, streaming: running && isLast });
        break;
      case 'tool_call': {
        const result = results.get(turn.toolCallId);
        const state: ToolStepState = result
          ? result.stopped
            ? 'stopped'
            : result.isError
              ? 'failed'
              : 'done'
          : waiting.has(turn.toolCallId)
            ? 'waiting'
            : running && index > lastUser
              ? 'running'
              : 'interrupted';
        items.push({ kind: 'tool', key, call: turn, result, state, progress: state === 'running' ? progress.get(turn.toolCallId) : undefined });
        break;
      }
      case 'tool_result':
        // Shown inside its call's chip.
        break;
      case 'status':
        if (!turn.toolCallId) items.push({ kind: 'status', key, turn });
        break;
      case 'error':
        items.push({ kind: 'error', key, turn });
        break;
      case 'ui':
        items.push({ kind: 'ui', key, turn });
        break;
    }
  });
  return items;
}
