// The AG-UI transport's chunk (`<agent-chat transport="ag-ui">`): transport/ag-ui/lazy-client.ts imports it at the
// first request such an element makes. It imports the shell and the conversation first, for the bundle's sake:
// see README.md here.
import '../register.js';
import './conversation-parts.js';

export { AgUiClient } from '../transport/ag-ui/ag-ui-client.js';
