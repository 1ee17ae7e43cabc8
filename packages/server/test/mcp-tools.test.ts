import Anthropic from '@anthropic-ai/sdk';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { anthropicModel, createAgentChat, memoryBlobStore, scriptedModel } from '../src/index.js';
import { mcpTools } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../src/testing/fake-anthropic.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, stdioScript, stdioSetup, toolNamingModel, useMcpApp, type McpServerSetup } from './support/mcp-agent.js';
import { startMcpHttpServer, type McpHttpServer } from './support/mcp-http-server.js';
import { sampleNotes, TINY_PNG } from './support/mcp-notes-server.js';

const here = dirname(fileURLToPath(import.meta.url));
const PNG_BYTES = Buffer.from(TINY_PNG, 'base64').length;
/** How an image the model is sent is named in the text people see. */
const IMAGE_NOTE = `[image: image/png, ${PNG_BYTES} bytes]`;

const model = toolNamingModel();

/** The stdio server: node with tsx's loader, a child process of this test that mcpTools starts and stops. */
const stdioSource = () => stdioScript('mcp-stdio-server.ts');

let httpServer: McpHttpServer;
const transports: Array<[string, McpServerSetup]> = [
  ['stdio', stdioSetup('mcp-stdio-server.ts')],
  [
    'Streamable HTTP',
    {
      source: () => ({ url: httpServer.url, headers: { authorization: 'Bearer notes-key' } }),
      start: async () => void (httpServer = await startMcpHttpServer(sampleNotes())),
      stop: () => httpServer.close(),
    },
  ],
];

