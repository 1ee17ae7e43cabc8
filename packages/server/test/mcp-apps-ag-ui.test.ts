import type { ActivitySnapshotEvent, MessagesSnapshotEvent, RunFinishedEvent, ToolCallResultEvent } from '@ag-ui/core';
import type { HttpAgent } from '@ag-ui/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpTools, type McpTools } from '../src/mcp.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, eventTypes, ofType, runAgUi } from './support/ag-ui-run.js';
import { ask, stdioScript, toolNamingModel } from './support/mcp-agent.js';

// MCP Apps over our /ag-ui, as @ag-ui/mcp-apps-middleware speaks it: the `mcp-apps` activity after a view tool's
// result, and a view's own MCP requests as runs carrying forwardedProps.__proxiedMCPRequest.
describe('MCP Apps over AG-UI', () => {
  let apps: McpTools;
  let other: McpTools;
  let main: RunningServer;
  let sandbox: RunningServer;
  const model = toolNamingModel();

  beforeAll(async () => {
    [apps, other] = await Promise.all([mcpTools(stdioScript('mcp-apps-stdio.ts', 'apps')), mcpTools({ ...stdioScript('mcp-apps-stdio.ts', 'other'), prefix: 'other_' })]);
    sandbox = await serveApp({ fetch: () => new Response('the sandbox origin', { status: 404 }) });
    main = await serveApp(agUiApp({ model, tools: [apps, other], apps: { sandboxOrigin: sandbox.url } }));
  });
  afterAll(async () => {
    await main?.close();
    await sandbox?.close();
    await apps?.close();
    await other?.close();
  });

  /** A thread where the model called `tool`, and the activity its view was drawn with (if any). */
  async function threadWith(threadId: string, tool: string, input: Record<string, unknown> = {}) {
    const agent = agUiAgent(main.url, threadId);
    agent.addMessage({ id: `${threadId}-u1`, role: 'user', content: ask(tool, input).text });
    const run = await runAgUi(agent);
    return { agent, run, activity: ofType<ActivitySnapshotEvent>(run.events, 'ACTIVITY_SNAPSHOT')[0] };
  }

  /** The view's MCP request as an AG-UI client of the middleware sends it: a run of the thread, answered by its RUN_FINISHED. */
  async function proxied(agent: HttpAgent, request: Record<string, unknown>) {
    const run = await runAgUi(agent, { forwardedProps: { __proxiedMCPRequest: request } });
    expect(eventTypes(run.events)).toEqual(['RUN_STARTED', 'RUN_FINISHED']);
    return run.result as Record<string, any>;
  }

  it("emits the view's mcp-apps activity after its call's result, and keeps it in the snapshot", async () => {
    const { agent, run, activity } = await threadWith('view-run', 'get_stats', { fail: false });
    const types = eventTypes(run.events);
    expect(types.indexOf('ACTIVITY_SNAPSHOT')).toBe(types.indexOf('TOOL_CALL_RESULT') + 1);
    const result = ofType<ToolCallResultEvent>(run.events, 'TOOL_CALL_RESULT')[0]!;
    expect(activity).toMatchObject({
      activityType: 'mcp-apps',
      replace: true,
      content: {
        result: { content: [{ type: 'text', text: 'load 0.5' }], structuredContent: { load: [0.5, 0.25], unit: 'cpu' }, _meta: { 'example.com/sampledAt': 1700000000 } },
        resourceUri: 'ui://apps/clock.html',
        serverId: 'apps',
        toolInput: { fail: false },
        toolCallId: result.toolCallId,
      },
    });
    expect(activity!.content['serverHash']).toMatch(/^[0-9a-f]{16}$/);

    // The snapshot holds the same activity message, so a client's copy is replaced and a reload draws it again.
    const snapshot = ofType<MessagesSnapshotEvent>(run.events, 'MESSAGES_SNAPSHOT')[0]!;
    const kept = snapshot.messages.find((message) => message.role === 'activity');
    expect(kept).toMatchObject({ id: activity!.messageId, activityType: 'mcp-apps', content: activity!.content });
    expect(agent.messages.filter((message) => message.role === 'activity')).toHaveLength(1);

    // A call without a view has none.
    const plain = await threadWith('no-view-run', 'client_said');
    expect(plain.activity).toBeUndefined();
  });

  it("answers a proxied resources/read with the view's document, without running the agent", async () => {
    const { agent, activity } = await threadWith('reads', 'get_time');
    const { serverHash, serverId, resourceUri } = activity!.content as Record<string, string>;
    const asked = model.calls.length;
    const read = await proxied(agent, { serverHash, serverId, method: 'resources/read', params: { uri: resourceUri } });
    expect(read['contents'][0]).toMatchObject({ uri: 'ui://apps/clock.html', mimeType: 'text/html;profile=mcp-app' });
    expect(read['contents'][0].text).toContain('id="clock"');
    // By the hash alone, as the middleware's activities without a serverId are answered.
    const byHash = await proxied(agent, { serverHash, method: 'resources/read', params: { uri: 'note://apps/readme' } });
    expect(byHash['contents'][0]).toMatchObject({ text: 'read me' });
    expect(await proxied(agent, { serverHash, serverId, method: 'ping' })).toEqual({});
    expect(model.calls.length).toBe(asked);
  });

  it("answers a proxied tools/call of the view's own server's app-visible tool", async () => {
    const { agent, activity } = await threadWith('calls', 'get_time');
    const { serverHash, serverId } = activity!.content as Record<string, string>;
    const called = await proxied(agent, { serverHash, serverId, method: 'tools/call', params: { name: 'refresh_time', arguments: { zone: 'CET' } } });
    expect(called).toMatchObject({ content: [{ type: 'text', text: '12:01 CET' }] });
  });

  it('refuses a model-only tool, one needing approval, another server, a method no view sends, with result.error', async () => {
    const { agent, activity } = await threadWith('refusals', 'get_time');
    const { serverHash, serverId } = activity!.content as Record<string, string>;
    const call = (name: string) => proxied(agent, { serverHash, serverId, method: 'tools/call', params: { name } });
    expect((await call('model_only'))['error']).toMatch(/for the model only/);
    expect((await call('wipe'))['error']).toMatch(/approval/);
    // The other server's tool is not the view's server's.
    expect((await call('other_only'))['error']).toMatch(/offers no tool "other_only"/);
    // Nor may a request name the other server: no call of this thread drew a view of it.
    const otherServer = await proxied(agent, { serverHash: 'ffffffffffffffff', serverId: 'other', method: 'tools/call', params: { name: 'other_only' } });
    expect(otherServer['error']).toMatch(/^Unknown server "other"/);
    expect((await proxied(agent, { serverHash, serverId, method: 'sampling/createMessage', params: {} }))['error']).toMatch(/^method: a view may send/);
    expect((await proxied(agent, { serverHash, serverId, method: 'tools/call', params: {} }))['error']).toMatch(/^name: /);
  });

  it("refuses another owner, for whom the thread holds no view", async () => {
    const { activity } = await threadWith('mine', 'get_time');
    const { serverHash, serverId, resourceUri } = activity!.content as Record<string, string>;
    const stranger = agUiAgent(main.url, 'mine', 'mallory');
    const read = await proxied(stranger, { serverHash, serverId, method: 'resources/read', params: { uri: resourceUri } });
    expect(read).toEqual({ error: expect.stringMatching(/^Unknown server "apps"/) });
    const call = await proxied(stranger, { serverHash, serverId, method: 'tools/call', params: { name: 'refresh_time' } });
    expect(call['error']).toMatch(/^Unknown server/);
  });
});

