import type { RawMessageStreamEvent, RawMessageStartEvent, RawMessageDeltaEvent } from '@anthropic-ai/sdk/resources/messages';
import type { Usage } from '@agent-chat/protocol';
import type { ModelEvent } from '../model.js';
import { toModelStopReason } from './stop-reason.js';

type OpenBlock =
  | { kind: 'thinking'; signature: string }
  | { kind: 'tool_use'; id: string; name: string; json: string; startInput: unknown }
  | { kind: 'other' };

type UsageField = 'input_tokens' | 'cache_creation_input_tokens' | 'cache_read_input_tokens' | 'output_tokens';

interface PendingCall {
  id: string;
  name: string;
  raw: string;
}

/**
 * Turns the Messages API's raw stream events into ModelEvents as they arrive. Stateful: one mapper per response.
 * Text and thinking pass straight through; a tool call's input passes through in pieces as it streams, and the call
 * is emitted once, when its block closes and its input is whole.
 */
export class StreamEventMapper {
  readonly #blocks = new Map<number, OpenBlock>();
  /** Calls whose input did not parse: whether to keep them depends on the stop reason, which comes later. */
  #unparsedCalls: PendingCall[] = [];
  #stopReason: string | null | undefined;
  /** Uncached, cache-write and cache-read input tokens, and output tokens; the API reports each cumulatively. */
  readonly #usage: Record<UsageField, number> = {
    input_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    output_tokens: 0,
  };
  #stopped = false;

  /** Whether `message_stop` arrived, i.e. the response is complete. */
  get stopped(): boolean {
    return this.#stopped;
  }

  map(event: RawMessageStreamEvent): ModelEvent[] {
    switch (event.type) {
      case 'message_start':
        this.#recordUsage(event.message.usage);
        return [];
      case 'content_block_start':
        return this.#startBlock(event.index, event.content_block);
      case 'content_block_delta':
        return this.#delta(event.index, event.delta);
      case 'content_block_stop':
        return this.#stopBlock(event.index);
      case 'message_delta':
        this.#stopReason = event.delta.stop_reason;
        this.#recordUsage(event.usage);
        return this.#settleUnparsedCalls();
      case 'message_stop':
        return this.#stop();
      default:
        // The API may add event types; unknown ones are ignored, as its versioning policy asks.
        return [];
    }
  }

  #startBlock(index: number, block: Extract<RawMessageStreamEvent, { type: 'content_block_start' }>['content_block']): ModelEvent[] {
    switch (block.type) {
      case 'text':
        this.#blocks.set(index, { kind: 'other' });
        return block.text ? [{ type: 'text_delta', text: block.text }] : [];
      case 'thinking':
        this.#blocks.set(index, { kind: 'thinking', signature: block.signature ?? '' });
        return block.thinking ? [{ type: 'thinking_delta', text: block.thinking }] : [];
      case 'redacted_thinking':
        this.#blocks.set(index, { kind: 'other' });
        return [{ type: 'redacted_thinking', data: block.data }];
      case 'tool_use':
        this.#blocks.set(index, { kind: 'tool_use', id: block.id, name: block.name, json: '', startInput: block.input });
        return [];
      default:
        // Server-tool blocks and the like run on Anthropic's side; the loop has nothing to do with them.
        this.#blocks.set(index, { kind: 'other' });
        return [];
    }
  }

  #delta(index: number, delta: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>['delta']): ModelEvent[] {
    const block = this.#blocks.get(index);
    switch (delta.type) {
      case 'text_delta':
        return delta.text ? [{ type: 'text_delta', text: delta.text }] : [];
      case 'thinking_delta':
        return delta.thinking ? [{ type: 'thinking_delta', text: delta.thinking }] : [];
      case 'signature_delta':
        if (block?.kind === 'thinking') block.signature += delta.signature;
        return [];
      case 'input_json_delta':
        if (block?.kind !== 'tool_use' || !delta.partial_json) return [];
        block.json += delta.partial_json;
        return [{ type: 'tool_input_delta', id: block.id, name: block.name, delta: delta.partial_json }];
      default:
        return [];
    }
  }

  #stopBlock(index: number): ModelEvent[] {
    const block = this.#blocks.get(index);
    this.#blocks.delete(index);
    if (block?.kind === 'thinking') return [{ type: 'thinking_end', ...(block.signature ? { signature: block.signature } : {}) }];
    if (block?.kind === 'tool_use') return this.#finishCall(block);
    return [];
  }

  #finishCall(block: Extract<OpenBlock, { kind: 'tool_use' }>): ModelEvent[] {
    const input = parseInput(block.json, block.startInput);
    if (input.ok) return [{ type: 'tool_call', id: block.id, name: block.name, input: input.value }];
    this.#unparsedCalls.push({ id: block.id, name: block.name, raw: block.json });
    return [];
  }

  /**
   * A call cut off by `max_tokens` is dropped: running half an input would be wrong, and the loop reports the
   * truncation. Any other bad input is still returned, marked, so the loop answers the model with an error it can fix.
   */
  #settleUnparsedCalls(): ModelEvent[] {
    const events: ModelEvent[] = [];
    // A block the stream never closed is as finished as it will get.
    for (const [index, block] of this.#blocks) {
      if (block.kind !== 'tool_use') continue;
      this.#blocks.delete(index);
      events.push(...this.#finishCall(block));
    }
    const calls = this.#unparsedCalls;
    this.#unparsedCalls = [];
    if (this.#stopReason === 'max_tokens') return events;
    for (const call of calls) events.push({ type: 'tool_call', id: call.id, name: call.name, input: { _invalidJson: call.raw } });
    return events;
  }

  #stop(): ModelEvent[] {
    const events = this.#settleUnparsedCalls();
    this.#stopped = true;
    const { reason, detail } = toModelStopReason(this.#stopReason);
    events.push({
      type: 'stop',
      reason,
      ...(detail !== undefined ? { detail } : {}),
      usage: this.#totalUsage(),
    });
    return events;
  }

  #recordUsage(usage: RawMessageStartEvent['message']['usage'] | RawMessageDeltaEvent['usage'] | undefined): void {
    if (!usage) return;
    // A field the event leaves null was not reported in it, so the earlier count stands.
    for (const key of Object.keys(this.#usage) as UsageField[]) {
      const value = usage[key];
      if (typeof value === 'number') this.#usage[key] = value;
    }
  }

  /** Input tokens are the sum of the uncached and cached parts, as the API counts a request's input. */
  #totalUsage(): Usage {
    const usage = this.#usage;
    return {
      inputTokens: usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens,
      outputTokens: usage.output_tokens,
      ...(usage.cache_read_input_tokens ? { cacheReadTokens: usage.cache_read_input_tokens } : {}),
      ...(usage.cache_creation_input_tokens ? { cacheWriteTokens: usage.cache_creation_input_tokens } : {}),
    };
  }
}

function parseInput(json: string, startInput: unknown): { ok: true; value: unknown } | { ok: false } {
  // The first input_json_delta is empty and a call without arguments may send nothing more.
  if (json.trim() === '') return { ok: true, value: isObject(startInput) ? startInput : {} };
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
