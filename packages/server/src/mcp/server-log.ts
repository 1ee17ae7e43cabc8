import type { Client } from '@modelcontextprotocol/client';

/** An MCP log level (RFC 5424's syslog severities). */
export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** The levels, least severe first. */
const MCP_LOG_LEVELS: readonly McpLogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** One log message an MCP server sent (`notifications/message`). */
export interface McpLogMessage {
  level: McpLogLevel;
  /** The name the server gave the part of itself that logged, if it gave one. */
  logger?: string;
  /** What it logged: a string, or any JSON value. */
  data: unknown;
  /** The server's name, as it introduced itself when it connected (its URL or command line if it gave none). */
  server: string;
}

/** Where an MCP server's log messages go (`mcpTools({ logger })`). */
export type McpLogger = (message: McpLogMessage) => void;

/**
 * The default logger: the console, by severity (`console.error` for error and above, `console.warn` for a warning,
 * `console.info` for the rest), each line prefixed `[mcp <server>]`.
 */
export const consoleMcpLogger: McpLogger = ({ level, logger, data, server }) => {
  const prefix = `[mcp ${server}]${logger ? ` ${logger}:` : ''}`;
  const rank = MCP_LOG_LEVELS.indexOf(level);
  if (rank >= MCP_LOG_LEVELS.indexOf('error')) console.error(prefix, level, data);
  else if (level === 'warning') console.warn(prefix, level, data);
  else console.info(prefix, level, data);
};

/** The `mcpTools` options for a server's log. */
export interface McpLogSettings {
  /**
   * Where the server's log messages (`notifications/message`) go, each with its level, logger name, data and the
   * server's name. Default: the console (`consoleMcpLogger`).
   */
  logger?: McpLogger;
  /** The least severe level asked of a server that announces `logging` (`logging/setLevel`). Default `info`. */
  logLevel?: McpLogLevel;
}

export interface ServerLogOptions {
  logger: McpLogger;
  /** The least severe level asked of a server that announces `logging`. */
  level: McpLogLevel;
  /** How the server is named when it does not say its name. */
  where: string;
}

/**
 * Hear a server's log messages (set before it connects, so none is missed). A logger that throws is the host's bug,
 * not the server's: it must not break the connection, so it is caught here.
 */
export function hearServerLog(client: Client, options: ServerLogOptions): void {
  client.setNotificationHandler('notifications/message', (notification) => {
    const { level, logger, data } = notification.params;
    const server = serverName(client, options);
    try {
      options.logger({ level, ...(logger !== undefined ? { logger } : {}), data, server });
    } catch (error) {
      console.error(`[mcp ${server}] the logger failed on a log message:`, error);
    }
  });
}

/**
 * Ask a connected server for the wanted level, only if it announces the `logging` capability (the spec's condition:
 * another would refuse the request).
 */
export async function askLogLevel(client: Client, options: ServerLogOptions): Promise<void> {
  if (!client.getServerCapabilities()?.logging) return;
  try {
    await client.setLoggingLevel(options.level);
  } catch (error) {
    // The server's messages still come, at its own level; a refused setLevel is not a reason to refuse its tools.
    const data = `logging/setLevel ${options.level} failed: ${error instanceof Error ? error.message : String(error)}`;
    options.logger({ level: 'warning', logger: 'agent-chat', data, server: serverName(client, options) });
  }
}

function serverName(client: Client, options: ServerLogOptions): string {
  return client.getServerVersion()?.name || options.where;
}
