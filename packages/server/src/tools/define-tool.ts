import type { ConfirmButton, Context, InputAnswer, InputFormSchema, Preview, SamplingRequestInfo, ToolDescriptor, ToolKind, Turn, Usage } from '@agent-chat/protocol';
import type { Model, ModelToolSpec } from '../model/model.js';
import type { z } from 'zod';
import type { ToolView } from './tool-view.js';

/** What a tool's functions get besides their input. */
export interface ToolContext {
  /** The session's id as the caller gave it. Two principals may use the same id for two sessions (issue 31.2). */
  sessionId: string;
  /** Whose session it is (the `authorize` answer, or the anonymous cookie's principal): with `sessionId`, one session. */
  principal: string;
  /** The page context the host sent with the message. */
  context: Context | undefined;
  /**
   * Aborted when the run is stopped; a long tool may check it, but the loop never interrupts a tool. A tool that
   * takes the signal and returns after Stop has its result marked `stopped`: what it returns is the part it did.
   */
  signal: AbortSignal;
  /**
   * Report progress ("Rewriting slide 3 of 6…"): shown on the call's running step, the latest in place of the one
   * before. A call drawn otherwise (`display: 'hidden'`, as seed 004's sendStatusMessage; an answer card; a call that
   * waited for confirmation, drawn as its card) gets a status line in the chat instead. Both are stored with the history.
   */
  status(text: string): void;
  /**
   * Send the host's state as it is now, while the tool runs (a `state` event with this call's id): the page updates
   * from it as the work goes on, rather than polling. Not stored; after a write the `state` option's snapshot is
   * sent as before.
   */
  state(snapshot: unknown): void;
  /**
   * Draw or change A2UI surfaces in the conversation (v0.9 messages: `createSurface`, `updateComponents`,
   * `updateDataModel`, `deleteSurface`). Each is checked first: a message that is not valid, or that names a surface
   * the conversation does not hold, throws (the call becomes an error result saying which message and field), and
   * none of the batch is sent. Stored with the session, so a reload draws each surface as it was last. A user's act
   * on a surface comes back as a new message (the user turn's `action`).
   */
  ui(messages: readonly unknown[]): void;
  /**
   * Ask the user something while the call runs, and wait for the answer: a form (`kind: 'form'`, its fields as a
   * flat JSON Schema), a link to open (`kind: 'url'`), or an approval of a sampling request (`kind: 'sampling'`).
   * Streamed as an `input_request` event and stored with the session, so a reload or another tab shows the card; it
   * is answered by POST /sessions/:id/input-requests/:requestId from any instance. Resolves with `cancel` when the
   * run is stopped, when `timeoutMs` passes (default: the app's `inputRequestTimeoutMs`, 10 minutes), or when
   * the run ends; never rejects for those.
   */
  requestInput(request: InputRequestSpec): Promise<InputAnswer>;
  /**
   * Count tokens the tool spent on a model call of its own (an MCP server's sampling request answered by the app's
   * model) in the run's usage: the turn's `usage`, `done.usage`, and a sub-agent's call's. Priced by `model` (the
   * model's id or name) with the app's `prices`.
   */
  countUsage(usage: Usage, model?: string): void;
}

/** What `ctx.requestInput` asks: see InputRequest in the protocol. */
export interface InputRequestSpec {
  kind: 'form' | 'url' | 'sampling';
  message: string;
  /** Who asks, as the user reads it (an MCP server's name). Default: the call's label. */
  server?: string;
  schema?: InputFormSchema;
  url?: string;
  sampling?: SamplingRequestInfo;
  /** How long to wait for the user before answering `cancel` for them. */
  timeoutMs?: number;
  /** Aborted when whoever asks no longer wants the answer (an MCP server cancelled its request): `cancel`, `withdrawn`. */
  signal?: AbortSignal;
}

/** Whether a tool is offered in this turn, decided from the page context (seed 000's stage-scoped tools). */
export type ToolAvailability = (ctx: { sessionId: string; context: Context | undefined }) => boolean;

/** A human label for a call: a template such as "Reading slide {slide_index}", or a function of the input. */
export type ToolLabel<I> = string | ((input: I) => string);

