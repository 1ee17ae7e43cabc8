import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** A 1×1 PNG: the image part of read_note's result. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The notes a notes server keeps: shared by every session of one HTTP server, one per stdio process. */
export type Notes = Map<string, string>;

export function sampleNotes(): Notes {
  return new Map([
    ['groceries', 'Eggs, flour, milk'],
    ['ideas', 'A chat that undoes'],
  ]);
}

/**
 * A small MCP server for the tests, built with the official SDK, v1 (`@modelcontextprotocol/sdk`) on purpose: mcpTools
 * is on the v2 client, so every test also shows the two versions talk, over stdio and Streamable HTTP. A read tool
 * with a text and an image result (and a progress message), one with an image resource and audio, a destructive
 * tool, an additive write, a tool that reports an error, and one that makes the server go away.
 */
export interface NotesServerOptions {
  /** Adds a tool that ends the server mid-call. */
  onExit?: () => void;
  /** read_note waits for this after it sent its progress, so a test can see the progress before the result. */
  afterProgress?: () => Promise<void>;
}

export function notesMcpServer(notes: Notes, options: NotesServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool(
    'read_note',
    {
      title: 'Reading a note',
      description: 'Read one note by its name, with its picture.',
      inputSchema: { name: z.string().describe('The note to read') },
      annotations: { readOnlyHint: true },
    },
    async ({ name }, extra) => {
      const token = extra._meta?.progressToken;
      if (token !== undefined) {
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: `Opening ${name}` } });
        await options.afterProgress?.();
      }
      const text = notes.get(name);
      if (text === undefined) return { isError: true, content: [{ type: 'text', text: `There is no note named ${name}.` }] };
      return {
        content: [
          { type: 'text', text: `${name}: ${text}` },
          { type: 'image', data: TINY_PNG, mimeType: 'image/png' },
        ],
      };
    },
  );

  server.registerTool(
    'note_media',
    {
      description: "A note's media: its picture as an embedded resource, and a voice memo.",
      inputSchema: { name: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ name }) => ({
      content: [
        { type: 'resource', resource: { uri: `notes://${name}/picture.png`, mimeType: 'image/png', blob: TINY_PNG } },
        { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
      ],
    }),
  );

  const listNotes = server.registerTool(
    'list_notes',
    {
      description: 'List the names of the notes.',
      annotations: { title: 'Listing notes', readOnlyHint: true },
    },
    async () => ({ content: [{ type: 'text', text: [...notes.keys()].join(', ') || '(no notes)' }] }),
  );

  server.registerTool(
    'delete_note',
    {
      title: 'Deleting a note',
      description: 'Delete a note for good.',
      inputSchema: { name: z.string() },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    async ({ name }) => {
      if (!notes.delete(name)) return { isError: true, content: [{ type: 'text', text: `There is no note named ${name}.` }] };
      return { content: [{ type: 'text', text: `Deleted ${name}.` }] };
    },
  );

  server.registerTool(
    'add_note',
    {
      title: 'Adding a note',
      description: 'Add a note; never changes the others.',
      inputSchema: { name: z.string(), text: z.string().max(200) },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async ({ name, text }) => {
      notes.set(name, text);
      return { content: [{ type: 'text', text: `Added ${name}.` }] };
    },
  );

  server.registerTool(
    'retire_list_notes',
    { description: 'Take list_notes off the list of tools (for the list-change test).', annotations: { readOnlyHint: true } },
    async () => {
      // Disabling a registered tool sends notifications/tools/list_changed.
      listNotes.disable();
      return { content: [{ type: 'text', text: 'list_notes retired.' }] };
    },
  );

  if (options.onExit) {
    const exit = options.onExit;
    server.registerTool(
      'exit_server',
      { description: 'Stop the server process (for the reconnect test).', annotations: { readOnlyHint: true } },
      async () => {
        // Exit mid-call, as a crash would: the client never gets an answer.
        exit();
        return { content: [] };
      },
    );
  }
  return server;
}
