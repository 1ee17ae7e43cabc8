// The agent server scenarios for sub-agents (issue 34.6): the agent starts one searcher per document
// (defineSubagent); a searcher thinks, says what it reads, reads a page and answers, and the searcher of document A
// starts a sub-agent of its own that checks a quote. A message starting with "stop" starts the searchers of B and
// SLOW, whose run says what it reads and then waits until it is stopped; one starting with "fail", the searchers of
// B and BROKEN, whose model fails after it said what it reads. `/api/subagents-usage` is the same agent
// with every model call reporting tokens, and a price for them.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Usage } from '@agent-chat/protocol';
import { createAgentChat, defineSubagent, defineTool, scriptedModel, type Model, type ScriptedRun } from '@agent-chat/server';
import { testAccess } from './test-access.js';
import { SUBAGENTS } from './subagent-texts.js';

const SEARCH_PROMPT = 'Search document ';
const CHECK_PROMPT = 'Check the quote from ';

const readPage = defineTool({
  name: 'read_page',
  description: 'Read the page of a document',
  input: z.object({ document: z.string() }),
  label: 'Reading a page of {document}',
  execute: ({ document }) => `Page 1 of ${document}: see section ${document}2.`,
});

const checkQuote = defineSubagent({
  name: 'check_quote',
  description: 'Check that a quote is in a document',
  input: z.object({ document: z.string() }),
  label: SUBAGENTS.checkLabel,
  prompt: ({ document }) => `${CHECK_PROMPT}${document}`,
  system: 'You check quotes.',
});

const searchDocument = defineSubagent({
  name: 'search_document',
  description: 'Search one document',
  input: z.object({ document: z.string() }),
  label: 'Searching {document}',
  prompt: ({ document }) => `${SEARCH_PROMPT}${document}`,
  system: 'You search one document of the library.',
  tools: [readPage, checkQuote],
});

/** The main agent and every sub-agent on one scripted model, told apart by their first message. */
function script({ text }: { text: string }): ScriptedRun {
  if (text.startsWith(CHECK_PROMPT)) return [[{ text: SUBAGENTS.quoteChecked }]];
  if (text.startsWith(SEARCH_PROMPT)) {
    const document = text.slice(SEARCH_PROMPT.length);
    // Runs until it is stopped: ten minutes is far beyond any test's time bound.
    if (document === 'SLOW') return [[{ text: SUBAGENTS.reading(document) }, { delayMs: 600_000 }]];
    if (document === 'BROKEN') return [[{ text: SUBAGENTS.reading(document) }, { error: SUBAGENTS.brokenModel }]];
    const read = [{ thinking: SUBAGENTS.thinking }, { text: SUBAGENTS.reading(document) }, { tool: 'read_page', input: { document } }];
    return [document === 'A' ? [...read, { tool: 'check_quote', input: { document } }] : read, [{ text: SUBAGENTS.found(document) }]];
  }
  const documents = text.startsWith('stop') ? ['B', 'SLOW'] : text.startsWith('fail') ? ['B', 'BROKEN'] : ['A'];
  return [[{ text: SUBAGENTS.plan }, ...documents.map((document) => ({ tool: 'search_document', input: { document } }))], [{ text: SUBAGENTS.answer }]];
}

/** A model that reports `usage` for each of its calls. */
function reporting(model: Model, usage: Usage): Model {
  return {
    name: model.name,
    ...(model.attachmentTypes ? { attachmentTypes: model.attachmentTypes } : {}),
    async *stream(request) {
      for await (const event of model.stream(request)) yield event.type === 'stop' ? { ...event, usage } : event;
    },
  };
}

export function mountSubagentScenarios(app: Hono): void {
  app.route('/api/subagents', createAgentChat({ ...testAccess, model: scriptedModel(script, { chunkSize: 8 }), tools: [searchDocument] }));
  app.route(
    '/api/subagents-usage',
    createAgentChat({
      ...testAccess,
      model: reporting(scriptedModel(script, { name: 'priced' }), SUBAGENTS.usage),
      tools: [searchDocument],
      prices: { priced: SUBAGENTS.price },
    }),
  );
}
