import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { modelFromEnv, scriptedModel } from '@agent-chat/server';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { examples } from './examples.js';
import { favicon } from './favicon.js';
import { pageScripts } from './page-scripts.js';

const examplesDir = dirname(dirname(fileURLToPath(import.meta.url)));
const bundlePath = fileURLToPath(import.meta.resolve('@agent-chat/element/agent-chat.js'));
const chunksDir = join(dirname(bundlePath), 'chunks');

export interface DemoAppOptions {
  /** Where the examples keep sessions and app data, one folder per example. */
  dataDir: string;
  /**
   * The origin of the demo server's second port, where MCP Apps views are drawn (`http://localhost:8788`): the same
   * app answers there, with the sandbox page of the examples that draw views and nothing else. Unset, no views.
   */
  sandboxOrigin?: string;
}

export interface DemoApp {
  fetch: Hono['fetch'];
  /** Stop what the examples started (the MCP Apps example's MCP servers). */
  close(): Promise<void>;
}

/** The model the examples answer with, as modelFromEnv chooses it for each of them; undefined for the offline demo. */
export function configuredModelName(): string | undefined {
  const offline = scriptedModel([]);
  const model = modelFromEnv({ offline });
  return model === offline ? undefined : model.name;
}

const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Every example under one server: the index page, the element's script-tag bundle and its chunks, and each example at `/<name>/`. */
export function createDemoApp(options: DemoAppOptions): DemoApp {
  const modelName = configuredModelName();
  const app = new Hono();
  const closers: Array<() => Promise<void>> = [];

  // On the sandbox origin a view runs: only the agents of the examples that draw views answer there (and they serve
  // their sandbox page and nothing else), so a view cannot reach the pages or the other examples' APIs as their origin.
  const sandboxHost = options.sandboxOrigin ? new URL(options.sandboxOrigin).host : undefined;
  const viewAgents = examples.filter((example) => example.views).map((example) => `/${example.name}/api/agent/`);
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url);
    if (url.host === sandboxHost && !viewAgents.some((prefix) => url.pathname.startsWith(prefix))) return c.notFound();
    await next();
  });

  app.get('/agent-chat.js', async (c) => {
    try {
      return c.body(await readFile(bundlePath), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    } catch {
      return c.text('The element bundle is not built: run `npm run build` (npm start does it for you).', 500);
    }
  });
  // The chunks the bundle imports, found relative to it: /agent-chat.js imports /chunks/<name>-<hash>.js.
  app.get('/chunks/:file', async (c) => {
    const file = c.req.param('file');
    if (!/^[\w-]+\.js$/.test(file)) return c.notFound();
    try {
      return c.body(await readFile(join(chunksDir, file)), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
    } catch {
      return c.notFound();
    }
  });

  app.get('/favicon.ico', favicon);

  app.get('/', async (c) => {
    const page = await readFile(join(examplesDir, 'index.html'), 'utf8');
    const model = modelName
      ? escape(modelName)
      : 'the offline scripted demo model (set ANTHROPIC_API_KEY for Claude, or AGENT_CHAT_PROVIDER for another provider)';
    const items = examples
      .map((example) => `<li><a href="/${example.name}/">${escape(example.title)}</a>: ${escape(example.summary)}${example.seed ? ` <small>(${escape(example.seed)})</small>` : ''}</li>`)
      .join('\n      ');
    return c.html(page.replace('{{model}}', model).replace('{{examples}}', items));
  });

  app.use('/*', pageScripts(examplesDir));
  for (const example of examples) {
    const sandbox = example.views && options.sandboxOrigin ? { sandboxOrigin: options.sandboxOrigin } : {};
    const routes = example.create({ dataDir: join(options.dataDir, example.name), ...sandbox, onClose: (close) => void closers.push(close) });
    app.route(`/${example.name}`, routes);
    app.get(`/${example.name}`, (c) => c.redirect(`/${example.name}/`));
    const pageDir = existsSync(join(examplesDir, example.name, 'page')) ? join(example.name, 'page') : example.name;
    app.use(
      `/${example.name}/*`,
      serveStatic({
        root: relative(process.cwd(), join(examplesDir, pageDir)) || '.',
        rewriteRequestPath: (path) => path.slice(example.name.length + 1),
      }),
    );
  }
  return {
    fetch: app.fetch,
    close: async () => {
      await Promise.all(closers.splice(0).map((close) => close()));
    },
  };
}
