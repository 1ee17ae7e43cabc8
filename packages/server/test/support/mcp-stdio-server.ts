// The notes MCP server on stdio, as a child process: `node --import tsx test/support/mcp-stdio-server.ts`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { notesMcpServer, sampleNotes } from './mcp-notes-server.js';

const server = notesMcpServer(sampleNotes(), { onExit: () => process.exit(3) });
await server.connect(new StdioServerTransport());