export interface ToolDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  /** For the model: what the tool does and when to use it. People see the label, the preview and the field titles. */
  description: string;
  /**
   * The input, as a zod object. Its `.describe()` texts go to the model; `.meta({ title, hint })` on a field is for
   * people: the title and the hint of that field in the confirmation card's edit form (and the card's input list).
   */
  input: S;
  /**
   * The input as JSON Schema, for a tool whose schema was not written in zod (an MCP server's tools): when given, it
   * is what the model and the element are told, and `input` only checks the calls.
   */
  inputJsonSchema?: Record<string, unknown>;
  /** `read` never changes state; `write` makes the turn undoable; `client` runs in the browser. Default `read`. */
  kind?: ToolKind;
  label?: ToolLabel<z.infer<S>>;
  needsConfirmation?: boolean | ((input: z.infer<S>, ctx: ToolContext) => boolean | Promise<boolean>);
  /**
   * The confirmation card's confirm button: its words, a template over the input ("Delete {id}") or a function of
   * it, and its tone (`danger` for what cannot be taken back). Default: "Confirm", in the accent colour (danger when
   * the preview lists an impact).
   */
  confirmButton?: { label?: ToolLabel<z.infer<S>>; tone?: ConfirmButton['tone'] };
  /** What the confirmation card shows: a before/after for edits, the downstream impact of a delete. */
  preview?: (input: z.infer<S>, ctx: ToolContext) => Preview | undefined | Promise<Preview | undefined>;
  available?: ToolAvailability;
  /** How the element shows a call: `chip` (default), `answer` (a summary card), `hidden`. */
  display?: 'chip' | 'answer' | 'hidden';
  /** How long `execute` may run before the agent is told it timed out. Default 30 s. */
  timeoutMs?: number;
  /** Runs the tool on the server. Required unless `kind` is `client`. */
  execute?: (input: z.infer<S>, ctx: ToolContext) => unknown;
  /**
   * An interactive view its calls are drawn as (an MCP server's MCP Apps view; `mcpTools` sets it): with the app's
   * `apps` option, a call's `tool_call` names it and the view routes serve it.
   */
  view?: ToolView;
}

/** A tool as the loop holds it: the definition with its defaults filled in. */
export interface Tool<S extends z.ZodType = z.ZodType> extends ToolDefinition<S> {
  kind: ToolKind;
  timeoutMs: number;
  /** Set by defineSubagent: a call runs an agent of its own instead of `execute`. */
  subagent?: SubagentSpec;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;

/** A tool's name and description, checked as the providers need them; `by` names the function that was called. */
export function checkNameAndDescription(by: string, definition: { name: string; description: string }): void {
  if (!TOOL_NAME.test(definition.name)) throw new TypeError(`${by}: name "${definition.name}" must match ${TOOL_NAME} (the providers' rule)`);
  if (!definition.description?.trim()) throw new TypeError(`${by}(${definition.name}): a description is required; the model chooses tools by it`);
}

/** Define a tool the agent can call. Checks the definition at once, so a mistake fails at start-up, not mid-run. */
export function defineTool<S extends z.ZodType>(definition: ToolDefinition<S>): Tool<S> {
  checkNameAndDescription('defineTool', definition);
  const kind = definition.kind ?? 'read';
  if (kind !== 'client' && typeof definition.execute !== 'function') {
    throw new TypeError(`defineTool(${definition.name}): a ${kind} tool needs execute(); only client tools run in the browser`);
  }
  if (kind === 'client' && definition.execute) {
    throw new TypeError(`defineTool(${definition.name}): a client tool runs in the browser through the host adapter; remove execute()`);
  }
  const tone = definition.confirmButton?.tone;
  if (tone !== undefined && tone !== 'default' && tone !== 'danger') {
    throw new TypeError(`defineTool(${definition.name}): confirmButton.tone must be 'default' or 'danger'`);
  }
  return { ...definition, kind, timeoutMs: definition.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS };
}

/**
 * The tools of one agent, by name, with what the model and the element are told of them. Its tools can change while
 * the app runs (a ToolSource's, such as an MCP server's): each answer is about the tools as they are when asked.
 */
export interface ToolRegistry {
  /** The tool of that name offered now; undefined for one that was never there or has gone. */
  get(name: string): Tool | undefined;
  /** The tools offered now, asked at each model call: those whose `available` says yes for this context. */
  offered(sessionId: string, context: Context | undefined): Tool[];
  /** What the model is told of a tool; also of one `offered` gave that has gone since. */
  specFor(tool: Tool): ModelToolSpec;
  /** What GET /tools tells the element of each tool offered now. */
  descriptors(): ToolDescriptor[];
}

/** What runs a sub-agent's call (run/subagent-run.ts): the definition, its tools as a registry. */
export interface SubagentSpec {
  prompt: (input: unknown) => string;
  system: (input: unknown) => string;
  model: Model | undefined;
  tools: ToolRegistry;
  maxSteps: number;
  result: ((final: string, turns: readonly Turn[]) => unknown) | undefined;
}
