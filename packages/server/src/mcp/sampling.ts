import { ProtocolError, type CreateMessageRequestParams, type CreateMessageResult, type SamplingMessage } from '@modelcontextprotocol/client';
import type { SamplingMessage as ShownMessage, Turn, Usage } from '@agent-chat/protocol';
import type { Model, ModelStopReason } from '../model/model.js';
import type { McpCaller } from './calls-in-flight.js';

/** How the app answers an MCP server's sampling requests (`sampling/createMessage`): with which model, asked how. */
export interface McpSamplingOptions {
  /** The model that answers, e.g. an `anthropicModel(...)`: the server's messages and system prompt, no tools. */
  model: Model;
  /**
   * `ask` (default): the user sees the request (its messages, system prompt and token cap) and approves or declines
   * it first. `always`: it is answered at once, for a server the host trusts.
   */
  approve?: 'ask' | 'always';
  /** The most tokens an answer may have, whatever the server asks for. Default 1024. */
  maxTokens?: number;
}

export const DEFAULT_SAMPLING_MAX_TOKENS = 1024;

/** What the spec has a client answer when its user rejected a sampling request. */
export const USER_REJECTED = -1;

/**
 * A server's `sampling/createMessage` answered by the app's model, for the call that is waiting on it: approved by
 * the user first unless the host said `always`, capped at the host's token limit, and counted in the run's usage.
 */
export async function answerSampling(
  params: CreateMessageRequestParams,
  caller: McpCaller,
  options: McpSamplingOptions,
  server: string,
  signal: AbortSignal,
): Promise<CreateMessageResult> {
  const maxTokens = Math.max(1, Math.min(params.maxTokens, options.maxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS));
  const messages = params.messages.map(shownMessage);
  if ((options.approve ?? 'ask') === 'ask') {
    const answer = await caller.requestInput({
      kind: 'sampling',
      message: `${server} asks to use the app's model (up to ${maxTokens} tokens).`,
      server,
      sampling: { messages, ...(params.systemPrompt ? { systemPrompt: params.systemPrompt } : {}), maxTokens },
      // A server that gives up on its request (cancelled, or its own timeout) closes the card.
      signal,
    });
    if (answer.action !== 'accept') throw new ProtocolError(USER_REJECTED, 'User rejected sampling request');
  }
  // Stopped with the run, or when the server gives up on its request.
  const stop = new AbortController();
  const abort = () => stop.abort();
  for (const s of [caller.signal, signal]) {
    if (s.aborted) abort();
    else s.addEventListener('abort', abort, { once: true });
  }
  try {
    const { text, reason, usage } = await complete(options.model, {
      system: params.systemPrompt ?? '',
      turns: messages.map(toTurn),
      tools: [],
      signal: stop.signal,
      maxTokens,
    });
    if (usage) caller.countUsage(usage, options.model.name);
    // A stream that ended without a stop event was cut off: by Stop, or by the server giving up.
    if (reason === undefined) throw new Error('the sampling request was stopped before the model answered');
    return { role: 'assistant', content: { type: 'text', text }, model: options.model.name, stopReason: stopReasonOf(reason) };
  } finally {
    for (const s of [caller.signal, signal]) s.removeEventListener('abort', abort);
  }
}

/** One model response as its text, why it ended (undefined: it was stopped) and what it cost. */
async function complete(
  model: Model,
  request: Parameters<Model['stream']>[0],
): Promise<{ text: string; reason: ModelStopReason | undefined; usage: Usage | undefined }> {
  let text = '';
  let reason: ModelStopReason | undefined;
  let usage: Usage | undefined;
  for await (const event of model.stream(request)) {
    if (event.type === 'text_delta') text += event.text;
    else if (event.type === 'stop') {
      reason = event.reason;
      usage = event.usage;
    }
  }
  return { text, reason, usage };
}

/** A server's message as text: what the user is shown and what the model reads. Media is named, not passed. */
function shownMessage(message: SamplingMessage): ShownMessage {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'text':
        return block.text;
      case 'image':
      case 'audio':
        return `[${block.type}: ${block.mimeType}]`;
      default:
        return `[${block.type}]`;
    }
  });
  return { role: message.role, text: parts.join('\n\n') };
}

function toTurn(message: ShownMessage, index: number): Turn {
  const base = { id: `sampling-${index}`, createdAt: Date.now() };
  return message.role === 'user' ? { ...base, type: 'user', text: message.text } : { ...base, type: 'assistant_text', text: message.text };
}

/** The spec names three stop reasons and allows others as they are. */
function stopReasonOf(reason: ModelStopReason): string {
  if (reason === 'end_turn') return 'endTurn';
  if (reason === 'max_tokens') return 'maxTokens';
  if (reason === 'stop_sequence') return 'stopSequence';
  return reason;
}
