// The asking MCP server on stdio, as a child process: `node --import tsx test/support/mcp-asking-stdio.ts`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { askingMcpServer } from './mcp-asking-server.js';

await askingMcpServer().connect(new StdioServerTransport());
