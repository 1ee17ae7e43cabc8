// A small AG-UI agent server that is not ours: plain node:http, AG-UI's own schemas (@ag-ui/core) to check what
// comes in and what goes out, and AG-UI's own encoder (@ag-ui/encoder) to write the stream. <agent-chat
// transport="ag-ui"> is tested against it (ag-ui-transport.test.ts). Each run is scripted by the last user message:
// see AG_UI_ASK. It records every RunAgentInput it was sent, by thread, for the test to read (GET /requests).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { EventSchemas, RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { AG_UI_ASK, AG_UI_TEXT } from './ag-ui-texts.js';

export interface AgUiServer {
  url: string;
  close(): Promise<void>;
}

/** One run as the server saw it. */
export interface AgUiRecord {
  input: RunAgentInput;
  /** The connection closed before the run finished (the element's Stop). */
  closedEarly: boolean;
}

type Emit = (event: BaseEvent) => void;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const TOOL_ID = 'call-weather-1';
const DELETE_ID = 'call-delete-1';
const INTERRUPT_ID = 'interrupt-delete-1';
const PAGE_ID = 'call-page-1';
const PICK_ID = 'call-pick-1';
const LOOKUP_ID = 'call-lookup-1';
/** The two files AG_UI_ASK.both deletes, and their calls' ids. */
const BOTH = [
  ['a.txt', 'call-delete-a'],
  ['b.txt', 'call-delete-b'],
] as const;
const BOTH_PREFIX = 'both-';

/** Streams `text` as one assistant message in a few deltas. */
function say(emit: Emit, messageId: string, text: string): void {
  emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent);
  for (const piece of text.match(/.{1,12}/gs) ?? []) emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: piece } as BaseEvent);
  emit({ type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent);
}

