import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, ModelEnvError, modelFromEnv, scriptedModel, type Model } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp } from '../src/testing/serve-app.js';
import { agentClient } from '../src/testing/agent-client.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';

// modelFromEnv chooses and configures a provider from environment variables. Each provider is checked end to end:
// the model it makes answers a message sent over HTTP to a real agent server, through the local fake of that
// provider's API, which records what the request carried.

const OPENAI_KEY = 'sk-openai-fake-0123456789';
const offline = scriptedModel([[{ text: 'Offline reply.' }]], { name: 'offline demo' });

let anthropic: FakeAnthropic;
let openai: FakeOpenAI;
let localServer: FakeOpenAI;
beforeAll(async () => {
  anthropic = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Claude here.' }] }) });
  openai = await startFakeOpenAI({ apiKey: OPENAI_KEY, replies: () => ({ text: 'OpenAI here.' }) });
  // A local server (Ollama, vLLM): it wants no key.
  localServer = await startFakeOpenAI({ replies: () => ({ text: 'Local model here.' }) });
});
afterAll(async () => {
  await Promise.all([anthropic.close(), openai.close(), localServer.close()]);
});

/** Sends one message to an agent server running on `model`, and returns the reply's text. */
async function reply(model: Model): Promise<string> {
  const server = await serveApp(createAgentChat({ model }));
  try {
    const events = await agentClient(server.url).run('env-session', { text: 'Hello?' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    return events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data['text'] as string] : [])).join('');
  } finally {
    await server.close();
  }
}

/** The error modelFromEnv throws for this environment. */
function envError(env: Record<string, string>): ModelEnvError {
  try {
    modelFromEnv({ offline, env });
  } catch (error) {
    expect(error).toBeInstanceOf(ModelEnvError);
    return error as ModelEnvError;
  }
  throw new Error(`expected a ModelEnvError for ${JSON.stringify(env)}`);
}

describe('modelFromEnv: which provider', () => {
  it('is the offline model when nothing is configured (empty values count as unset)', async () => {
    expect(modelFromEnv({ offline, env: {} })).toBe(offline);
    expect(modelFromEnv({ offline, env: { ANTHROPIC_API_KEY: '  ', AGENT_CHAT_PROVIDER: '' } })).toBe(offline);
    // An OpenAI key alone does not switch providers: that takes AGENT_CHAT_PROVIDER=openai.
    expect(modelFromEnv({ offline, env: { OPENAI_API_KEY: OPENAI_KEY } })).toBe(offline);
    expect(await reply(modelFromEnv({ offline, env: {} }))).toBe('Offline reply.');
  });

  it('is Claude when ANTHROPIC_API_KEY is set, at AGENT_CHAT_BASE_URL, with the token limit and temperature', async () => {
    const model = modelFromEnv({
      offline,
      env: {
        ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY,
        AGENT_CHAT_BASE_URL: anthropic.baseURL,
        AGENT_CHAT_MAX_TOKENS: '321',
        AGENT_CHAT_TEMPERATURE: '0.3',
      },
    });
    expect(model.name).toBe(`anthropic:${DEFAULT_CLAUDE_MODEL}`);
    const before = anthropic.requests.length;
    expect(await reply(model)).toBe('Claude here.');
    const sent = anthropic.requests[before]!;
    expect(sent).toMatchObject({ model: DEFAULT_CLAUDE_MODEL, max_tokens: 321, temperature: 0.3, stream: true });
  });

  it('is Claude with AGENT_CHAT_PROVIDER=anthropic; AGENT_CHAT_MODEL names the model; ANTHROPIC_BASE_URL still works', async () => {
    const model = modelFromEnv({
      offline,
      env: { AGENT_CHAT_PROVIDER: 'Anthropic', ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: anthropic.baseURL, AGENT_CHAT_MODEL: 'claude-test-1' },
    });
    const before = anthropic.requests.length;
    expect(await reply(model)).toBe('Claude here.');
    const sent = anthropic.requests[before]!;
    expect(sent).toMatchObject({ model: 'claude-test-1', max_tokens: 4096 });
    expect(sent).not.toHaveProperty('temperature');
  });

  it('gives sub-agents the fast model: AGENT_CHAT_FAST_MODEL of the same provider, else the main model; offline, the offline one', async () => {
    const env = { ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: anthropic.baseURL, AGENT_CHAT_MODEL: 'claude-main' };
    const fast = modelFromEnv({ offline, fast: true, env: { ...env, AGENT_CHAT_FAST_MODEL: 'claude-fast' } });
    const before = anthropic.requests.length;
    expect(await reply(fast)).toBe('Claude here.');
    expect(anthropic.requests[before]).toMatchObject({ model: 'claude-fast' });
    expect(modelFromEnv({ offline, fast: true, env }).name).toBe('anthropic:claude-main');
    // The main model is not the fast one, whatever AGENT_CHAT_FAST_MODEL says.
    expect(modelFromEnv({ offline, env: { ...env, AGENT_CHAT_FAST_MODEL: 'claude-fast' } }).name).toBe('anthropic:claude-main');
    expect(modelFromEnv({ offline, fast: true, env: { AGENT_CHAT_FAST_MODEL: 'claude-fast' } })).toBe(offline);
  });

  it('is OpenAI with AGENT_CHAT_PROVIDER=openai and OPENAI_API_KEY, with the token limit and temperature', async () => {
    const model = modelFromEnv({
      offline,
      env: {
        AGENT_CHAT_PROVIDER: 'openai',
        OPENAI_API_KEY: OPENAI_KEY,
        AGENT_CHAT_BASE_URL: openai.baseURL,
        AGENT_CHAT_MAX_TOKENS: '200',
        AGENT_CHAT_TEMPERATURE: '1.5',
      },
    });
    expect(model.name).toBe(`openai-compatible:${DEFAULT_OPENAI_MODEL}`);
    expect(await reply(model)).toBe('OpenAI here.');
    const sent = openai.requests.at(-1)!;
    expect(sent.headers['authorization']).toBe(`Bearer ${OPENAI_KEY}`);
    expect(sent.body).toMatchObject({ model: DEFAULT_OPENAI_MODEL, max_tokens: 200, temperature: 1.5, stream: true });
  });

  it('is a local server with AGENT_CHAT_PROVIDER=openai-compatible: no key needed, none sent', async () => {
    const model = modelFromEnv({
      offline,
      env: { AGENT_CHAT_PROVIDER: 'openai-compatible', AGENT_CHAT_BASE_URL: localServer.baseURL, AGENT_CHAT_MODEL: 'llama3.1:8b', AGENT_CHAT_TEMPERATURE: '0' },
    });
    expect(await reply(model)).toBe('Local model here.');
    const sent = localServer.requests.at(-1)!;
    expect(sent.headers).not.toHaveProperty('authorization');
    expect(sent.body).toMatchObject({ model: 'llama3.1:8b', temperature: 0 });
    expect(sent.body).not.toHaveProperty('max_tokens');
  });

  it('sends OPENAI_API_KEY to an openai-compatible server when it is set', async () => {
    const model = modelFromEnv({
      offline,
      env: { AGENT_CHAT_PROVIDER: 'openai-compatible', AGENT_CHAT_BASE_URL: openai.baseURL, AGENT_CHAT_MODEL: 'gateway-model', OPENAI_API_KEY: OPENAI_KEY },
    });
    expect(await reply(model)).toBe('OpenAI here.');
    expect(openai.requests.at(-1)!.body).toMatchObject({ model: 'gateway-model' });
  });
});

