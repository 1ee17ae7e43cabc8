export { createAgentChat, type AgentChatApp, type AgentChatAppOptions } from './create-agent-chat.js';
export type { AgentChatOptions, SystemPrompt } from './runtime.js';
export type { AppsOptions } from './apps/apps-options.js';
export type { ToolView, ViewCaller, ViewDocument, ViewOutcome } from './tools/tool-view.js';
export { defineTool, type InputRequestSpec, type SubagentSpec, type Tool, type ToolAvailability, type ToolContext, type ToolDefinition, type ToolLabel, type ToolRegistry } from './tools/define-tool.js';
export { defineSubagent, type SubagentDefinition } from './tools/define-subagent.js';
export type { ToolSource } from './tools/tool-source.js';
export type { ModelPrice, Prices } from './run/usage.js';
export { defineCommand, type Command, type CommandAvailability, type CommandContext, type CommandReply } from './commands/define-command.js';
export { unknownCommandReply, type UnknownCommand } from './commands/command-set.js';
export { ModelError, type Model, type ModelEvent, type ModelRequest, type ModelStopReason, type ModelToolSpec } from './model/model.js';
export { scriptedModel, type Script, type ScriptedPart, type ScriptedResponse, type ScriptedRun, type ScriptedRunInput, type ScriptedModelOptions } from './model/scripted-model.js';
export {
  StaleSessionError,
  type SessionListing,
  type SessionListPage,
  type SessionListPosition,
  type SessionStore,
  type SessionWrite,
  type StoredSession,
} from './store/session-store.js';
export type { TitleExchange, TitleOption } from './session/session-title.js';
export type { SessionFields, SessionRecord, StoredInputRequest, UndoSnapshot } from './session/session-record.js';
export { sessionRef, type SessionRef } from './session/session-ref.js';
export type { Fork, StashedBranch } from './session/fork.js';
export type { Feedback, FeedbackHook } from './routes/feedback-route.js';
export { memoryStore, type MemoryStoreOptions } from './store/memory-store.js';
export type { StateAdapter } from './state-adapter.js';
export type { ContextPolicy } from './context/system-prompt.js';
export type { CompressionPolicy } from './context/compress-history.js';
export { anthropicModel, type AnthropicModelOptions } from './model/anthropic/index.js';
export { modelFromEnv, DEFAULT_CLAUDE_MODEL, DEFAULT_OPENAI_MODEL, MODEL_PROVIDERS, ModelEnvError, type ModelFromEnvOptions, type ModelProvider } from './model/model-from-env.js';
export { openAICompatibleModel, type OpenAICompatibleModelOptions } from './model/openai-compatible/index.js';
export { finalAnswerTool } from './tools/final-answer-tool.js';
export { a2uiTool, type A2uiCatalog, type A2uiToolInput, type A2uiToolOptions } from './ui/a2ui-tool.js';
export { toolContent, type ToolContent, type ToolContentOptions, type ToolContentPart } from './tools/tool-content.js';
export type { Authorize } from './security/principal.js';
export type { AllowedOrigins } from './security/origin-guard.js';
export type { RateLimitOptions } from './security/rate-limit.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export type { AgentChatEnv } from './http/env.js';
export { localRunCoordinator, type RunClaim, type RunCoordinator } from './coordination/run-coordinator.js';
export { EventGapError, type EventLog, type LoggedEvent } from './coordination/event-log.js';
export { memoryEventLog, type MemoryEventLog, type MemoryEventLogOptions, type MemoryEventLogStats } from './coordination/memory-event-log.js';
export { applyWrite, writeToJson } from './store/apply-write.js';
export { memoryBlobStore, type BlobStore, type MemoryBlobStoreOptions, type StoredBlob } from './uploads/blob-store.js';
export { DEFAULT_UPLOAD_TYPES, type UploadOptions } from './uploads/upload-options.js';
export { describeUploads } from './model/describe-uploads.js';
export type { UploadBytes } from './model/model.js';
