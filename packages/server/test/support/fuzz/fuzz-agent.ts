import { z } from 'zod';
import { createAgentChat, defineCommand, defineTool, scriptedModel, type AgentChatAppOptions, type Model, type StateAdapter } from '../../../src/index.js';
import { toAnthropicMessages } from '../../../src/model/anthropic/to-anthropic-messages.js';
import { toAnthropicTools } from '../../../src/model/anthropic/to-anthropic-tools.js';
import { toOpenAIMessages } from '../../../src/model/openai-compatible/to-openai-messages.js';
import { toOpenAITools } from '../../../src/model/openai-compatible/to-openai-tools.js';
import { readTurnUploads } from '../../../src/model/turn-uploads.js';
import { validateMessagesRequest } from '../../../src/testing/validate-messages-request.js';
import { validateChatCompletionsRequest } from '../fake-openai.js';

/**
 * The agent the fuzz talks to: a scripted model with a read tool, a write tool that needs confirmation (so resume
 * and undo have something to do), a client tool (so resume has results to take) and a slash command. Every
 * history it sends to the model is checked as the Messages API and the Chat Completions API would check it.
 */

const boards = new Map<string, string[]>();

const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item to the board',
  kind: 'write',
  needsConfirmation: true,
  input: z.object({ text: z.string().min(1).max(500) }),
  preview: ({ text }) => ({ after: text }),
  execute: ({ text }, ctx) => {
    const board = boards.get(ctx.sessionId) ?? [];
    boards.set(ctx.sessionId, [...board, text]);
    return { added: text, count: board.length + 1 };
  },
});

const lookup = defineTool({
  name: 'lookup',
  description: 'Look a word up',
  input: z.object({ word: z.string() }),
  execute: ({ word }) => ({ word, meaning: `the meaning of ${word.length} characters` }),
});

const pickColor = defineTool({
  name: 'pick_color',
  description: 'Ask the page for a color',
  kind: 'client',
  input: z.object({}),
});

const state: StateAdapter = {
  snapshot: (sessionId) => boards.get(sessionId) ?? [],
  restore: (sessionId, snapshot) => {
    boards.set(sessionId, Array.isArray(snapshot) ? snapshot.map(String) : []);
  },
};

const count = defineCommand({ name: 'count', description: 'Count the words after it', run: ({ args }) => `${args.length} words` });

/** `add`, `look` and `pick` in the text call the tools; anything else gets a plain reply. */
const model = scriptedModel(({ text }) => {
  const lower = text.toLowerCase();
  const calls = [
    ...(lower.includes('add') ? [{ tool: 'add_item', input: { text: text.slice(0, 60).trim() || 'item' } }] : []),
    ...(lower.includes('look') ? [{ tool: 'lookup', input: { word: text.slice(0, 20) } }] : []),
    ...(lower.includes('pick') ? [{ tool: 'pick_color', input: {} }] : []),
  ];
  if (calls.length === 0) return [[{ text: `You said ${text.length} characters.` }]];
  return [[{ text: 'On it.' }, ...calls], [{ text: 'Done.' }]];
});

/** The model, with each request's history checked as both providers would check it; a failure is recorded. */
function validatingModel(inner: Model, invalid: string[]): Model {
  return {
    name: inner.name,
    // Uploads of every type the server takes reach the model, so the validation sees their blocks too.
    attachmentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'],
    async *stream(request) {
      const files = await readTurnUploads(request.turns, request);
      const anthropic = validateMessagesRequest({
        model: 'claude-fuzz',
        max_tokens: 4096,
        stream: true,
        messages: toAnthropicMessages(request.turns, files),
        ...(request.system.trim() ? { system: request.system } : {}),
        ...(request.tools.length ? { tools: toAnthropicTools(request.tools) } : {}),
      });
      if (anthropic) invalid.push(`Messages API: ${anthropic} (turns ${JSON.stringify(request.turns).slice(0, 2_000)})`);
      const openai = validateChatCompletionsRequest({
        model: 'fuzz',
        stream: true,
        messages: await toOpenAIMessages(request.system, request.turns, files, ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain']),
        ...(request.tools.length ? { tools: toOpenAITools(request.tools) } : {}),
      });
      if (openai) invalid.push(`Chat Completions: ${openai.message} (turns ${JSON.stringify(request.turns).slice(0, 2_000)})`);
      yield* inner.stream(request);
    },
  };
}

/** The upload limit: small, so files at and past it cost little to send. */
export const FUZZ_MAX_UPLOAD = 2048;

/**
 * The agent app; `invalid` collects every history the model was sent that a provider would refuse. Uploads are on
 * (small), and feedback is taken (and dropped), so those routes do their work rather than answer 404.
 */
export function fuzzAgent(invalid: string[], options: Partial<AgentChatAppOptions> = {}) {
  return createAgentChat({
    model: validatingModel(model, invalid),
    tools: [addItem, lookup, pickColor],
    commands: [count],
    state,
    uploads: { maxBytes: FUZZ_MAX_UPLOAD, maxFiles: 3 },
    onFeedback: () => {},
    ...options,
  });
}