describe.each(transports)('mcpTools over %s', (_name, setup) => {
  const agent = useMcpApp(setup, (mcp) => ({ model, tools: mcp.tools }));

  it('offers the server tools with labels, kinds and approval from their titles and annotations', async () => {
    const { tools } = (await agent.client.tools()) as { tools: Array<Record<string, unknown>> };
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['read_note', 'list_notes', 'delete_note', 'add_note']));
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('read_note')).toMatchObject({
      kind: 'read',
      label: 'Reading a note',
      needsConfirmation: false,
      description: 'Read one note by its name, with its picture.',
      inputSchema: { type: 'object', properties: { name: { type: 'string', description: 'The note to read' } }, required: ['name'] },
    });
    expect(byName.get('list_notes')).toMatchObject({ kind: 'read', label: 'Listing notes', needsConfirmation: false });
    expect(byName.get('delete_note')).toMatchObject({ kind: 'write', label: 'Deleting a note', needsConfirmation: true });
    // destructiveHint: false: a write that only adds runs without asking.
    expect(byName.get('add_note')).toMatchObject({ kind: 'write', needsConfirmation: false });
  });

  it('the agent calls a read tool and gets its text and its image (named in a note in the text people see)', async () => {
    model.calls.length = 0;
    const events = await agent.client.run('read', ask('read_note', { name: 'groceries' }));
    expect(of(events, 'tool_call')[0]).toMatchObject({ name: 'read_note', kind: 'read', label: 'Reading a note' });
    const result = of(events, 'tool_result')[0]!;
    const content = [
      { type: 'text', text: 'groceries: Eggs, flour, milk' },
      // No uploads store on this server: the image is kept inline.
      { type: 'image', mediaType: 'image/png', size: PNG_BYTES, data: TINY_PNG },
    ];
    expect(result).toMatchObject({ isError: false, output: `groceries: Eggs, flour, milk\n\n${IMAGE_NOTE}`, content });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: false });
    // What the model read on its next call: the same result, parts and all.
    const seen = model.calls[1]!.turns.find((turn) => turn.type === 'tool_result');
    expect(seen).toMatchObject({ name: 'read_note', isError: false, output: result.output, content });
    expect(model.calls[0]!.tools).toEqual(expect.arrayContaining(['read_note', 'delete_note']));
  });

  it('an image resource is an image too; audio stays a note', async () => {
    const result = of(await agent.client.run('media', ask('note_media', { name: 'ideas' })), 'tool_result')[0]!;
    expect(result).toMatchObject({
      isError: false,
      output: `${IMAGE_NOTE}\n\n[audio: audio/wav, 3 bytes; not passed to the model]`,
      content: [
        { type: 'image', mediaType: 'image/png', size: PNG_BYTES, data: TINY_PNG },
        { type: 'text', text: '[audio: audio/wav, 3 bytes; not passed to the model]' },
      ],
    });
  });

  it('a destructive tool waits for approval: deny does not run it, approve does', async () => {
    const first = await agent.client.run('delete-denied', ask('delete_note', { name: 'ideas' }));
    const call = of(first, 'awaiting_input')[0]!.calls[0] as Record<string, any>;
    expect(call).toMatchObject({ name: 'delete_note', reason: 'confirm', kind: 'write', label: 'Deleting a note', confirmButton: { tone: 'danger' } });
    expect(first.at(-1)!.data).toMatchObject({ stopReason: 'awaiting_input' });
    const denied = await agent.client.resume('delete-denied', { decisions: [{ toolCallId: call.toolCallId, action: 'deny' }] });
    expect(of(denied, 'tool_result')[0]).toMatchObject({ isError: true, confirmation: { action: 'deny' } });
    expect(await listNotes(agent.client, 'after-deny')).toBe('groceries, ideas');

    const again = await agent.client.run('delete-approved', ask('delete_note', { name: 'ideas' }));
    const pending = of(again, 'awaiting_input')[0]!.calls[0] as Record<string, any>;
    const approved = await agent.client.resume('delete-approved', { decisions: [{ toolCallId: pending.toolCallId, action: 'approve' }] });
    expect(of(approved, 'tool_result')[0]).toMatchObject({ isError: false, output: 'Deleted ideas.' });
    expect(approved.at(-1)!.data).toMatchObject({ stopReason: 'end_turn', hasWrites: true });
    expect(await listNotes(agent.client, 'after-approve')).toBe('groceries');
  });

  it('an additive write runs at once', async () => {
    const events = await agent.client.run('add', ask('add_note', { name: 'books', text: 'Dune' }));
    expect(of(events, 'awaiting_input')).toEqual([]);
    expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'Added books.' });
    expect(await listNotes(agent.client, 'after-add')).toBe('groceries, books');
  });

  it('an error the server reports is an error result the agent reads', async () => {
    const events = await agent.client.run('missing', ask('read_note', { name: 'taxes' }));
    const result = of(events, 'tool_result')[0]!;
    expect(result).toMatchObject({ isError: true });
    expect(result.output).toContain('There is no note named taxes.');
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
  });

  it('input that breaks the tool JSON Schema is an error result, before any approval', async () => {
    const events = await agent.client.run('bad-input', ask('delete_note', { title: 'ideas' }));
    expect(of(events, 'awaiting_input')).toEqual([]);
    const result = of(events, 'tool_result')[0]!;
    expect(result).toMatchObject({ isError: true });
    expect(result.output).toContain("must have required property 'name'");
    const tooLong = of(await agent.client.run('bad-input-2', ask('add_note', { name: 'x', text: 'y'.repeat(201) })), 'tool_result')[0]!;
    expect(tooLong).toMatchObject({ isError: true });
    expect(tooLong.output).toContain('text must NOT have more than 200 characters');
  });
});

async function listNotes(client: AgentClient, session: string): Promise<string> {
  const events = await client.run(session, ask('list_notes'));
  return of(events, 'tool_result')[0]!.output as string;
}

