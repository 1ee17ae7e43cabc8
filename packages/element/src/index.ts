// The package's module entry, for bundlers: it registers nothing. Call defineAgentChat() (or import
// '@agent-chat/element/define') to register <agent-chat> and its parts.
export { AgentChat, defineAgentChat } from './element/register.js';
export type { AgentChatSettings } from './element/agent-chat-settings.js';
export type { Frame, LayoutMode, MessageOptions, TriggerOptions } from './agent-chat.js';
// English is built in; other languages register themselves (`import '@agent-chat/element/locales/fr'`).
export { registerLocale } from './i18n/locales.js';
export { en } from './i18n/strings.js';
export type { AgentChatStrings, ElementStrings, StringKey } from './i18n/strings.js';
export { cardsEn, type CardStringKey, type CardStrings } from './features/cards/card-strings.js';
export { threadsEn, type ThreadStrings } from './features/threads/thread-strings.js';
export { messageActionsEn, type MessageActionStrings } from './features/message-actions/message-action-strings.js';
export { attachmentsEn, type AttachmentStrings } from './features/attachments/attachment-strings.js';
export { subagentsEn, type SubagentStrings } from './features/subagent-tree/subagent-strings.js';
export { inputRequestsEn, type InputRequestStrings } from './features/input-requests/input-request-strings.js';
export { mcpAppsEn, type McpAppStrings } from './features/mcp-apps/mcp-app-strings.js';
export type { AgentChatAdapter, ClientToolHandler, ConfirmDecision, MaybePromise, MentionGroup, QuickAction } from './context/adapter.js';
export type { ToolView, ToolViewCall, ToolViewContent, ViewLink } from './context/adapter.js';
export { adapterContext } from './context/adapter-context.js';
export { ConversationController } from './conversation/conversation-controller.js';
export { conversationContext } from './context/conversation-context.js';
export type { ConversationActions, ConversationSnapshot, QueuedMessage, SendOptions } from './context/conversation-context.js';
export { draftContext } from './context/draft-context.js';
export type { DraftSnapshot, DraftUpload } from './context/draft-context.js';
// What a part of the page's own reads of the element, as the element's parts do.
export { elementHostContext } from './context/element-host.js';
export type { ElementHost, TransportName } from './context/element-host.js';
export { ReplyBusy } from './context/conversation-context.js';
export { ITEM_MIME } from './conversation/dropped-items.js';
export type { TriggerPriority } from './conversation/trigger-gate.js';
export { applyEvent } from './core/turns/apply-event.js';
export { TurnLog } from './core/turns/turn-log.js';
export { toDisplayItems } from './core/turns/display-items.js';
export type { DisplayItem, ToolStepState } from './core/turns/display-items.js';
export { AgentClient } from './transport/agent-client.js';
export type { AgentClientOptions } from './transport/agent-client.js';
export type { AgentTransport, SendMessage } from './transport/transport.js';
export { AgentHttpError } from './transport/http-error.js';
export { Composer } from './features/composer/composer.js';
export { ItemChips } from './features/item-chips/item-chips.js';
export { Launcher } from './element/launcher.js';
export { MessageBubble } from './features/message-list/message-bubble.js';
export { MessageList } from './features/message-list/message-list.js';
export { NoticeLine } from './features/message-list/notice-line.js';
export { QuickActions } from './features/quick-actions/quick-actions.js';
export { ThinkingBlock } from './features/cards/thinking-block.js';
export { ThreadList } from './features/threads/thread-list.js';
export { ToolChip } from './features/cards/tool-chip.js';
export { FloatingFrame } from './features/frames/floating-frame.js';
export type { Corner } from './ui/layout/launcher-place.js';
export { DockedFrame } from './features/frames/docked-frame.js';
export { DrawerFrame } from './features/frames/drawer-frame.js';
export { EphemeralFrame } from './features/frames/ephemeral-frame.js';
export type { EphemeralEvent, EphemeralState } from './ui/layout/ephemeral-state.js';
export type {
  AgentChatEventMap,
  ErrorDetail,
  FeedbackDetail,
  MessageSentDetail,
  OpenDetail,
  ReferenceDetail,
  RunFinishDetail,
  RunStartDetail,
  StateChangeDetail,
  ThreadChangeDetail,
  ToolCallDetail,
  TriggerDroppedDetail,
} from './events.js';
export type { ConversationHost } from './conversation/conversation-controller.js';
export type { MessageSender } from './features/message-list/message-bubble.js';
export type { NoticeTone } from './features/message-list/notice-line.js';
export type { Rect } from './ui/layout/rect.js';
