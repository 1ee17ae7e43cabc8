import { createContext } from '@lit/context';
import type { ToolCatalog } from '../core/turns/tool-catalog.js';

export const toolCatalogContext = createContext<ToolCatalog>(Symbol('agent-chat-tool-catalog'));
