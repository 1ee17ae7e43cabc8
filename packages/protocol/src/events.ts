import { z } from 'zod';
import { inputAnswerSchema, inputRequestSchema } from './input-requests.js';
import { pendingCallSchema } from './pending.js';
import { toolViewSchema, viewResultSchema } from './views.js';
import { confirmationSchema } from './preview.js';
import { toolKindSchema, toolResultPartSchema } from './turns.js';
import { usageSchema } from './usage.js';
import { a2uiMessageSchema } from './a2ui.js';

/**
 * On the events of a sub-agent's run: the call (of the agent above it) that started that sub-agent. A nested
 * sub-agent's events name its own call, whose `tool_call` event names the call above it, and so on up to the main
 * agent, whose events carry none.
 */
const parentCallId = z.string().optional();

export const stopReasonSchema = z.enum(['end_turn', 'cancelled', 'max_steps', 'awaiting_input', 'error']);
export type StopReason = z.infer<typeof stopReasonSchema>;


export const runStartedEventSchema = z.object({
  type: z.literal('run_started'),
  runId: z.string(),
  sessionId: z.string(),
  /** Whether this run continues a turn that stopped for input (POST /resume). */
  resumed: z.boolean(),
  /** The id of the user turn this run answers (absent on resume). */
  userTurnId: z.string().optional(),
});

export const textDeltaEventSchema = z.object({
  type: z.literal('text_delta'),
  /** The assistant_text turn the text belongs to; a new id starts a new bubble. */
  turnId: z.string(),
  text: z.string(),
  parentCallId,
});

export const thinkingDeltaEventSchema = z.object({
  type: z.literal('thinking_delta'),
  turnId: z.string(),
  text: z.string(),
  parentCallId,
});

export const toolCallEventSchema = z.object({
  type: z.literal('tool_call'),
  turnId: z.string(),
  toolCallId: z.string(),
  name: z.string(),
  kind: toolKindSchema,
  label: z.string(),
  input: z.unknown(),
  /** The call starts a sub-agent (`defineSubagent`): its run's events follow, each naming this call as `parentCallId`. */
  subagent: z.boolean().optional(),
  /** The call is drawn as its MCP server's interactive view (MCP Apps): GET its view from calls/:toolCallId/view. */
  view: toolViewSchema.optional(),
  parentCallId,
});

/**
 * A tool call's input as the model writes it, before the call is complete: `delta` is the JSON text that came since
 * the last one, so a call's deltas joined are its input's text so far (often not valid JSON until the end). The
 * `turnId` is the one its `tool_call` will carry, which then replaces what the deltas built. Sent at most every
 * 50 ms or 256 characters per call; a client may ignore it and lose nothing: `tool_call` still brings the whole
 * input, and the stored history never holds a partial one.
 */
export const toolInputDeltaEventSchema = z.object({
  type: z.literal('tool_input_delta'),
  turnId: z.string(),
  toolCallId: z.string(),
  name: z.string(),
  delta: z.string(),
  /**
   * The call's tool has a view (MCP Apps), as its `tool_call` will say: a client may draw it now, so the view sees
   * the input come (GET its view with `?tool=` while the call is not stored yet).
   */
  view: toolViewSchema.optional(),
  parentCallId,
});

export const toolResultEventSchema = z.object({
  type: z.literal('tool_result'),
  turnId: z.string(),
  toolCallId: z.string(),
  name: z.string(),
  output: z.unknown(),
  isError: z.boolean(),
  /** The run was stopped while this call ran, or before it ran (see the tool_result turn). */
  stopped: z.boolean().optional(),
  /** The call waited for the user's confirmation (see the tool_result turn). */
  confirmation: confirmationSchema.optional(),
  /** The result as text and image parts, when it holds images (see the tool_result turn). */
  content: z.array(toolResultPartSchema).optional(),
  /** Parts shown to the user, not sent to the model (see the tool_result turn). */
  display: z.array(toolResultPartSchema).optional(),
  /** A call drawn as a view (MCP Apps): the MCP result as its server returned it, for the view (see ViewResult). */
  viewResult: viewResultSchema.optional(),
  /** A sub-agent's call: the tokens its run used, its nested sub-agents' included. */
  usage: usageSchema.optional(),
  parentCallId,
});

export const statusEventSchema = z.object({
  type: z.literal('status'),
  turnId: z.string(),
  text: z.string(),
  code: z.string().optional(),
  /** A tool's progress (`ctx.status`): the call it reports on, whose running step shows it (see the status turn). */
  toolCallId: z.string().optional(),
  parentCallId,
});

/**
 * The host's server-side state: after a write or an undo (the `state` option's snapshot), or while a tool runs
 * (`ctx.state(snapshot)`, with the call's `toolCallId`), so a page can follow a long step as it goes.
 */
