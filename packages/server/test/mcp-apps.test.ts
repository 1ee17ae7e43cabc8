import Anthropic from '@anthropic-ai/sdk';
import type { ToolViewResponse } from '@agent-chat/protocol';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModel, createAgentChat } from '../src/index.js';
import { mcpTools, type McpTools } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, toolNamingReply } from './support/mcp-agent.js';

const here = dirname(fileURLToPath(import.meta.url));


const stdio = (name: string) => ({ command: process.execPath, args: ['--import', 'tsx', join(here, 'support/mcp-apps-stdio.ts'), name] });

describe('MCP Apps, the server side', () => {
  let apps: McpTools;
  let other: McpTools;
  let fake: FakeAnthropic;
  let main: RunningServer;
  let sandbox: RunningServer;
  let client: AgentClient;
  let handler: (request: Request) => Response | Promise<Response>;

  beforeAll(async () => {
    [apps, other] = await Promise.all([mcpTools(stdio('apps')), mcpTools({ ...stdio('other'), prefix: 'other_' })]);
    fake = await startFakeAnthropic({ replies: toolNamingReply });
    const anthropic = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 });
    // The same app on two ports: the second is the sandbox origin.
    main = await serveApp({ fetch: (request) => handler(request) });
    sandbox = await serveApp({ fetch: (request) => handler(request) });
    handler = createAgentChat({
      model: anthropicModel({ model: 'claude-test-1', client: anthropic }),
      tools: [apps, other],
      apps: { sandboxOrigin: sandbox.url },
      // Small, so a padded result shows what is left out of a large one.
      limits: { viewResultBytes: 4_096 },
    }).fetch;
    client = agentClient(main.url);
  });
  afterAll(async () => {
    await main?.close();
    await sandbox?.close();
    await fake?.close();
    await apps?.close();
    await other?.close();
  });

  const view = (sessionId: string, toolCallId: string, who = client) => who.request(`/sessions/${sessionId}/calls/${toolCallId}/view`);
  const post = (sessionId: string, toolCallId: string, what: 'tools-call' | 'resources-read', body: unknown, who = client) =>
    who.request(`/sessions/${sessionId}/calls/${toolCallId}/view/${what}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('declares the extension to the server when it connects', async () => {
    const events = await client.run('declared', ask('client_said'));
    const output = of(events, 'tool_result')[0]!.output;
    const said = JSON.parse(typeof output === 'string' ? output : JSON.stringify(output)) as Record<string, any>;
    expect(said.extensions?.['io.modelcontextprotocol/ui']).toEqual({ mimeTypes: ['text/html;profile=mcp-app'] });
  });

  it('names the view on the tool_call and keeps it on the stored turn, from either metadata key', async () => {
    const events = await client.run('clock', ask('get_time'));
    expect(of(events, 'tool_call')[0]).toMatchObject({ name: 'get_time', view: { resourceUri: 'ui://apps/clock.html', server: 'apps' } });
    const old = await client.run('old', ask('old_clock'));
    expect(of(old, 'tool_call')[0]!.view).toEqual({ resourceUri: 'ui://apps/old.html', server: 'apps' });
    const history = await client.history('clock');
    expect(history.turns.find((turn) => turn.type === 'tool_call')).toMatchObject({ view: { resourceUri: 'ui://apps/clock.html' } });
    const plain = await client.run('plain', ask('client_said'));
    expect(of(plain, 'tool_call')[0]!.view).toBeUndefined();
  });

  it('keeps the MCP result whole for the view: on the tool_result event and the stored turn', async () => {
    const events = await client.run('stats', ask('get_stats'));
    const result = of(events, 'tool_result')[0]!;
    const whole = {
      content: [{ type: 'text', text: 'load 0.5' }],
      structuredContent: { load: [0.5, 0.25], unit: 'cpu' },
      _meta: { 'example.com/sampledAt': 1700000000 },
    };
    expect(result.viewResult).toEqual(whole);
    // The model reads text: the content, then the structure as JSON.
    expect(result.output).toBe('load 0.5\n\n{"load":[0.5,0.25],"unit":"cpu"}');
    const stored = (await client.history('stats')).turns.find((turn) => turn.type === 'tool_result');
    expect(stored).toMatchObject({ viewResult: whole, isError: false });

    const failed = of(await client.run('stats-failed', ask('get_stats', { fail: true })), 'tool_result')[0]!;
    expect(failed.isError).toBe(true);
    expect(failed.viewResult).toMatchObject({ isError: true, structuredContent: { unit: 'cpu' }, content: [{ text: 'no figures today' }] });

    // Over limits.viewResultBytes: the content goes, the structure stays.
    const padded = of(await client.run('stats-padded', ask('get_stats', { pad: 8_000 })), 'tool_result')[0]!;
    expect(padded.viewResult).toEqual({ structuredContent: whole.structuredContent, _meta: whole._meta });

    // A call without a view keeps nothing more than before.
    const plain = of(await client.run('stats-plain', ask('client_said')), 'tool_result')[0]!;
    expect(plain).not.toHaveProperty('viewResult');
  });

  it('never offers an app-only tool to the model, nor lists it in GET /tools', async () => {
    await client.run('offered', ask('get_time'));
    const offered = ((fake.requests.at(-1)!.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);
    expect(offered).toContain('get_time');
    expect(offered).toContain('model_only');
    expect(offered).not.toContain('refresh_time');
    expect(offered).not.toContain('other_refresh_time');
    const listed = ((await client.tools()) as { tools: Array<{ name: string }> }).tools.map((tool) => tool.name);
    expect(listed).not.toContain('refresh_time');
    expect(listed).toContain('get_time');
  });

  it('serves the view with its sandbox page, whose CSP header is built from the declared csp', async () => {
    const events = await client.run('drawn', ask('get_time'));
    const callId = of(events, 'tool_call')[0]!.toolCallId as string;
    const response = await view('drawn', callId);
    expect(response.status).toBe(200);
    const body = (await response.json()) as ToolViewResponse;
    expect(body).toMatchObject({ resourceUri: 'ui://apps/clock.html', mimeType: 'text/html;profile=mcp-app', prefersBorder: true });
    expect(body.html).toContain('id="clock"');
    expect(body.permissions).toEqual({ clipboardWrite: {} });
    expect(body.sandbox.origin).toBe(sandbox.url);
    expect(body.sandbox.allow).toBe('clipboard-write');
    expect(new URL(body.sandbox.url).origin).toBe(sandbox.url);

    const page = await fetch(body.sandbox.url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toBe(body.sandbox.csp);
    expect(csp).toContain('connect-src https://api.example.com');
    expect(csp).toContain("script-src 'unsafe-inline' https://cdn.example.com");
    expect(csp).toContain("frame-src 'none'");
    // A keyword smuggled in as a domain is dropped.
    expect(csp).not.toContain('unsafe-eval');
    const html = await page.text();
    expect(html).toContain('ui/notifications/sandbox-');
    expect(html).toContain('data-allow="clipboard-write"');
  });

  it('gives a view that declares nothing the restrictive default', async () => {
    const events = await client.run('old-drawn', ask('old_clock'));
    const body = (await (await view('old-drawn', of(events, 'tool_call')[0]!.toolCallId as string)).json()) as ToolViewResponse;
    expect(body.sandbox.allow).toBe('');
    const csp = (await fetch(body.sandbox.url)).headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("script-src 'unsafe-inline';");
  });

  it('serves the sandbox page on the sandbox origin only, and nothing else there', async () => {
    const onMain = await client.request('/apps/sandbox');
    expect(onMain.status).toBe(404);
    const apiOnSandbox = await agentClient(sandbox.url).request('/tools');
    expect(apiOnSandbox.status).toBe(404);
  });

  it("proxies the view's tools/call to its own server's app-visible tools only", async () => {
    const events = await client.run('calls', ask('get_time'));
    const callId = of(events, 'tool_call')[0]!.toolCallId as string;
    const ok = await post('calls', callId, 'tools-call', { name: 'refresh_time', arguments: { zone: 'CET' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ content: [{ type: 'text', text: '12:01 CET' }] });
    // Both visibilities by default.
    expect((await post('calls', callId, 'tools-call', { name: 'get_time' })).status).toBe(200);

    const modelOnly = await post('calls', callId, 'tools-call', { name: 'model_only' });
    expect(modelOnly.status).toBe(403);
    expect(await modelOnly.json()).toMatchObject({ error: { code: 'forbidden', field: 'name' } });
    const needsApproval = await post('calls', callId, 'tools-call', { name: 'wipe' });
    expect(needsApproval.status).toBe(403);
    expect(((await needsApproval.json()) as { error: { message: string } }).error.message).toContain('approval');
    const othersTool = await post('calls', callId, 'tools-call', { name: 'other_only' });
    expect(othersTool.status).toBe(404);
    const bad = await post('calls', callId, 'tools-call', { arguments: {} });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'name' } });
  });

  it("proxies the view's resources/read to its own server", async () => {
    const events = await client.run('reads', ask('get_time'));
    const callId = of(events, 'tool_call')[0]!.toolCallId as string;
    const read = await post('reads', callId, 'resources-read', { uri: 'note://apps/readme' });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ contents: [{ uri: 'note://apps/readme', text: 'read me' }] });
    const bad = await post('reads', callId, 'resources-read', {});
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'uri' } });
  });

  it("answers 404 for another owner's session, and for a call without a view", async () => {
    const events = await client.run('mine', ask('get_time'));
    const callId = of(events, 'tool_call')[0]!.toolCallId as string;
    const stranger = agentClient(main.url);
    expect((await view('mine', callId, stranger)).status).toBe(404);
    expect((await post('mine', callId, 'tools-call', { name: 'refresh_time' }, stranger)).status).toBe(404);
    expect((await post('mine', callId, 'resources-read', { uri: 'note://apps/readme' }, stranger)).status).toBe(404);
    const plain = await client.run('no-view', ask('client_said'));
    const noView = await view('no-view', of(plain, 'tool_call')[0]!.toolCallId as string);
    expect(noView.status).toBe(404);
    expect(await noView.json()).toMatchObject({ error: { field: 'toolCallId' } });
  });
});
