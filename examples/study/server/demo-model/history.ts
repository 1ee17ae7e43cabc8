import type { Turn, UserTurn } from '@agent-chat/protocol';

// The demo model decides each step from the history alone (what the user asked, what the tools answered so far),
// as scriptedModel requires: no state of its own, so it survives a restart mid-turn and a resume from the page.

export interface ToolOutcome {
  output: unknown;
  isError: boolean;
}

/** The conversation since the user's last message: what this run has done so far. */
export function currentRun(turns: readonly Turn[]): { user: UserTurn | undefined; since: readonly Turn[] } {
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (turn.type === 'user') return { user: turn, since: turns.slice(i + 1) };
  }
  return { user: undefined, since: turns };
}

/** Every result of one tool in this run, oldest first. */
export function resultsOf(since: readonly Turn[], name: string): ToolOutcome[] {
  return since.flatMap((turn) => (turn.type === 'tool_result' && turn.name === name ? [{ output: turn.output, isError: turn.isError }] : []));
}

/** The last result of one tool in this run. */
export function lastResultOf(since: readonly Turn[], name: string): ToolOutcome | undefined {
  return resultsOf(since, name).at(-1);
}

/** A field of a tool's JSON output, when it has one. */
export function field<T>(output: unknown, key: string): T | undefined {
  return output && typeof output === 'object' ? ((output as Record<string, unknown>)[key] as T | undefined) : undefined;
}

/** A tool's output as the model reads it: strings as they are, anything else as JSON. */
export function outputText(outcome: ToolOutcome | undefined): string {
  if (!outcome) return '';
  return typeof outcome.output === 'string' ? outcome.output : JSON.stringify(outcome.output);
}
