import type { Usage } from '@agent-chat/protocol';
import type { ModelEvent } from '../model.js';
import type { ChatChunkChoice, ChatCompletionChunk, ChatDelta, ChatUsage } from './chat-completions-types.js';
import { toModelStopReason } from './stop-reason.js';
import { ToolCallAccumulator, type AccumulatedCall } from './tool-call-accumulator.js';

/**
 * Turns Chat Completions chunks into ModelEvents as they arrive. Stateful: one mapper per response.
 * Text and thinking pass straight through; tool calls are held until the response says it is finished, because
 * their arguments arrive in pieces and only the whole text parses (the pieces pass through as they come, to be shown).
 */
export class ChunkMapper {
  readonly #calls = new ToolCallAccumulator();
  #thinking = false;
  #finishReason: string | undefined;
  #usage: Usage | undefined;
  #emittedCalls = 0;

  /** Whether a `finish_reason` arrived, i.e. the server finished the response rather than the connection dropping. */
  get finished(): boolean {
    return this.#finishReason !== undefined;
  }

  map(chunk: ChatCompletionChunk): ModelEvent[] {
    this.#recordUsage(chunk.usage);
    const choice = firstChoice(chunk.choices);
    if (!choice) return [];
    const events = choice.delta ? this.#delta(choice.delta) : [];
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
      this.#finishReason = choice.finish_reason;
      events.push(...this.#endThinking(), ...this.#flushCalls());
    }
    return events;
  }

  /** The events that close the response: at `data: [DONE]`, or when the body ends. */
  finish(): ModelEvent[] {
    const events = [...this.#endThinking(), ...this.#flushCalls()];
    const { reason, detail } = toModelStopReason(this.#finishReason, this.#emittedCalls > 0);
    events.push({
      type: 'stop',
      reason,
      ...(detail !== undefined ? { detail } : {}),
      ...(this.#usage ? { usage: this.#usage } : {}),
    });
    return events;
  }

  #delta(delta: ChatDelta): ModelEvent[] {
    const events: ModelEvent[] = [];
    // Servers that send both fields send the same text in each, so only one is taken.
    const reasoning = nonEmpty(delta.reasoning_content) ?? nonEmpty(delta.reasoning);
    if (reasoning !== undefined) {
      this.#thinking = true;
      events.push({ type: 'thinking_delta', text: reasoning });
    }
    const text = nonEmpty(delta.content) ?? nonEmpty(delta.refusal);
    if (text !== undefined) events.push(...this.#endThinking(), { type: 'text_delta', text });
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) {
      events.push(...this.#endThinking());
      for (const piece of delta.tool_calls) {
        if (!piece || typeof piece !== 'object') continue;
        const args = this.#calls.add(piece);
        if (args) events.push({ type: 'tool_input_delta', ...args });
      }
    }
    return events;
  }

  #endThinking(): ModelEvent[] {
    if (!this.#thinking) return [];
    this.#thinking = false;
    // Chat Completions has no signature for thinking, so it stays display-only and is never sent back.
    return [{ type: 'thinking_end' }];
  }

  #flushCalls(): ModelEvent[] {
    const events: ModelEvent[] = [];
    for (const call of this.#calls.take()) {
      const input = parseArguments(call, this.#finishReason);
      if (input === DROPPED) continue;
      this.#emittedCalls++;
      events.push({ type: 'tool_call', id: call.id, name: call.name, input });
    }
    return events;
  }

  #recordUsage(usage: ChatUsage | null | undefined): void {
    if (!usage || typeof usage !== 'object') return;
    const input = usage.prompt_tokens;
    const output = usage.completion_tokens;
    if (typeof input !== 'number' && typeof output !== 'number') return;
    // Servers that report usage on every chunk report it cumulatively, so the latest figures are the totals.
    this.#usage = {
      inputTokens: typeof input === 'number' ? input : (this.#usage?.inputTokens ?? 0),
      outputTokens: typeof output === 'number' ? output : (this.#usage?.outputTokens ?? 0),
    };
  }
}

const DROPPED = Symbol('dropped');

/**
 * A call cut off by the token limit is dropped: running half an input would be wrong, and the loop reports the
 * truncation. Any other bad input is returned, marked, so the loop answers the model with an error it can fix.
 */
function parseArguments(call: AccumulatedCall, finishReason: string | undefined): unknown {
  // Models call tools without parameters with "" or nothing at all.
  if (call.arguments.trim() === '') return {};
  try {
    return JSON.parse(call.arguments);
  } catch {
    return finishReason === 'length' ? DROPPED : { _invalidJson: call.arguments };
  }
}

/** We ask for one choice; a server that sends more is read for the first. */
function firstChoice(choices: ChatChunkChoice[] | null | undefined): ChatChunkChoice | undefined {
  if (!Array.isArray(choices)) return undefined;
  return choices.find((choice) => (choice?.index ?? 0) === 0) ?? undefined;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
