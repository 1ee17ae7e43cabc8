// The agent server scenario for A2UI surfaces in <agent-chat> (issue 37.2): `/api/a2ui`. A message `examples` draws
// every v0.9 basic-catalog example that @a2ui/web_core ships, one show_example call each (read here as data); a
// message `ui:<JSON>` sends those messages as they are through ctx.ui (an update, a delete, a host catalog's
// surface); a user's act is answered by naming it, with its context and data model. GET /api/a2ui/examples lists the
// examples (file, surface id) for the test to look for.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { A2uiMessage } from '@agent-chat/protocol';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { A2UI, a2uiActReply } from './a2ui-texts.js';

const v09 = dirname(createRequire(import.meta.url).resolve('@a2ui/web_core/v0_9'));
const examplesDir = join(v09, 'schemas/catalogs/basic/examples');

interface Example {
  file: string;
  surfaceId: string;
  messages: A2uiMessage[];
}

const examples: Example[] = readdirSync(examplesDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => {
    const { messages } = JSON.parse(readFileSync(join(examplesDir, file), 'utf8')) as { messages: A2uiMessage[] };
    const create = messages.find((message) => 'createSurface' in message) as { createSurface: { surfaceId: string } };
    return { file, surfaceId: create.createSurface.surfaceId, messages };
  });

const showExample = defineTool({
  name: 'show_example',
  description: 'Draw one of the basic catalog examples',
  input: z.object({ file: z.string() }),
  execute: ({ file }, ctx) => {
    ctx.ui(examples.find((example) => example.file === file)!.messages);
    return `shown ${file}`;
  },
});

const sendUi = defineTool({
  name: 'send_ui',
  description: 'Send A2UI messages as they are',
  input: z.object({ messages: z.array(z.unknown()) }),
  execute: ({ messages }, ctx) => {
    ctx.ui(messages as A2uiMessage[]);
    return 'sent';
  },
});

export function mountA2uiScenarios(app: Hono): void {
  app.use('/api/a2ui/examples', cors());
  app.get('/api/a2ui/examples', (c) => c.json(examples.map(({ file, surfaceId }) => ({ file, surfaceId }))));
  app.route(
    '/api/a2ui',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text, action }) => {
        if (action) return [[{ text: a2uiActReply(action) }]];
        if (text === A2UI.examples) return [examples.map(({ file }) => ({ tool: 'show_example', input: { file } })), [{ text: A2UI.shown }]];
        if (text.startsWith(A2UI.uiPrefix)) {
          return [[{ tool: 'send_ui', input: { messages: JSON.parse(text.slice(A2UI.uiPrefix.length)) } }], [{ text: A2UI.sent }]];
        }
        return [[{ text: A2UI.help }]];
      }),
      tools: [showExample, sendUi],
    }),
  );
}
