// The item chips' chunk, asked for the first time a message or the draft has items to show (message-list.ts,
// composer.ts); it defines their tag. It imports the shell and the conversation first, for the bundle's sake: see
// README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { ItemChips } from '../features/item-chips/item-chips.js';

define('agent-chat-item-chips', ItemChips);

export { ItemChips };
