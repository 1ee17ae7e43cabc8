// A task's status notifications are the call's status lines while the call lasts, and no longer (review of issue
// 35.4): the per-client watch of a task is let go when its call ends, so a status the server sends later is no status
// line of a call (and of a run) that has ended, and a long-lived connection keeps no watch of every task it followed.
import type { Client, Task } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { callAsTask } from '../src/mcp/tasks.js';

/** A client of a server that runs the call as a task, done at the first `tasks/get`; its status handler is kept. */
function taskServer() {
  let statusHandler: ((task: Task) => void) | undefined;
  const at = (status: Task['status'], statusMessage: string, when: number): Task => ({
    taskId: 'task-1',
    status,
    statusMessage,
    ttl: 60_000,
    createdAt: new Date(0).toISOString(),
    lastUpdatedAt: new Date(when).toISOString(),
    pollInterval: 20,
  });
  const client = {
    getServerCapabilities: () => ({ tasks: { requests: { tools: { call: {} } } } }),
    setNotificationHandler: (_method: string, _schema: unknown, handler: (task: Task) => void) => {
      statusHandler = handler;
    },
    request: async ({ method }: { method: string }) => {
      if (method === 'tools/call') return { task: at('working', 'Starting', 1_000) };
      if (method === 'tasks/get') return at('completed', 'Done', 2_000);
      if (method === 'tasks/result') return { content: [{ type: 'text', text: 'the result' }] };
      throw new Error(`unexpected ${method}`);
    },
  } as unknown as Client;
  return {
    session: { withSession: <T>(request: (c: Client) => Promise<T>) => request(client), client: async () => client, closed: () => false },
    /** The server says the task changed (`notifications/tasks/status`). */
    say: (statusMessage: string, when: number) => statusHandler?.(at('completed', statusMessage, when)),
  };
}

describe('a task call’s status watch', () => {
  it('ends with the call: a status said after it is not a status line', async () => {
    const server = taskServer();
    const lines: string[] = [];
    const result = await callAsTask(server.session, { name: 'slow', args: {}, timeoutMs: 10_000, onTaskStatus: (text) => lines.push(text) });
    expect(result.content).toEqual([{ type: 'text', text: 'the result' }]);
    expect(lines).toEqual(['Starting', 'Done']);
    server.say('Said after the call ended', 3_000);
    expect(lines).toEqual(['Starting', 'Done']);
  });
});
