// Reading the model settings out of environment variables, each checked where it is read, so that a typo fails at
// start-up with the variable's name rather than as a provider's 400 on the first message.

export const MODEL_PROVIDERS = ['anthropic', 'openai', 'openai-compatible'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export type Env = Record<string, string | undefined>;

/** A model setting in the environment that cannot be used; `variable` names it. */
export class ModelEnvError extends TypeError {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`modelFromEnv: ${variable} ${message}`);
    this.name = 'ModelEnvError';
    this.variable = variable;
  }
}

/** The settings every provider shares, as the environment gives them. */
export interface ModelEnvSettings {
  /** Unset: Claude when ANTHROPIC_API_KEY is set, the offline model otherwise. */
  provider: ModelProvider | undefined;
  model: string | undefined;
  baseURL: string | undefined;
  maxTokens: number | undefined;
  temperature: number | undefined;
}

/** A variable's value, trimmed; an empty one counts as unset, as shells and .env files often leave them. */
export function envValue(env: Env, name: string): string | undefined {
  let value: string | undefined;
  try {
    value = env[name]?.trim();
  } catch {
    // Deno without --allow-env refuses the read: as if it were not set.
    return undefined;
  }
  return value ? value : undefined;
}

export function readModelEnv(env: Env): ModelEnvSettings {
  return {
    provider: readProvider(env),
    model: envValue(env, 'AGENT_CHAT_MODEL'),
    baseURL: readBaseURL(env),
    maxTokens: readMaxTokens(env),
    temperature: readTemperature(env),
  };
}

function readProvider(env: Env): ModelProvider | undefined {
  const value = envValue(env, 'AGENT_CHAT_PROVIDER');
  if (value === undefined) return undefined;
  const provider = MODEL_PROVIDERS.find((name) => name === value.toLowerCase());
  if (!provider) throw new ModelEnvError('AGENT_CHAT_PROVIDER', `must be one of ${MODEL_PROVIDERS.join(', ')}; got "${value}"`);
  return provider;
}

function readBaseURL(env: Env): string | undefined {
  const value = envValue(env, 'AGENT_CHAT_BASE_URL');
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ModelEnvError('AGENT_CHAT_BASE_URL', `must be an absolute http or https URL such as http://localhost:11434/v1; got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    // "localhost:11434" parses as a URL whose scheme is "localhost:": the value as given says more than the scheme.
    throw new ModelEnvError('AGENT_CHAT_BASE_URL', `must be an absolute http or https URL such as http://localhost:11434/v1; got "${value}"`);
  }
  return value;
}

function readMaxTokens(env: Env): number | undefined {
  const value = envValue(env, 'AGENT_CHAT_MAX_TOKENS');
  if (value === undefined) return undefined;
  // Digits only: Number() would take "1e3", "0x10" or "12.0", none of which a person means as a token count.
  const tokens = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(tokens) || tokens < 1) {
    throw new ModelEnvError('AGENT_CHAT_MAX_TOKENS', `must be a whole number of tokens, 1 or more (e.g. 4096); got "${value}"`);
  }
  return tokens;
}

/** The providers' widest range; Anthropic's narrower one (0 to 1) is checked once the provider is known. */
const MAX_TEMPERATURE = 2;

function readTemperature(env: Env): number | undefined {
  const value = envValue(env, 'AGENT_CHAT_TEMPERATURE');
  if (value === undefined) return undefined;
  const temperature = /^\d*\.?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isFinite(temperature) || temperature > MAX_TEMPERATURE) {
    throw new ModelEnvError('AGENT_CHAT_TEMPERATURE', `must be a number from 0 to ${MAX_TEMPERATURE} (e.g. 0.2); got "${value}"`);
  }
  return temperature;
}
