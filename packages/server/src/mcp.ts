// `@agent-chat/server/mcp`: an MCP server's tools as the agent's tools, with the official MCP client (v2,
// `@modelcontextprotocol/client`), an optional peer dependency: only this entry imports it.
export { mcpTools, type McpTools } from './mcp/mcp-tools.js';
export type { McpServerSource, McpToolInfo, McpToolsOptions, PerTool } from './mcp/options.js';
export type { McpAuthProvider } from './mcp/http-transport.js';
export { consoleMcpLogger, type McpLogger, type McpLogLevel, type McpLogMessage, type McpLogSettings } from './mcp/server-log.js';
export type { McpSamplingOptions } from './mcp/sampling.js';
