// The results MCP server on stdio: `node --import tsx test/support/mcp-results-stdio.ts [--no-logging]`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { resultsMcpServer } from './mcp-results-server.js';

await resultsMcpServer({ logging: !process.argv.includes('--no-logging') }).connect(new StdioServerTransport());
