// The host's own tool views (load-tool-views.ts imports it the first time a tool chip has a view to draw).
// It imports the shell and the conversation first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';

export { ToolView } from '../tool-views/tool-view.js';
