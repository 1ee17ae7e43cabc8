import { InMemoryTaskStore, type CreateTaskOptions, type TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * The task store of one tasks server, shared by all its sessions: a task outlives the connection that started it,
 * as at a server that ties tasks to the user rather than to the session. Told of every status change, so the work
 * of a task can end when it is cancelled.
 */
export class SharedTaskStore implements TaskStore {
  private readonly tasks = new InMemoryTaskStore();
  private readonly watchers = new Set<(taskId: string, status: Task['status']) => void>();

  createTask(params: CreateTaskOptions, requestId: RequestId, request: Request): Promise<Task> {
    return this.tasks.createTask(params, requestId, request);
  }
  getTask(taskId: string): Promise<Task | null> {
    return this.tasks.getTask(taskId);
  }
  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    await this.tasks.storeTaskResult(taskId, status, result);
    this.changed(taskId, status);
  }
  getTaskResult(taskId: string): Promise<Result> {
    return this.tasks.getTaskResult(taskId);
  }
  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    await this.tasks.updateTaskStatus(taskId, status, statusMessage);
    this.changed(taskId, status);
  }
  listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    return this.tasks.listTasks(cursor);
  }
  /** Resolves once the task is cancelled (by `tasks/cancel`). */
  cancelled(taskId: string): Promise<void> {
    return new Promise((resolve) => {
      const watch = (id: string, status: Task['status']): void => {
        if (id !== taskId || status !== 'cancelled') return;
        this.watchers.delete(watch);
        resolve();
      };
      this.watchers.add(watch);
    });
  }
  cleanup(): void {
    this.tasks.cleanup();
  }
  private changed(taskId: string, status: Task['status']): void {
    for (const watch of [...this.watchers]) watch(taskId, status);
  }
}

/**
 * Points where a task's work waits for the test (`open('report 1')`), so a test sees each step before the next one
 * happens. A stdio server, whose test cannot reach it, has them open from the start, but the export's: an export
 * there runs until it is cancelled.
 */
export class Gates {
  private readonly waiting = new Map<string, () => void>();
  private readonly opened = new Set<string>();
  /** `open`: gates open from the start (all but those `kept` shut, which nothing opens then). */
  constructor(private readonly options: { open?: boolean; kept?: readonly string[] } = {}) {}

  wait(name: string): Promise<void> {
    if (this.options.open && !this.options.kept?.includes(name)) return Promise.resolve();
    if (this.opened.delete(name)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.set(name, resolve));
  }
  open(name: string): void {
    const resolve = this.waiting.get(name);
    if (!resolve) return void this.opened.add(name);
    this.waiting.delete(name);
    resolve();
  }
}

export interface TasksServerParts {
  store: SharedTaskStore;
  gates: Gates;
}

/** How often a client is told to poll: small, so the tests are quick; the client keeps to it. */
const POLL_MS = 25;

export const REPORT_STEPS = ['Gathering the figures', 'Writing the summary', 'Checking the numbers'];

/**
 * A small MCP server whose tools run as tasks (spec 2025-11-25), built with the official v1 SDK's experimental
 * task support: a report that says what it is doing at each step (taskSupport 'required'), an export that runs
 * until the test lets it finish (or it is cancelled; 'optional'), a job that fails, and a plain tool that reads a
 * task's status, so a test over stdio can see what the server holds.
 */
export function tasksMcpServer({ store, gates }: TasksServerParts): McpServer {
  const server = new McpServer(
    { name: 'reports', version: '1.0.0' },
    { capabilities: { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } }, taskStore: store },
  );
  // The work of a task goes on when the session that started it is gone: its status is kept in the shared store
  // whether or not the notification reaches anyone.
  const say = (taskId: string, text: string, update: (id: string, status: 'working', message: string) => Promise<void>) =>
    update(taskId, 'working', text).catch(() => store.updateTaskStatus(taskId, 'working', text));
  const finish = async (taskId: string, status: 'completed' | 'failed', text: string): Promise<void> => {
    const task = await store.getTask(taskId);
    if (!task || task.status === 'cancelled') return;
    await store.storeTaskResult(taskId, status, { content: [{ type: 'text', text }], ...(status === 'failed' ? { isError: true } : {}) });
  };

  server.experimental.tasks.registerToolTask(
    'write_report',
    {
      title: 'Writing a report',
      description: 'Write a report on a topic. Takes a while.',
      inputSchema: { topic: z.string() },
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'required' },
    },
    {
      async createTask({ topic }, extra) {
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? 60_000, pollInterval: POLL_MS });
        void (async () => {
          for (const [index, step] of REPORT_STEPS.entries()) {
            await say(task.taskId, step, extra.taskStore.updateTaskStatus.bind(extra.taskStore));
            await gates.wait(`report ${index + 1}`);
          }
          await finish(task.taskId, 'completed', `Report on ${topic}: 3 pages.`);
        })();
        return { task };
      },
      getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: (_args, extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
    },
  );

  server.experimental.tasks.registerToolTask(
    'export_archive',
    {
      title: 'Exporting the archive',
      description: 'Export the archive.',
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'optional' },
    },
    {
      async createTask(extra) {
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? 60_000, pollInterval: POLL_MS });
        void (async () => {
          await say(task.taskId, `Packing files (task ${task.taskId})`, extra.taskStore.updateTaskStatus.bind(extra.taskStore));
          const outcome = await Promise.race([gates.wait('export').then(() => 'done' as const), store.cancelled(task.taskId).then(() => 'cancelled' as const)]);
          if (outcome === 'done') await finish(task.taskId, 'completed', 'Exported 12 files.');
        })();
        return { task };
      },
      getTask: (extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: (extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
    },
  );

  server.experimental.tasks.registerToolTask(
    'print_labels',
    {
      description: 'Print address labels.',
      annotations: { readOnlyHint: true },
      execution: { taskSupport: 'required' },
    },
    {
      async createTask(extra) {
        const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? 60_000, pollInterval: POLL_MS });
        void finish(task.taskId, 'failed', 'The printer is out of paper.');
        return { task };
      },
      getTask: (extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: (extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
    },
  );

  server.registerTool(
    'task_state',
    { description: "A task's status.", inputSchema: { taskId: z.string() }, annotations: { readOnlyHint: true } },
    async ({ taskId }) => {
      const task = await store.getTask(taskId);
      return { content: [{ type: 'text', text: task ? `${task.status}: ${task.statusMessage ?? ''}` : 'unknown' }] };
    },
  );
  return server;
}
