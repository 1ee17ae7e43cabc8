// The host's own tool views (adapter.toolViews, adapter.renderTool): a page whose adapter has none loads none of it.
// A turn with a call the host draws asks for it beside the cards (agent-turn.ts), and the chip again on its render
// if that load failed (tool-chip.ts). It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../element/register.js';
import './conversation-parts.js';

export { ToolView } from '../features/tool-views/tool-view.js';
