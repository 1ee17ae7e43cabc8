// The message actions' chunk (message-actions/load-message-actions.ts imports it once a conversation shows its first
// message and the page is idle). It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../register.js';
import './conversation-parts.js';
import { define } from '../define-element.js';
import { MessageActions } from '../message-actions/message-actions.js';

define('agent-chat-message-actions', MessageActions);

export { MessageActions };
