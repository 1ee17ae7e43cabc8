import type { AssistantTextTurn, ThinkingTurn, ToolCallTurn, ToolView, Turn } from '@agent-chat/protocol';
import { ModelError, type ModelStopReason } from '../model/model.js';
import { compressHistory } from '../context/compress-history.js';
import { withoutCutOffReplies } from '../context/cut-off-replies.js';
import { labelFor } from '../tools/label.js';
import { untilIdle } from './idle-timeout.js';
import type { RunContext } from './run-context.js';
import { addUsage, priceOf, pricedUsage } from './usage.js';
import { ToolInputStream } from './tool-input-stream.js';

export interface StepResult {
  calls: ToolCallTurn[];
  /** Undefined when the stream ended without a stop event (the run was aborted). */
  reason: ModelStopReason | undefined;
  detail?: string;
}

/**
 * One model call: stream its output as events and turns. Text and thinking grow their turn in place; a
 * tool call is appended whole. What arrived before an abort stays (partial text is still what the user saw).
 */
export async function modelStep(run: RunContext): Promise<StepResult> {
  const { deps, session, turns } = run;
  const offered = deps.tools.offered(session.id, run.context);
  // The step's own signal: Stop aborts it, and so does a model that has gone quiet.
  const step = new AbortController();
  const stopStep = () => step.abort(run.signal.reason);
  if (run.signal.aborted) stopStep();
  else run.signal.addEventListener('abort', stopStep, { once: true });
  const request = {
    system: await deps.systemPrompt(session, run.context),
    turns: await compressHistory(withoutCutOffReplies(turns.list), deps.compression),
    tools: offered.map((tool) => deps.tools.specFor(tool)),
    context: run.context,
    signal: step.signal,
  };
  const calls: ToolCallTurn[] = [];
  let text: AssistantTextTurn | undefined;
  let thinking: ThinkingTurn | undefined;
  let result: StepResult = { calls, reason: undefined };
  // The text and thinking turns this step started: the ones left empty are taken out at the end.
  const started: (AssistantTextTurn | ThinkingTurn)[] = [];
  const grown = <T extends AssistantTextTurn | ThinkingTurn>(turn: T): T => (started.push(turn), turn);
  // A call of a tool with a view names it (MCP Apps, when the app draws views), from its first streamed piece on.
  const viewOf = (name: string): ToolView | undefined => {
    const view = deps.drawViews ? deps.tools.get(name)?.view : undefined;
    return view ? { resourceUri: view.resourceUri, server: view.server } : undefined;
  };
  // Shown as they stream, never stored: only the whole call (below) is.
  const inputs = new ToolInputStream((event) => run.emit(event), viewOf);

  const events = untilIdle(deps.model.stream(request), deps.modelIdleTimeoutMs, () => step.abort(new Error('model_timeout')));
  try {
    for await (const event of events) {
      const paced = run.pace();
      if (paced) await paced;
      switch (event.type) {
        case 'text_delta': {
          if (!event.text) break;
          thinking = undefined;
          text ??= grown(turns.append({ type: 'assistant_text', text: '' }));
          text.text += event.text;
          run.emit({ type: 'text_delta', turnId: text.id, text: event.text });
          break;
        }
        case 'thinking_delta': {
          text = undefined;
          thinking ??= grown(turns.append({ type: 'thinking', text: '' }));
          thinking.text += event.text;
          run.emit({ type: 'thinking_delta', turnId: thinking.id, text: event.text });
          break;
        }
        case 'thinking_end': {
          if (thinking && event.signature) thinking.signature = event.signature;
          thinking = undefined;
          break;
        }
        case 'redacted_thinking': {
          text = undefined;
          thinking = undefined;
          turns.append({ type: 'thinking', text: '', redacted: event.data });
          break;
        }
        case 'tool_input_delta': {
          if (event.delta) inputs.add(event.id, event.name, event.delta);
          break;
        }
        case 'tool_call': {
          text = undefined;
          thinking = undefined;
          const tool = deps.tools.get(event.name);
          const view = viewOf(event.name);
          const call = turns.append(
            {
              type: 'tool_call',
              toolCallId: event.id,
              name: event.name,
              input: event.input,
              kind: tool?.kind ?? 'read',
              label: labelFor(event.name, tool?.label, event.input),
              ...(tool?.subagent ? { subagent: true } : {}),
              ...(view ? { view } : {}),
            },
            inputs.finish(event.id),
          );
          calls.push(call);
          run.emit({
            type: 'tool_call',
            turnId: call.id,
            toolCallId: call.toolCallId,
            name: call.name,
            kind: call.kind ?? 'read',
            label: call.label ?? call.name,
            input: call.input,
            ...(call.subagent ? { subagent: true } : {}),
            ...(call.view ? { view: call.view } : {}),
          });
          break;
        }
        case 'stop': {
          result = { calls, reason: event.reason, ...(event.detail ? { detail: event.detail } : {}) };
          // Counted per model call, priced by the model that made it (a sub-agent's may be another).
          if (event.usage) addUsage(run.usage, pricedUsage(event.usage, priceOf(deps.prices, deps.model.name)));
          break;
        }
      }
    }
  } finally {
    run.signal.removeEventListener('abort', stopStep);
    // Empty text or thinking can't be sent back to a provider; a stream cut short (stopped, failed, timed out) may
    // leave one. Only this step's own turns are looked at: the written history is never rewritten.
    const empty = new Set<Turn>(started.filter((turn) => !turn.text));
    if (empty.size > 0) turns.drop(empty);
  }
  return result;
}

export function isModelError(error: unknown): error is ModelError {
  return error instanceof ModelError;
}
