import type { SessionResponse, StreamEvent, ToolCallEvent, ToolResultEvent, Turn } from '@agent-chat/protocol';
import { DEFAULT_CLAUDE_MODEL } from '@agent-chat/server';
import { FAKE_ANTHROPIC_API_KEY, readAgentEvents, serveApp, startFakeAnthropic, type FakeReply, type RecordedRequest } from '@agent-chat/server/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyExample } from '../study/example.js';
import { SEARCHER_ROLE } from '../study/server/document-searcher.js';
import { library } from '../study/server/library.js';
import type { DocumentHits } from '../study/server/library-search.js';
import { startDemoServer, type DemoServer } from './support/demo-server.js';

// Seed 004's search sub-agents (issue 34, point 8), over HTTP against the example's server: searchLibrary and
// findRelatedContent start one sub-agent per document, at once; each reads its own document with its read tools and
// says what it found; the tool's result is their answers ranked together; the session keeps the tree. Offline, the
// demo model plays the sub-agents; with ANTHROPIC_API_KEY, Claude does, on the fast model (AGENT_CHAT_FAST_MODEL).

const DOCUMENTS = library.list().map((doc) => doc.id);

let learners = 0;
/** The study page's context: a learner of its own, reading page 1 of the cell cycle. */
function studyPage() {
  return {
    learnerId: `searcher-${Date.now()}-${learners++}`,
    document: { id: 'cell-cycle', title: 'The Cell Cycle', currentPage: 1, totalPages: 3 },
    visibleText: '',
    highlightsOnPage: [],
    notesExcerpt: '',
    flashcardDeck: { cards: 0 },
  };
}

