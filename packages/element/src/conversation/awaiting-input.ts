// What a conversation needs only once a run stops for the page or the user (client tools, confirmations, a card
// another tab may answer): one chunk, loaded the first time a run ends that way.
// Loaded only after the conversation: importing its chunk first keeps the conversation in one file (chunks/README.md).
import '../chunks/conversation-parts.js';
export { answerPendingCalls, runClientTool, toDecision } from './client-calls.js';
export { waitForNextRun } from './wait-for-next-run.js';
// And where `<agent-chat transport="ag-ui">` finds its client (transport/ag-ui/lazy-client.ts): the conversation's
// chunk already knows the way here, so the AG-UI chunk's name costs it nothing.
export { agUi } from '../transport/ag-ui/load-ag-ui.js';
