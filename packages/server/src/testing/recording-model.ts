import type { Turn } from '@agent-chat/protocol';
import type { Model, ModelRequest } from '../index.js';

export interface RecordedCall {
  system: string;
  tools: string[];
  turnTypes: string[];
  turns: readonly Turn[];
}

/** Wrap a model to see what the loop asked it: the system prompt, the tools offered, the history's shape. */
export function recordingModel(inner: Model): Model & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  return {
    name: `recording(${inner.name})`,
    calls,
    stream(request: ModelRequest) {
      calls.push({
        system: request.system,
        tools: request.tools.map((tool) => tool.name),
        turnTypes: request.turns.map((turn) => turn.type),
        turns: request.turns,
      });
      return inner.stream(request);
    },
  };
}
