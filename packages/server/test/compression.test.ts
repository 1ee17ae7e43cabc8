import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { toAnthropicMessages } from '../src/model/anthropic/index.js';
import { estimateTokens } from '../src/context/compress-history.js';
import { sameBrowser } from './support/same-browser.js';
import { validateMessagesRequest } from '../src/testing/fake-anthropic.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

const longText = (label: string) => `${label}: ${'lorem ipsum dolor sit amet '.repeat(60)}`;
const lookup = defineTool({
  name: 'lookup',
  description: 'Look something up',
  input: z.object({ q: z.string() }),
  execute: ({ q }) => {
    if (q === 'bad') throw new Error('the index "bad" does not exist; use one of: notes, slides');
    return longText(`result for ${q}`);
  },
});
const model = recordingModel(
  scriptedModel(({ text }) => [[{ tool: 'lookup', input: { q: text.startsWith('bad') ? 'bad' : text } }], [{ text: longText(`answer to ${text}`) }]]),
);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [lookup], compression: { maxTokens: 3000, keepLastMessages: 2 } }));
});
afterAll(() => server.close());

describe('long conversations are compressed for the model', () => {
  it('keeps the last messages in full, folds the rest into a summary, and keeps every error result', async () => {
    const client = sameBrowser(server.url);
    for (const text of ['bad first', 'second', 'third', 'fourth', 'fifth']) await client.run('long', { text });

    const seen = model.calls.at(-1)!.turns;
    expect(seen[0]).toMatchObject({ type: 'user' });
    const summary = (seen[0] as { text: string }).text;
    expect(summary).toMatch(/^\[Summary of the earlier conversation/);
    expect(summary).toContain('User: bad first');
    expect(summary).toContain('Tool error (lookup), kept in full: Tool lookup failed: the index "bad" does not exist; use one of: notes, slides');
    // Older long texts are cut to excerpts.
    expect(summary).not.toContain(longText('answer to second'));
    // The last two user messages and what followed them are there in full.
    const users = seen.filter((t) => t.type === 'user').map((t) => (t as { text: string }).text);
    expect(users.slice(1)).toEqual(['fourth', 'fifth']);
    expect(seen.some((t) => t.type === 'assistant_text' && t.text === longText('answer to fourth'))).toBe(true);

    // What the model gets is still a valid Messages API history.
    const messages = toAnthropicMessages(seen);
    expect(validateMessagesRequest({ model: 'm', max_tokens: 100, messages })).toBeUndefined();

    // The stored history is untouched.
    const history = await client.history('long');
    expect(history.turns.filter((t) => t.type === 'user')).toHaveLength(5);
  });

  it('leaves a short conversation as it is', async () => {
    await sameBrowser(server.url).run('short', { text: 'hi' });
    const seen = model.calls.at(-1)!.turns;
    expect(seen.filter((t) => t.type === 'user').map((t) => (t as { text: string }).text)).toEqual(['hi']);
  });
});

describe('a summary is made once per cut', () => {
  it('calls summarize once for the steps of a turn, not once per model step', async () => {
    const made: number[] = [];
    const counting = await serveApp(
      createAgentChat({
        model,
        tools: [lookup],
        authorize: () => 'tester',
        compression: {
          maxTokens: 3000,
          keepLastMessages: 2,
          summarize: (turns) => {
            made.push(turns.length);
            return `summary of ${turns.length} turns`;
          },
        },
      }),
    );
    try {
      const client = sameBrowser(counting.url);
      for (const text of ['one', 'two', 'three', 'four', 'five', 'six', 'seven']) await client.run('once', { text });
      // Each turn has two model steps (the tool call, then the answer); the cut moves once per new message.
      const steps = model.calls.length;
      expect(steps).toBeGreaterThan(made.length);
      expect(new Set(made).size).toBe(made.length);
    } finally {
      await counting.close();
    }
  });
});

describe('an act on a surface in the summarized part', () => {
  it('is summarized as the model was told it, not as an empty user line', async () => {
    const showForm = defineTool({
      name: 'show_form',
      description: 'Show a form',
      input: z.object({}),
      execute: (_input, ctx) => {
        ctx.ui([
          { version: 'v0.9', createSurface: { surfaceId: 'form', catalogId: 'https://example.test/catalog.json' } },
          { version: 'v0.9', updateComponents: { surfaceId: 'form', components: [{ id: 'root', component: 'Button', action: { event: { name: 'send' } } }] } },
        ]);
        return 'Shown.';
      },
    });
    const acting = recordingModel(
      scriptedModel(({ text, action }) =>
        action ? [[{ text: longText('thanks') }]] : text === 'form' ? [[{ tool: 'show_form' }], [{ text: 'Here it is.' }]] : [[{ text: longText(`answer to ${text}`) }]],
      ),
    );
    const acts = await serveApp(createAgentChat({ model: acting, tools: [showForm], compression: { maxTokens: 1000, keepLastMessages: 2 } }));
    try {
      const client = sameBrowser(acts.url);
      await client.run('acts', { text: 'form' });
      await client.run('acts', { action: { surfaceId: 'form', name: 'send', context: { size: 2 } } });
      for (const text of ['third', 'fourth', 'fifth']) await client.run('acts', { text });
      const summary = (acting.calls.at(-1)!.turns[0] as { text: string }).text;
      expect(summary).toMatch(/^\[Summary of the earlier conversation/);
      expect(summary).toContain('User: [The user performed the action "send" on the surface "form".] Context: {"size":2}');
    } finally {
      await acts.close();
    }
  });
});

describe('what counts toward compression', () => {
  it('is what the model is sent: a surface’s messages (a ui turn) take none of its context', () => {
    const user = { id: 'u', createdAt: 1, type: 'user' as const, text: 'show me the form' };
    const ui = {
      id: 'ui',
      createdAt: 2,
      type: 'ui' as const,
      toolCallId: 'c',
      messages: [{ version: 'v0.9' as const, updateDataModel: { surfaceId: 's', path: '/notes', value: 'x'.repeat(40_000) } }],
    };
    expect(estimateTokens([user, ui])).toBe(estimateTokens([user]));
    expect(estimateTokens([user])).toBeGreaterThan(0);
  });
});
