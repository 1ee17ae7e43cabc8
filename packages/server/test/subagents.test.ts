import type { StreamEvent, ToolResultEvent, Usage } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineSubagent, defineTool } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type FakeReply, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// Sub-agents (issue 34, points 1, 2, 3 and 5), through the real Anthropic SDK against the fake Messages API, which
// checks every request's history as the real API does: three searchers started in one step run at once; one of them
// is stopped alone while the others finish and the agent answers; a plain Stop stops them all; the stored tree is the
// streamed one; usage is summed per call, per branch and per turn, and priced.

const SEARCHER = 'You search one document of the library and report what it says.';
const DOCS = ['A', 'B', 'C'] as const;
const PRICE = { input: 3, output: 15, cacheRead: 0.3 };
/** What each kind of model call reports (a main agent's call, a searcher's), so that sums can be checked. */
const MAIN_USAGE = { inputTokens: 100, outputTokens: 10 };
const SEARCHER_USAGE = { inputTokens: 20, outputTokens: 5, cacheReadInputTokens: 4 };

const readPage = defineTool({
  name: 'read_page',
  description: 'Read the page of a document',
  input: z.object({ document: z.string() }),
  execute: ({ document }) => `Page 1 of ${document}: the answer is in section ${document}2.`,
});

const searchDocument = defineSubagent({
  name: 'search_document',
  description: 'Search one document for the question, with a fast model',
  input: z.object({ document: z.string(), question: z.string() }),
  label: 'Searching {document}',
  prompt: ({ document, question }) => `Search document ${document} for: ${question}`,
  system: SEARCHER,
  tools: [readPage],
});

/** One test's plan: how its calls are answered, and what each waits for. */
interface Plan {
  /** A searcher's first call waits for this (all three in flight: proof they overlap). */
  firstCall?: (document: string) => Promise<unknown> | undefined;
  /** A searcher's second call (after its page was read) waits for this. */
  secondCall?: (document: string) => Promise<unknown> | undefined;
}
const plans = new Map<string, Plan>();
/** Every usage the fake reported, by the session whose run asked (named in the user's first message). */
const reported = new Map<string, Usage[]>();
const searchersInFlight = new Map<string, Set<string>>();

function textOf(value: unknown): string {
  return JSON.stringify(value);
}

function reply(session: string, body: RecordedRequest): FakeReply {
  const messages = body['messages'] as { role: string; content: unknown }[];
  const system = textOf(body['system'] ?? '');
  const users = messages.filter((message) => message.role === 'user').length;
  const plan = plans.get(session) ?? {};
  const count = (usage: { inputTokens: number; outputTokens: number; cacheReadInputTokens?: number }) => {
    const list = reported.get(session) ?? reported.set(session, []).get(session)!;
    // The API's input_tokens leave out what was read from the cache; a request's input is both.
    const cacheRead = usage.cacheReadInputTokens ?? 0;
    list.push({ inputTokens: usage.inputTokens + cacheRead, outputTokens: usage.outputTokens, ...(cacheRead ? { cacheReadTokens: cacheRead } : {}) });
    return usage;
  };
  if (system.includes(SEARCHER)) {
    const document = /Search document (\w)/.exec(textOf(messages[0]))![1]!;
    if (users === 1) {
      return {
        content: [
          { type: 'text', text: `Reading ${document}.` },
          { type: 'tool_use', id: `toolu_${session}_read_${document}`, name: 'read_page', input: { document } },
        ],
        usage: count(SEARCHER_USAGE),
        ...(plan.firstCall?.(document) ? { holdUntil: plan.firstCall(document)! } : {}),
      };
    }
    return {
      content: [{ type: 'text', text: `In ${document}, the answer is in section ${document}2.` }],
      usage: count(SEARCHER_USAGE),
      ...(plan.secondCall?.(document) ? { holdUntil: plan.secondCall(document)! } : {}),
    };
  }
  if (users === 1) {
    return {
      content: DOCS.map((document) => ({ type: 'tool_use' as const, id: `toolu_${session}_search_${document}`, name: 'search_document', input: { document, question: `session ${session}: where is the answer?` } })),
      usage: count(MAIN_USAGE),
    };
  }
  return { content: [{ type: 'text', text: 'All three documents were searched.' }], usage: count(MAIN_USAGE) };
}

