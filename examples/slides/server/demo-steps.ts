import type { Turn } from '@agent-chat/protocol';

/** One tool call of the current turn with its result, as the demo model reads them back from the history. */
export interface DemoStep {
  name: string;
  input: Record<string, unknown>;
  output: unknown;
  isError: boolean;
}

/**
 * The calls made since the last user message, with their results. The scripted demo model decides each next
 * response from these, the way a real model reads its tool results.
 */
export function stepsOfTurn(turns: readonly Turn[]): DemoStep[] {
  const start = turns.findLastIndex((turn) => turn.type === 'user');
  const calls = new Map<string, { name: string; input: Record<string, unknown> }>();
  const steps: DemoStep[] = [];
  for (const turn of turns.slice(start + 1)) {
    if (turn.type === 'tool_call') {
      calls.set(turn.toolCallId, { name: turn.name, input: (turn.input ?? {}) as Record<string, unknown> });
    } else if (turn.type === 'tool_result') {
      const call = calls.get(turn.toolCallId);
      if (call) steps.push({ ...call, output: turn.output, isError: turn.isError });
    }
  }
  return steps;
}

/** The result of the (last) call to `name`, optionally the one whose input matches. */
export function findStep(steps: readonly DemoStep[], name: string, input?: Record<string, unknown>): DemoStep | undefined {
  return steps.findLast(
    (step) => step.name === name && (!input || Object.entries(input).every(([key, value]) => step.input[key] === value)),
  );
}

/** A field of a successful result, or undefined (before the call ran, or when it failed). */
export function field<T = unknown>(step: DemoStep | undefined, key: string): T | undefined {
  if (!step || step.isError || typeof step.output !== 'object' || step.output === null) return undefined;
  return (step.output as Record<string, unknown>)[key] as T | undefined;
}
