import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat } from '../src/index.js';
import { mcpTools } from '../src/mcp.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, stdioSetup, toolNamingModel, useMcpApp, type McpServerSetup } from './support/mcp-agent.js';
import { startMcpTasksHttpServer, type McpTasksHttpServer } from './support/mcp-tasks-http-server.js';
import { REPORT_STEPS } from './support/mcp-tasks-server.js';

// Issue 35.4: a tool the MCP server runs as a task (spec 2025-11-25, "Tasks") is called as a task, through the real
// agent loop: its status messages are the call's status lines, its result is read when it ends, Stop cancels it,
// and it outlives a dropped connection. The servers are the official v1 SDK's experimental tasks.

const model = toolNamingModel();
const taskIdIn = (text: string) => /task ([0-9a-f]+)\)/.exec(text)?.[1];

interface Setup extends McpServerSetup {
  /** The test saw this status line: a test that controls the server lets the task take its next step. */
  saw(text: string): void;
}

let http: McpTasksHttpServer;
const transports: Array<[string, Setup]> = [
  ['stdio', { ...stdioSetup('mcp-tasks-stdio.ts'), saw: () => {} }],
  [
    'Streamable HTTP',
    {
      source: () => ({ url: http.url }),
      start: async () => void (http = await startMcpTasksHttpServer()),
      stop: () => http.close(),
      saw: (text) => {
        const step = REPORT_STEPS.indexOf(text);
        if (step >= 0) http.gates.open(`report ${step + 1}`);
      },
    },
  ],
];

describe.each(transports)('MCP tasks over %s', (name, setup) => {
  const agent = useMcpApp(setup, (mcp) => ({ model, tools: mcp.tools }));

  it("a tool the server requires to run as a task succeeds; its status messages are the call's status lines, in order", async () => {
    model.calls.length = 0;
    const events = await agent.client.run('report', ask('write_report', { topic: 'Q3' }), (event) => {
      if (event.data.type === 'status') setup.saw((event.data as { text: string }).text);
    });
    const call = of(events, 'tool_call')[0]!;
    expect(call).toMatchObject({ name: 'write_report', label: 'Writing a report' });
    expect(of(events, 'status').map((s) => [s.text, s.toolCallId])).toEqual(REPORT_STEPS.map((step) => [step, call.toolCallId]));
    const result = of(events, 'tool_result')[0]!;
    expect(result).toMatchObject({ toolCallId: call.toolCallId, isError: false, output: 'Report on Q3: 3 pages.' });
    expect(events.findIndex((e) => e.data.type === 'status')).toBeLessThan(events.findIndex((e) => e.data.type === 'tool_result'));
    // The model read the task's result on its next call.
    const seen = model.calls[1]!.turns.find((turn) => turn.type === 'tool_result');
    expect(seen).toMatchObject({ name: 'write_report', isError: false, output: 'Report on Q3: 3 pages.' });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    // The status lines are kept with the history.
    const history = await agent.client.history('report');
    expect(history.turns.filter((turn) => turn.type === 'status').map((turn) => (turn as { text: string }).text)).toEqual(REPORT_STEPS);
  });

  it('a task that fails is an error result the agent reads, in the server words', async () => {
    const events = await agent.client.run('labels', ask('print_labels'));
    const result = of(events, 'tool_result')[0]!;
    expect(result).toMatchObject({ isError: true });
    expect(result.output).toContain('The printer is out of paper.');
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
  });

  it('Stop during a task cancels it at the server (tasks/cancel) and marks the call stopped', async () => {
    let taskId: string | undefined;
    let stopping: Promise<Response> | undefined;
    const events = await agent.client.run('stop', ask('export_archive'), (event) => {
      const text = event.data.type === 'status' ? (event.data as { text: string }).text : '';
      if (!stopping && text.startsWith('Packing files')) {
        taskId = taskIdIn(text);
        stopping = agent.client.cancel('stop');
      }
    });
    expect((await stopping!).ok).toBe(true);
    const result = of(events, 'tool_result')[0]!;
    expect(result).toMatchObject({ name: 'export_archive', isError: true, stopped: true });
    expect(result.output).toContain('the MCP server was asked to cancel the task');
    expect(taskId).toBeDefined();
    // What the server holds now: the task is cancelled.
    const state = of(await agent.client.run('stop-check', ask('task_state', { taskId })), 'tool_result')[0]!;
    expect(state.output).toMatch(/^cancelled/);
    if (name === 'Streamable HTTP') expect(http.received.map((r) => r.method)).toContain('tasks/cancel');
  });
});

describe('MCP tasks over Streamable HTTP, the connection and the clock', () => {
  let server: McpTasksHttpServer;
  beforeAll(async () => void (server = await startMcpTasksHttpServer()));
  afterAll(() => server.close());

  it('a task outlives a dropped connection: the call polls it by id on a new session and gets its result', async () => {
    const mcp = await mcpTools({ url: server.url, allow: ['export_archive'] });
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    try {
      let dropped: Promise<void> | undefined;
      const events = await agentClient(app.url).run('drop', ask('export_archive'), (event) => {
        const text = event.data.type === 'status' ? (event.data as { text: string }).text : '';
        if (dropped || !text.startsWith('Packing files')) return;
        // The server forgets every session (a restart that keeps its tasks), then the task ends.
        dropped = server.forgetSessions().then(() => server.gates.open('export'));
      });
      await dropped;
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'Exported 12 files.' });
      const created = server.received.find((r) => r.method === 'tools/call')!;
      const later = server.received.filter((r) => (r.method === 'tasks/get' || r.method === 'tasks/result') && r.session !== created.session);
      // Asked again on a new session, which the client opened for it.
      expect(later.length).toBeGreaterThan(0);
      expect(server.received.filter((r) => r.method === 'initialize').length).toBe(2);
    } finally {
      await app.close();
      await mcp.close();
    }
  });

  it('a task that outlasts the tool timeout is cancelled at the server', async () => {
    const mcp = await mcpTools({ url: server.url, allow: ['export_archive'], timeoutMs: 300 });
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    try {
      let taskId: string | undefined;
      const events = await agentClient(app.url).run('timeout', ask('export_archive'), (event) => {
        if (event.data.type === 'status') taskId ??= taskIdIn((event.data as { text: string }).text);
      });
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: true, output: 'Tool export_archive timed out after 300 ms.' });
      // The loop answered at its timeout; the task call ends a moment later, and cancels the task as it does.
      await waitFor(async () => (await server.store.getTask(taskId!))?.status === 'cancelled');
    } finally {
      await app.close();
      await mcp.close();
    }
  });
});

/** Wait for a condition the server reaches on its own, looking again every few milliseconds. */
async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
}