describe('MCP Apps over AG-UI, a view call the user approves first', () => {
  let apps: McpTools;
  let main: RunningServer;

  beforeAll(async () => {
    apps = await mcpTools({ ...stdioScript('mcp-apps-stdio.ts', 'apps'), needsConfirmation: (tool) => tool.name === 'get_stats' });
    main = await serveApp(agUiApp({ model: toolNamingModel(), tools: [apps], apps: { sandboxOrigin: 'http://127.0.0.1:9' } }));
  });
  afterAll(async () => {
    await main?.close();
    await apps?.close();
  });

  it('sends the activity in the resumed run, where the result comes', async () => {
    const agent = agUiAgent(main.url, 'approved');
    agent.addMessage({ id: 'approved-u1', role: 'user', content: ask('get_stats').text });
    const asked = await runAgUi(agent);
    expect(ofType(asked.events, 'ACTIVITY_SNAPSHOT')).toEqual([]);
    const finished = ofType<RunFinishedEvent>(asked.events, 'RUN_FINISHED')[0]!;
    const interrupt = finished.outcome?.type === 'interrupt' ? finished.outcome.interrupts[0] : undefined;
    expect(interrupt).toBeDefined();

    const resumed = await runAgUi(agent, { resume: [{ interruptId: interrupt!.id, status: 'resolved', payload: { action: 'approve' } }] });
    const activity = ofType<ActivitySnapshotEvent>(resumed.events, 'ACTIVITY_SNAPSHOT')[0];
    expect(activity?.content).toMatchObject({
      toolCallId: interrupt!.toolCallId,
      resourceUri: 'ui://apps/clock.html',
      result: { structuredContent: { unit: 'cpu' } },
    });
  });
});
