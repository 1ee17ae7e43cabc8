import { ProtocolError, specTypeSchemas, type CallToolResult, type Client, type Task, type Tool as McpTool } from '@modelcontextprotocol/client';

/** What a call run as an MCP task (spec 2025-11-25, "Tasks") tells its caller and listens to. */
export interface TaskCallHooks {
  /** The task's status messages, each once, oldest first: the call's status lines. */
  onTaskStatus?: (text: string) => void;
  /** The task's id, as soon as the server gave it: the server's requests that name it are this call's. */
  onTask?: (taskId: string) => void;
  /** Stop: the task is cancelled (`tasks/cancel`) and the call ends. Read only when the call runs as a task. */
  signal?: () => AbortSignal | undefined;
}

/** How a task is reached: a request on the connection's client, on a new session if the server forgot the old one. */
export interface TaskSession {
  withSession<T>(request: (client: Client) => Promise<T>): Promise<T>;
  client(): Promise<Client>;
  /** The host closed the connection (`close()`): a task is no longer followed. */
  closed(): boolean;
}

export interface TaskCall extends TaskCallHooks {
  name: string;
  args: Record<string, unknown>;
  /** The tool as listed: its `execution.taskSupport` says whether it is called as a task. */
  tool?: McpTool;
  /** The whole call, task and result, ends by then; the task is cancelled when it does not. */
  timeoutMs: number;
}

/** Suggested by the spec's examples; servers usually say their own `pollInterval`. */
const DEFAULT_POLL_MS = 1_000;
/** Bounds on a server's `pollInterval`: a hot loop at one end, a result long ready at the other. */
const MIN_POLL_MS = 20;
const MAX_POLL_MS = 5_000;
/** How long the task is kept past the call's own end, so a result fetched at the last moment is still there. */
const TTL_MARGIN_MS = 60_000;
/** A cancel on Stop is awaited this long at most: the user's Stop is not held up by a slow server. */
const CANCEL_WAIT_MS = 5_000;

/**
 * Call a tool, as a task when the server runs it as one: a tool listed with `execution.taskSupport` 'optional' or
 * 'required' on a server that declares task-augmented `tools/call`, or any tool whose plain call the server refused
 * for want of a task (a server that requires tasks without listing it). `plain` is the ordinary call.
 */
export async function callMaybeAsTask(
  session: TaskSession,
  call: TaskCall,
  plain: (client: Client) => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const client = await session.client();
  if (runsAsTask(client, call.tool)) return callAsTask(session, call);
  let result: CallToolResult;
  try {
    result = await session.withSession(plain);
  } catch (error) {
    if (asksForTask(client, error)) return callAsTask(session, call);
    throw error;
  }
  // The official v1 server answers a plain call of a task-only tool with an error result, not a protocol error.
  if (result.isError === true && asksForTask(client, textOf(result))) return callAsTask(session, call);
  return result;
}

function runsAsTask(client: Client, tool: McpTool | undefined): boolean {
  const support = tool?.execution?.taskSupport;
  // 'required' is a task whatever the capabilities say: the plain call would only be refused.
  return support === 'required' || (support === 'optional' && serverRunsTasks(client));
}

function serverRunsTasks(client: Client): boolean {
  return client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

/** A refusal that says the tool must run as a task ("requires task augmentation", "requires task-based execution"). */
function asksForTask(client: Client, refusal: unknown): boolean {
  if (!serverRunsTasks(client)) return false;
  const words = refusal instanceof ProtocolError ? refusal.message : typeof refusal === 'string' ? refusal : '';
  const code = refusal instanceof ProtocolError ? refusal.code : undefined;
  if (code !== undefined && code !== -32600 && code !== -32601) return false;
  return /requires? task/i.test(words);
}

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join(' ');
}

/**
 * Run one `tools/call` as a task: create it, then follow it (`tasks/get` at the server's `pollInterval`, sooner when
 * a `notifications/tasks/status` says it changed) until it ends, and read its result (`tasks/result`). Its status
 * messages are reported as they change. A request that fails because the connection went away is tried again on a
 * new one, by the task's id, until the call's time is up: the task runs on at the server meanwhile. Stop and the
 * deadline cancel it (`tasks/cancel`).
 */