/** The script of one run: what it emits between RUN_STARTED and its end; returns the RUN_FINISHED's outcome. */
async function script(input: RunAgentInput, emit: Emit, closed: () => boolean): Promise<BaseEvent | undefined> {
  const finished = (outcome?: unknown) => ({ type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId, ...(outcome ? { outcome } : {}) }) as BaseEvent;
  if (input.resume?.some((entry) => entry.interruptId.startsWith(BOTH_PREFIX))) {
    // Both deletes of AG_UI_ASK.both, answered together (AG-UI's rule 3: every open interrupt in one resume).
    const ids = input.resume.map((entry) => entry.interruptId).sort();
    const approved = input.resume.every((entry) => entry.status === 'resolved' && (entry.payload as { approved?: unknown })?.approved === true);
    if (ids.join() !== BOTH.map(([, id]) => `${BOTH_PREFIX}${id}`).join() || !approved) {
      return { type: EventType.RUN_ERROR, message: `Unexpected resume: ${JSON.stringify(input.resume)}`, code: 'bad_resume' } as BaseEvent;
    }
    for (const [file, id] of BOTH) {
      emit({ type: EventType.TOOL_CALL_RESULT, messageId: `result-${id}`, toolCallId: id, content: JSON.stringify({ deleted: file }), role: 'tool' } as BaseEvent);
    }
    say(emit, 'reply-after-both', AG_UI_TEXT.deletedBoth);
    return finished({ type: 'success' });
  }
  const cancelled = input.resume?.length && input.resume.every((entry) => entry.status === 'cancelled');
  if (input.resume?.length && !cancelled) {
    const [entry] = input.resume;
    // What the element must send back for the interrupt it showed as a card (AG-UI 1.0's tool approval).
    const payload = entry?.payload as { approved?: unknown } | undefined;
    if (input.resume.length !== 1 || entry?.interruptId !== INTERRUPT_ID || entry.status !== 'resolved' || typeof payload?.approved !== 'boolean') {
      return { type: EventType.RUN_ERROR, message: `Unexpected resume: ${JSON.stringify(input.resume)}`, code: 'bad_resume' } as BaseEvent;
    }
    if (payload.approved) {
      emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'result-delete-1', toolCallId: DELETE_ID, content: JSON.stringify({ deleted: 'notes.txt' }), role: 'tool' } as BaseEvent);
      say(emit, 'reply-after-delete', AG_UI_TEXT.deleted);
    } else {
      say(emit, 'reply-after-deny', AG_UI_TEXT.kept);
    }
    return finished({ type: 'success' });
  }
  const latest = input.messages.at(-1);
  if (latest?.role === 'tool') {
    // The page ran the frontend tool this thread's last run left to it, and sent its result as a tool message.
    if (latest.toolCallId !== PAGE_ID && latest.toolCallId !== PICK_ID) return { type: EventType.RUN_ERROR, message: `Unexpected tool message for ${latest.toolCallId}`, code: 'bad_tool_message' } as BaseEvent;
    say(emit, `page-${input.runId}`, `${AG_UI_TEXT.pageSays}${typeof latest.content === 'string' ? latest.content : ''}`);
    return finished({ type: 'success' });
  }
  const last = input.messages.findLast((message) => message.role === 'user');
  // A new message instead of answers (AG-UI's rule 4: the open interrupts come back cancelled beside it).
  if (cancelled && last?.content !== AG_UI_TEXT.instead) {
    return { type: EventType.RUN_ERROR, message: `Unexpected cancelled resume: ${JSON.stringify(input.resume)}`, code: 'bad_resume' } as BaseEvent;
  }
  const asked = typeof last?.content === 'string' ? last.content : '';
  switch (asked) {
    case AG_UI_ASK.full:
      emit({ type: EventType.REASONING_START, messageId: 'reasoning-1' } as BaseEvent);
      emit({ type: EventType.REASONING_MESSAGE_START, messageId: 'reasoning-1', role: 'reasoning' } as BaseEvent);
      emit({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'reasoning-1', delta: AG_UI_TEXT.thinking } as BaseEvent);
      emit({ type: EventType.REASONING_MESSAGE_END, messageId: 'reasoning-1' } as BaseEvent);
      emit({ type: EventType.REASONING_END, messageId: 'reasoning-1' } as BaseEvent);
      say(emit, 'text-1', AG_UI_TEXT.before);
      emit({ type: EventType.TOOL_CALL_START, toolCallId: TOOL_ID, toolCallName: 'get_weather', parentMessageId: 'text-1' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: TOOL_ID, delta: '{"city":' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: TOOL_ID, delta: '"Lyon"}' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_END, toolCallId: TOOL_ID } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_RESULT, messageId: 'result-1', toolCallId: TOOL_ID, content: '{"sky":"clear","celsius":21}', role: 'tool' } as BaseEvent);
      emit({ type: EventType.STATE_SNAPSHOT, snapshot: { city: 'Lyon', forecasts: ['clear'] } } as BaseEvent);
      emit({
        type: EventType.STATE_DELTA,
        delta: [
          { op: 'replace', path: '/city', value: 'Paris' },
          { op: 'add', path: '/forecasts/-', value: 'rain' },
          { op: 'add', path: '/units', value: 'celsius' },
        ],
      } as BaseEvent);
      say(emit, 'text-2', AG_UI_TEXT.after);
      // The agent's account of the thread, with a message of its own the client never saw streamed.
      emit({
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          ...input.messages,
          { id: 'text-1', role: 'assistant', content: AG_UI_TEXT.before, toolCalls: [{ id: TOOL_ID, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } }] },
          { id: 'result-1', role: 'tool', toolCallId: TOOL_ID, content: '{"sky":"clear","celsius":21}' },
          { id: 'text-2', role: 'assistant', content: AG_UI_TEXT.after },
          { id: 'note-1', role: 'assistant', content: AG_UI_TEXT.note },
        ],
      } as BaseEvent);
      return finished({ type: 'success' });
    case AG_UI_ASK.approve:
      say(emit, 'text-ask', AG_UI_TEXT.asking);
      emit({ type: EventType.TOOL_CALL_START, toolCallId: DELETE_ID, toolCallName: 'delete_file', parentMessageId: 'text-ask' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: DELETE_ID, delta: '{"path":"notes.txt"}' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_END, toolCallId: DELETE_ID } as BaseEvent);
      return finished({
        type: 'interrupt',
        interrupts: [
          {
            id: INTERRUPT_ID,
            reason: 'tool_call',
            toolCallId: DELETE_ID,
            message: AG_UI_TEXT.approval,
            responseSchema: { type: 'object', properties: { approved: { type: 'boolean' } }, required: ['approved'] },
          },
        ],
      });
    case AG_UI_ASK.clientTool:
      // A frontend tool: the run finishes, naming the call it leaves to the page (AG-UI's pendingToolCallIds).
      emit({ type: EventType.TOOL_CALL_START, toolCallId: PAGE_ID, toolCallName: 'read_page' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: PAGE_ID, delta: '{"part":"title"}' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_END, toolCallId: PAGE_ID } as BaseEvent);
      return finished({ type: 'success', pendingToolCallIds: [PAGE_ID] });
    case AG_UI_ASK.pick:
      emit({ type: EventType.TOOL_CALL_START, toolCallId: PICK_ID, toolCallName: 'pick_plan' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: PICK_ID, delta: '{"options":["basic","pro"]}' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_END, toolCallId: PICK_ID } as BaseEvent);
      return finished({ type: 'success', pendingToolCallIds: [PICK_ID] });
    case AG_UI_ASK.slowTool:
    case AG_UI_ASK.failTool:
      emit({ type: EventType.TOOL_CALL_START, toolCallId: LOOKUP_ID, toolCallName: 'look_up' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: LOOKUP_ID, delta: '{"q":"x"}' } as BaseEvent);
      emit({ type: EventType.TOOL_CALL_END, toolCallId: LOOKUP_ID } as BaseEvent);
      if (asked === AG_UI_ASK.failTool) return { type: EventType.RUN_ERROR, message: AG_UI_TEXT.failure, code: 'model_overloaded' } as BaseEvent;
      // Until the client goes away (Stop), or a minute at most: the call never gets its result.
      for (let i = 0; i < 1200 && !closed(); i++) await pause(50);
      return finished({ type: 'success' });
    case AG_UI_ASK.both:
      for (const [file, id] of BOTH) {
        emit({ type: EventType.TOOL_CALL_START, toolCallId: id, toolCallName: 'delete_file' } as BaseEvent);
        emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: id, delta: JSON.stringify({ path: file }) } as BaseEvent);
        emit({ type: EventType.TOOL_CALL_END, toolCallId: id } as BaseEvent);
      }
      return finished({
        type: 'interrupt',
        interrupts: BOTH.map(([file, id]) => ({ id: `${BOTH_PREFIX}${id}`, reason: 'tool_call', toolCallId: id, message: `Delete ${file}?` })),
      });
    case AG_UI_ASK.fail:
      say(emit, 'text-fail', AG_UI_TEXT.beforeFailure);
      return { type: EventType.RUN_ERROR, message: AG_UI_TEXT.failure, code: 'model_overloaded' } as BaseEvent;
    case AG_UI_ASK.slow:
      emit({ type: EventType.TEXT_MESSAGE_START, messageId: 'text-slow', role: 'assistant' } as BaseEvent);
      // Words until the client goes away (Stop), or a minute at most.
      for (let i = 0; i < 1200 && !closed(); i++) {
        emit({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'text-slow', delta: `word${i} ` } as BaseEvent);
        await pause(50);
      }
      emit({ type: EventType.TEXT_MESSAGE_END, messageId: 'text-slow' } as BaseEvent);
      return finished({ type: 'success' });
    default:
      say(emit, `echo-${input.runId}`, `${AG_UI_TEXT.echo}${asked}`);
      return finished();
  }
}

