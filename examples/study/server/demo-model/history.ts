import type { Context, Turn, UserTurn } from '@agent-chat/protocol';

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

/**
 * A trigger's payload from the context (`context.trigger`), which the page's `el.trigger()` sent with the message. A
 * resume after one of the page's tools carries the page's context alone, so a scenario reads it at its first steps
 * and falls back on the words of the message.
 */
export function triggerPayload<T>(context: Context | undefined, name: string): Partial<T> | undefined {
  const trigger = context?.trigger as { name?: unknown; payload?: unknown } | undefined;
  return trigger?.name === name && trigger.payload && typeof trigger.payload === 'object' ? (trigger.payload as Partial<T>) : undefined;
}

/** What the page's context says of the page on screen, when it says it. */
export function pageOnScreen(context: Context | undefined): { documentId?: string; page?: number; text: string; layout: { text: string; bounds: unknown }[] } {
  const document = context?.document as { id?: string; currentPage?: number } | undefined;
  return {
    ...(document?.id ? { documentId: document.id } : {}),
    ...(document?.currentPage ? { page: document.currentPage } : {}),
    text: typeof context?.visibleText === 'string' ? context.visibleText : '',
    layout: Array.isArray(context?.pageLayout) ? (context.pageLayout as { text: string; bounds: unknown }[]) : [],
  };
}

/** A page's heading (its first `## ` line), what the page is about. */
export function headingOf(markdown: string): string | undefined {
  return /^#{1,6}\s+(.+)$/m.exec(markdown)?.[1]?.trim();
}
