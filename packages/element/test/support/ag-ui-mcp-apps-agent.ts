// An AG-UI agent that is not ours, with MCP Apps views (issue 36.4, the element's half): a scripted agent built on
// @ag-ui/client (an AbstractAgent that calls `get-time` and finishes), behind the official @ag-ui/mcp-apps-middleware,
// which runs the tool on the official @modelcontextprotocol/server-basic-vanillajs (spawned over Streamable HTTP),
// emits the `mcp-apps` activity and answers the view's proxied requests. Served as SSE with @ag-ui/encoder, every
// event checked against AG-UI's schemas. Beside it, an agent-chat server whose sandbox page the test page names
// (`apps-sandbox`), reached as `localhost` so that it is another origin than the page's and the agent's.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { AbstractAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { RunAgentInputSchema } from '@ag-ui/core/schemas';
import { agentRunResponse } from './agent-run-response.js';
import { MCPAppsMiddleware } from '@ag-ui/mcp-apps-middleware';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { Observable } from 'rxjs';
import { createAgentChat, scriptedModel } from '@agent-chat/server';
import { AG_UI_APPS_ASK, AG_UI_APPS_PATH, AG_UI_APPS_PROXIED, AG_UI_APPS_SANDBOX_MOUNT, AG_UI_APPS_SAYS, type ProxiedRequest } from './ag-ui-mcp-apps-texts.js';
import { testAccess } from './test-access.js';

/** The official example server's id for the middleware (and the view's frame title). */
const SERVER_ID = 'basic-vanillajs';

/** Calls `get-time` when asked the time (after a sentence), says back anything else; never runs a tool itself. */
class TimeAgent extends AbstractAgent {
  override run(input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      const emit = (event: Record<string, unknown>) => subscriber.next(event as unknown as BaseEvent);
      const { threadId, runId } = input;
      const last = input.messages.at(-1);
      const text = last?.role === 'user' && typeof last.content === 'string' ? last.content : '';
      const messageId = `say-${runId}`;
      emit({ type: EventType.RUN_STARTED, threadId, runId });
      emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
      emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: text === AG_UI_APPS_ASK ? AG_UI_APPS_SAYS : `You said: ${text}` });
      emit({ type: EventType.TEXT_MESSAGE_END, messageId });
      if (text === AG_UI_APPS_ASK) {
        // The middleware runs the call on the MCP server once this run is finished, then emits its result and view.
        const toolCallId = `time-${runId}`;
        emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'get-time', parentMessageId: messageId });
        emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{}' });
        emit({ type: EventType.TOOL_CALL_END, toolCallId });
      }
      emit({ type: EventType.RUN_FINISHED, threadId, runId });
      subscriber.complete();
    });
  }
}

interface Running {
  app: Hono;
  close(): Promise<void>;
}

let running: Promise<Running> | undefined;

/** Mounts the agent and the sandbox's server; the MCP server is started at the first request, once the port is known. */
export function mountAgUiMcpAppScenarios(app: Hono): void {
  const handle = async (request: Request) => {
    running ??= start(new URL(request.url).port);
    return (await running).app.fetch(request);
  };
  app.all(`${AG_UI_APPS_PATH}/*`, (c) => handle(c.req.raw));
  app.all(AG_UI_APPS_PATH, (c) => handle(c.req.raw));
  app.all(`${AG_UI_APPS_SANDBOX_MOUNT}/*`, (c) => handle(c.req.raw));
}

export async function closeAgUiMcpAppScenarios(): Promise<void> {
  await (await running)?.close();
}

async function start(port: string): Promise<Running> {
  const mcp = await startBasicServer();
  const proxied = new Map<string, ProxiedRequest[]>();
  const app = new Hono();
  app.use(`${AG_UI_APPS_PATH}/*`, cors());
  app.use(AG_UI_APPS_PATH, cors());
  app.get(AG_UI_APPS_PROXIED, (c) => c.json(proxied.get(c.req.query('threadId') ?? '') ?? []));
  app.post(AG_UI_APPS_PATH, async (c) => {
    const parsed = RunAgentInputSchema.safeParse(await c.req.json());
    if (!parsed.success) return c.json({ error: { message: parsed.error.message, code: 'invalid_input' } }, 422);
    const input = parsed.data as RunAgentInput;
    const asked = (input.forwardedProps as { __proxiedMCPRequest?: ProxiedRequest } | undefined)?.__proxiedMCPRequest;
    if (asked) {
      const { method, params, serverId } = asked;
      const record: ProxiedRequest = { method, ...(params ? { params } : {}), ...(serverId ? { serverId } : {}) };
      proxied.set(input.threadId, [...(proxied.get(input.threadId) ?? []), record]);
    }
    return stream(input, mcp.url, c.req.raw.signal);
  });
  app.route(
    AG_UI_APPS_SANDBOX_MOUNT,
    createAgentChat({ ...testAccess, model: scriptedModel([[{ text: 'Only the sandbox page is used here.' }]]), apps: { sandboxOrigin: `http://localhost:${port}` } }),
  );
  return { app, close: mcp.close };
}

/** One run of the agent, with the middleware, as an SSE response (AG-UI's own encoder). */
function stream(input: RunAgentInput, mcpUrl: string, signal: AbortSignal): Response {
  const agent = new TimeAgent({ threadId: input.threadId, initialMessages: input.messages, initialState: input.state ?? {} });
  agent.use(new MCPAppsMiddleware({ mcpServers: [{ type: 'http', url: mcpUrl, serverId: SERVER_ID }] }));
  return agentRunResponse(agent, input, signal);
}

/** The official example server over Streamable HTTP (its entry without --stdio listens on PORT), on a free port. */
async function startBasicServer(): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  const entry = fileURLToPath(new URL('index.js', import.meta.resolve('@modelcontextprotocol/server-basic-vanillajs')));
  const child: ChildProcess = spawn(process.execPath, [entry], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('listening')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) => reject(new Error(`server-basic-vanillajs exited (${code}) before it listened: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
