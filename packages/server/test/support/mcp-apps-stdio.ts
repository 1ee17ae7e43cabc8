// The MCP Apps test server on stdio, as a child process: `node --import tsx test/support/mcp-apps-stdio.ts [name]`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { appsMcpServer } from './mcp-apps-server.js';

await appsMcpServer(process.argv[2]).connect(new StdioServerTransport());
