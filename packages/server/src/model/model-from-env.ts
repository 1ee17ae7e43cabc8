import { anthropicModel } from './anthropic/index.js';
import type { Model } from './model.js';
import { envValue, ModelEnvError, readModelEnv, type Env, type ModelEnvSettings } from './model-env.js';
import { openAICompatibleModel } from './openai-compatible/index.js';

export { MODEL_PROVIDERS, ModelEnvError, type ModelProvider } from './model-env.js';

/** The Claude model used when `AGENT_CHAT_MODEL` is not set. */
export const DEFAULT_CLAUDE_MODEL = 'claude-sonnet-5';
/** The OpenAI model used with `AGENT_CHAT_PROVIDER=openai` when `AGENT_CHAT_MODEL` is not set. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4.1';

export interface ModelFromEnvOptions {
  /** The model to use when no provider is configured: a scriptedModel, so the app works offline. */
  offline: Model;
  /** Default `process.env` where there is one. */
  env?: Record<string, string | undefined>;
  /**
   * The fast model, for sub-agents (`defineSubagent({ model })`): `AGENT_CHAT_FAST_MODEL` of the same provider, or
   * the main model when it is not set. Offline it is `offline`, as the main model is.
   */
  fast?: boolean;
}

/**
 * One switch for an app that runs anywhere and on the real thing. `AGENT_CHAT_PROVIDER` chooses: `anthropic`
 * (needs `ANTHROPIC_API_KEY`), `openai` (needs `OPENAI_API_KEY`) or `openai-compatible` (needs
 * `AGENT_CHAT_BASE_URL` and `AGENT_CHAT_MODEL`; sends `OPENAI_API_KEY` when set). Unset, it is Claude when
 * `ANTHROPIC_API_KEY` is set and the offline model otherwise. `AGENT_CHAT_MODEL`, `AGENT_CHAT_BASE_URL`,
 * `AGENT_CHAT_MAX_TOKENS` and `AGENT_CHAT_TEMPERATURE` apply to whichever provider it is; with `fast`,
 * `AGENT_CHAT_FAST_MODEL` names the model instead. A value that cannot work throws a `ModelEnvError` naming its
 * variable, at once.
 */
export function modelFromEnv(options: ModelFromEnvOptions): Model {
  const env = options.env ?? processEnv();
  // Read (and so checked) before choosing, so a bad value fails in the offline demo too, not first in production.
  const main = readModelEnv(env);
  const fastModel = options.fast ? envValue(env, 'AGENT_CHAT_FAST_MODEL') : undefined;
  const settings = fastModel ? { ...main, model: fastModel } : main;
  const provider = settings.provider ?? (envValue(env, 'ANTHROPIC_API_KEY') ? 'anthropic' : undefined);
  switch (provider) {
    case undefined:
      return options.offline;
    case 'anthropic':
      return claude(env, settings);
    case 'openai':
      return openAI(env, settings);
    case 'openai-compatible':
      return openAICompatible(env, settings);
  }
}

function claude(env: Env, settings: ModelEnvSettings): Model {
  const apiKey = required(env, 'ANTHROPIC_API_KEY', 'AGENT_CHAT_PROVIDER=anthropic needs it');
  if (settings.temperature !== undefined && settings.temperature > 1) {
    throw new ModelEnvError('AGENT_CHAT_TEMPERATURE', `must be from 0 to 1 for Anthropic; got ${settings.temperature}`);
  }
  const baseURL = settings.baseURL ?? envValue(env, 'ANTHROPIC_BASE_URL');
  return anthropicModel({
    model: settings.model ?? DEFAULT_CLAUDE_MODEL,
    apiKey,
    ...(baseURL ? { baseURL } : {}),
    ...limits(settings),
  });
}

function openAI(env: Env, settings: ModelEnvSettings): Model {
  const apiKey = required(env, 'OPENAI_API_KEY', 'AGENT_CHAT_PROVIDER=openai needs it');
  return openAICompatibleModel({
    model: settings.model ?? DEFAULT_OPENAI_MODEL,
    apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    ...limits(settings),
  });
}

/** A local or third-party server (Ollama, vLLM, LM Studio, a gateway): it has no default address or model. */
function openAICompatible(env: Env, settings: ModelEnvSettings): Model {
  const baseURL = settings.baseURL ?? missing('AGENT_CHAT_BASE_URL', 'AGENT_CHAT_PROVIDER=openai-compatible needs the server’s API root, e.g. http://localhost:11434/v1');
  const model = settings.model ?? missing('AGENT_CHAT_MODEL', 'AGENT_CHAT_PROVIDER=openai-compatible needs the model id the server knows, e.g. llama3.1:8b');
  return openAICompatibleModel({
    model,
    baseURL,
    // Given even when empty, so the adapter does not read process.env behind an `env` option; no key, no header.
    apiKey: envValue(env, 'OPENAI_API_KEY') ?? '',
    ...limits(settings),
  });
}

function limits(settings: ModelEnvSettings): { maxTokens?: number; temperature?: number } {
  return {
    ...(settings.maxTokens !== undefined ? { maxTokens: settings.maxTokens } : {}),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
  };
}

function required(env: Env, name: string, why: string): string {
  return envValue(env, name) ?? missing(name, why);
}

function missing(name: string, why: string): never {
  throw new ModelEnvError(name, `is not set: ${why}`);
}

/** process.env where the runtime has one (Node, Bun, Deno); an empty one elsewhere (Workers). */
function processEnv(): Env {
  try {
    return globalThis.process?.env ?? {};
  } catch {
    return {};
  }
}
