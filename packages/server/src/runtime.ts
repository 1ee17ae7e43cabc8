import type { Context } from '@agent-chat/protocol';
import { unknownCommandReply, type UnknownCommand } from './commands/command-set.js';
import { type Command } from './commands/define-command.js';
import { DEFAULT_COMPRESSION, type CompressionPolicy } from './context/compress-history.js';
import { buildSystemPrompt, DEFAULT_CONTEXT_POLICY, type ContextPolicy } from './context/system-prompt.js';
import type { Model } from './model/model.js';
import type { RunDeps } from './run/run-context.js';
import type { Prices } from './run/usage.js';
import { DEFAULT_INPUT_REQUEST_TIMEOUT_MS } from './run/input-requests.js';
import { localRunCoordinator, type RunCoordinator } from './coordination/run-coordinator.js';
import type { EventLog } from './coordination/event-log.js';
import { memoryEventLog } from './coordination/memory-event-log.js';
import type { StateAdapter } from './state-adapter.js';
import { memoryStore } from './store/memory-store.js';
import type { SessionStore } from './store/session-store.js';
import type { Tool } from './tools/define-tool.js';
import type { ToolSource } from './tools/tool-source.js';
import { resolveLimits, type Limits } from './limits.js';
import type { Authorize } from './security/principal.js';
import type { AllowedOrigins } from './security/origin-guard.js';
import type { RateLimitOptions } from './security/rate-limit.js';
import { createToolRegistry } from './tools/tool-registry.js';
import { checkTitles, type TitleOption } from './session/session-title.js';
import { resolveUploads, type UploadOptions, type Uploads } from './uploads/upload-options.js';
import { withUploads } from './uploads/with-uploads.js';
import { resolveApps, type Apps, type AppsOptions } from './apps/apps-options.js';

export type SystemPrompt = string | ((input: { sessionId: string; context: Context | undefined }) => string | Promise<string>);

export interface AgentChatOptions {
  model: Model;
  /**
   * The agent's tools. A ToolSource among them (an MCP server's `mcpTools(...)`) is followed as it changes: each
   * model call is offered its tools as they are then.
   */
  tools?: readonly (Tool | ToolSource)[];
  /** Slash commands that run without the model. */
  commands?: readonly Command[];
  /**
   * The answer to a `/name` that is no command available now (with commands defined, such a message never reaches
   * the model). Default: "Unknown command /name." and the available commands as a markdown list, in English; a
   * host whose users read another language words it here.
   */
  unknownCommand?: (unknown: UnknownCommand) => string;
  /** What the agent is told of itself and the app; a function of the page context when it depends on it. */
  system?: SystemPrompt;
  /** Where sessions are kept. Default: in memory. */
  store?: SessionStore;
  /**
   * How a conversation gets its title (what GET /sessions lists), from its first exchange. `'words'` (default): the
   * first words of the first message. `'model'`: the model is asked for one once the first reply has ended (one
   * more model call, before `done`). A function: yours, from the first message and reply. The first words stand
   * until the better title comes, and whenever it fails.
   */
  titles?: TitleOption;
  /** The host's server-side state, for undo. */
  state?: StateAdapter;
  /** Model calls per turn before the run stops with `max_steps`. Default 10. */
  maxSteps?: number;
  contextPolicy?: Partial<ContextPolicy>;
  /** When and how a long history is compressed before it is sent to the model. */
  compression?: Partial<CompressionPolicy>;
  /**
   * Who is calling: a principal id, or null for a 401. Default: each browser is an anonymous principal, kept in a
   * signed HttpOnly cookie. Every session belongs to the principal that started it.
   */
  authorize?: Authorize;
  /** The key that signs anonymous principals' cookies (≥ 32 characters). Default: AGENT_CHAT_SECRET, else a random key per process. */
  secret?: string;
  /** Origins (besides the server's own) whose pages may call the agent, with credentials: a list or a function. Default: none. */
  origins?: AllowedOrigins;
  /** Sizes and counts a request or a session may reach (see Limits for each default). */
  limits?: Partial<Limits>;
  /** Requests per principal per window, answered 429 with Retry-After past it. Default: off. */
  rateLimit?: RateLimitOptions;
  /** A model call that sends nothing for this long ends the run with a `model_timeout` error. Default 60,000 ms. */
  modelIdleTimeoutMs?: number;
  /** One run per session and Stop across instances. Default: this process only (`redisRunCoordinator` for many). */
  coordinator?: RunCoordinator;
  /** Where runs' events are kept for clients that reconnect. Default: this process's memory (`redisEventLog` for many). */
  events?: EventLog;
  /** A client that goes away stops its run. Default false: only Stop does, and the client can pick the run up again. */
  cancelOnDisconnect?: boolean;
  /**
   * A stream quiet for this long gets a comment line (so proxies keep it open), and one whose run nobody holds any
   * more (its instance died) ends with `run_lost`. Default 15,000 ms.
   */
  streamHeartbeatMs?: number;
  /**
   * Files from the user: `POST /uploads`, then `attachments: [{ uploadId }]` on a message. Off without it. `{}` takes
   * the defaults: images, PDF and text up to 5 MiB, kept in memory (`store: fileBlobStore({ dir })` for a disk).
   */
  uploads?: UploadOptions;
  /**
   * Sub-agent calls (defineSubagent) of one step of one agent that run at once; the others wait their turn. Each
   * agent's step has its own limit, so nested sub-agents may run more at once in all. Default 4.
   */
  subagentConcurrency?: number;
  /**
   * What each model's tokens cost, by model name, in US dollars per million tokens: `{ 'claude-sonnet-5': { input:
   * 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } }`. With it, usage (in `done`, per sub-agent, per turn) has a
   * `cost`; a model it does not list counts no cost.
   */
  prices?: Prices;
  /**
   * How long a tool call's question to the user (an MCP server's elicitation or sampling request, `ctx.requestInput`)
   * waits for an answer before the server answers `cancel` for them, unless the request names its own wait.
   * Default 600,000 ms (10 minutes).
   */
  inputRequestTimeoutMs?: number;
  /**
   * MCP Apps: draw the interactive views MCP servers declare for their tools, in a sandbox on another origin
   * (`{ sandboxOrigin }`). Default: off, and a call with a view is shown as any other call.
   */
  apps?: AppsOptions;
}