export async function callAsTask(session: TaskSession, call: TaskCall): Promise<CallToolResult> {
  const deadline = Date.now() + call.timeoutMs;
  const signal = call.signal?.();
  const left = () => Math.max(1, deadline - Date.now());
  const options = () => ({ timeout: left(), ...(signal ? { signal } : {}) });
  stopIfAsked(signal);

  const created = await session.withSession((c) => {
    statusWatch(c);
    return c.request(
      { method: 'tools/call', params: { name: call.name, arguments: call.args, task: { ttl: call.timeoutMs + TTL_MARGIN_MS } } },
      specTypeSchemas.Result,
      options(),
    );
  });
  // A server that does not run tasks answers the call itself (the spec asks it to ignore the `task` field).
  if (!('task' in created)) return asCallToolResult(created);
  let task = (created as { task: Task }).task;
  const { taskId } = task;
  call.onTask?.(taskId);

  const statuses = statusLines(call.onTaskStatus);
  const wake = wakeUp();
  // Each client's watch of this task, let go when the call ends: a status said later is nobody's status line, and a
  // connection's clients do not keep every task's call (and its run) they ever followed.
  const listening = new Map<Client, () => void>();
  const listen = (client: Client): void => {
    if (listening.has(client)) return;
    listening.set(
      client,
      watchStatus(client, taskId, (changed) => {
        statuses.see(changed);
        if (terminal(changed.status) || changed.status === 'input_required') wake.now();
      }),
    );
  };
  const cancel = async (): Promise<void> => {
    await session
      .withSession((c) => c.request({ method: 'tasks/cancel', params: { taskId } }, specTypeSchemas.CancelTaskResult, { timeout: CANCEL_WAIT_MS }))
      .catch(() => {});
  };
  /** `tasks/result`: the call's own result once the task ended (the server holds it until then). */
  const fetchResult = () =>
    session.withSession((c) => {
      listen(c);
      return c.request({ method: 'tasks/result', params: { taskId } }, specTypeSchemas.CallToolResult, options());
    });

  try {
    listen(await session.client());
    statuses.see(task);
    // Asked while the task waits for input: the server sends its questions (elicitation) on this request's stream.
    let early: Promise<CallToolResult> | undefined;
    let earlyDone: { result: CallToolResult } | undefined;
    while (!terminal(task.status)) {
      if (task.status === 'input_required' && !early) {
        early = fetchResult();
        early.then(
          (result) => {
            earlyDone = { result };
            wake.now();
          },
          // Its connection dropped, or the task ended otherwise: polling finds out which.
          () => {
            early = undefined;
          },
        );
      }
      await wake.after(pollDelay(task), signal, deadline);
      if (signal?.aborted) throw new Error('stopped');
      if (Date.now() >= deadline) throw new Error(`the MCP server's task did not end within ${call.timeoutMs} ms, and was cancelled`);
      if (earlyDone) return earlyDone.result;
      task = await poll(session, taskId, options, listen, task);
      statuses.see(task);
    }
    if (task.status === 'cancelled') {
      throw new Error(`the MCP server cancelled the task${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
    }
    return earlyDone?.result ?? (await (early ?? fetchResult()));
  } catch (error) {
    if (signal?.aborted || Date.now() >= deadline) {
      await cancel();
      if (signal?.aborted) throw new Error('stopped by the user; the MCP server was asked to cancel the task', { cause: error });
    }
    throw error;
  } finally {
    for (const unwatch of listening.values()) unwatch();
    listening.clear();
  }
}

/** One `tasks/get`; a request the connection lost is tried again at the next turn, on a new connection if need be. */
async function poll(
  session: TaskSession,
  taskId: string,
  options: () => { timeout: number; signal?: AbortSignal },
  listen: (client: Client) => void,
  last: Task,
): Promise<Task> {
  try {
    return await session.withSession((c) => {
      listen(c);
      return c.request({ method: 'tasks/get', params: { taskId } }, specTypeSchemas.GetTaskResult, options());
    });
  } catch (error) {
    // The server answered: it no longer knows the task, or refuses to say. That is the call's end.
    if (error instanceof ProtocolError || session.closed()) throw error;
    if (options().signal?.aborted) throw error;
    return last;
  }
}

/** Per client: who follows which task, and what was said of tasks nobody followed yet. */
interface StatusWatch {
  handlers: Map<string, (task: Task) => void>;
  unclaimed: Task[];
}
const statusWatches = new WeakMap<Client, StatusWatch>();
/** A server may say a task changed before its answer to the call has named the task: those are kept, a few. */
const UNCLAIMED_KEPT = 64;

/** Hear `notifications/tasks/status` on a client: one handler per client, shared by its tasks; before the call. */
function statusWatch(client: Client): StatusWatch {
  let watch = statusWatches.get(client);
  if (watch) return watch;
  const created: StatusWatch = { handlers: new Map(), unclaimed: [] };
  watch = created;
  statusWatches.set(client, created);
  // A 2025-11-25 notification the v2 client keeps no typed handler for: its params are the task, checked here.
  client.setNotificationHandler('notifications/tasks/status', { params: specTypeSchemas.Task }, (task) => {
    const handler = created.handlers.get(task.taskId);
    if (handler) return handler(task);
    created.unclaimed.push(task);
    if (created.unclaimed.length > UNCLAIMED_KEPT) created.unclaimed.shift();
  });
  return watch;
}

/** Follow one task's status notifications on a client, those that came before this too; returns what stops that. */
function watchStatus(client: Client, taskId: string, onChange: (task: Task) => void): () => void {
  const watch = statusWatch(client);
  watch.handlers.set(taskId, onChange);
  const early = watch.unclaimed.filter((task) => task.taskId === taskId);
  watch.unclaimed = watch.unclaimed.filter((task) => task.taskId !== taskId);
  for (const task of early) onChange(task);
  return () => {
    if (watch.handlers.get(taskId) === onChange) watch.handlers.delete(taskId);
  };
}

/**
 * A task's status messages, each said once and in order. Notifications and polls both carry the task's state and
 * may cross: a state older than the newest one seen (`lastUpdatedAt`) is not said again, nor the message just said.
 */
function statusLines(say: ((text: string) => void) | undefined) {
  let newest = -Infinity;
  let saidAtNewest = new Set<string>();
  let last: string | undefined;
  return {
    see(task: Task): void {
      const text = task.statusMessage?.trim();
      if (!text || !say) return;
      const at = Date.parse(task.lastUpdatedAt);
      const when = Number.isNaN(at) ? newest : at;
      if (when < newest) return;
      if (when > newest) {
        newest = when;
        saidAtNewest = new Set();
      }
      // A message kept through a later change (the task completed, its message the last step's) is not news.
      if (saidAtNewest.has(text) || text === last) return;
      saidAtNewest.add(text);
      last = text;
      say(text);
    },
  };
}

/** A wait that ends at the poll interval, at Stop, at the deadline, or as soon as something said the task changed. */
function wakeUp() {
  let early: (() => void) | undefined;
  let pending = false;
  return {
    now(): void {
      pending = true;
      early?.();
    },
    async after(ms: number, signal: AbortSignal | undefined, deadline: number): Promise<void> {
      if (pending || signal?.aborted) {
        pending = false;
        return;
      }
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          early = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.min(ms, Math.max(0, deadline - Date.now())));
        signal?.addEventListener('abort', done, { once: true });
        early = done;
      });
      pending = false;
    },
  };
}

function pollDelay(task: Task): number {
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, task.pollInterval ?? DEFAULT_POLL_MS));
}

function terminal(status: Task['status']): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** A plain answer to a task-augmented call, checked as the call's result. */
function asCallToolResult(value: unknown): CallToolResult {
  const checked = specTypeSchemas.CallToolResult['~standard'].validate(value);
  if (checked.issues) throw new Error(`the MCP server answered the call with neither a task nor a result: ${checked.issues[0]?.message ?? ''}`);
  return checked.value;
}

function stopIfAsked(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new Error('stopped by the user before the MCP server was asked');
}
