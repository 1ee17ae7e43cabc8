import { anthropicModel } from './anthropic/index.js';
import type { Model } from './model.js';

/** The Claude model used when `ANTHROPIC_API_KEY` is set and `AGENT_CHAT_MODEL` is not. */
export const DEFAULT_CLAUDE_MODEL = 'claude-sonnet-5';

export interface ModelFromEnvOptions {
  /** The model to use without an API key: a scriptedModel, so the app works offline. */
  offline: Model;
  env?: Record<string, string | undefined>;
}

/**
 * Claude when `ANTHROPIC_API_KEY` is set (model from `AGENT_CHAT_MODEL`, base URL from `ANTHROPIC_BASE_URL`),
 * the given offline model otherwise: one switch for a demo that runs anywhere and on the real thing.
 */
export function modelFromEnv(options: ModelFromEnvOptions): Model {
  const env = options.env ?? globalThis.process?.env ?? {};
  const apiKey = env.ANTHROPIC_API_KEY?.trim();
  if (!apiKey) return options.offline;
  return anthropicModel({
    model: env.AGENT_CHAT_MODEL?.trim() || DEFAULT_CLAUDE_MODEL,
    apiKey,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
  });
}
