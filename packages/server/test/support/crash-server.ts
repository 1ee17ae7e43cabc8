// A server in its own process, for killing: `tsx crash-server.ts <dir>` serves an agent on a file store in <dir>
// and prints its URL. The run is long (many steps, each a tool and a big text) so a kill lands mid-run, often
// mid-write.
import { z } from 'zod';
import { fileStore } from '../../src/file-store.js';
import { createAgentChat, defineTool, scriptedModel } from '../../src/index.js';
import { serveApp } from '../../src/testing/serve-app.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: crash-server.ts <dir>');

const bulk = 'A long paragraph that makes every save of the session take real time. '.repeat(400);
const step = defineTool({
  name: 'step',
  description: 'One unit of work',
  input: z.object({ n: z.number() }),
  execute: async ({ n }) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { n, bulk };
  },
});
const model = scriptedModel(Array.from({ length: 40 }, (_, n) => [{ text: `Step ${n}. ` }, { tool: 'step', input: { n } }]), {
  chunkSize: 64,
});

const server = await serveApp(createAgentChat({ model, tools: [step], store: fileStore({ dir }), maxSteps: 50 }));
console.log(server.url);
