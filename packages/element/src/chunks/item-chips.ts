// The item chips' chunk (parts/load-item-chips.ts imports it the first time a message or the draft has items to
// show). It imports the shell and the conversation first, for the bundle's sake: see README.md here.
import '../register.js';
import './conversation-parts.js';
import { define } from '../define-element.js';
import { ItemChips } from '../parts/item-chips.js';

define('agent-chat-item-chips', ItemChips);

export { ItemChips };
