import type { Tool } from '../tools/define-tool.js';
import type { ToolSource } from '../tools/tool-source.js';
import { mcpConnection } from './connection.js';
import type { McpToolInfo, McpToolsOptions } from './options.js';
import { agentToolName, nameClash, needsConfirmationOf, toAgentTool } from './to-tool.js';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../tools/define-tool.js';
import { mcpToolView, type McpViewHost } from './apps/mcp-view.js';
import { viewDocuments } from './apps/view-documents.js';
import { forModel, viewUriOf } from './apps/view-meta.js';

/**
 * An MCP server's tools and the connection they share. Give it whole among `createAgentChat({ tools })` and the agent
 * is offered the server's tools as they are at each model call, those it adds later too (a ToolSource); spread its
 * `tools` there and the agent keeps the tools listed now.
 */
export interface McpTools extends ToolSource {
  /** The agent's tools, one per MCP tool that `allow` lets through, in the server's order: as listed now. */
  readonly tools: Tool[];
  /** The MCP tools as the server lists them now (after `allow`), by the agent's tool name. */
  readonly listed: ReadonlyMap<string, McpToolInfo>;
  /** Call `listener` each time the server's tools changed, once `tools` and `listed` are the new ones. */
  subscribe(listener: () => void): () => void;
  /** Disconnect (and stop a stdio server). Later calls of these tools are error results. */
  close(): Promise<void>;
}

const CLIENT_VERSION = '0.1.0';

/**
 * Connect to an MCP server (Streamable HTTP with `url`, stdio with `command`), list its tools and offer them to the
 * agent as ordinary tools: labelled by their titles, read or write (and asking for approval) by their annotations,
 * their input checked against their JSON Schema, their results as text, their errors as error results.
 *
 * When the server says its list changed (`notifications/tools/list_changed`), the list is read again: a tool it no
 * longer lists stops being offered, even through a copy of `tools` taken before, and a tool it adds is offered from
 * the next model call to an app that was given the returned object itself.
 */
export async function mcpTools(options: McpToolsOptions): Promise<McpTools> {
  if ((options.url === undefined) === (options.command === undefined)) {
    throw new TypeError('mcpTools: give either `url` (Streamable HTTP) or `command` (stdio), not both or neither');
  }
  const prefix = options.prefix ?? '';
  let listedNow = new Set<string>();
  let tools: Tool[] = [];
  let listed = new Map<string, McpToolInfo>();
  /** Every tool `allow` lets through, the app-only ones too, by MCP name: what the server's views may call. */
  let forViews = new Map<string, McpToolInfo>();
  const listeners = new Set<() => void>();
  // Lists asked for and taken in, in order: an older list that arrives after a newer one is not taken in.
  let asked = 0;
  let taken = 0;
  const connection = mcpConnection(options, {
    clientName: options.clientName ?? 'agent-chat',
    clientVersion: CLIENT_VERSION,
    onToolsChanged: () => {
      const mine = ++asked;
      connection.listTools().then(
        (all) => {
          if (mine < taken) return;
          taken = mine;
          takeIn(all);
          for (const listener of listeners) listener();
          options.onToolsChanged?.(all);
        },
        // A failed refresh keeps the list as it was; a call of a tool that is gone is an error result anyway.
        () => {},
      );
    },
    onResourcesChanged: (uri) => documents.forget(uri),
  });
  const documents = viewDocuments(connection);
  const viewHost: McpViewHost = {
    connection,
    documents,
    tool: (name) => forViews.get(name),
    needsConfirmation: (info) => needsConfirmationOf(info, options),
    timeoutMs: options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
  };
  const binding = {
    connection,
    options,
    listed: (name: string) => listedNow.has(name),
    view: (info: McpToolInfo) => {
      const uri = options.views === false ? undefined : viewUriOf(info);
      return uri ? mcpToolView(uri, viewHost) : undefined;
    },
  };
  const origin = `the MCP server ${connection.where}`;

  /**
   * The server's list as the agent's tools; a tool that did not change stays the same object (and description). A
   * tool that cannot be offered fails mcpTools at start-up, and later is warned of and left out.
   */
  const takeIn = (all: McpToolInfo[], startUp = false): void => {
    listedNow = new Set(all.map((tool) => tool.name));
    const before = new Map([...listed.values()].map((info, index) => [info.name, { info, tool: tools[index]! }]));
    const nextTools: Tool[] = [];
    const nextListed = new Map<string, McpToolInfo>();
    const allowed = all.filter((tool) => isAllowed(options.allow, tool));
    forViews = new Map(allowed.map((tool) => [tool.name, tool]));
    // A tool only its views may call (`visibility: ["app"]`) is never offered to the model.
    for (const info of allowed.filter(forModel)) {
      const name = agentToolName(prefix, info.name);
      const other = nextListed.get(name);
      if (other) {
        console.warn(`[agent-chat] ${origin}: ${nameClash(prefix, [other.name, info.name])}; "${info.name}" is not offered.`);
        continue;
      }
      const kept = before.get(info.name);
      let tool: Tool;
      try {
        tool = kept && sameJson(kept.info, info) ? kept.tool : toAgentTool(info, binding);
      } catch (error) {
        if (startUp) throw error;
        console.warn(`[agent-chat] ${origin}: the tool "${info.name}" is not offered: ${(error as Error).message}`);
        continue;
      }
      nextTools.push(tool);
      nextListed.set(name, info);
    }
    tools = nextTools;
    listed = nextListed;
  };

  try {
    const all = await connection.listTools();
    // At start-up a clash is the host's to fix (with `allow`); later it is warned of, so a running app goes on.
    const clash = nameClash(prefix, all.filter((tool) => isAllowed(options.allow, tool) && forModel(tool)).map((tool) => tool.name));
    if (clash) throw new Error(`mcpTools: ${clash}`);
    takeIn(all, true);
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  return {
    get tools() {
      return tools;
    },
    get listed() {
      return listed;
    },
    origin,
    subscribe(listener) {
      // Each subscription its own, so one listener given twice is called twice and stopped once each.
      const own = () => listener();
      listeners.add(own);
      return () => void listeners.delete(own);
    },
    close: () => connection.close(),
  };
}

/** Whether the server describes a tool as it did before (its list is JSON, so JSON compares it). */
function sameJson(a: McpToolInfo, b: McpToolInfo): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isAllowed(allow: McpToolsOptions['allow'], tool: McpToolInfo): boolean {
  if (allow === undefined) return true;
  return typeof allow === 'function' ? allow(tool) : allow.includes(tool.name);
}
