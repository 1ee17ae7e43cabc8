// The package's module entry, for bundlers: it registers nothing. Call defineAgentChat() (or import
// '@agent-chat/element/define') to register <agent-chat> and its parts.
export { AgentChat, defineAgentChat } from './register.js';
export type { Frame, LayoutMode, MessageOptions, TriggerOptions } from './agent-chat.js';
// English is built in; other languages register themselves (`import '@agent-chat/element/locales/fr'`).
export { registerLocale } from './i18n/locales.js';
export { en } from './i18n/strings.js';
export type { AgentChatStrings, ElementStrings, StringKey } from './i18n/strings.js';
export { cardsEn, type CardStringKey, type CardStrings } from './i18n/card-strings.js';
export { threadsEn, type ThreadStrings } from './i18n/thread-strings.js';
export { messageActionsEn, type MessageActionStrings } from './i18n/message-action-strings.js';
export { attachmentsEn, type AttachmentStrings } from './i18n/attachment-strings.js';
export type { AgentChatAdapter, ClientToolHandler, ConfirmDecision, MaybePromise, MentionGroup, QuickAction } from './adapter/adapter.js';
export type { ToolView, ToolViewCall, ToolViewContent } from './adapter/adapter.js';
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
export { ITEM_MIME } from './draft/dropped-items.js';
export type { TriggerPriority } from './conversation/trigger-gate.js';
export { applyEvent } from './conversation/apply-event.js';
export { TurnLog } from './conversation/turn-log.js';
export { toDisplayItems } from './conversation/display-items.js';
export type { DisplayItem, ToolStepState } from './conversation/display-items.js';
export { AgentClient } from './transport/agent-client.js';
export type { AgentClientOptions } from './transport/agent-client.js';
export type { AgentTransport, SendMessage } from './transport/transport.js';
export { AgentHttpError } from './transport/http-error.js';
export { Composer } from './parts/composer.js';
export { ItemChips } from './parts/item-chips.js';
export { Launcher } from './parts/launcher.js';
export { MessageBubble } from './parts/message-bubble.js';
export { MessageList } from './parts/message-list.js';
export { NoticeLine } from './parts/notice-line.js';
export { QuickActions } from './parts/quick-actions.js';
export { ThinkingBlock } from './parts/thinking-block.js';
export { ThreadList } from './parts/thread-list.js';
export { ToolChip } from './parts/tool-chip.js';
export { FloatingFrame, type Corner } from './frames/floating-frame.js';
export { DockedFrame } from './frames/docked-frame.js';
export { DrawerFrame } from './frames/drawer-frame.js';
export { EphemeralFrame } from './frames/ephemeral-frame.js';
export type { EphemeralEvent, EphemeralState } from './layout/ephemeral-state.js';
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
export type { MessageSender } from './parts/message-bubble.js';
export type { NoticeTone } from './parts/notice-line.js';
export type { Rect } from './layout/rect.js';
