// The tasks MCP server on stdio, as a child process: `node --import tsx test/support/mcp-tasks-stdio.ts`. A test
// cannot reach into the process: each task runs to its end by itself, but the export, which waits to be cancelled.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Gates, SharedTaskStore, tasksMcpServer } from './mcp-tasks-server.js';

await tasksMcpServer({ store: new SharedTaskStore(), gates: new Gates({ open: true, kept: ['export'] }) }).connect(new StdioServerTransport());
