import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  SetLevelRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { TINY_PNG } from './mcp-notes-server.js';

/** A PDF's worth of bytes (not a real PDF: the client only names it and its size). */
export const PDF_BLOB = Buffer.from('%PDF-1.7 a small report').toString('base64');

export const WEATHER = { city: 'Paris', temperature: 21, conditions: 'sunny' };

export interface ResultsServerOptions {
  /** Announce the `logging` capability (and so hear `logging/setLevel`). */
  logging: boolean;
}

const weatherSchema: Tool['inputSchema'] = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' }, conditions: { type: 'string' } },
  required: ['city', 'temperature', 'conditions'],
};

// Read-only, so no call waits for the user's approval.
const readOnly = { annotations: { readOnlyHint: true } };
const tools: Tool[] = [
  { name: 'weather', description: 'The weather, structured, its JSON repeated as text.', inputSchema: { type: 'object' }, outputSchema: weatherSchema, ...readOnly },
  { name: 'weather_summary', description: 'The weather, structured, with a sentence.', inputSchema: { type: 'object' }, outputSchema: weatherSchema, ...readOnly },
  { name: 'weather_broken', description: 'Structured content that breaks its schema.', inputSchema: { type: 'object' }, outputSchema: weatherSchema, ...readOnly },
  { name: 'weather_missing', description: 'An outputSchema and no structured content.', inputSchema: { type: 'object' }, outputSchema: weatherSchema, ...readOnly },
  { name: 'structured_only', description: 'Structured content without a schema or text.', inputSchema: { type: 'object' }, ...readOnly },
  { name: 'resources', description: 'A resource link and embedded resources.', inputSchema: { type: 'object' }, ...readOnly },
  { name: 'audiences', description: 'Content for the user, for the assistant, and for both.', inputSchema: { type: 'object' }, ...readOnly },
  { name: 'user_only', description: 'Everything for the user.', inputSchema: { type: 'object' }, ...readOnly },
  { name: 'shout_logs', description: 'Logs at four levels, then answers.', inputSchema: { type: 'object' }, ...readOnly },
  { name: 'heard', description: 'The requests this server was sent that were not tools/*.', inputSchema: { type: 'object' }, ...readOnly },
];

/**
 * An MCP server for results as the spec gives them, on the official SDK v1's low-level `Server`: its `McpServer`
 * checks its own structured output, and a test needs a server that breaks its schema to see the client catch it.
 * `heard` lists the other requests it got (logging/setLevel among them), so a test sees them over stdio too.
 */
export function resultsMcpServer(options: ResultsServerOptions): Server {
  const server = new Server({ name: 'results', version: '1.0.0' }, { capabilities: { tools: {}, ...(options.logging ? { logging: {} } : {}) } });
  const heard: string[] = [];
  let level: LoggingLevel | undefined;

  if (options.logging) {
    // Ours rather than the SDK's, to note it was asked; the level is then applied by shout_logs below.
    server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      heard.push(`logging/setLevel ${request.params.level}`);
      level = request.params.level;
      return {};
    });
  }
  server.fallbackRequestHandler = async (request) => {
    heard.push(request.method);
    throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    switch (request.params.name) {
      case 'weather':
        return { content: [{ type: 'text', text: JSON.stringify(WEATHER, null, 2) }], structuredContent: WEATHER };
      case 'weather_summary':
        return { content: [{ type: 'text', text: 'Sunny in Paris.' }], structuredContent: WEATHER };
      case 'weather_broken':
        return { content: [{ type: 'text', text: 'Warm.' }], structuredContent: { city: 'Paris', temperature: 'warm', conditions: 'sunny' } };
      case 'weather_missing':
        return { content: [{ type: 'text', text: 'Sunny, 21 degrees.' }] };
      case 'structured_only':
        return { content: [], structuredContent: { count: 3 } };
      case 'resources':
        return {
          content: [
            {
              type: 'resource_link',
              uri: 'file:///reports/q3.pdf',
              name: 'q3.pdf',
              title: 'Third quarter report',
              description: 'Sales by region, July to September',
              mimeType: 'application/pdf',
            },
            { type: 'resource', resource: { uri: 'notes://todo.md', mimeType: 'text/markdown', text: '# To do\n- call Ana' } },
            { type: 'resource', resource: { uri: 'file:///reports/q2.pdf', mimeType: 'application/pdf', blob: PDF_BLOB } },
            { type: 'resource', resource: { uri: 'notes://chart.png', mimeType: 'image/png', blob: TINY_PNG } },
          ],
        };
      case 'audiences':
        return {
          content: [
            { type: 'text', text: 'Found 2 flights.' },
            { type: 'text', text: 'Your booking reference is XK-42.', annotations: { audience: ['user'] } },
            { type: 'image', data: TINY_PNG, mimeType: 'image/png', annotations: { audience: ['user'] } },
            { type: 'text', text: 'Internal ids: f-1, f-2.', annotations: { audience: ['assistant'] } },
            { type: 'text', text: 'Both flights leave at noon.', annotations: { audience: ['user', 'assistant'], priority: 1 } },
          ],
        };
      case 'user_only':
        return { content: [{ type: 'text', text: 'A note for you alone.', annotations: { audience: ['user'] } }] };
      case 'shout_logs': {
        // A server that did not announce logging may not send log messages.
        if (!options.logging) return { content: [{ type: 'text', text: 'Nothing to log.' }] };
        const wanted = (['debug', 'info', 'warning', 'error'] as const).filter((at) => level === undefined || rank(at) >= rank(level));
        for (const at of wanted) {
          await extra.sendNotification({ method: 'notifications/message', params: { level: at, logger: 'weather', data: { said: at } } });
        }
        return { content: [{ type: 'text', text: 'Logged.' }] };
      }
      case 'heard':
        return { content: [{ type: 'text', text: JSON.stringify(heard) }] };
      default:
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${request.params.name}`);
    }
  });
  return server;
}

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const rank = (level: LoggingLevel): number => LEVELS.indexOf(level);
