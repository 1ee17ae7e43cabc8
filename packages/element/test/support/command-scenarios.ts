// The agent server scenario for slash commands limited to a state (issue #20, point 1): `/api/staged-commands`,
// whose commands depend on the stage the page sends in its context, as seed 000's slides page does.
import type { Hono } from 'hono';
import type { Context } from '@agent-chat/protocol';
import { createAgentChat, defineCommand, scriptedModel } from '@agent-chat/server';
import { STAGED } from './command-texts.js';
import { echo } from './scenario-texts.js';
import { testAccess } from './test-access.js';

const stageOf = ({ context }: { context: Context | undefined }) => Number(context?.stage ?? 1);

export function mountCommandScenarios(app: Hono): void {
  app.route(
    '/api/staged-commands',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text }) => [[{ text: echo(text) }]]),
      commands: [
        defineCommand({ name: 'next', description: 'Go to the next stage', available: (ctx) => stageOf(ctx) < 3, run: () => STAGED.next }),
        defineCommand({
          name: 'stage',
          description: 'Go to a stage',
          args: [{ name: 'n', required: true }],
          run: ({ args }) => STAGED.stage(args[0] ?? '?'),
        }),
        defineCommand({ name: 'publish', description: 'Publish the carousel', available: (ctx) => stageOf(ctx) === 3, run: () => STAGED.publish }),
      ],
    }),
  );
}
