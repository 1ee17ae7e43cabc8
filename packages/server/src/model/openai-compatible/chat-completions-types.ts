/**
 * The parts of the Chat Completions wire format this adapter sends and reads. Written by hand (no SDK): every
 * field a compatible server may leave out is optional, and values are checked where they are read.
 */

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatUserPart[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A part of a user message with files: text, or an image as a URL (here always a `data:` URL). */
export type ChatUserPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatCompletionsRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  stream: true;
  stream_options: { include_usage: true };
  max_tokens?: number;
  temperature?: number;
}

export interface ChatToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

export interface ChatDelta {
  role?: string;
  content?: string | null;
  /** Thinking text, as DeepSeek, vLLM and others name it. */
  reasoning_content?: string | null;
  /** Thinking text, as OpenRouter, Ollama and newer vLLM name it. */
  reasoning?: string | null;
  /** Text OpenAI sends instead of content when the model declines. */
  refusal?: string | null;
  tool_calls?: ChatToolCallDelta[] | null;
}

export interface ChatChunkChoice {
  index?: number;
  delta?: ChatDelta | null;
  finish_reason?: string | null;
}

export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

export interface ChatApiError {
  message?: string;
  type?: string;
  code?: string | number | null;
  param?: string | null;
}

export interface ChatCompletionChunk {
  id?: string;
  choices?: ChatChunkChoice[] | null;
  usage?: ChatUsage | null;
  /** Sent instead of a chunk when the server fails mid-stream; some servers send a bare string. */
  error?: ChatApiError | string;
}
