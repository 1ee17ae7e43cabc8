import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, defineCommand, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

let stage = 1;
const model = recordingModel(scriptedModel([[{ text: 'from the model' }]]));
const commands = [
  defineCommand({ name: 'next', description: 'Go to the next stage', run: () => ({ text: `Moved to stage ${++stage}.`, state: { stage } }) }),
  defineCommand({
    name: 'stage',
    description: 'Go to a stage',
    args: [{ name: 'n', description: 'The stage number', required: true }],
    run: ({ args }) => {
      const n = Number(args[0]);
      if (!Number.isInteger(n) || n < 1 || n > 5) throw new Error('give a stage from 1 to 5');
      stage = n;
      return { text: `Moved to stage ${n}.`, state: { stage } };
    },
  }),
];

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, commands }));
});
afterAll(() => server.close());

describe('slash commands', () => {
  it('run without calling the model, as a short stream ending in done', async () => {
    model.calls.length = 0;
    const events = await sameBrowser(server.url).run('cmd', { text: '/next' });
    expect(model.calls).toHaveLength(0);
    expect(events.map((e) => e.data.type)).toEqual(['run_started', 'text_delta', 'state', 'done']);
    expect(events[1]!.data).toMatchObject({ text: 'Moved to stage 2.' });
    expect(events[2]!.data).toMatchObject({ state: { stage: 2 } });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const history = await sameBrowser(server.url).history('cmd');
    expect(history.turns[0]).toMatchObject({ type: 'user', text: '/next', command: 'next' });
  });

  it('take arguments, and a failing command is an error the user sees', async () => {
    const ok = await sameBrowser(server.url).run('cmd2', { text: '/stage 4' });
    expect(ok[1]!.data).toMatchObject({ text: 'Moved to stage 4.' });
    const bad = await sameBrowser(server.url).run('cmd2', { text: '/stage 9' });
    expect(bad.find((e) => e.data.type === 'error')!.data).toMatchObject({ message: '/stage failed: give a stage from 1 to 5', code: 'command_failed' });
    expect(bad.at(-1)!.data).toMatchObject({ stopReason: 'error' });
    expect(model.calls).toHaveLength(0);
  });

  it('an unregistered slash is answered without the model (issue 20; command-availability.test.ts has the rest)', async () => {
    model.calls.length = 0;
    const events = await sameBrowser(server.url).run('cmd3', { text: '/unknown thing' });
    expect(model.calls).toHaveLength(0);
    expect(events[1]!.data).toMatchObject({ type: 'text_delta', text: expect.stringMatching(/^Unknown command \/unknown\./) });
    // A path is not a command: it is the model's to read.
    await sameBrowser(server.url).run('cmd3', { text: '/usr/bin is missing' });
    expect(model.calls).toHaveLength(1);
  });

  it('are listed by GET /tools with their arguments, for autocomplete', async () => {
    const body = await sameBrowser(server.url).tools();
    expect(body.commands).toEqual([
      { name: 'next', description: 'Go to the next stage', args: [] },
      { name: 'stage', description: 'Go to a stage', args: [{ name: 'n', description: 'The stage number', required: true }] },
    ]);
  });
});
