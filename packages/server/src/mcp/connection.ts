import {
  Client,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  type CallToolResult,
  type Progress,
  type ReadResourceResult,
  type Tool as McpTool,
  type Transport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { httpTransport } from './http-transport.js';
import { callMaybeAsTask } from './tasks.js';
import type { McpServerSource } from './options.js';
import { askLogLevel, consoleMcpLogger, hearServerLog, type McpLogSettings } from './server-log.js';
import { structuredResultError } from './structured-result.js';
import { callsInFlight, type McpCaller } from './calls-in-flight.js';
import { NO_SDK_TIMEOUT, ownTimeDeadline } from './own-time.js';
import type { McpSamplingOptions } from './sampling.js';
import { clientCapabilities, serveServerRequests } from './server-requests.js';

export interface McpCallOptions {
  timeoutMs: number;
  onProgress?: (progress: Progress) => void;
  /**
   * The tool as listed: the client checks the result against its `outputSchema` (a missing or mismatching
   * `structuredContent` is an error), also on a connection made again, whose client has not listed the tools.
   */
  tool?: McpTool;
  /** The tool call this is (its ctx): what the server asks while it runs (elicitation, sampling) is asked of it. */
  caller?: McpCaller;
  /** A call run as a task: its status messages, as they change (Stop cancels it through `caller.signal`). */
  onTaskStatus?: (text: string) => void;
}

/** One MCP server, connected on first need and again after it went away. */
export interface McpConnection {
  /** How the server is named in errors: its URL or its command line. */
  readonly where: string;
  /** The server's own name for itself (its title, else its name) once connected; undefined before. */
  serverName(): string | undefined;
  /** Every tool the server lists, page after page. */
  listTools(): Promise<McpTool[]>;
  /** One resource, as the server reads it now (`resources/read`). */
  readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult>;
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface McpConnectionOptions {
  clientName: string;
  clientVersion: string;
  /** The server said its tool list changed (only servers that announce `tools.listChanged` say so). */
  onToolsChanged: () => void;
  /** The server said its resources changed: all of them (`list_changed`), or the one of `uri` (`updated`). */
  onResourcesChanged?: (uri?: string) => void;
}

/**
 * Keeps one MCP client for a server. A stdio server that exits, or a Streamable HTTP server that forgot our session
 * (it restarted: 404 on the session id), is connected again on the next call; a call that was under way when the
 * server went away is an error, never retried, because it may have done its work before the connection dropped.
 */
export function mcpConnection(
  source: McpServerSource & McpLogSettings & { sampling?: McpSamplingOptions; views?: boolean },
  options: McpConnectionOptions,
): McpConnection {
  const where = source.url !== undefined ? String(source.url) : [source.command, ...(source.args ?? [])].join(' ');
  let current: Promise<Client> | undefined;
  let closed = false;
  let serverName: string | undefined;
  // Shared by every client this connection makes: a request of the server is given to the call it is for.
  const calls = callsInFlight();

  const open = (): Promise<Client> => {
    const client = new Client(
      { name: options.clientName, version: options.clientVersion },
      // Refreshed by us rather than by the SDK, so the list is read through the same reconnecting path as the first
      // one. The 2025 handshake (the SDK's default, `versionNegotiation: 'legacy'`), which every server speaks.
      {
        capabilities: clientCapabilities(source.sampling, source.views !== false),
        listChanged: {
          tools: { autoRefresh: false, onChanged: () => options.onToolsChanged() },
          resources: { autoRefresh: false, onChanged: () => options.onResourcesChanged?.() },
        },
      },
    );
    client.setNotificationHandler('notifications/resources/updated', (notification) => options.onResourcesChanged?.(notification.params.uri));
    serveServerRequests(client, { calls, sampling: source.sampling, where });
    const log = { logger: source.logger ?? consoleMcpLogger, level: source.logLevel ?? 'info', where };
    hearServerLog(client, log);
    const attempt: Promise<Client> = client.connect(transportFor(source)).then(
      async () => {
        await askLogLevel(client, log);
        const info = client.getServerVersion();
        serverName = info?.title ?? info?.name;
        // A new connection may be to a server that changed: its views are read again.
        options.onResourcesChanged?.();
        return client;
      },
      async (error: unknown) => {
        await client.close().catch(() => {});
        throw new Error(`Could not connect to the MCP server ${where}: ${messageOf(error)}`, { cause: error });
      },
    );
    const settle = (): void => {
      if (current === attempt) current = undefined;
    };
    // A stdio server that exited closes its client: the next call starts the server again.
    client.onclose = settle;
    attempt.catch(settle);
    current = attempt;
    return attempt;
  };

  const client = (): Promise<Client> => {
    // Said to the agent (and shown in the chat): no URL or command line of ours in it.
    if (closed) return Promise.reject(new Error('the connection to the MCP server was closed'));
    return current ?? open();
  };

  /** Drop a client whose server no longer knows its session, so the next request starts a new one. */
  const forget = async (stale: Client): Promise<void> => {
    if (current && (await current.catch(() => undefined)) === stale) current = undefined;
    await stale.close().catch(() => {});
  };

  /** Run a request; once more on a fresh session if the server answered 404 (a request it never processed). */
  const withSession = async <T>(request: (client: Client) => Promise<T>): Promise<T> => {
    const first = await client();
    try {
      return await request(first);
    } catch (error) {
      if (!(error instanceof SdkHttpError) || error.status !== 404) throw error;
      await forget(first);
      return request(await client());
    }
  };

  return {
    where,
    serverName: () => serverName,
    async listTools() {
      // Without a cursor, the v2 client reads every page and returns them together (up to 64 pages).
      // `cacheMode: 'refresh'`: always asked of the server, never a cached list.
      return withSession(async (c) => (await c.listTools(undefined, { cacheMode: 'refresh' })).tools);
    },
    async readResource(uri, signal) {
      // Our own cache (apps/view-documents.ts) knows when the server changed it; the SDK's is not asked.
      return withSession((c) => c.readResource({ uri }, { cacheMode: 'bypass', ...(signal ? { signal } : {}) }));
    },
    async callTool(name, args, { timeoutMs, onProgress, onTaskStatus, tool, caller }) {
      let result;
      const inFlight = caller ? calls.enter(caller) : undefined;
      const deadline = caller ? ownTimeDeadline(caller, timeoutMs) : undefined;
      try {
        // A tool the server runs as a task is created, followed and read by its id (tasks.ts).
        const task = {
          name,
          args,
          timeoutMs,
          ...(tool ? { tool } : {}),
          ...(onTaskStatus ? { onTaskStatus } : {}),
          // The server's requests that name the task (elicitation inside it) are this call's.
          onTask: (taskId: string) => void inFlight?.call.taskIds.add(taskId),
          signal: () => caller?.signal,
        };
        result = await callMaybeAsTask({ withSession, client, closed: () => closed }, task, (c) =>
          c.callTool(
            { name, arguments: args },
            {
              // Timed by the call's own time when its user may be asked something meanwhile (own-time.ts).
              timeout: deadline ? NO_SDK_TIMEOUT : timeoutMs,
              ...(deadline ? { signal: deadline.signal } : {}),
              ...(onProgress ? { onprogress: onProgress, resetTimeoutOnProgress: false } : {}),
              ...(tool ? { toolDefinition: tool } : {}),
            },
          ),
        );
      } catch (error) {
        throw callError(error, closed);
      } finally {
        inFlight?.leave();
        deadline?.stop();
      }
      // Servers of the 2024-10-07 protocol answer `{ toolResult }`; it is the same result in an older shape (the v2
      // client gives it an empty `content`).
      const legacy = (result as { toolResult?: unknown }).toolResult;
      if (legacy !== undefined && result.content.length === 0) return { content: [{ type: 'text', text: JSON.stringify(legacy) }] };
      return result;
    },
    async close() {
      closed = true;
      const open = current;
      current = undefined;
      const c = await open?.catch(() => undefined);
      await c?.close();
    },
  };
}

function transportFor(source: McpServerSource): Transport {
  if (source.url !== undefined) return httpTransport(source);
  return new StdioClientTransport({
    command: source.command,
    ...(source.args ? { args: source.args } : {}),
    ...(source.env ? { env: source.env } : {}),
    ...(source.cwd ? { cwd: source.cwd } : {}),
  });
}

/**
 * A failed call as the agent reads it. What MCP said keeps the words it had with the v1 SDK ("MCP error -32602: …");
 * the SDK's own errors (a timeout, a dropped connection, an HTTP status) say what happened; a network failure, which
 * says only "fetch failed", says that the server could not be reached.
 */
function callError(error: unknown, closed: boolean): unknown {
  const structured = structuredResultError(error);
  if (structured) return structured;
  if (error instanceof ProtocolError) return new Error(`MCP error ${error.code}: ${error.message}`, { cause: error });
  if (closed || error instanceof SdkHttpError) return error;
  if (error instanceof SdkError && error.code !== SdkErrorCode.SendFailed) return error;
  return new Error(`the MCP server could not be reached (${messageOf(error)})`, { cause: error });
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
