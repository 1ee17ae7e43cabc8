import type { Turn } from '@agent-chat/protocol';

// What the offline demo model reads back from the history: it plays each step from the turns alone (scriptedModel
// rebuilds the script at every step), so these helpers must find this run's results, never an earlier message's.

export const DEMO_FOOTER = '\n\n_Offline demo model: set ANTHROPIC_API_KEY to talk to Claude._';

export type ToolResult = Extract<Turn, { type: 'tool_result' }>;

/**
 * The result of this run's last tool call. The script is built whole at every step, so before the call has a result
 * this must say so, not hand over the result of an earlier message's call.
 */
export function lastResult(turns: readonly Turn[]): ToolResult | undefined {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.type === 'user') return undefined;
    if (turn.type === 'tool_result') return turn;
  }
  return undefined;
}

/** `F-1 — text` from a tool's list, with the id as a reference the page links to the board. */
export function chip(entry: string): string {
  return entry.replace(/^([IFNRO]-\d+)/, '[$1]');
}
