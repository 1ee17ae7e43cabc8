import type { Tool } from '../tools/define-tool.js';
import { mcpConnection } from './connection.js';
import type { McpToolInfo, McpToolsOptions } from './options.js';
import { agentToolName, nameClash, toAgentTool } from './to-tool.js';

/** An MCP server's tools, ready for `createAgentChat({ tools })`, and the connection they share. */
export interface McpTools {
  /** The agent's tools, one per MCP tool that `allow` lets through, in the server's order. */
  tools: Tool[];
  /** The MCP tools as the server listed them (after `allow`), by the agent's tool name. */
  listed: ReadonlyMap<string, McpToolInfo>;
  /** Disconnect (and stop a stdio server). Later calls of these tools are error results. */
  close(): Promise<void>;
}

const CLIENT_VERSION = '0.1.0';

/**
 * Connect to an MCP server (Streamable HTTP with `url`, stdio with `command`), list its tools and offer them to the
 * agent as ordinary tools: labelled by their titles, read or write (and asking for approval) by their annotations,
 * their input checked against their JSON Schema, their results as text, their errors as error results.
 *
 * The agent's tool set is fixed when `createAgentChat` runs: when the server's list changes later, a tool it no
 * longer lists stops being offered (and is offered again if it comes back); a tool it adds is not offered until
 * the app is made again.
 */
export async function mcpTools(options: McpToolsOptions): Promise<McpTools> {
  if ((options.url === undefined) === (options.command === undefined)) {
    throw new TypeError('mcpTools: give either `url` (Streamable HTTP) or `command` (stdio), not both or neither');
  }
  let listedNow = new Set<string>();
  const connection = mcpConnection(options, {
    clientName: options.clientName ?? 'agent-chat',
    clientVersion: CLIENT_VERSION,
    onToolsChanged: () => {
      connection.listTools().then(
        (tools) => {
          listedNow = new Set(tools.map((tool) => tool.name));
          options.onToolsChanged?.(tools);
        },
        // A failed refresh keeps the list as it was; a call of a tool that is gone is an error result anyway.
        () => {},
      );
    },
  });
  try {
    const all = await connection.listTools();
    listedNow = new Set(all.map((tool) => tool.name));
    const allowed = all.filter((tool) => isAllowed(options.allow, tool));
    const clash = nameClash(options.prefix ?? '', allowed.map((tool) => tool.name));
    if (clash) throw new Error(`mcpTools: ${clash}`);
    const binding = { connection, options, listed: (name: string) => listedNow.has(name) };
    const tools = allowed.map((info) => toAgentTool(info, binding));
    const listed = new Map(allowed.map((info) => [agentToolName(options.prefix ?? '', info.name), info]));
    return { tools, listed, close: () => connection.close() };
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
}

function isAllowed(allow: McpToolsOptions['allow'], tool: McpToolInfo): boolean {
  if (allow === undefined) return true;
  return typeof allow === 'function' ? allow(tool) : allow.includes(tool.name);
}
