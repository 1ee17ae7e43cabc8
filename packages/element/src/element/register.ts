import { AgentChat } from '../agent-chat.js';
import { define } from '../ui/define-element.js';
import { Launcher } from './launcher.js';

/**
 * Register `<agent-chat>` and its launcher, each only if its name is still free (see `define`): what a page
 * paints first. Each frame is registered when an element first lays itself out in it (context/frame-view.ts), and the
 * conversation's parts when an element first shows a conversation or its host starts a run (element/load-conversation.ts).
 * (Measured: the launcher as a chunk of its own cost a floating page more than it saved a docked one.)
 */
export function defineAgentChat(): void {
  define('agent-chat-launcher', Launcher);
  define('agent-chat', AgentChat);
}

export { AgentChat };
