import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { TINY_PNG } from './mcp-notes-server.js';

/** The form sign_up asks for: every kind of field MCP elicitation allows, with titles, descriptions and defaults. */
export const SIGN_UP_SCHEMA = {
  type: 'object' as const,
  properties: {
    email: { type: 'string' as const, format: 'email' as const, title: 'Email', description: 'Where the newsletter goes' },
    height: { type: 'number' as const, title: 'Height in metres', minimum: 0.5, maximum: 3 },
    age: { type: 'integer' as const, title: 'Age', minimum: 0 },
    newsletter: { type: 'boolean' as const, title: 'Newsletter', default: true },
    plan: {
      type: 'string' as const,
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
      default: 'free',
    },
    topics: { type: 'array' as const, title: 'Topics', items: { type: 'string' as const, enum: ['news', 'tips', 'offers'] }, default: ['news'] },
  },
  required: ['email', 'age'],
};

export const CONNECT_URL = 'https://accounts.example.com/connect?state=test';
export const SAMPLING_SYSTEM = 'You write one-line summaries.';
/** What summarize asks for at most; a test's host cap may be lower. */
export const SAMPLING_ASKED_TOKENS = 500;

export interface AskingServerOptions {
  /** Adds `wait`, a tool that holds its call until this settles: a call left in flight while another asks. */
  wait?: () => Promise<void>;
  /** Adds `ask_then_withdraw`, whose form request the server cancels when this settles. */
  withdraw?: () => Promise<void>;
}

/**
 * An MCP server (the official SDK, v1) whose tools ask the client things while they run: a form and a link
 * (elicitation) and a model's answer (sampling), each related to the call that asks, as the SDK sends them.
 */
export function askingMcpServer(options: AskingServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'signup', title: 'Sign-up desk', version: '1.0.0' });
  const related = (requestId: RequestId) => ({ relatedRequestId: requestId, timeout: 300_000 });

  server.registerTool(
    'open_script_link',
    { description: 'Ask the user to open a link that is not a web page.', annotations: { readOnlyHint: true } },
    async (extra) => {
      const result = await server.server.elicitInput(
        { mode: 'url', message: 'Open this.', url: 'javascript:alert(1)', elicitationId: randomUUID() },
        related(extra.requestId),
      );
      return { content: [{ type: 'text', text: `open_script_link: ${result.action}` }] };
    },
  );

  const { withdraw } = options;
  if (withdraw) {
    server.registerTool(
      'ask_then_withdraw',
      { description: 'Ask the user something, then stop asking.', annotations: { readOnlyHint: true } },
      async (extra) => {
        const giveUp = new AbortController();
        void withdraw().then(() => giveUp.abort());
        try {
          await server.server.elicitInput({ mode: 'form', message: 'Quick question?', requestedSchema: { type: 'object', properties: {} } }, { ...related(extra.requestId), signal: giveUp.signal });
          return { content: [{ type: 'text', text: 'ask_then_withdraw: answered' }] };
        } catch {
          return { content: [{ type: 'text', text: 'ask_then_withdraw: withdrawn' }] };
        }
      },
    );
  }

  server.registerTool(
    'sign_up',
    { description: 'Sign the user up for the newsletter, asking them for their details.', annotations: { readOnlyHint: true } },
    async (extra) => {
      const result = await server.server.elicitInput(
        { mode: 'form', message: 'Your details for the newsletter, please.', requestedSchema: SIGN_UP_SCHEMA },
        related(extra.requestId),
      );
      const content = result.action === 'accept' ? ` ${JSON.stringify(result.content)}` : '';
      return { content: [{ type: 'text', text: `sign_up: ${result.action}${content}` }] };
    },
  );

  server.registerTool(
    'connect_account',
    { description: 'Connect the user account, through a page they open.', annotations: { readOnlyHint: true } },
    async (extra) => {
      const result = await server.server.elicitInput(
        { mode: 'url', message: 'Sign in to Example to connect your account.', url: CONNECT_URL, elicitationId: randomUUID() },
        related(extra.requestId),
      );
      return { content: [{ type: 'text', text: `connect_account: ${result.action}` }] };
    },
  );

  server.registerTool(
    'summarize',
    { description: "Summarize a text with the client's model.", inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text }, extra) => {
      try {
        const result = await server.server.createMessage(
          {
            messages: [
              { role: 'user', content: { type: 'text', text: `Summarize: ${text}` } },
              { role: 'user', content: { type: 'image', data: TINY_PNG, mimeType: 'image/png' } },
            ],
            systemPrompt: SAMPLING_SYSTEM,
            maxTokens: SAMPLING_ASKED_TOKENS,
          },
          related(extra.requestId),
        );
        const answer = result.content.type === 'text' ? result.content.text : `[${result.content.type}]`;
        return { content: [{ type: 'text', text: `summary by ${result.model} (${result.stopReason}): ${answer}` }] };
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: `sampling failed: ${(error as Error).message}` }] };
      }
    },
  );

  server.registerTool(
    'client_capabilities',
    { description: 'What the client said it can do.', annotations: { readOnlyHint: true } },
    async () => ({ content: [{ type: 'text', text: JSON.stringify(server.server.getClientCapabilities() ?? {}) }] }),
  );

  if (options.wait) {
    const wait = options.wait;
    server.registerTool('wait', { description: 'Wait until told.', annotations: { readOnlyHint: true } }, async () => {
      await wait();
      return { content: [{ type: 'text', text: 'waited' }] };
    });
  }
  return server;
}
