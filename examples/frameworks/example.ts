import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExampleDefinition } from '../server/example.js';
import { frameworksAgent } from './agent.js';
import { servePageBundle } from './serve-bundle.js';

const pageCss = join(dirname(fileURLToPath(import.meta.url)), 'page.css');

/** One framework page: its folder's index.html (served by the demo server), its bundle, its styles and its agent. */
function frameworkExample(framework: 'react' | 'vue', title: string, summary: string): ExampleDefinition {
  return {
    name: `frameworks/${framework}`,
    title,
    summary,
    create: ({ dataDir }) =>
      new Hono()
        .get('/app.js', servePageBundle(framework))
        // Both pages look the same: one stylesheet, served to each.
        .get('/page.css', async (c) => c.body(await readFile(pageCss, 'utf8'), 200, { 'content-type': 'text/css; charset=utf-8' }))
        .route('/api/agent', frameworksAgent(fileStore({ dir: join(dataDir, 'sessions') }))),
  };
}

export const reactExample = frameworkExample(
  'react',
  'React',
  'A React 19 page with <agent-chat>: typed JSX, an adapter (page context, a client tool, its own confirm) and event props.',
);

export const vueExample = frameworkExample(
  'vue',
  'Vue',
  'A Vue 3 single-file component with <agent-chat>: typed template, an adapter (page context, a client tool, its own confirm) and @event listeners.',
);
