import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { ModelError, type Model, type ModelEvent, type ModelRequest, type UploadBytes } from '../model.js';
import { StreamEventMapper } from './stream-event-mapper.js';
import { ANTHROPIC_ATTACHMENT_TYPES, toAnthropicMessages } from './to-anthropic-messages.js';
import { readTurnUploads } from '../turn-uploads.js';
import { toAnthropicTools } from './to-anthropic-tools.js';
import { toModelError } from './to-model-error.js';

export interface AnthropicModelOptions {
  /** The model id, e.g. `claude-sonnet-4-5`. */
  model: string;
  /** An Anthropic client to use as is (its retries, timeout, headers). Do not combine with `apiKey` or `baseURL`. */
  client?: Anthropic;
  /** Defaults to what the SDK finds itself (ANTHROPIC_API_KEY and its other sources). */
  apiKey?: string;
  /** Defaults to ANTHROPIC_BASE_URL, then the public API. */
  baseURL?: string;
  /** The most tokens one response may have (thinking included). Default 4096. */
  maxTokens?: number;
  /** Not sent when `thinking` is set: the API only accepts its default then. */
  temperature?: number;
  /** Extended thinking with this token budget (at least 1024, and below `maxTokens`). */
  thinking?: { budgetTokens: number };
}

export const DEFAULT_MAX_TOKENS = 4096;
const MIN_THINKING_BUDGET = 1024;

/** A Model backed by Anthropic's Messages API, streamed. */
export function anthropicModel(options: AnthropicModelOptions): Model {
  const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
  checkOptions(options, maxTokens);
  const client = options.client ?? createClient(options);
  const secrets = [options.apiKey, client.apiKey, client.authToken].filter((value): value is string => typeof value === 'string');

  return {
    name: `anthropic:${options.model}`,
    attachmentTypes: ANTHROPIC_ATTACHMENT_TYPES,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      if (request.signal.aborted) return;
      const params = buildParams(options, maxTokens, request, await readTurnUploads(request.turns, request));
      let events: AsyncIterable<RawMessageStreamEvent>;
      try {
        // The signal goes to the SDK so that Stop closes the HTTP stream instead of letting it run on unread.
        events = await client.messages.create(params, { signal: request.signal });
      } catch (error) {
        if (request.signal.aborted) return;
        throw toModelError(error, secrets);
      }

      const mapper = new StreamEventMapper();
      try {
        for await (const event of events) {
          if (request.signal.aborted) return;
          yield* mapper.map(event);
        }
      } catch (error) {
        if (request.signal.aborted) return;
        throw toModelError(error, secrets);
      }
      if (request.signal.aborted) return;
      if (!mapper.stopped) {
        throw new ModelError('The Anthropic API stream ended before the response was complete. Try again.', { code: 'incomplete_stream' });
      }
    },
  };
}

function buildParams(
  options: AnthropicModelOptions,
  maxTokens: number,
  request: ModelRequest,
  files: ReadonlyMap<string, UploadBytes | undefined>,
): MessageCreateParamsStreaming {
  const capped = Math.min(maxTokens, request.maxTokens ?? maxTokens);
  // The API wants thinking's budget below max_tokens: a capped response goes without thinking rather than fail.
  const thinking = options.thinking && options.thinking.budgetTokens < capped ? options.thinking : undefined;
  return {
    model: options.model,
    max_tokens: capped,
    messages: toAnthropicMessages(request.turns, files),
    stream: true,
    // An empty system prompt is better left out than sent as an empty block.
    ...(request.system.trim() ? { system: request.system } : {}),
    ...(request.tools.length ? { tools: toAnthropicTools(request.tools) } : {}),
    ...(thinking
      ? { thinking: { type: 'enabled', budget_tokens: thinking.budgetTokens } }
      : options.temperature !== undefined
        ? { temperature: options.temperature }
        : {}),
  };
}

function createClient(options: AnthropicModelOptions): Anthropic {
  return new Anthropic({
    // Leaving a key out (rather than passing undefined) keeps the SDK's own lookup of credentials.
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    ...(options.baseURL !== undefined ? { baseURL: options.baseURL } : {}),
  });
}

/** Settings the API would reject on every request fail here, at start-up, instead. */
function checkOptions(options: AnthropicModelOptions, maxTokens: number): void {
  if (!options.model?.trim()) throw new TypeError('anthropicModel: `model` is required (e.g. "claude-sonnet-4-5")');
  if (options.client && (options.apiKey !== undefined || options.baseURL !== undefined)) {
    throw new TypeError('anthropicModel: pass either `client` or `apiKey`/`baseURL`, not both');
  }
  if (!Number.isInteger(maxTokens) || maxTokens < 1) {
    throw new TypeError(`anthropicModel: \`maxTokens\` must be a positive integer, got ${maxTokens}`);
  }
  const budget = options.thinking?.budgetTokens;
  if (budget !== undefined && (!Number.isInteger(budget) || budget < MIN_THINKING_BUDGET || budget >= maxTokens)) {
    throw new TypeError(
      `anthropicModel: \`thinking.budgetTokens\` must be an integer of at least ${MIN_THINKING_BUDGET} and below \`maxTokens\` (${maxTokens}), got ${budget}`,
    );
  }
}
