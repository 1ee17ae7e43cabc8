// The message actions' chunk (copy, retry, edit, branches, feedback), asked for once a conversation shows its first
// message (message-list.ts) and fetched when the page is idle; it defines their tag. It imports the shell and the
// conversation first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { MessageActions } from '../features/message-actions/message-actions.js';

define('agent-chat-message-actions', MessageActions);

export { MessageActions };
