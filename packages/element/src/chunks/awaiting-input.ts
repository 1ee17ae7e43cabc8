// What a conversation needs only once a run stops for the page or the user (client tools, confirmations, a card
// another tab may answer): one chunk, asked for the first time a run ends that way. It imports the shell and the
// conversation first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
export { answerPendingCalls, runClientTool, toDecision } from '../conversation/client-calls.js';
export { waitForNextRun } from '../conversation/wait-for-next-run.js';