/**
 * A tool drew or changed an A2UI surface (`ctx.ui(messages)`, or the model through `a2uiTool`): v0.9 messages, each
 * checked before it is sent. A surface is drawn where its `createSurface` came; later messages change it in place.
 * The same messages are stored as a `ui` turn, so a reload draws every surface as it was last.
 */
export const uiEventSchema = z.object({
  type: z.literal('ui'),
  turnId: z.string(),
  /** The call that sent them. */
  toolCallId: z.string(),
  messages: z.array(a2uiMessageSchema).min(1),
  parentCallId,
});

export const stateEventSchema = z.object({
  type: z.literal('state'),
  state: z.unknown(),
  /** Sent by this call while it ran (`ctx.state`); absent for the snapshot after a write, a command or an undo. */
  toolCallId: z.string().optional(),
});

export const errorEventSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  code: z.string().optional(),
  parentCallId,
});

export const awaitingInputEventSchema = z.object({
  type: z.literal('awaiting_input'),
  calls: z.array(pendingCallSchema),
});

/**
 * A running tool call asks the user something (an MCP server's elicitation or sampling request, or a tool's
 * `ctx.requestInput`). The call waits, and the run with it, until POST /sessions/:id/input-requests/:requestId
 * answers, the run is stopped, or the request times out; `input_answered` follows in each case.
 */
export const inputRequestEventSchema = inputRequestSchema.omit({ answer: true }).extend({
  type: z.literal('input_request'),
});

/** An input request was answered (by the user, or for them on Stop, a timeout or the run's end). */
export const inputAnsweredEventSchema = z.object({
  type: z.literal('input_answered'),
  requestId: z.string(),
  toolCallId: z.string(),
  answer: inputAnswerSchema,
  parentCallId,
});

export const doneEventSchema = z.object({
  type: z.literal('done'),
  stopReason: stopReasonSchema,
  /** A write tool ran in this turn. */
  hasWrites: z.boolean(),
  /** POST /undo would restore the state from before this turn's writes. */
  undoable: z.boolean(),
  /**
   * The user turn whose changes POST /undo would undo after this run: this turn's when it wrote, an earlier one
   * when it did not (a read-only turn leaves the last writing turn undoable). Absent when there is nothing to undo.
   */
  undoTurnId: z.string().optional(),
  /** The tokens this run used: every model call of it, its sub-agents' included. */
  usage: usageSchema.optional(),
});

export const streamEventSchema = z.discriminatedUnion('type', [
  runStartedEventSchema,
  textDeltaEventSchema,
  thinkingDeltaEventSchema,
  toolCallEventSchema,
  toolInputDeltaEventSchema,
  toolResultEventSchema,
  statusEventSchema,
  uiEventSchema,
  stateEventSchema,
  errorEventSchema,
  awaitingInputEventSchema,
  inputRequestEventSchema,
  inputAnsweredEventSchema,
  doneEventSchema,
]);

export type RunStartedEvent = z.infer<typeof runStartedEventSchema>;
export type TextDeltaEvent = z.infer<typeof textDeltaEventSchema>;
export type ThinkingDeltaEvent = z.infer<typeof thinkingDeltaEventSchema>;
export type ToolCallEvent = z.infer<typeof toolCallEventSchema>;
export type ToolInputDeltaEvent = z.infer<typeof toolInputDeltaEventSchema>;
export type ToolResultEvent = z.infer<typeof toolResultEventSchema>;
export type StatusEvent = z.infer<typeof statusEventSchema>;
export type UiEvent = z.infer<typeof uiEventSchema>;
export type StateEvent = z.infer<typeof stateEventSchema>;
export type ErrorEvent = z.infer<typeof errorEventSchema>;
export type AwaitingInputEvent = z.infer<typeof awaitingInputEventSchema>;
export type InputRequestEvent = z.infer<typeof inputRequestEventSchema>;
export type InputAnsweredEvent = z.infer<typeof inputAnsweredEventSchema>;
export type DoneEvent = z.infer<typeof doneEventSchema>;
export type StreamEvent = z.infer<typeof streamEventSchema>;
export type StreamEventType = StreamEvent['type'];

/** Every event name, in the order a run can emit them; the SSE `event:` field carries one of these. */
export const STREAM_EVENT_TYPES = [
  'run_started',
  'text_delta',
  'thinking_delta',
  'tool_input_delta',
  'tool_call',
  'tool_result',
  'status',
  'ui',
  'state',
  'error',
  'awaiting_input',
  'input_request',
  'input_answered',
  'done',
] as const satisfies readonly StreamEventType[];
