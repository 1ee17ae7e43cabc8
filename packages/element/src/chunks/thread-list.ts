// The thread view's chunk, asked for when an element with `threads` first shows its conversation
// (element/shell-conversation.ts, which draws its tag); it defines that tag. It imports the shell and the conversation
// first, for the bundle's sake: see README.md here.
import '../element/register.js';
import './conversation-parts.js';
import { define } from '../ui/define-element.js';
import { ThreadList } from '../features/threads/thread-list.js';

define('agent-chat-thread-list', ThreadList);