describe('modelFromEnv: a value that cannot work is an error naming its variable, at once', () => {
  it.each([
    [{ AGENT_CHAT_MAX_TOKENS: 'abc' }, 'AGENT_CHAT_MAX_TOKENS', '"abc"'],
    [{ AGENT_CHAT_MAX_TOKENS: '0' }, 'AGENT_CHAT_MAX_TOKENS', '"0"'],
    [{ AGENT_CHAT_MAX_TOKENS: '1.5' }, 'AGENT_CHAT_MAX_TOKENS', '"1.5"'],
    [{ AGENT_CHAT_MAX_TOKENS: '1e3' }, 'AGENT_CHAT_MAX_TOKENS', '"1e3"'],
    [{ AGENT_CHAT_TEMPERATURE: 'warm' }, 'AGENT_CHAT_TEMPERATURE', '"warm"'],
    [{ AGENT_CHAT_TEMPERATURE: '-0.5' }, 'AGENT_CHAT_TEMPERATURE', '"-0.5"'],
    [{ AGENT_CHAT_TEMPERATURE: '2.5' }, 'AGENT_CHAT_TEMPERATURE', '"2.5"'],
    [{ AGENT_CHAT_PROVIDER: 'gemini' }, 'AGENT_CHAT_PROVIDER', 'anthropic, openai, openai-compatible'],
    [{ AGENT_CHAT_BASE_URL: 'localhost:11434' }, 'AGENT_CHAT_BASE_URL', '"localhost:11434"'],
    [{ AGENT_CHAT_BASE_URL: 'ftp://example.com/v1' }, 'AGENT_CHAT_BASE_URL', '"ftp://example.com/v1"'],
  ])('offline too: %j', (env, variable, quoted) => {
    const error = envError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toContain(quoted);
  });

  it('Anthropic takes temperatures up to 1 only', () => {
    const error = envError({ ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, AGENT_CHAT_TEMPERATURE: '1.5' });
    expect(error.variable).toBe('AGENT_CHAT_TEMPERATURE');
    expect(error.message).toMatch(/0 to 1 for Anthropic/);
  });

  it.each([
    [{ AGENT_CHAT_PROVIDER: 'anthropic' }, 'ANTHROPIC_API_KEY'],
    [{ AGENT_CHAT_PROVIDER: 'openai' }, 'OPENAI_API_KEY'],
    [{ AGENT_CHAT_PROVIDER: 'openai-compatible', AGENT_CHAT_MODEL: 'llama3.1:8b' }, 'AGENT_CHAT_BASE_URL'],
    [{ AGENT_CHAT_PROVIDER: 'openai-compatible', AGENT_CHAT_BASE_URL: 'http://127.0.0.1:11434/v1' }, 'AGENT_CHAT_MODEL'],
  ])('a chosen provider without what it needs: %j', (env, variable) => {
    const error = envError(env);
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`modelFromEnv: ${variable} is not set: `)).toBe(true);
    expect(error.message).toContain(env.AGENT_CHAT_PROVIDER);
  });
});
