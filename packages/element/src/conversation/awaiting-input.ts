// What a conversation needs only once a run stops for the page or the user (client tools, confirmations, a card
// another tab may answer): one chunk, loaded the first time a run ends that way.
export { answerPendingCalls, runClientTool, toDecision } from './client-calls.js';
export { waitForNextRun } from './wait-for-next-run.js';
