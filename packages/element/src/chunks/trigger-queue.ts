// The chunk of what becomes of a trigger the gate accepted (features/triggers/trigger-queue.ts), asked for with a page's
// first trigger (conversation/trigger-gate.ts). A trigger is sent through the conversation, so this imports the
// shell and the conversation first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
export { triggerQueue } from '../features/triggers/trigger-queue.js';