export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant inside a web application. Use the tools you are given to read and change the app; say briefly what you did.';

/** The agent's configuration put together once, shared by every route. */
export interface Runtime {
  deps: RunDeps;
  store: SessionStore;
  commands: readonly Command[];
  unknownCommand: (unknown: UnknownCommand) => string;
  runs: RunCoordinator;
  events: EventLog;
  cancelOnDisconnect: boolean;
  streamHeartbeatMs: number;
  limits: Limits;
  titles: TitleOption;
  /** Where uploads go and what they may be; undefined when the server takes none. */
  uploads: Uploads | undefined;
  /** Where views are drawn; undefined when the app draws none. */
  apps: Apps | undefined;
}

export function createRuntime(options: AgentChatOptions & { maxBodyBytes?: number }): Runtime {
  const maxSteps = options.maxSteps ?? 10;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new TypeError('createAgentChat: maxSteps must be a whole number ≥ 1');
  if (!options.model || typeof options.model.stream !== 'function') {
    throw new TypeError('createAgentChat: a model is required (anthropicModel(...), openAICompatibleModel(...) or scriptedModel(...))');
  }
  const policy = { ...DEFAULT_CONTEXT_POLICY, ...options.contextPolicy };
  const system = options.system ?? DEFAULT_SYSTEM_PROMPT;
  const store = options.store ?? memoryStore();
  const limits = resolveLimits(options.limits, options.maxBodyBytes);
  const modelIdleTimeoutMs = options.modelIdleTimeoutMs ?? 60_000;
  const uploads = resolveUploads(options.uploads);
  const subagentConcurrency = options.subagentConcurrency ?? 4;
  if (!Number.isInteger(subagentConcurrency) || subagentConcurrency < 1) {
    throw new TypeError('createAgentChat: subagentConcurrency must be a whole number ≥ 1');
  }
  if (!Number.isInteger(modelIdleTimeoutMs) || modelIdleTimeoutMs < 1) {
    throw new TypeError('createAgentChat: modelIdleTimeoutMs must be a whole number of ms ≥ 1');
  }
  const inputRequestTimeoutMs = options.inputRequestTimeoutMs ?? DEFAULT_INPUT_REQUEST_TIMEOUT_MS;
  if (!Number.isInteger(inputRequestTimeoutMs) || inputRequestTimeoutMs < 1) {
    throw new TypeError('createAgentChat: inputRequestTimeoutMs must be a whole number of ms ≥ 1');
  }
  const apps = resolveApps(options.apps);
  return {
    deps: {
      // With uploads, each model request can read their bytes (ModelRequest.readUpload).
      model: uploads ? withUploads(options.model, uploads.store) : options.model,
      tools: createToolRegistry(options.tools ?? []),
      maxSteps,
      modelIdleTimeoutMs,
      toolResultChars: limits.toolResultChars,
      // A tool's images go where the user's uploads go, by reference; inline (capped) without an uploads store.
      toolImages: { store: uploads?.store, storeMaxBytes: uploads?.maxBytes ?? 0, inlineMaxBytes: limits.toolImageBytes },
      state: options.state,
      compression: { ...DEFAULT_COMPRESSION, ...options.compression },
      subagentConcurrency,
      prices: options.prices,
      inputRequestTimeoutMs,
      drawViews: apps !== undefined,
      viewResultBytes: limits.viewResultBytes,
      async systemPrompt(session, context) {
        const base = typeof system === 'function' ? await system({ sessionId: session.id, context }) : system;
        const lastUser = session.turns.findLast((turn) => turn.type === 'user');
        return buildSystemPrompt({
          base,
          context,
          references: lastUser?.type === 'user' ? lastUser.references : undefined,
          // Uploads reach the model as content blocks of their message, not as items in the prompt.
          attachments: lastUser?.type === 'user' ? lastUser.attachments?.filter((attachment) => !('uploadId' in attachment)) : undefined,
          policy,
        });
      },
    },
    store,
    commands: options.commands ?? [],
    unknownCommand: options.unknownCommand ?? unknownCommandReply,
    runs: options.coordinator ?? localRunCoordinator(),
    events: options.events ?? memoryEventLog(),
    cancelOnDisconnect: options.cancelOnDisconnect ?? false,
    streamHeartbeatMs: options.streamHeartbeatMs ?? 15_000,
    limits,
    titles: checkTitles(options.titles),
    uploads,
    apps,
  };
}
