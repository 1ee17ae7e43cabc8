// Issue 20, point 1: commands limited to a state (`available`, as tools have), the list of those usable now for the
// composer, and a `/name` that is no such command answered at once without the model, in a history that stays valid.
import type { Context, SessionResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, defineCommand, scriptedModel } from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

/** The page's stage travels in the context, as seed 000's slides page sends it. */
const onStage = (ctx: { context: Context | undefined }) => Number(ctx.context?.stage ?? 1);

const runs: string[] = [];
const commands = [
  defineCommand({
    name: 'next',
    description: 'Go to the next stage',
    available: (ctx) => onStage(ctx) < 3,
    run: () => {
      runs.push('next');
      return 'Next stage.';
    },
  }),
  defineCommand({
    name: 'stage',
    description: 'Go to a stage',
    args: [{ name: 'n', required: true }, { name: 'note' }],
    run: ({ args }) => {
      runs.push(`stage ${args[0]}`);
      return `Stage ${args[0]}.`;
    },
  }),
  defineCommand({
    name: 'publish',
    description: 'Publish the carousel',
    available: (ctx) => onStage(ctx) === 3,
    run: () => {
      runs.push('publish');
      return 'Published.';
    },
  }),
  defineCommand({
    name: 'broken',
    description: 'A rule that throws',
    available: () => {
      throw new Error('no stage here');
    },
    run: () => 'never',
  }),
];

const model = recordingModel(scriptedModel(({ text }) => [[{ text: `model: ${text}` }]]));
let server: RunningServer;
let worded: RunningServer;
let plain: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, commands }));
  worded = await serveApp(
    createAgentChat({
      model,
      commands,
      unknownCommand: ({ name, unavailable, available }) =>
        `${unavailable ? 'Pas maintenant' : 'Commande inconnue'} : /${name}. Commandes : ${available.map((c) => `/${c.name}`).join(', ')}`,
    }),
  );
  plain = await serveApp(createAgentChat({ model }));
});
afterAll(async () => {
  await Promise.all([server.close(), worded.close(), plain.close()]);
});

async function available(url: string, sessionId: string, context?: unknown): Promise<string[]> {
  const response = await sameBrowser(url).commandsRaw(sessionId, context === undefined ? {} : { context });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { commands: { name: string }[] };
  return body.commands.map((command) => command.name);
}

describe('commands limited to a state', () => {
  it('POST /sessions/:id/commands lists those available for the context sent; GET /tools lists all', async () => {
    expect(await available(server.url, 'avail-1')).toEqual(['next', 'stage']);
    expect(await available(server.url, 'avail-1', { stage: 2 })).toEqual(['next', 'stage']);
    expect(await available(server.url, 'avail-1', { stage: 3 })).toEqual(['stage', 'publish']);
    // A rule that throws hides its command; it does not fail the list.
    expect(await available(server.url, 'avail-1', { stage: 5 })).toEqual(['stage']);
    const tools = (await sameBrowser(server.url).tools()) as { commands: { name: string }[] };
    expect(tools.commands.map((command) => command.name)).toEqual(['next', 'stage', 'publish', 'broken']);
  });

  it('the list describes arguments, for the composer', async () => {
    const response = await sameBrowser(server.url).commandsRaw('avail-2', { context: { stage: 3 } });
    expect(await response.json()).toEqual({
      commands: [
        { name: 'stage', description: 'Go to a stage', args: [{ name: 'n', required: true }, { name: 'note' }] },
        { name: 'publish', description: 'Publish the carousel', args: [] },
      ],
    });
  });

  it('someone else’s id is answered as one nobody used (its session is not even read); a bad body is a 400', async () => {
    await sameBrowser(server.url).run('avail-owned', { text: '/next' });
    const stranger = agentClient(server.url);
    const response = await stranger.commandsRaw('avail-owned', { context: { stage: 1 } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(await (await stranger.commandsRaw('avail-unused', { context: { stage: 1 } })).json());
    expect((await sameBrowser(server.url).commandsRaw('avail-owned', { context: 'stage 3' })).status).toBe(400);
  });

  it('a command used where it is not available is not run: it is answered, with what is available', async () => {
    runs.length = 0;
    model.calls.length = 0;
    const events = await sameBrowser(server.url).run('avail-3', { text: '/publish', context: { stage: 1 } });
    expect(runs).toEqual([]);
    expect(model.calls).toHaveLength(0);
    expect(events.map((event) => event.data.type)).toEqual(['run_started', 'text_delta', 'done']);
    expect(events[1]!.data).toMatchObject({
      text: '/publish is not available here. Available commands:\n- `/next`: Go to the next stage\n- `/stage <n> [note]`: Go to a stage',
    });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });

    await sameBrowser(server.url).run('avail-3', { text: '/publish', context: { stage: 3 } });
    expect(runs).toEqual(['publish']);
  });
});

describe('a slash that names no command', () => {
  it('is answered at once without the model, and the history stays a valid exchange', async () => {
    model.calls.length = 0;
    const events = await sameBrowser(server.url).run('unknown-1', { text: '/foo bar', context: { stage: 3 } });
    expect(model.calls).toHaveLength(0);
    expect(events[1]!.data).toMatchObject({
      type: 'text_delta',
      text: 'Unknown command /foo. Available commands:\n- `/stage <n> [note]`: Go to a stage\n- `/publish`: Publish the carousel',
    });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });

    const history: SessionResponse = await sameBrowser(server.url).history('unknown-1');
    expect(history.turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text']);
    expect(history.turns[0]).toMatchObject({ text: '/foo bar' });
    expect(history.turns[0]).not.toHaveProperty('command');

    // The next message reaches the model with the exchange before it: user, assistant, user.
    await sameBrowser(server.url).run('unknown-1', { text: 'hello' });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.turnTypes).toEqual(['user', 'assistant_text', 'user']);
  });

  it('says so when nothing is available, and matches names regardless of case', async () => {
    runs.length = 0;
    const none = await sameBrowser(server.url).run('unknown-2', { text: '/foo', context: { stage: 5 } });
    expect(none[1]!.data).toMatchObject({ text: 'Unknown command /foo. Available commands:\n- `/stage <n> [note]`: Go to a stage' });
    await sameBrowser(server.url).run('unknown-2', { text: '/NEXT' });
    expect(runs).toEqual(['next']);
  });

  it('is worded by the host’s unknownCommand', async () => {
    const events = await sameBrowser(worded.url).run('unknown-3', { text: '/publish', context: { stage: 1 } });
    expect(events[1]!.data).toMatchObject({ text: 'Pas maintenant : /publish. Commandes : /next, /stage' });
    const unknown = await sameBrowser(worded.url).run('unknown-3', { text: '/foo' });
    expect(unknown[1]!.data).toMatchObject({ text: 'Commande inconnue : /foo. Commandes : /next, /stage' });
  });

  it('is the model’s to read on a server without commands, as are paths and a lone slash', async () => {
    model.calls.length = 0;
    await sameBrowser(plain.url).run('unknown-4', { text: '/foo' });
    expect(model.calls).toHaveLength(1);
    await sameBrowser(server.url).run('unknown-5', { text: '/etc/hosts is empty' });
    await sameBrowser(server.url).run('unknown-5', { text: '/ what' });
    expect(model.calls).toHaveLength(3);
  });
});