async function send(url: string, session: string, text: string): Promise<StreamEvent[]> {
  const response = await fetch(`${url}/sessions/${session}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, context: studyPage() }),
  });
  expect(response.status).toBe(200);
  const events = (await readAgentEvents(response)).map((event) => event.data);
  expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  return events;
}

const calls = (events: StreamEvent[]) => events.filter((event): event is ToolCallEvent => event.type === 'tool_call');
const results = (events: StreamEvent[]) => events.filter((event): event is ToolResultEvent => event.type === 'tool_result');
const resultOf = (events: StreamEvent[], toolCallId: string) => results(events).find((event) => event.toolCallId === toolCallId);

/**
 * The tree of one search tool's call, checked as it streamed: its sub-agents (one per document of `documents`, named
 * by it); each started before any of them answered; each read its own document and said something. Returns the
 * tool's result and each sub-agent's answer, by document.
 */
function searchTree(events: StreamEvent[], tool: string, documents: readonly string[]) {
  const call = calls(events).find((event) => event.name === tool && !event.parentCallId);
  expect(call, tool).toBeDefined();
  const searchers = calls(events).filter((event) => event.parentCallId === call!.toolCallId);
  expect(searchers.map((event) => event.name)).toEqual(documents.map((id) => `search_${id}`));
  expect(searchers.every((event) => event.subagent)).toBe(true);

  // At once: every sub-agent was reading its document before the first of them answered.
  const ids = new Set(searchers.map((event) => event.toolCallId));
  const firstAnswer = events.findIndex((event) => event.type === 'tool_result' && ids.has(event.toolCallId));
  const answers = new Map<string, DocumentHits>();
  for (const [index, searcher] of searchers.entries()) {
    const documentId = documents[index]!;
    const branch = events.filter((event) => 'parentCallId' in event && event.parentCallId === searcher.toolCallId);
    const firstRead = events.findIndex((event) => event.type === 'tool_call' && event.parentCallId === searcher.toolCallId && event.name === 'readPages');
    expect(firstRead, documentId).toBeGreaterThan(-1);
    expect(firstRead, documentId).toBeLessThan(firstAnswer);
    // Its read tools read its document, and no other.
    const reads = results(branch).filter((event) => event.name === 'readPages');
    expect(reads.map((event) => (event.output as { documentId: string }).documentId)).toEqual([documentId]);
    // It said what it found, in its branch.
    expect(branch.some((event) => event.type === 'text_delta')).toBe(true);
    const answer = resultOf(events, searcher.toolCallId)!.output as DocumentHits;
    expect(answer).toMatchObject({ documentId });
    answers.set(documentId, answer);
  }
  return { call: call!, searchers, result: resultOf(events, call!.toolCallId)!.output as Record<string, unknown>, answers };
}

/** The answers with passages, ranked as the tools rank them: best passage first, document order breaking ties. */
function ranked(answers: Map<string, DocumentHits>): DocumentHits[] {
  return [...answers.values()].filter((answer) => answer.passages.length > 0).sort((a, b) => b.relevance - a.relevance);
}

async function storedSession(url: string, session: string): Promise<SessionResponse> {
  return (await (await fetch(`${url}/sessions/${session}`)).json()) as SessionResponse;
}

describe('examples/study: search sub-agents, one per document (issue 34, point 8), on the offline demo model', () => {
  let server: DemoServer;
  beforeAll(async () => (server = await startDemoServer()));
  afterAll(() => server?.close());
  const agent = () => `${server.url}/study/api/agent`;

  it('searchLibrary starts one sub-agent per document at once, each reads its own document, and the result aggregates their answers', async () => {
    const session = `search-${Date.now()}`;
    const events = await send(agent(), session, 'Search the library for energy');
    const { call, searchers, result, answers } = searchTree(events, 'searchLibrary', DOCUMENTS);

    expect(result.searched).toEqual(DOCUMENTS);
    const documents = result.documents as DocumentHits[];
    // Each document that answered, once, best first, as its sub-agent reported it (8 passages in all at most).
    expect(documents.map((doc) => doc.documentId)).toEqual(ranked(answers).map((answer) => answer.documentId));
    expect(documents.length).toBeGreaterThan(1);
    for (const doc of documents) expect(doc).toEqual({ ...answers.get(doc.documentId), passages: answers.get(doc.documentId)!.passages.slice(0, doc.passages.length) });
    expect(documents.reduce((sum, doc) => sum + doc.passages.length, 0)).toBeLessThanOrEqual(8);
    // The main agent summed it up from the result: a line per document.
    const answer = calls(events).find((event) => event.name === 'final_answer' && !event.parentCallId)!;
    for (const doc of documents) expect(String((answer.input as { summary: string }).summary)).toContain(doc.title);

    // Stored as streamed: the session's turns hold the call and its result; the branches are its subagentTurns.
    const stored = await storedSession(agent(), session);
    const mainCalls = stored.turns.flatMap((turn) => (turn.type === 'tool_call' ? [turn.name] : []));
    expect(mainCalls).toEqual(['searchLibrary', 'final_answer']);
    const sub = stored.subagentTurns ?? [];
    const underCall = sub.filter((turn): turn is Extract<Turn, { type: 'tool_call' }> => turn.type === 'tool_call' && turn.parentCallId === call.toolCallId);
    expect(underCall.map((turn) => turn.name)).toEqual(DOCUMENTS.map((id) => `search_${id}`));
    for (const searcher of searchers) {
      const branch = sub.filter((turn) => turn.parentCallId === searcher.toolCallId);
      expect(branch[0]).toMatchObject({ type: 'user' });
      expect(branch.filter((turn) => turn.type === 'tool_call').map((turn) => (turn.type === 'tool_call' ? turn.name : ''))[0]).toBe('readPages');
      expect(branch.at(-1)?.type).toBe('assistant_text');
    }
  });

  it('findRelatedContent starts one sub-agent per other document, leaves out the open one, and aggregates them', async () => {
    const session = `related-${Date.now()}`;
    const events = await send(agent(), session, 'Find related content about energy');
    const others = DOCUMENTS.filter((id) => id !== 'cell-cycle');
    const { result, answers } = searchTree(events, 'findRelatedContent', others);
    expect(result.currentDocumentId).toBe('cell-cycle');
    const related = result.related as DocumentHits[];
    expect(related.map((doc) => doc.documentId)).toEqual(['photosynthesis', 'water-cycle']);
    expect(related.map((doc) => doc.documentId)).toEqual(ranked(answers).map((answer) => answer.documentId));
    for (const doc of related) expect(doc.passages).toEqual(answers.get(doc.documentId)!.passages);
  });
});

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

const FAST = 'claude-fast-test';
/** The passage Claude, as the photosynthesis searcher, reports. */
const REPORTED = { source: 'document', page: 1, text: 'Photosynthesis turns light energy into chemical energy.', relevance: 0.9 } as const;

/**
 * Claude's side, by request: the study agent calls searchLibrary, then answers; each searcher reads its document,
 * reports (a passage from photosynthesis, none elsewhere), then says what it found.
 */
function claudeReply(body: RecordedRequest): FakeReply {
  const system = JSON.stringify(body['system'] ?? '');
  const messages = body['messages'] as unknown[];
  if (system.includes(SEARCHER_ROLE)) {
    const photosynthesis = system.includes('“Photosynthesis”');
    if (messages.length === 1) return { content: [{ type: 'tool_use', id: `toolu_read_${messages.length}_${Math.random().toString(36).slice(2)}`, name: 'readPages', input: {} }] };
    if (messages.length === 3) {
      const passages = photosynthesis ? [REPORTED] : [];
      return { content: [{ type: 'tool_use', id: `toolu_report_${Math.random().toString(36).slice(2)}`, name: 'reportPassages', input: { passages } }] };
    }
    return { content: [{ type: 'text', text: photosynthesis ? 'Page 1 says light energy becomes chemical energy.' : 'It does not mention light energy.' }] };
  }
  if (messages.length === 1) return { content: [{ type: 'tool_use', id: 'toolu_search', name: 'searchLibrary', input: { query: 'light energy' } }] };
  return { content: [{ type: 'text', text: 'Photosynthesis covers it, on page 1.' }] };
}

describe('examples/study: search sub-agents on Claude', () => {
  it('with ANTHROPIC_API_KEY, Claude plays the main agent and, on AGENT_CHAT_FAST_MODEL, each search sub-agent; their reports are the result', async () => {
    const fake = await startFakeAnthropic({ replies: claudeReply });
    const dataDir = await mkdtemp(join(tmpdir(), 'study-claude-'));
    const names = ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'AGENT_CHAT_FAST_MODEL', 'AGENT_CHAT_PROVIDER', 'AGENT_CHAT_MODEL'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    Object.assign(process.env, { ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: fake.baseURL, AGENT_CHAT_FAST_MODEL: FAST });
    delete process.env.AGENT_CHAT_PROVIDER;
    delete process.env.AGENT_CHAT_MODEL;
    const server = await serveApp(studyExample.create({ dataDir }));
    try {
      const events = await send(`${server.url}/api/agent`, 'claude-search', 'What does my library say about light energy?');
      const { result, answers } = searchTree(events, 'searchLibrary', DOCUMENTS);
      expect(result.documents).toEqual([{ documentId: 'photosynthesis', title: 'Photosynthesis', subject: 'Biology', relevance: 0.9, passages: [REPORTED], summary: 'Page 1 says light energy becomes chemical energy.' }]);
      expect(answers.get('water-cycle')).toMatchObject({ passages: [], summary: 'It does not mention light energy.' });

      // Two calls of the main model on the main one; three per searcher (read, report, say) on the fast one.
      const requests = fake.requests as { model: string; system?: unknown }[];
      const searcherCalls = requests.filter((request) => JSON.stringify(request.system ?? '').includes(SEARCHER_ROLE));
      expect(searcherCalls).toHaveLength(3 * DOCUMENTS.length);
      expect(new Set(searcherCalls.map((request) => request.model))).toEqual(new Set([FAST]));
      const mainCalls = requests.filter((request) => !searcherCalls.includes(request));
      expect(mainCalls.map((request) => request.model)).toEqual([DEFAULT_CLAUDE_MODEL, DEFAULT_CLAUDE_MODEL]);
    } finally {
      for (const name of names) restoreEnv(name, saved[name]);
      await server.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
