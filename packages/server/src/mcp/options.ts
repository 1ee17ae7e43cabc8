import type { Tool as McpTool } from '@modelcontextprotocol/client';
import type { McpAuthProvider } from './http-transport.js';
import type { McpLogSettings } from './server-log.js';
import type { McpSamplingOptions } from './sampling.js';

/** An MCP server's tool as it listed it: its name, title, description, input schema and annotations. */
export type McpToolInfo = McpTool;

/** Where the MCP server is: a Streamable HTTP endpoint, or a command to start that speaks MCP on its stdio. */
export type McpServerSource =
  | {
      /** The server's Streamable HTTP endpoint, e.g. `https://tools.example.com/mcp`. */
      url: string | URL;
      /** Sent with every request: an API key or a bearer token the server wants. */
      headers?: Record<string, string>;
      /**
       * For a server that wants OAuth: the MCP client's `AuthProvider` (`{ token }`, e.g. its
       * `ClientCredentialsProvider` for a server-to-server client) or an `OAuthClientProvider`, which the client
       * drives through discovery, registration and token refresh. When a person must sign in first, `mcpTools` fails
       * with the client's `UnauthorizedError` as the error's `cause`, after the provider's `redirectToAuthorization`;
       * finish with the client's `auth(provider, { serverUrl, authorizationCode })` and call `mcpTools` again.
       */
      authProvider?: McpAuthProvider;
      command?: never;
    }
  | {
      /** A program that speaks MCP on its standard input and output; started now, stopped by `close()`. */
      command: string;
      args?: string[];
      /**
       * Its environment. The MCP SDK passes only a safe few of this process's variables (PATH, HOME, …) unless
       * they are named here, so secrets in this process's environment do not leak to the server by default.
       */
      env?: Record<string, string>;
      /** Its working directory. Default: this process's. */
      cwd?: string;
      url?: never;
    };

/** A setting that is the same for every tool, or decided per tool (undefined: decide from the annotations). */
export type PerTool<T> = T | ((tool: McpToolInfo) => T | undefined);

export type McpToolsOptions = McpServerSource & McpLogSettings & {
  /** Which of the server's tools to offer, by their MCP names, or a test of each. Default: all of them. */
  allow?: readonly string[] | ((tool: McpToolInfo) => boolean);
  /**
   * Put before each tool's name, so two servers' `search` tools do not clash (`github_` → `github_search`).
   * Characters the providers refuse in a tool name become `_`.
   */
  prefix?: string;
  /**
   * `read` or `write`. Default from the tool's annotations: `readOnlyHint: true` is a read, anything else a write
   * (a write makes the turn undoable as far as the host's `state` goes: what the MCP server changed is not undone).
   */
  kind?: PerTool<'read' | 'write'>;
  /**
   * Whether a call waits for the user's approval. Default from the annotations, as the MCP spec reads them: a
   * write is destructive unless it says `destructiveHint: false`, and a destructive tool asks first.
   */
  needsConfirmation?: PerTool<boolean>;
  /** How long one call may run before the agent is told it timed out (and the MCP request is cancelled). Default 30 s. */
  timeoutMs?: number;
  /**
   * Told when the server's tool list changed (servers that announce `tools.listChanged`), with the new list, once
   * the returned object's `tools` and `listed` are the new ones: an app given that object offers a tool the server
   * added from its next model call (and GET /tools lists it); a tool the server no longer lists is offered by no app.
   */
  onToolsChanged?: (tools: McpToolInfo[]) => void;
  /** The name this client gives the server when it connects. Default `agent-chat`. */
  clientName?: string;
  /**
   * Let the server use the app's model (MCP sampling): `{ model, approve: 'ask' | 'always', maxTokens }`. Unset, the
   * client does not offer sampling and a server that needs it says so. Elicitation is always offered: a server's
   * questions during a call are asked of the user whose call it is.
   */
  sampling?: McpSamplingOptions;
  /**
   * MCP Apps: tell the server this client draws views, and give its tools' views to the app (drawn when
   * `createAgentChat({ apps })` says where). Default true; false for an app that draws none, so a server that
   * adapts to its client sends text instead. Either way a tool only views may call is never offered to the model.
   */
  views?: boolean;
};
