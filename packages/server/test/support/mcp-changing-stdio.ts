// The changing MCP server on stdio, as a child process: `node --import tsx test/support/mcp-changing-stdio.ts`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { changingMcpServer } from './mcp-changing-server.js';

await changingMcpServer().server.connect(new StdioServerTransport());