describe('mcpTools options and connection', () => {
  it('allow offers only the tools it names, under the prefix', async () => {
    const mcp = await mcpTools({ ...stdioSource(), allow: ['read_note', 'list_notes'], prefix: 'notes_' });
    const local = recordingModel(scriptedModel([[{ tool: 'notes_delete_note', input: { name: 'ideas' } }], [{ text: 'Done.' }]]));
    const app = await serveApp(createAgentChat({ model: local, tools: mcp.tools }));
    try {
      expect(mcp.tools.map((t) => t.name)).toEqual(['notes_read_note', 'notes_list_notes']);
      expect([...mcp.listed.values()].map((t) => t.name)).toEqual(['read_note', 'list_notes']);
      const events = await agentClient(app.url).run('allow', { text: 'delete ideas' });
      expect(local.calls[0]!.tools).toEqual(['notes_read_note', 'notes_list_notes']);
      // The tool left out is unknown to the agent: an error result, and the server never hears of it.
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: true, output: expect.stringContaining('Unknown tool "notes_delete_note"') });
    } finally {
      await app.close();
      await mcp.close();
    }
  });

  it("through Claude's Messages API (the real SDK against the fake one): the tool's schema and its result as sent, the image as an image block", async () => {
    const server = await startMcpHttpServer(sampleNotes());
    const mcp = await mcpTools({ url: server.url, allow: ['read_note'] });
    const fake = await startFakeAnthropic({
      replies: (_body, index) =>
        index === 0 ? { content: [{ type: 'tool_use', id: 'toolu_read', name: 'read_note', input: { name: 'groceries' } }] } : { content: [{ type: 'text', text: 'Eggs.' }] },
    });
    const client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 });
    // With an uploads store, the image is kept there and the history holds its id; the request still carries the bytes.
    const blobs = memoryBlobStore();
    const app = await serveApp(createAgentChat({ model: anthropicModel({ model: 'claude-test-1', client }), tools: mcp.tools, uploads: { store: blobs } }));
    try {
      const events = await agentClient(app.url).run('claude', { text: 'What do I need to buy?' });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
      const result = of(events, 'tool_result')[0]!;
      expect(result.content).toEqual([
        { type: 'text', text: 'groceries: Eggs, flour, milk' },
        { type: 'image', mediaType: 'image/png', size: PNG_BYTES, uploadId: expect.stringMatching(/^up_/) },
      ]);
      const blob = await blobs.get(result.content[1].uploadId);
      expect(Buffer.from(blob!.bytes).toString('base64')).toBe(TINY_PNG);
      expect(fake.requests[0]!.tools).toEqual([
        {
          name: 'read_note',
          description: 'Read one note by its name, with its picture.',
          input_schema: expect.objectContaining({ type: 'object', properties: { name: { type: 'string', description: 'The note to read' } }, required: ['name'] }),
        },
      ]);
      const messages = fake.requests[1]!.messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
      expect(messages.at(-1)).toEqual({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_read',
            content: [
              { type: 'text', text: 'groceries: Eggs, flour, milk' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG } },
            ],
            is_error: false,
          },
        ],
      });
    } finally {
      await app.close();
      await fake.close();
      await mcp.close();
      await server.close();
    }
  });

  it('kind and needsConfirmation override the annotations', async () => {
    const mcp = await mcpTools({
      ...stdioSource(),
      kind: (tool) => (tool.name === 'add_note' ? 'read' : undefined),
      needsConfirmation: (tool) => (tool.name === 'read_note' ? true : tool.name === 'delete_note' ? false : undefined),
    });
    try {
      const byName = new Map(mcp.tools.map((t) => [t.name, t]));
      expect(byName.get('add_note')).toMatchObject({ kind: 'read', needsConfirmation: false });
      expect(byName.get('read_note')).toMatchObject({ kind: 'read', needsConfirmation: true });
      expect(byName.get('delete_note')).toMatchObject({ kind: 'write', needsConfirmation: false });
    } finally {
      await mcp.close();
    }
  });

  it('a stdio server that exits mid-call is an error result, and the next call starts it again', async () => {
    const mcp = await mcpTools(stdioSource());
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    const client = agentClient(app.url);
    try {
      const crashed = of(await client.run('crash', ask('exit_server')), 'tool_result')[0]!;
      expect(crashed).toMatchObject({ isError: true });
      expect(crashed.output).toMatch(/Connection closed/i);
      // A new process, with the notes it starts with.
      expect(await listNotes(client, 'after-crash')).toBe('groceries, ideas');
    } finally {
      await app.close();
      await mcp.close();
    }
  });

  it('over HTTP, a server that forgot the session (a restart) gets a new one, with the headers; one that is gone is an error result', async () => {
    const server = await startMcpHttpServer(sampleNotes());
    const mcp = await mcpTools({ url: server.url, headers: { authorization: 'Bearer notes-key' } });
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    const client = agentClient(app.url);
    try {
      expect(await listNotes(client, 'before-restart')).toBe('groceries, ideas');
      await server.forgetSessions();
      expect(await listNotes(client, 'after-restart')).toBe('groceries, ideas');
      expect(server.requestHeaders.every((headers) => headers.authorization === 'Bearer notes-key')).toBe(true);
      // A server that is gone altogether: an error result that says so, and the agent's turn goes on.
      await server.close();
      const events = await client.run('server-gone', ask('list_notes'));
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: true, output: expect.stringContaining('the MCP server could not be reached') });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    } finally {
      await app.close();
      await mcp.close();
      await server.close();
    }
  });

  it('a tool the server stops listing stops being offered', async () => {
    let changed!: (names: string[]) => void;
    const listChanged = new Promise<string[]>((resolve) => (changed = resolve));
    const mcp = await mcpTools({ ...stdioSource(), onToolsChanged: (tools) => changed(tools.map((t) => t.name)) });
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    const client = agentClient(app.url);
    try {
      expect(await listNotes(client, 'listed')).toBe('groceries, ideas');
      await client.run('retire', ask('retire_list_notes'));
      expect(await listChanged).not.toContain('list_notes');
      model.calls.length = 0;
      const events = await client.run('retired', ask('list_notes'));
      expect(model.calls[0]!.tools).not.toContain('list_notes');
      expect(model.calls[0]!.tools).toContain('read_note');
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: true, output: expect.stringContaining('Unknown tool "list_notes"') });
    } finally {
      await app.close();
      await mcp.close();
    }
  });

  it("the server's progress notifications are the running call's status", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // read_note holds its result until the test has seen its progress: the order is certain, not a matter of timing.
    const server = await startMcpHttpServer(sampleNotes(), { afterProgress: () => released });
    const mcp = await mcpTools({ url: server.url, allow: ['read_note'] });
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    try {
      const events = await agentClient(app.url).run('progress', ask('read_note', { name: 'ideas' }), (event) => {
        if (event.data.type === 'status') release();
      });
      const call = of(events, 'tool_call')[0]!;
      expect(of(events, 'status')).toEqual([expect.objectContaining({ text: 'Opening ideas', toolCallId: call.toolCallId })]);
      expect(events.findIndex((e) => e.data.type === 'status')).toBeLessThan(events.findIndex((e) => e.data.type === 'tool_result'));
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: expect.stringContaining('ideas: A chat that undoes') });
    } finally {
      await app.close();
      await mcp.close();
      await server.close();
    }
  });

  it('fails with a clear error when the server cannot be reached, and calls after close() are error results', async () => {
    await expect(mcpTools({ url: 'http://127.0.0.1:9/mcp' })).rejects.toThrow(/Could not connect to the MCP server http:\/\/127\.0\.0\.1:9\/mcp/);
    await expect(mcpTools({ command: join(here, 'support/no-such-server') })).rejects.toThrow(/Could not connect to the MCP server/);
    const mcp = await mcpTools({ ...stdioSource(), allow: ['list_notes'] });
    await mcp.close();
    const app = await serveApp(createAgentChat({ model, tools: mcp.tools }));
    try {
      const result = of(await agentClient(app.url).run('closed', ask('list_notes')), 'tool_result')[0]!;
      expect(result).toMatchObject({ isError: true, output: expect.stringContaining('the connection to the MCP server was closed') });
    } finally {
      await app.close();
    }
  });
});
