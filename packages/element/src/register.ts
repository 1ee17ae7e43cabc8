import { AgentChat } from './agent-chat.js';
import { define } from './define-element.js';
import { DockedFrame } from './frames/docked-frame.js';
import { DrawerFrame } from './frames/drawer-frame.js';
import { FloatingFrame } from './frames/floating-frame.js';
import { Launcher } from './parts/launcher.js';

/**
 * Register `<agent-chat>` and the parts of its shell, each only if its name is still free (see `define`). The
 * conversation's parts (the list, the turns, the composer, the ephemeral frame) are registered when an element
 * first shows a conversation or its host starts a run (load-conversation.ts), so a closed launcher loads and
 * registers only these. (Measured: a chunk per frame saved nothing; small files gzip worse.)
 */
export function defineAgentChat(): void {
  define('agent-chat-launcher', Launcher);
  define('agent-chat-floating-frame', FloatingFrame);
  define('agent-chat-docked-frame', DockedFrame);
  define('agent-chat-drawer-frame', DrawerFrame);
  define('agent-chat', AgentChat);
}

export { AgentChat };
