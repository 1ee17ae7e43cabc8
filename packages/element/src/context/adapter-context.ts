import { createContext } from '@lit/context';
import type { AgentChatAdapter } from './adapter.js';

/** The host's adapter, as every part sees it; an empty object when the host set none. */
export const adapterContext = createContext<AgentChatAdapter>(Symbol('agent-chat-adapter'));