function cors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(origin)) response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-allow-headers', 'content-type, accept, authorization');
  response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** Starts the server on a free port of 127.0.0.1: POST /agent runs the agent, GET /requests?threadId= tells what it was sent. */
export async function startAgUiServer(): Promise<AgUiServer> {
  const records = new Map<string, AgUiRecord[]>();
  const server = createServer(async (request, response) => {
    cors(request, response);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/requests') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(records.get(url.searchParams.get('threadId') ?? '') ?? []));
      return;
    }
    if (request.method !== 'POST' || url.pathname !== '/agent') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const parsed = RunAgentInputSchema.safeParse(JSON.parse((await readBody(request)) || 'null'));
    if (!parsed.success) {
      response.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: parsed.error.message, code: 'invalid_input' } }));
      return;
    }
    const input = parsed.data as RunAgentInput;
    if (input.messages.at(-1)?.content === AG_UI_ASK.refused) {
      response.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Busy', code: 'busy' } }));
      return;
    }
    const record: AgUiRecord = { input, closedEarly: false };
    records.set(input.threadId, [...(records.get(input.threadId) ?? []), record]);
    const encoder = new EventEncoder({ accept: request.headers.accept ?? 'text/event-stream' });
    response.writeHead(200, { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' });
    let ended = false;
    response.on('close', () => {
      if (!ended) record.closedEarly = true;
    });
    // Every event is checked against AG-UI's own schema before it goes: the test is against real AG-UI.
    const emit: Emit = (event) => {
      if (!response.writableEnded && !response.destroyed) response.write(encoder.encodeSSE(EventSchemas.parse(event) as BaseEvent));
    };
    emit({ type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent);
    const last = await script(input, emit, () => record.closedEarly);
    if (last) emit(last);
    ended = true;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
