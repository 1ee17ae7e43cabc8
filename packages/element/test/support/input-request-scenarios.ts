// The agent server scenario for input requests (issue 35.2): tools whose execute asks the user with
// ctx.requestInput (a form, a link to open, a sampling approval) and return the answer, which the scripted model then
// says back, so a test reads in the reply what the tool got. The link's URL is the test server's own /__opened/:id, so
// a test sees whether (and when) a browser tab went there.
import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Turn } from '@agent-chat/protocol';
import { createAgentChat, defineSubagent, defineTool, scriptedModel } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { BOOKING_SCHEMA, INPUTS } from './input-request-texts.js';

const bookTable = defineTool({
  name: 'book_table',
  description: 'Book a table, asking the user the details',
  input: z.object({}),
  label: 'Booking a table',
  execute: (_input, ctx) => ctx.requestInput({ kind: 'form', server: INPUTS.server, message: INPUTS.formMessage, schema: BOOKING_SCHEMA }),
});

const connectAccount = defineTool({
  name: 'connect_account',
  description: 'Connect an account on another site',
  input: z.object({ url: z.string() }),
  label: 'Connecting the account',
  execute: async ({ url }, ctx) => (await ctx.requestInput({ kind: 'url', server: INPUTS.server, message: INPUTS.linkMessage, url })).action,
});

const summarize = defineTool({
  name: 'summarize',
  description: 'Summarize with the app’s model',
  input: z.object({}),
  label: 'Summarizing',
  execute: async (_input, ctx) =>
    (
      await ctx.requestInput({
        kind: 'sampling',
        server: INPUTS.server,
        message: INPUTS.samplingMessage,
        sampling: {
          systemPrompt: INPUTS.samplingSystem,
          messages: [{ role: 'user', text: INPUTS.samplingText }],
          maxTokens: INPUTS.samplingMaxTokens,
        },
      })
    ).action,
});

const CONCIERGE = 'You book tables for the user.';

/** A sub-agent whose booking asks the user: the card is drawn in its branch. */
const concierge = defineSubagent({
  name: 'concierge',
  description: 'Book a table through the concierge',
  input: z.object({}),
  label: INPUTS.conciergeLabel,
  prompt: () => 'Book a table',
  system: CONCIERGE,
  tools: [bookTable],
});

function lastOutput(turns: readonly Turn[]): unknown {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? result.output : undefined;
}

/** The ids the test server's /__opened/:id was asked for: a tab the user opened from a link card. */
const opened = new Set<string>();

export function mountInputRequestScenarios(app: Hono): void {
  app.route(
    '/api/input-requests',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text, system, turns }) => {
        if (system.includes(CONCIERGE)) return [[{ tool: 'book_table', input: {} }], [{ text: INPUTS.reply(lastOutput(turns)) }]];
        const call = text.startsWith(INPUTS.concierge)
          ? { tool: 'concierge', input: {} }
          : text.startsWith(INPUTS.link)
          ? { tool: 'connect_account', input: { url: text.slice(INPUTS.link.length).trim() } }
          : text.startsWith(INPUTS.sampling)
            ? { tool: 'summarize', input: {} }
            : { tool: 'book_table', input: {} };
        return [[call], [{ text: INPUTS.reply(lastOutput(turns)) }]];
      }),
      tools: [bookTable, connectAccount, summarize, concierge],
    }),
  );
  app.get('/__opened/:id', (c) => {
    opened.add(c.req.param('id'));
    // The tab closes itself: left open in front, it would hold the test page in the background, where frames stop.
    return c.html('<!doctype html><title>Example</title><p>Signed in.</p><script>window.close()</script>');
  });
  app.use('/__was-opened/*', cors());
  app.get('/__was-opened/:id', (c) => c.json({ opened: opened.has(c.req.param('id')) }));
}
