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

/** The agent: a tool per kind of request, and a reply that says what the tool got. */
function agent() {
  return createAgentChat({
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
  });
}

/** The ends of AG-UI runs that asked, held until a test releases them. */
const held: Array<() => void> = [];

/**
 * The same agent at /api/input-requests-held, except that an AG-UI run that ends at an input request keeps its
 * response open after RUN_FINISHED until POST /__release-held: the moment between a card being drawn and its run's
 * stream ending, made as long as a test needs to answer in it.
 */
function holdAskingRuns(app: Hono): void {
  app.use('/api/input-requests-held/ag-ui', async (c, next) => {
    await next();
    const reader = c.res.body?.getReader();
    if (!reader) return;
    const text = new TextDecoder();
    let asked = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (!done) {
          asked ||= text.decode(value, { stream: true }).includes('"interrupt"');
          return controller.enqueue(value);
        }
        if (asked) await new Promise<void>((release) => held.push(release));
        controller.close();
      },
    });
    c.res = new Response(body, { status: c.res.status, headers: c.res.headers });
  });
  app.use('/__release-held', cors());
  app.post('/__release-held', (c) => {
    const released = held.splice(0);
    for (const release of released) release();
    return c.json({ released: released.length });
  });
}

export function mountInputRequestScenarios(app: Hono): void {
  holdAskingRuns(app);
  for (const path of ['/api/input-requests', '/api/input-requests-held']) {
    app.route(path, agent());
  }
  app.get('/__opened/:id', (c) => {
    opened.add(c.req.param('id'));
    // The tab closes itself: left open in front, it would hold the test page in the background, where frames stop.
    return c.html('<!doctype html><title>Example</title><p>Signed in.</p><script>window.close()</script>');
  });
  app.use('/__was-opened/*', cors());
  app.get('/__was-opened/:id', (c) => c.json({ opened: opened.has(c.req.param('id')) }));
}
