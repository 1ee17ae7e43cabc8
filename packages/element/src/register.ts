import { AgentChat } from './agent-chat.js';
import { define, defineTurnParts } from './define-turn-parts.js';
import { DockedFrame } from './frames/docked-frame.js';
import { DrawerFrame } from './frames/drawer-frame.js';
import { EphemeralFrame } from './frames/ephemeral-frame.js';
import { FloatingFrame } from './frames/floating-frame.js';
import { Composer } from './parts/composer.js';
import { ItemChips } from './parts/item-chips.js';
import { Launcher } from './parts/launcher.js';
import { MessageBubble } from './parts/message-bubble.js';
import { MessageList } from './parts/message-list.js';
import { NoticeLine } from './parts/notice-line.js';
import { QuickActions } from './parts/quick-actions.js';
import { ThinkingBlock } from './parts/thinking-block.js';
import { ToolChip } from './parts/tool-chip.js';

/** Register `<agent-chat>` and its parts, each only if its name is still free (see `define`). */
export function defineAgentChat(): void {
  define('agent-chat-message', MessageBubble);
  define('agent-chat-thinking', ThinkingBlock);
  define('agent-chat-tool-chip', ToolChip);
  define('agent-chat-notice', NoticeLine);
  define('agent-chat-item-chips', ItemChips);
  defineTurnParts();
  define('agent-chat-quick-actions', QuickActions);
  define('agent-chat-message-list', MessageList);
  define('agent-chat-composer', Composer);
  define('agent-chat-launcher', Launcher);
  define('agent-chat-floating-frame', FloatingFrame);
  define('agent-chat-docked-frame', DockedFrame);
  define('agent-chat-drawer-frame', DrawerFrame);
  define('agent-chat-ephemeral-frame', EphemeralFrame);
  define('agent-chat', AgentChat);
}

export { AgentChat };