let fake: FakeAnthropic;
let server: RunningServer;
beforeAll(async () => {
  fake = await startFakeAnthropic({
    // Every first message names its session: the user's, and a searcher's (its question carries it).
    replies: (body) => reply(/session (\w+)/.exec(textOf((body['messages'] as unknown[])[0]))?.[1] ?? 'unknown', body),
  });
  const claude = anthropicModel({ model: 'claude-test', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL });
  server = await serveApp(createAgentChat({ model: claude, tools: [searchDocument], prices: { 'claude-test': PRICE } }));
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
const client = () => sameBrowser(server.url);

const data = (events: ReceivedEvent[]) => events.map((event) => event.data);
const branch = (events: StreamEvent[], callId: string) => events.filter((event) => 'parentCallId' in event && event.parentCallId === callId);
const resultOf = (events: StreamEvent[], callId: string) =>
  events.find((event): event is ToolResultEvent => event.type === 'tool_result' && event.toolCallId === callId && !event.parentCallId);

/** Resolves once all three searchers of `session` have sent their first call: they are in flight together. */
function allThreeInFlight(session: string): (document: string) => Promise<void> {
  let release!: () => void;
  const all = new Promise<void>((resolve) => (release = resolve));
  const seen = new Set<string>();
  searchersInFlight.set(session, seen);
  return (document) => {
    seen.add(document);
    if (seen.size === DOCS.length) release();
    return all;
  };
}

function sumOf(usages: readonly Usage[]): Usage {
  const total: Usage = { inputTokens: 0, outputTokens: 0 };
  for (const usage of usages) {
    total.inputTokens += usage.inputTokens;
    total.outputTokens += usage.outputTokens;
    if (usage.cacheReadTokens) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + usage.cacheReadTokens;
  }
  return total;
}

const costOf = (usage: Usage) =>
  ((usage.inputTokens - (usage.cacheReadTokens ?? 0)) * PRICE.input + (usage.cacheReadTokens ?? 0) * PRICE.cacheRead + usage.outputTokens * PRICE.output) / 1_000_000;

describe('sub-agents', () => {
  it('runs the three sub-agents of one step at once, streams each branch under its call, and stores the same tree', async () => {
    plans.set('p1', { firstCall: allThreeInFlight('p1') });
    const events = data(await client().run('p1', { text: 'Study session p1: where is the answer?' }));
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // The fake held each searcher's first answer until all three asked: they could only finish by running at once.
    expect(searchersInFlight.get('p1')?.size).toBe(3);

    for (const document of DOCS) {
      const callId = `toolu_p1_search_${document}`;
      expect(events.find((event) => event.type === 'tool_call' && event.toolCallId === callId)).toMatchObject({ subagent: true, label: `Searching ${document}` });
      const steps = branch(events, callId);
      expect(steps.map((event) => event.type)).toEqual(expect.arrayContaining(['text_delta', 'tool_call', 'tool_result']));
      expect(resultOf(events, callId)).toMatchObject({ output: `In ${document}, the answer is in section ${document}2.`, isError: false });
    }
    expect(events.findLast((event) => event.type === 'text_delta')).toMatchObject({ text: expect.any(String) });
    expect(events.filter((event) => event.type === 'text_delta' && !event.parentCallId).map((event) => event.type === 'text_delta' && event.text).join('')).toBe(
      'All three documents were searched.',
    );

    // A reload shows the same tree: the stored sub-agent turns are the streamed ones, under the same calls.
    const history = await client().history('p1');
    expect(history.turns.some((turn) => turn.parentCallId)).toBe(false);
    for (const document of DOCS) {
      const callId = `toolu_p1_search_${document}`;
      const stored = (history.subagentTurns ?? []).filter((turn) => turn.parentCallId === callId);
      expect(stored.map((turn) => turn.type)).toEqual(['user', 'assistant_text', 'tool_call', 'tool_result', 'assistant_text']);
      const streamedIds = new Set(branch(events, callId).flatMap((event) => ('turnId' in event ? [event.turnId] : [])));
      expect(new Set(stored.filter((turn) => turn.type !== 'user').map((turn) => turn.id))).toEqual(streamedIds);
    }
  });

  it('counts usage per model call, sums it per branch and per turn, and prices it', async () => {
    plans.set('p4', {});
    const events = data(await client().run('p4', { text: 'Study session p4: where is the answer?' }));
    const done = events.at(-1);
    const all = sumOf(reported.get('p4')!);
    // 2 main calls and 2 calls per searcher, as the fake reported them.
    expect(reported.get('p4')).toHaveLength(2 + 2 * DOCS.length);
    expect(done).toMatchObject({ type: 'done', usage: { ...all, cost: expect.closeTo(costOf(all), 12) } });
    for (const document of DOCS) {
      const call = { inputTokens: SEARCHER_USAGE.inputTokens + SEARCHER_USAGE.cacheReadInputTokens, outputTokens: SEARCHER_USAGE.outputTokens, cacheReadTokens: SEARCHER_USAGE.cacheReadInputTokens };
      const branchUsage = sumOf([call, call]);
      expect(resultOf(events, `toolu_p4_search_${document}`)?.usage).toEqual({ ...branchUsage, cost: expect.closeTo(costOf(branchUsage), 12) });
    }
    const history = await client().history('p4');
    const userTurn = history.turns.find((turn) => turn.type === 'user')!;
    expect(history.usage?.[userTurn.id]).toEqual({ ...all, cost: expect.closeTo(costOf(all), 12) });
  });

  it('stops one sub-agent alone: its call says so with what it had found, the others finish, the agent answers', async () => {
    let stopB!: () => void;
    const stoppedB = new Promise<void>((resolve) => (stopB = resolve));
    plans.set('p2', { secondCall: (document) => (document === 'B' ? stoppedB : undefined) });
    const callB = 'toolu_p2_search_B';
    const events = data(
      await client().run('p2', { text: 'Study session p2: where is the answer?' }, (event) => {
        // Once B has read its page (its second model call is under way and held), stop B alone.
        if (event.data.type === 'tool_result' && event.data.parentCallId === callB) {
          void client()
            .cancel('p2', { toolCallId: callB })
            .then((response) => response.json())
            .then(() => stopB());
        }
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(resultOf(events, callB)).toMatchObject({ isError: false, stopped: true, output: expect.stringContaining('Stopped by the user before it finished') });
    expect(resultOf(events, callB)?.output).toContain('Reading B.');
    for (const document of ['A', 'C']) {
      expect(resultOf(events, `toolu_p2_search_${document}`)).toMatchObject({ output: `In ${document}, the answer is in section ${document}2.`, isError: false });
      expect(resultOf(events, `toolu_p2_search_${document}`)).not.toHaveProperty('stopped');
    }
    // The agent answered after all three results: the fake took its request, whose history it validates.
    expect(events.filter((event) => event.type === 'text_delta' && !event.parentCallId).length).toBeGreaterThan(0);
    const history = await client().history('p2');
    expect(history.turns.filter((turn) => turn.type === 'tool_result').map((turn) => turn.type === 'tool_result' && [turn.toolCallId, turn.stopped ?? false])).toEqual(
      expect.arrayContaining([[callB, true], ['toolu_p2_search_A', false], ['toolu_p2_search_C', false]]),
    );
  });

  it('a plain Stop stops every branch and the run; the history it leaves is valid for the next message', async () => {
    let ready!: () => void;
    const allAsked = new Promise<void>((resolve) => (ready = resolve));
    const waitAll = allThreeInFlight('p3');
    // Each first call is held until the run is stopped (it never is answered otherwise).
    let stopped!: () => void;
    const stop = new Promise<void>((resolve) => (stopped = resolve));
    plans.set('p3', {
      firstCall: (document) => {
        void waitAll(document).then(ready);
        return stop;
      },
    });
    void allAsked.then(async () => {
      await (await client().cancel('p3')).json();
      stopped();
    });
    const events = data(await client().run('p3', { text: 'Study session p3: where is the answer?' }));
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'cancelled' });
    for (const document of DOCS) {
      expect(resultOf(events, `toolu_p3_search_${document}`)).toMatchObject({ stopped: true, output: expect.stringContaining('the user stopped the run') });
    }
    plans.set('p3', {});
    const next = data(await client().run('p3', { text: 'Study session p3: go on' }));
    expect(next.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('answers a cancel for a call that runs no sub-agent with the run untouched', async () => {
    const response = await client().cancel('nobody-here', { toolCallId: 'toolu_x' });
    expect(response.status).toBe(404);
    const bad = await client().cancel('p1', { toolCallId: 42 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { field: 'toolCallId' } });
  });
});
