import type { ToolViewResponse } from '@agent-chat/protocol';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { mcpTools, type McpTools } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { eventsOf as of } from './support/mcp-agent.js';

// Issue 36.3, a view told its call's input as the model writes it: a call of a tool with a view names the view from
// its first streamed piece (`view` on tool_input_delta), and GET view with `?tool=` gives the view of a call not
// stored yet, so a client draws it while the input streams. Against the MCP Apps test server on stdio
// (support/mcp-apps-server.ts: get_time has a view, client_said has none).

const here = dirname(fileURLToPath(import.meta.url));
const stdio = { command: process.execPath, args: ['--import', 'tsx', join(here, 'support/mcp-apps-stdio.ts'), 'apps'] };

describe('MCP Apps while a call streams', () => {
  let apps: McpTools;
  let main: RunningServer;
  let sandbox: RunningServer;
  let client: AgentClient;
  let handler: (request: Request) => Response | Promise<Response>;

  beforeAll(async () => {
    apps = await mcpTools(stdio);
    main = await serveApp({ fetch: (request) => handler(request) });
    sandbox = await serveApp({ fetch: (request) => handler(request) });
    handler = createAgentChat({
      // Each call's input comes a character at a time, as tool_input_delta events.
      model: scriptedModel(({ text }) => [[{ tool: text, input: { note: 'streamed' } }]], { inputChunkSize: 1 }),
      tools: [apps],
      apps: { sandboxOrigin: sandbox.url },
    }).fetch;
    client = agentClient(main.url);
  });
  afterAll(async () => {
    await main?.close();
    await sandbox?.close();
    await apps?.close();
  });

  const view = (sessionId: string, toolCallId: string, tool: string, who = client) =>
    who.request(`/sessions/${sessionId}/calls/${toolCallId}/view?tool=${encodeURIComponent(tool)}`);

  it('names the view on every piece of a view tool’s streamed input, as its tool_call does', async () => {
    const events = await client.run('streamed', { text: 'get_time' });
    const pieces = of(events, 'tool_input_delta');
    expect(pieces.length).toBeGreaterThan(0);
    for (const piece of pieces) expect(piece.view).toEqual({ resourceUri: 'ui://apps/clock.html', server: 'apps' });
    expect(of(events, 'tool_call')[0]!.view).toEqual(pieces[0]!.view);

    const plain = await client.run('streamed-plain', { text: 'client_said' });
    expect(of(plain, 'tool_input_delta').length).toBeGreaterThan(0);
    for (const piece of of(plain, 'tool_input_delta')) expect(piece.view).toBeUndefined();
  });

  it('gives the document of a call not stored yet by its tool (?tool=), and nothing else of it', async () => {
    await client.run('early', { text: 'client_said' });
    const early = await view('early', 'not-stored-yet', 'get_time');
    expect(early.status).toBe(200);
    const body = (await early.json()) as ToolViewResponse;
    expect(body).toMatchObject({ toolCallId: 'not-stored-yet', resourceUri: 'ui://apps/clock.html' });
    expect(body.sandbox.url.startsWith(sandbox.url)).toBe(true);

    const none = await view('early', 'not-stored-yet', 'client_said');
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { field?: string } }).error.field).toBe('tool');
    // The view's own requests wait for the call to be stored.
    const call = await client.request('/sessions/early/calls/not-stored-yet/view/tools-call', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'refresh_time' }),
    });
    expect(call.status).toBe(404);
    // Another's session is still nobody's.
    expect((await view('early', 'not-stored-yet', 'get_time', agentClient(main.url))).status).toBe(404);
  });

  it('gives a stored call its own view, whatever tool is named', async () => {
    const events = await client.run('stored', { text: 'get_time' });
    const callId = of(events, 'tool_call')[0]!.toolCallId as string;
    const stored = await view('stored', callId, 'old_clock');
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as ToolViewResponse).resourceUri).toBe('ui://apps/clock.html');
    const plain = await client.run('stored-plain', { text: 'client_said' });
    const plainId = of(plain, 'tool_call')[0]!.toolCallId as string;
    expect((await view('stored-plain', plainId, 'get_time')).status).toBe(404);
  });
});
